// @ts-check
/**
 * PostgreSQL figures beside SQLite, when BENCH_DATABASE_URL names a PostgreSQL server whose
 * user may create databases (e.g. postgres://postgres@127.0.0.1:55432/postgres): the scanned
 * library's SQLite database is copied (`db:copy`) into a new database there, a second server
 * runs on it (timed once it has stored every ROM's list JSON, `listJsonSettled`), and `GET /api/roms` pages and searches, deep pages rebuilt from the database and
 * `GET /api/roms/random` are timed on both servers in turn.
 * Prints figures only; the database is dropped at the end.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import { httpGet } from './http-get.mjs';
import { listJsonSettled } from './postgres-twin.mjs';
import { randomLatency, randomScopes } from './list.mjs';

/** @typedef {import('./library.mjs').BenchContext} BenchContext */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PAGE = 72;
const requests = Number(process.env.BENCH_POSTGRES_REQUESTS ?? 100);
const SEARCH_TERMS = ['ki', 'zelda', 'super', 'world'];

/** @param {number[]} samples @param {number} fraction */
function percentile(samples, fraction) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
}

/** p50/p95 of sequential GETs of `url`, after one warm-up request. @param {string} url @param {string} auth */
async function latency(url, auth) {
  const get = async () => {
    const started = performance.now();
    const response = await httpGet(url, { authorization: auth });
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
    return performance.now() - started;
  };
  await get();
  const samples = [];
  for (let index = 0; index < requests; index += 1) samples.push(await get());
  return `p50 ${percentile(samples, 0.5).toFixed(2)} ms, p95 ${percentile(samples, 0.95).toFixed(2)} ms`;
}

/** One GET's time (ms). @param {string} url @param {string} auth */
async function timedOnce(url, auth) {
  const started = performance.now();
  const response = await httpGet(url, { authorization: auth });
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return performance.now() - started;
}

/**
 * p50/p95 (ms) per server of sequential GETs of distinct paths, each asked once of each server:
 * answers neither server keeps anything of, so each is rebuilt from the database. The servers
 * are asked in turn, page by page, the first of each pair alternating, so a burst of background
 * work on this small machine (a checkpoint, a collection) falls on both figures alike rather
 * than on whichever engine happened to be timed then.
 * @param {string[]} paths @param {string} sqliteUrl @param {string} postgresUrl @param {string} auth
 */
async function onceEachInTurn(paths, sqliteUrl, postgresUrl, auth) {
  /** @type {number[]} */
  const sqlite = [];
  /** @type {number[]} */
  const postgres = [];
  for (const [index, pagePath] of paths.entries()) {
    const turns = [
      async () => sqlite.push(await timedOnce(`${sqliteUrl}${pagePath}`, auth)),
      async () => postgres.push(await timedOnce(`${postgresUrl}${pagePath}`, auth)),
    ];
    if (index % 2 === 1) turns.reverse();
    for (const turn of turns) await turn();
  }
  const figure = (/** @type {number[]} */ samples) => ({
    p50: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
  });
  return { sqlite: figure(sqlite), postgres: figure(postgres) };
}

/** @param {{ p50: number, p95: number }} figure */
const formatted = (figure) => `p50 ${figure.p50.toFixed(2)} ms, p95 ${figure.p95.toFixed(2)} ms`;

/**
 * Deep pages (from half-way down the list on, each asked once) on both servers in turn,
 * PostgreSQL's p50 and p95 beside 2x SQLite's (the target).
 * @param {string} sqliteUrl @param {string} postgresUrl @param {string} auth
 * @param {number} romCount @param {Record<string, string>} order
 */
async function deepPages(sqliteUrl, postgresUrl, auth, romCount, order) {
  const first = Math.floor(romCount / 2 / PAGE) * PAGE;
  const offsets = Array.from({ length: requests }, (_, index) => first + index * PAGE).filter(
    (offset) => offset < romCount,
  );
  const paths = offsets.map(
    (offset) =>
      `/api/roms?${new URLSearchParams({ limit: String(PAGE), offset: String(offset), ...order }).toString()}`,
  );
  const { sqlite, postgres } = await onceEachInTurn(paths, sqliteUrl, postgresUrl, auth);
  const met = postgres.p50 <= 2 * sqlite.p50 && postgres.p95 <= 2 * sqlite.p95;
  return (
    `SQLite ${formatted(sqlite)} | PostgreSQL ${formatted(postgres)} ` +
    `(target PostgreSQL within 2x of SQLite: ${(postgres.p50 / sqlite.p50).toFixed(1)}x p50, ` +
    `${(postgres.p95 / sqlite.p95).toFixed(1)}x p95${met ? '' : ', MISSED'}; ${offsets.length} pages)`
  );
}

