// @ts-check
/**
 * Library benchmarks: a library of real files carrying real No-Intro names (cached between
 * runs), the socket scan, hashing, and HTTP latency helpers. Used by run.mjs and the figure
 * modules against the real built server; prints figures only.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

import Database from 'better-sqlite3';
import { io } from 'socket.io-client';

import { HashPool } from '../server/dist/modules/hashing/hash-pool.js';
import { httpGet } from './http-get.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Real No-Intro file names (platform, file name, DAT region), 24 platforms. */
export const NAMES_FILE = path.join(
  repoRoot,
  'server',
  'test',
  'fixtures',
  'nointro-names-sample.tsv',
);
/** Bumped whenever the generated library changes, so cached copies are rebuilt. */
const GENERATOR_VERSION = 2;
/** Games of the biggest platform (Nintendo DS) in a 100,000-ROM library. */
const BIGGEST_PLATFORM = { slug: 'nds', per100k: 23_079 };

/**
 * What run.mjs hands each figure module after scanning the library.
 * `browserCookies`: every cookie the login answer set (`name=value`), what a signed-in browser holds.
 * @typedef {{ baseUrl: string, dataDir: string, cookie: string, browserCookies: string[],
 *   basic: string, csrfToken?: string, serverPid: number, romCount: number,
 *   platforms: { id: number, slug: string, rom_count: number }[],
 *   biggestPlatform: { id: number, slug: string, rom_count: number } }} BenchContext
 */

/** Deterministic pseudo-random numbers, so every run measures the same data. */
function makeRandom(seed = 12345) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

/** @param {number[]} samples @param {number} fraction */
function percentile(samples, fraction) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
}

/** @param {string} file @returns {Map<string, string[]>} real file names by platform folder */
function readNames(file) {
  /** @type {Map<string, string[]>} */
  const byPlatform = new Map();
  for (const line of fs.readFileSync(file, 'utf8').split('\n').slice(1)) {
    const [platform, name] = line.split('\t');
    if (!platform || !name) continue;
    const names = byPlatform.get(platform) ?? [];
    names.push(name);
    byPlatform.set(platform, names);
  }
  return byPlatform;
}

/**
 * ROMs per platform for a library of `total`: the biggest platform keeps its share of a 100k
 * library (23,079 DS games), the others share the rest in proportion to their real names.
 * @param {Map<string, string[]>} names @param {number} total
 */
function platformCounts(names, total) {
  const biggest = Math.round((BIGGEST_PLATFORM.per100k * total) / 100_000);
  const others = [...names.keys()].filter((slug) => slug !== BIGGEST_PLATFORM.slug).sort();
  const weight = others.reduce((sum, slug) => sum + (names.get(slug)?.length ?? 0), 0);
  const rest = total - biggest;
  const exact = others.map((slug) => ({
    slug,
    share: ((names.get(slug)?.length ?? 0) * rest) / weight,
  }));
  const counts = new Map(exact.map(({ slug, share }) => [slug, Math.floor(share)]));
  let missing = rest - [...counts.values()].reduce((sum, count) => sum + count, 0);
  for (const { slug } of [...exact].sort((a, b) => (b.share % 1) - (a.share % 1))) {
    if (missing-- <= 0) break;
    counts.set(slug, (counts.get(slug) ?? 0) + 1);
  }
  counts.set(BIGGEST_PLATFORM.slug, biggest);
  return counts;
}

/**
 * The `variant`-th unique name derived from a real one: the real name first, then numbered
 * variants keeping the real tags and extension ("Title 2 (USA) (En,Fr).nds").
 * @param {string} real @param {number} variant
 */
