// @ts-check
/**
 * List and search figures: `GET /api/roms` pages of 72 by name (first and deep pages, the
 * biggest platform and the whole library) with a session cookie and with HTTP Basic, and
 * searches of 2-letter terms, narrow words and broad words. Sequential requests over HTTP
 * against the running server; prints figures only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import { httpGet, httpGetJson } from './http-get.mjs';

/** @typedef {{ id: number, slug: string, rom_count: number }} BenchPlatform */
/** @typedef {{ baseUrl: string, dataDir: string, cookie: string, basic: string,
 *   csrfToken?: string, serverPid: number, romCount: number, platforms: BenchPlatform[],
 *   biggestPlatform: BenchPlatform }} BenchContext */

const PAGE = 72;
const requests = Number(process.env.BENCH_LIST_REQUESTS ?? 200);
const searchRequests = Number(process.env.BENCH_SEARCH_REQUESTS ?? 100);
/** Server CPU per list request at 20k ROMs with a session cookie (issue 31). */
const CPU_TARGET_MS = 3;

/** Start-of-word pairs common in game names. */
const TWO_LETTER_TERMS = ['ki', 'ma', 'st', 'po', 'dr', 'fi'];
/** Words naming one series or a few games. */
const NARROW_TERMS = ['zelda', 'metroid', 'kirby', 'tetris', 'castlevania', 'pinball'];
/** Parts inside words (RomM's `LIKE %term%`): "troid" finds Metroid. */
const INSIDE_WORD_TERMS = ['troid', 'astlevan', 'irby', 'elda', 'etris', 'inbal'];
/** Words found in many names. */
const BROAD_TERMS = ['the', 'super', 'world', 'game', 'and'];

/** @param {number[]} samples @param {number} fraction */
function percentile(samples, fraction) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
}

/**
 * CPU time (user + system, ms) the server process used so far, or NaN where /proc is missing:
 * per request, it tells the server's own cost apart from waiting on a busy machine.
 * @param {number} pid
 */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** @param {string} url @param {Record<string, string>} headers */
export async function timedGet(url, headers) {
  const started = performance.now();
  const response = await httpGet(url, headers);
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return { ms, body: response.body };
}

/**
 * Warm-up requests per URL before measuring: V8 optimises a route's code only after it ran a
 * number of times, and the server keeps each page's ROMs (their list JSON) after the first read;
 * the figures are those of a server in use, not of its first requests (reported apart above).
 */
const WARM_UP_REQUESTS = 20;
/** Pages of another platform asked before the pages never asked are timed. */
const UNSEEN_WARM_UP_PAGES = 60;

/**
 * p50/p95 of sequential GETs, each URL of the list in turn, after a warm-up, and the server's
 * CPU time per request (clock ticks of 10 ms, averaged).
 * @param {number} pid @param {string[]} urls @param {Record<string, string>} headers
 * @param {number} count @param {number} targetMs
 */
export async function latency(pid, urls, headers, count, targetMs) {
  for (let round = 0; round < WARM_UP_REQUESTS; round += 1) {
    for (const url of urls) await timedGet(url, headers);
  }
  const samples = [];
  const cpuBefore = cpuMs(pid);
  for (let index = 0; index < count; index += 1) {
    samples.push((await timedGet(urls[index % urls.length] ?? '', headers)).ms);
  }
  const cpu = (cpuMs(pid) - cpuBefore) / count;
  const p95 = percentile(samples, 0.95);
  return (
    `p50 ${percentile(samples, 0.5).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms ` +
    `(target p95 < ${targetMs} ms${p95 < targetMs ? '' : ', MISSED'}; ${count} requests` +
    `${Number.isNaN(cpu) ? '' : `, server CPU ${cpu.toFixed(2)} ms/request (target < ${CPU_TARGET_MS} ms)`})`
  );
}

/**
 * p50/p95 of sequential GETs of URLs never asked before, each once, and the server's CPU time
 * per request: pages the server has kept no answer of, as a gallery scrolled for the first time
 * since the data last changed. Each listed ROM's JSON is read from the database, where the
 * server wrote it once the scan's writes paused (`rom_list_json`).
 * @param {number} pid @param {string[]} urls @param {Record<string, string>} headers
 * @param {number} targetMs
 */
