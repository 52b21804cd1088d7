// @ts-check
/**
 * Scan figures per database engine, with the event-loop stall each scan causes: for SQLite, and
 * for PostgreSQL when BENCH_DATABASE_URL names a server whose user may create databases, a
 * fresh server on a fresh database scans the cached library (new ROMs), then rescans it (quick,
 * then complete), while a worker thread asks `GET /api/heartbeat` every 50 ms. A heartbeat's
 * answer waits for whatever holds the server's event loop, so its latency is the stall.
 * Part of `npm run bench`; `node bench/stalls.mjs` runs it alone (after `npm run build`).
 * Prints figures only; the databases are dropped at the end. With BENCH_PROFILE_DIR, each server
 * writes a CPU profile (`--cpu-prof`) there when it stops.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

import pg from 'pg';

import { cachedLibrary, socketScan } from './library.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const libraryRoms = Number(process.env.BENCH_LIBRARY_ROMS ?? 100_000);
const STALL_TARGET = 'target: longest < 100 ms, p99 < 50 ms';

/** @param {number[]} samples @param {number} fraction */
function percentile(samples, fraction) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
}

/** @returns {string} the 1, 5 and 15 minute load averages */
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

/**
 * Starts the built server on a fresh data folder; resolves once it answers.
 * @param {number} port @param {string} libraryDir @param {Record<string, string>} env
 */
async function startServer(port, libraryDir, env) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'romshelf-bench-stalls-'));
  const profileDir = process.env.BENCH_PROFILE_DIR;
  const profile = profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`];
  const main = path.join(repoRoot, 'server', 'dist', 'main.js');
  const child = spawn(process.execPath, [...profile, main], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      ROMSHELF_DATA_DIR: dataDir,
      ROMSHELF_LIBRARY_DIR: libraryDir,
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const pid = child.pid ?? 0;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/heartbeat`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
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
  return { baseUrl, pid, stop };
}