function variantName(real, variant) {
  if (variant === 0) return real;
  const extension = path.extname(real);
  const stem = real.slice(0, real.length - extension.length);
  const tagsAt = stem.search(/ [([]/);
  const title = tagsAt === -1 ? stem : stem.slice(0, tagsAt);
  const tags = tagsAt === -1 ? '' : stem.slice(tagsAt);
  return `${title} ${variant + 1}${tags}${extension}`;
}

/**
 * Writes `count` small ROM files named after real No-Intro names over their 24 platforms
 * (`roms/<platform>/<name>`). Returns the ROMs per platform folder.
 * @param {string} libraryDir @param {number} count @returns {Map<string, number>}
 */
export function generateLibrary(libraryDir, count) {
  const names = readNames(NAMES_FILE);
  const counts = platformCounts(names, count);
  const random = makeRandom(7);
  const pool = randomBytes(64 * 1024);
  for (const [slug, wanted] of counts) {
    const folder = path.join(libraryDir, 'roms', slug);
    fs.mkdirSync(folder, { recursive: true });
    const real = names.get(slug) ?? [];
    const used = new Set();
    for (let index = 0, written = 0; written < wanted; index += 1) {
      const name = variantName(
        real[index % real.length] ?? 'Game.bin',
        Math.floor(index / real.length),
      );
      if (used.has(name.toLowerCase())) continue;
      used.add(name.toLowerCase());
      const size = 512 + Math.floor(random() * 3584);
      const offset = Math.floor(random() * (pool.length - size));
      // A distinct first word keeps every file's hashes distinct.
      const content = Buffer.concat([
        Buffer.from(`${slug}:${written}:`),
        pool.subarray(offset, offset + size),
      ]);
      fs.writeFileSync(path.join(folder, name), content);
      written += 1;
    }
  }
  return counts;
}

/**
 * The generated library of `count` ROMs, kept under the system's temporary folder between runs
 * and rebuilt when the generator changes. Returns its folder and whether it was just built.
 * @param {number} count
 */
export function cachedLibrary(count) {
  const libraryDir = path.join(os.tmpdir(), `romshelf-bench-library-${count}`);
  const stamp = path.join(libraryDir, '.generator');
  const expected = `${GENERATOR_VERSION}:${count}`;
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === expected) {
    return { libraryDir, seconds: 0, generated: false };
  }
  const started = performance.now();
  fs.rmSync(libraryDir, { recursive: true, force: true });
  generateLibrary(libraryDir, count);
  fs.writeFileSync(stamp, expected);
  return { libraryDir, seconds: (performance.now() - started) / 1000, generated: true };
}

/**
 * Waits (up to 5 minutes) until the server of `dataDir` has stored every ROM's list JSON and
 * resolves with the seconds waited. After a scan's writes pause the server writes it in the
 * background (`RomListJsonFiller`), for seconds at 100k ROMs; figures taken meanwhile would
 * charge that work to the requests timed. The first request after start-up is timed apart.
 * @param {string} dataDir
 */
export async function listJsonStored(dataDir) {
  const started = performance.now();
  const db = new Database(path.join(dataDir, 'romshelf.db'), { readonly: true });
  try {
    const missing = db.prepare(
      'SELECT (SELECT count(*) FROM rom) - (SELECT count(*) FROM rom_list_json) AS missing',
    );
    while (performance.now() - started < 300_000) {
      const row = /** @type {{ missing: number }} */ (missing.get());
      if (row.missing <= 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    db.close();
  }
  return (performance.now() - started) / 1000;
}

/** Writes a 1 GiB file from a repeated 1 MiB random block. */
export function generateBigFile(file) {
  const block = randomBytes(1024 * 1024);
  const fd = fs.openSync(file, 'w');
  try {
    for (let index = 0; index < 1024; index += 1) fs.writeSync(fd, block);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Runs one scan through the socket protocol and resolves with its final stats and duration.
 * @param {string} baseUrl @param {string} cookie @param {Record<string, unknown>} request
 */
export function socketScan(baseUrl, cookie, request) {
  return new Promise((resolve, reject) => {
    const socket = io(baseUrl, {
      path: '/ws/socket.io/',
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnection: false,
    });
    let started = 0;
    socket.on('connect', () => {
      started = performance.now();
      socket.emit('scan', { platforms: [], type: 'quick', apis: [], ...request });
    });
    socket.on('connect_error', reject);
    socket.on('scan:done', (stats) => {
      const seconds = (performance.now() - started) / 1000;
      socket.disconnect();
      resolve({ stats, seconds });
    });
    socket.on('scan:done_ko', (reason) => {
      socket.disconnect();
      reject(new Error(`scan failed: ${String(reason)}`));
    });
  });
}

/** MB/s of md5sum and of the hashing pool (one pass, and split over two workers). */
export async function hashingFigures(file, workers) {
  const size = fs.statSync(file).size;
  const mb = size / 1e6;
  const rows = [];
  execFileSync('md5sum', [file]); // warm the page cache
  let started = performance.now();
  execFileSync('md5sum', [file]);
  const md5sum = mb / ((performance.now() - started) / 1000);
  rows.push(['md5sum (coreutils), 1 GiB in page cache', `${md5sum.toFixed(0)} MB/s`]);

  const pool = new HashPool(workers);
  try {
    started = performance.now();
    await pool.run({ paths: [file], algorithms: ['crc32', 'md5', 'sha1'], combined: false });
    const onePass = mb / ((performance.now() - started) / 1000);
    rows.push([
      'crc32+md5+sha1, one pass on one worker',
      `${onePass.toFixed(0)} MB/s (${(onePass / md5sum).toFixed(2)}x md5sum)`,
    ]);
    started = performance.now();
    await pool.hashFile(file, size);
    const split = mb / ((performance.now() - started) / 1000);
    rows.push([
      `crc32+md5+sha1, pool of ${workers} (md5 ‖ sha1+crc32)`,
      `${split.toFixed(0)} MB/s (${(split / md5sum).toFixed(2)}x md5sum; target >= 0.9x)`,
    ]);
  } finally {
    await pool.close();
  }
  return { rows, md5sum, mb };
}

/**
 * Sequential latency of GET requests (each URL of the list in turn), with a warm-up round.
 * @param {string} label @param {string[]} urls @param {string} cookie @param {number} count
 * @param {string} target
 */
export async function measureGets(label, urls, cookie, count, target) {
  const send = async (url) => {
    const response = await httpGet(url, { cookie });
    if (!response.ok) throw new Error(`${label}: HTTP ${response.status} for ${url}`);
  };
  // The first request of each URL pays for what the server then keeps (sorted orders, counts).
  const firsts = [];
  for (const url of urls) {
    const started = performance.now();
    await send(url);
    firsts.push(performance.now() - started);
  }
  const samples = [];
  for (let index = 0; index < count; index += 1) {
    const url = urls[index % urls.length] ?? '';
    const started = performance.now();
    await send(url);
    samples.push(performance.now() - started);
  }
  return [
    label,
    `p50 ${percentile(samples, 0.5).toFixed(2)} ms, p95 ${percentile(samples, 0.95).toFixed(2)} ms (${count} requests; target p95 < ${target}); first request ${Math.max(...firsts).toFixed(1)} ms (slowest URL)`,
  ];
}

/** One request's latency, for cold (uncached) figures. @param {string} url @param {string} cookie */
export async function timeOnce(url, cookie) {
  const started = performance.now();
  const response = await httpGet(url, { cookie });
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return performance.now() - started;
}

/** Busy and total CPU ticks of the whole machine so far, from /proc/stat (null without it). */
function machineTicks() {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? [];
    const ticks = fields.slice(1).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    const total = ticks.reduce((sum, tick) => sum + tick, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/**
 * Waits (up to `maxSeconds`) until the machine has been at least 90 % idle for half a second:
 * a step before (a browser closing, a scan's last writes) can keep both cores busy for seconds,
 * and a timed request would wait behind it. Resolves with the seconds waited.
 * @param {number} [maxSeconds]
 */
export async function quietMachine(maxSeconds = 20) {
  const started = performance.now();
  while (performance.now() - started < maxSeconds * 1000) {
    const before = machineTicks();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = machineTicks();
    if (before === null || after === null) break;
    const total = after.total - before.total;
    if (total > 0 && (after.busy - before.busy) / total <= 0.1) break;
  }
  return (performance.now() - started) / 1000;
}