async function latencyOnce(pid, urls, headers, targetMs) {
  const samples = [];
  const cpuBefore = cpuMs(pid);
  for (const url of urls) samples.push((await timedGet(url, headers)).ms);
  const cpu = (cpuMs(pid) - cpuBefore) / urls.length;
  const p95 = percentile(samples, 0.95);
  return (
    `p50 ${percentile(samples, 0.5).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms ` +
    `(target p95 < ${targetMs} ms${p95 < targetMs ? '' : ', MISSED'}; ${urls.length} pages` +
    `${Number.isNaN(cpu) ? '' : `, server CPU ${cpu.toFixed(2)} ms/request (target < ${CPU_TARGET_MS} ms)`})`
  );
}

/** @param {string} baseUrl @param {Record<string, string>} query */
export function romsUrl(baseUrl, query) {
  return `${baseUrl}/api/roms?${new URLSearchParams({ limit: String(PAGE), order_by: 'name', order_dir: 'asc', ...query }).toString()}`;
}

/** A page offset about 70 % into a list of `count` ROMs, on a page boundary. */
export function deepOffset(count) {
  return String(Math.max(0, Math.floor((count * 0.7) / PAGE) * PAGE));
}

/**
 * How many ROMs each term finds, e.g. "ki 812, ma 2,301".
 * @param {BenchContext} ctx @param {string[]} terms
 */
async function hitCounts(ctx, terms) {
  const counts = [];
  for (const term of terms) {
    const page = /** @type {{ total: number | null }} */ (
      await httpGetJson(romsUrl(ctx.baseUrl, { search_term: term, limit: '1' }), {
        cookie: ctx.cookie,
      })
    );
    counts.push(`${term} ${(page.total ?? 0).toLocaleString('en')}`);
  }
  return counts.join(', ');
}

/**
 * The scopes `GET /api/roms/random` is timed over, with their p95 targets (ms): the whole
 * library, and the biggest platform's ROMs of one region (two filters).
 * @param {BenchContext} ctx @returns {[string, Record<string, string>, number][]}
 */
export function randomScopes(ctx) {
  return [
    ['whole library', {}, 25],
    [
      `two filters (${ctx.biggestPlatform.slug}, region USA)`,
      { platform_ids: String(ctx.biggestPlatform.id), regions: 'USA' },
      50,
    ],
  ];
}

/**
 * p50/p95 (ms) of `count` sequential random picks of a scope (each a ROM, not null), after a
 * warm-up.
 * @param {string} baseUrl @param {Record<string, string>} query
 * @param {Record<string, string>} headers @param {number} count
 */