/** @param {string} serverUrl @param {(client: pg.Client) => Promise<void>} work */
async function onServer(serverUrl, work) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** @param {string} databaseUrl @param {number} port */
async function startPostgresServer(databaseUrl, port) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'romshelf-bench-pg-'));
  const child = spawn(process.execPath, [path.join(repoRoot, 'server', 'dist', 'main.js')], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      ROMSHELF_DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/heartbeat`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error('the PostgreSQL server exited during start-up');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, stop };
}

/**
 * @param {BenchContext} ctx
 * @returns {Promise<[string, string][]>}
 */
export async function postgresFigures(ctx) {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl === undefined || serverUrl === '') {
    return [['PostgreSQL figures (bench/postgres.mjs)', 'skipped: BENCH_DATABASE_URL is not set']];
  }
  /** @type {[string, string][]} */
  const rows = [];
  const name = `romshelf_bench_${process.pid}`;
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  await onServer(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
  try {
    const started = performance.now();
    const copy = spawnSync(
      process.execPath,
      [
        path.join(repoRoot, 'server', 'dist', 'scripts', 'db-copy.js'),
        '--from',
        `sqlite:${path.join(ctx.dataDir, 'romshelf.db')}`,
        '--to',
        target.toString(),
      ],
      { encoding: 'utf8' },
    );
    if (copy.status !== 0) throw new Error(`db:copy failed: ${copy.stderr}`);
    rows.push([
      `db:copy of the ${ctx.romCount.toLocaleString('en')}-ROM library to PostgreSQL`,
      `${((performance.now() - started) / 1000).toFixed(1)} s, ${copy.stdout.trim().split('\n').at(-1) ?? ''}`,
    ]);

    const port = Number(new URL(ctx.baseUrl).port) + 1;
    const postgres = await startPostgresServer(target.toString(), port);
    try {
      await listJsonSettled(target.toString());
      const biggest = ctx.biggestPlatform;
      const deep = String(Math.floor((ctx.romCount * 0.7) / PAGE) * PAGE);
      /** @type {[string, Record<string, string>][]} */
      const queries = [
        ['all, first page', {}],
        ['all, deep page', { offset: deep }],
        [`${biggest.slug}, first page`, { platform_id: String(biggest.id) }],
        ...SEARCH_TERMS.map(
          (term) =>
            /** @type {[string, Record<string, string>]} */ ([
              `search "${term}"`,
              { search_term: term },
            ]),
        ),
      ];
      for (const [label, query] of queries) {
        const search = new URLSearchParams({
          limit: String(PAGE),
          order_by: 'name',
          order_dir: 'asc',
          ...query,
        }).toString();
        const sqlite = await latency(`${ctx.baseUrl}/api/roms?${search}`, ctx.basic);
        const postgresFigure = await latency(`${postgres.baseUrl}/api/roms?${search}`, ctx.basic);
        rows.push([
          `GET /api/roms ${label} (${ctx.romCount.toLocaleString('en')} ROMs, Basic, ${requests} requests)`,
          `SQLite ${sqlite} | PostgreSQL ${postgresFigure}`,
        ]);
      }
      const size = `${ctx.romCount.toLocaleString('en')} ROMs`;
      for (const [label, order] of /** @type {[string, Record<string, string>][]} */ ([
        ['by name', { order_by: 'name', order_dir: 'asc' }],
        ['by size, descending', { order_by: 'fs_size_bytes', order_dir: 'desc' }],
      ])) {
        rows.push([
          `GET /api/roms ${PAGE} ${label}, deep pages rebuilt (never asked before; ${size}, Basic)`,
          await deepPages(ctx.baseUrl, postgres.baseUrl, ctx.basic, ctx.romCount, order),
        ]);
      }
      for (const [label, query, targetMs] of randomScopes(ctx)) {
        const auth = { authorization: ctx.basic };
        const sqlite = await randomLatency(ctx.baseUrl, query, auth, requests);
        const postgresFigure = await randomLatency(postgres.baseUrl, query, auth, requests);
        const met = sqlite.p95 < targetMs && postgresFigure.p95 < targetMs;
        rows.push([
          `GET /api/roms/random, ${label} (${size}, Basic, ${requests} requests)`,
          `SQLite ${formatted(sqlite)} | PostgreSQL ${formatted(postgresFigure)} ` +
            `(target p95 < ${targetMs} ms${met ? '' : ', MISSED'})`,
        ]);
      }
    } finally {
      await postgres.stop();
    }
  } finally {
    await onServer(serverUrl, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  }
  return rows;
}