/** Creates the first (admin) user and returns its session cookie. @param {string} baseUrl */
async function adminSession(baseUrl) {
  const credentials = { username: 'bench', password: 'bench-password' };
  const created = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...credentials, email: 'bench@example.com', role: 'admin' }),
  });
  if (created.status !== 201) throw new Error(`creating the admin failed: ${created.status}`);
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`,
    },
  });
  const session = login.headers.getSetCookie().find((cookie) => cookie.startsWith('romm_session='));
  if (session === undefined) throw new Error(`login failed: ${login.status}`);
  return session.split(';')[0] ?? '';
}

/** @typedef {{ at: number, latency: number, cpu: number | null }} Heartbeat */

/**
 * How long heartbeats go on after a scan: the server collects a scan's garbage 2 and 6 s after
 * its end (scan.service.ts), a pause of the event loop the scan causes too.
 */
const AFTER_SCAN_MS = 7_000;

/**
 * Runs a socket scan while the heartbeat worker measures, until AFTER_SCAN_MS after its end;
 * resolves with the scan's result and the heartbeats during and after it (latency, server
 * main-thread CPU milliseconds meanwhile).
 * @param {{ baseUrl: string, pid: number }} server @param {string} cookie
 * @param {Record<string, unknown>} request
 */
async function scanWithHeartbeat({ baseUrl, pid }, cookie, request) {
  const worker = new Worker(new URL('./heartbeat-worker.mjs', import.meta.url), {
    workerData: { baseUrl, serverPid: pid },
  });
  /** @type {Promise<Heartbeat[]>} */
  const heartbeats = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  try {
    const scan = await socketScan(baseUrl, cookie, request);
    const ended = Date.now();
    await new Promise((resolve) => setTimeout(resolve, AFTER_SCAN_MS));
    worker.postMessage('stop');
    const all = await heartbeats;
    return {
      ...scan,
      heartbeats: all.filter(({ at }) => at <= ended),
      after: all.filter(({ at }) => at > ended),
    };
  } finally {
    await worker.terminate();
  }
}

/**
 * The stall figures, and the server's own CPU time behind them: on a loaded machine much of a
 * heartbeat's wait is for the processor, not for the server.
 * @param {Heartbeat[]} heartbeats
 */
function stallText(heartbeats) {
  const latencies = heartbeats.map(({ latency }) => latency);
  const longest = Math.max(...latencies);
  const over = latencies.filter((latency) => latency > 100).length;
  const cpu = heartbeats.flatMap(({ cpu: used }) => (used === null ? [] : [used]));
  const busy =
    cpu.length === 0
      ? ''
      : ` (server main-thread CPU per heartbeat: max ${Math.max(...cpu)} ms, p99 ${percentile(cpu, 0.99)} ms)`;
  return `longest stall ${longest.toFixed(0)} ms, p99 ${percentile(latencies, 0.99).toFixed(0)} ms, ${over} of ${latencies.length} heartbeats over 100 ms${busy}`;
}

/**
 * New-ROM scan, quick and complete rescans on one engine.
 * @param {string} engine @param {number} port @param {string} libraryDir
 * @param {Record<string, string>} env @returns {Promise<{ rows: [string, string][], rate: number }>}
 */
async function engineFigures(engine, port, libraryDir, env) {
  const server = await startServer(port, libraryDir, env);
  try {
    const cookie = await adminSession(server.baseUrl);
    /** @type {[string, string][]} */
    const rows = [];
    const first = await scanWithHeartbeat(server, cookie, {});
    const rate = first.stats.new_roms / first.seconds;
    rows.push([
      `${engine}: scan of ${first.stats.new_roms} new ROMs (load ${loadAverage()})`,
      `${rate.toFixed(0)} ROMs/s (${first.seconds.toFixed(2)} s); ${stallText(first.heartbeats)}`,
    ]);
    rows.push([`${engine}: ${AFTER_SCAN_MS / 1000} s after that scan`, stallText(first.after)]);
    for (const type of ['quick', 'complete']) {
      const rescan = await scanWithHeartbeat(server, cookie, { type });
      rows.push([
        `${engine}: ${type} rescan of ${libraryRoms} unchanged ROMs (load ${loadAverage()})`,
        `${rescan.seconds.toFixed(2)} s; ${stallText(rescan.heartbeats)} (${STALL_TARGET})`,
      ]);
      rows.push([
        `${engine}: ${AFTER_SCAN_MS / 1000} s after the ${type} rescan`,
        stallText(rescan.after),
      ]);
    }
    return { rows, rate };
  } finally {
    await server.stop();
  }
}

/** @param {string} serverUrl @param {string} statement */
async function onPostgres(serverUrl, statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * @param {{ baseUrl: string }} [context] the bench's server (its port + 2 and + 3 are used)
 * @returns {Promise<[string, string][]>}
 */
export async function stallFigures(context) {
  const port =
    Number(new URL(context?.baseUrl ?? `http://127.0.0.1:${process.env.BENCH_PORT ?? 3791}`).port) +
    2;
  const { libraryDir } = cachedLibrary(libraryRoms);
  const sqlite = await engineFigures('SQLite', port, libraryDir, {});
  const rows = [...sqlite.rows];
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl === undefined || serverUrl === '') {
    rows.push(['PostgreSQL scan figures', 'skipped: BENCH_DATABASE_URL is not set']);
    return rows;
  }
  const name = `romshelf_bench_stalls_${process.pid}`;
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  await onPostgres(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await onPostgres(serverUrl, `CREATE DATABASE ${name}`);
  try {
    const postgres = await engineFigures('PostgreSQL', port + 1, libraryDir, {
      DATABASE_URL: target.toString(),
    });
    rows.push(...postgres.rows);
    rows.push([
      'PostgreSQL scan of new ROMs beside SQLite',
      `${(postgres.rate / sqlite.rate).toFixed(2)}x SQLite's rate (target >= 0.7x)`,
    ]);
  } finally {
    await onPostgres(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await stallFigures();
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
}