export async function randomLatency(baseUrl, query, headers, count) {
  const url = `${baseUrl}/api/roms/random?${new URLSearchParams(query).toString()}`;
  const samples = [];
  for (let index = 0; index < WARM_UP_REQUESTS + count; index += 1) {
    const started = performance.now();
    const response = await httpGet(url, headers);
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
    if (response.body.toString() === 'null') throw new Error(`no ROM in the scope of ${url}`);
    if (index >= WARM_UP_REQUESTS) samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

/**
 * @param {BenchContext} ctx
 * @returns {Promise<[string, string][]>}
 */
export async function listFigures(ctx) {
  /** @type {[string, string][]} */
  const rows = [];
  const size = `${ctx.romCount.toLocaleString('en')} ROMs`;
  const biggest = ctx.biggestPlatform;
  const pages = [
    ['all, first page', romsUrl(ctx.baseUrl, { offset: '0' })],
    ['all, deep page', romsUrl(ctx.baseUrl, { offset: deepOffset(ctx.romCount) })],
    [`${biggest.slug}, first page`, romsUrl(ctx.baseUrl, { platform_id: String(biggest.id) })],
    [
      `${biggest.slug}, deep page`,
      romsUrl(ctx.baseUrl, {
        platform_id: String(biggest.id),
        offset: deepOffset(biggest.rom_count),
      }),
    ],
  ];

  const cold = await timedGet(pages[0]?.[1] ?? '', { cookie: ctx.cookie });
  rows.push([
    `GET /api/roms first request after start-up (${size}; counts, A-Z index, filter values)`,
    `${cold.ms.toFixed(1)} ms, ${(cold.body.byteLength / 1024).toFixed(1)} KiB`,
  ]);
  for (const [label, url] of pages) {
    rows.push([
      `GET /api/roms ${PAGE} by name, ${label}, cookie (${size})`,
      await latency(ctx.serverPid, [url], { cookie: ctx.cookie }, requests, 10),
    ]);
  }
  // The biggest platform's pages from the second on, as far as they go: none was asked before.
  const pageCount = Math.min(requests, Math.floor(biggest.rom_count / PAGE) - 1);
  const unseenPages = Array.from({ length: pageCount }, (_, index) =>
    romsUrl(ctx.baseUrl, { platform_id: String(biggest.id), offset: String((index + 1) * PAGE) }),
  ).filter((url) => !pages.some(([, seen]) => seen === url));
  // Warm-up first, as for the other rows: pages never asked of the next biggest platform, so V8
  // has compiled this path (its compiler threads count in the server's CPU) and none of the
  // ROMs timed below was read before.
  const [, nextBiggest] = [...ctx.platforms].sort((a, b) => b.rom_count - a.rom_count);
  if (nextBiggest !== undefined) {
    const warmUpPages = Math.min(UNSEEN_WARM_UP_PAGES, Math.floor(nextBiggest.rom_count / PAGE));
    for (let index = 0; index < warmUpPages; index += 1) {
      const offset = String(index * PAGE);
      await timedGet(romsUrl(ctx.baseUrl, { platform_id: String(nextBiggest.id), offset }), {
        cookie: ctx.cookie,
      });
    }
  }
  const unseen = await latencyOnce(ctx.serverPid, unseenPages, { cookie: ctx.cookie }, 10);
  // Its CPU figure is the one most changed by a busy machine: the load it was taken under.
  const load = os
    .loadavg()
    .map((average) => average.toFixed(2))
    .join(' ');
  rows.push([
    `GET /api/roms ${PAGE} by name, ${biggest.slug}, pages never asked before, cookie (${size}; load ${load})`,
    unseen,
  ]);
  // What keeping each ROM's list JSON costs on disk (SQLite; with its write-ahead log).
  const database = ['romshelf.db', 'romshelf.db-wal']
    .map((name) => path.join(ctx.dataDir, name))
    .filter((file) => fs.existsSync(file))
    .reduce((sum, file) => sum + fs.statSync(file).size, 0);
  rows.push([
    `SQLite database file and its write-ahead log (${size})`,
    `${(database / 1024 / 1024).toFixed(1)} MB`,
  ]);
  for (const [label, url] of pages) {
    rows.push([
      `GET /api/roms ${PAGE} by name, ${label}, HTTP Basic (${size})`,
      await latency(ctx.serverPid, [url], { authorization: ctx.basic }, requests, 12),
    ]);
  }

  for (const [label, query, targetMs] of randomScopes(ctx)) {
    const figure = await randomLatency(ctx.baseUrl, query, { cookie: ctx.cookie }, requests);
    rows.push([
      `GET /api/roms/random, ${label} (${size}, cookie)`,
      `p50 ${figure.p50.toFixed(2)} ms, p95 ${figure.p95.toFixed(2)} ms ` +
        `(target p95 < ${targetMs} ms${figure.p95 < targetMs ? '' : ', MISSED'}; ${requests} requests)`,
    ]);
  }

  const searches = [
    ['2-letter terms', TWO_LETTER_TERMS],
    ['narrow words', NARROW_TERMS],
    ['inside words', INSIDE_WORD_TERMS],
    ['broad words', BROAD_TERMS],
  ];
  for (const [label, terms] of /** @type {[string, string[]][]} */ (searches)) {
    const urls = terms.map((term) => romsUrl(ctx.baseUrl, { search_term: term }));
    rows.push([
      `GET /api/roms?search_term, ${label} (${size}; hits: ${await hitCounts(ctx, terms)})`,
      await latency(ctx.serverPid, urls, { cookie: ctx.cookie }, searchRequests, 25),
    ]);
  }
  return rows;
}
