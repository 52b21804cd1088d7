// @ts-check
/**
 * Performance figures for RomShelf: `npm run bench` (after `npm run build`).
 * Prints figures only; nothing here passes or fails. Runs against the real built server on
 * loopback with a throwaway data folder, so numbers include HTTP, auth and SQLite.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

import {
  generateBigFile,
  generateLibrary,
  hashingFigures,
  seedDatabase,
  socketScan,
} from './library.mjs';
import { listFigures } from './list.mjs';
import { playFigures } from './play.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3791);
const baseUrl = `http://127.0.0.1:${port}`;
const requestsPerEndpoint = Number(process.env.BENCH_REQUESTS ?? 500);
const libraryRoms = Number(process.env.BENCH_LIBRARY_ROMS ?? 10_000);
const databaseRoms = Number(process.env.BENCH_DATABASE_ROMS ?? 100_000);

/** @param {number[]} samples @param {number} fraction */
function percentile(samples, fraction) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
}

/** @param {number} bytes */
function formatBytes(bytes) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(2)} MiB`
    : `${(bytes / 1024).toFixed(1)} KiB`;
}

function bundleFigures() {
  const assetsDir = path.join(repoRoot, 'web', 'dist', 'assets');
  if (!fs.existsSync(assetsDir)) return [['web bundle', 'not built (run npm run build)']];
  const rows = [];
  for (const extension of ['.js', '.css']) {
    const files = fs.readdirSync(assetsDir).filter((name) => name.endsWith(extension));
    let raw = 0;
    let gzip = 0;
    for (const name of files) {
      const content = fs.readFileSync(path.join(assetsDir, name));
      raw += content.length;
      gzip += zlib.gzipSync(content, { level: 9 }).length;
    }
    rows.push([
      `web bundle ${extension} (${files.length} files)`,
      `${formatBytes(raw)} raw, ${formatBytes(gzip)} gzip`,
    ]);
  }
  return rows;
}

/** @param {string} dataDir */
async function startServer(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(repoRoot, 'server', 'dist', 'main.js')], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      ROMSHELF_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    try {
      const response = await fetch(`${baseUrl}/api/heartbeat`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { child, startupMs: performance.now() - started };
}

/**
 * Sequential latency of one request, repeated.
 * @param {string} label @param {() => Promise<Response>} send @param {number} count
 */
async function measure(label, send, count) {
  const samples = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    const response = await send();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${label}: HTTP ${response.status}`);
    samples.push(performance.now() - started);
  }
  return [
    label,
    `p50 ${percentile(samples, 0.5).toFixed(2)} ms, p95 ${percentile(samples, 0.95).toFixed(2)} ms (${count} requests)`,
  ];
}

/** @param {import('node:child_process').ChildProcess} child */
async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * What the figure modules get: the server, a signed-in admin (cookie and Basic) and the
 * library's platforms.
 * @param {string} dataDir @param {string} cookie @param {string} basic
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<import('./list.mjs').BenchContext>}
 */
async function benchContext(dataDir, cookie, basic, child) {
  const platforms = /** @type {{ id: number, slug: string, rom_count: number }[]} */ (
    await (await fetch(`${baseUrl}/api/platforms`, { headers: { cookie } })).json()
  );
  const biggestPlatform = [...platforms].sort((a, b) => b.rom_count - a.rom_count)[0];
  if (biggestPlatform === undefined) throw new Error('no platforms to measure');
  return {
    baseUrl,
    dataDir,
    cookie,
    basic,
    serverPid: child.pid ?? 0,
    romCount: platforms.reduce((sum, platform) => sum + platform.rom_count, 0),
    platforms,
    biggestPlatform,
  };
}

/**
 * Scan and list figures (issue 3): a generated 10k-ROM library is scanned through the socket
 * protocol, a 1 GiB file is hashed, then the database is filled to 100k ROMs and the list and
 * search are timed over HTTP. Returns the (restarted) server process.
 * @param {[string, string][]} rows @param {string} dataDir @param {string} cookie
 * @param {string} basic @param {import('node:child_process').ChildProcess} child
 */
async function libraryFigures(rows, dataDir, cookie, basic, child) {
  const libraryDir = path.join(dataDir, 'library');
  let started = performance.now();
  generateLibrary(libraryDir, libraryRoms);
  rows.push([
    `generate ${libraryRoms} small ROM files (20 platforms)`,
    `${((performance.now() - started) / 1000).toFixed(2)} s`,
  ]);
  const first = await socketScan(baseUrl, cookie, {});
  rows.push([
    `scan ${libraryRoms} new ROMs (socket scan, quick)`,
    `${(first.stats.new_roms / first.seconds).toFixed(0)} ROMs/s (${first.seconds.toFixed(2)} s, ${first.stats.hashed_files} files hashed; target >= 1000 ROMs/s)`,
  ]);
  const again = await socketScan(baseUrl, cookie, {});
  rows.push([
    `rescan of the unchanged ${libraryRoms}-ROM library`,
    `${again.seconds.toFixed(2)} s (${again.stats.hashed_files} files hashed; target < 3 s)`,
  ]);

  const bigFile = path.join(libraryDir, 'roms', 'psx', 'Big Disc (USA).iso');
  generateBigFile(bigFile);
  try {
    const hashing = await hashingFigures(bigFile, Math.min(2, os.availableParallelism()));
    rows.push(...hashing.rows);
    const big = await socketScan(baseUrl, cookie, {});
    rows.push([
      'scan adding the 1 GiB ROM (walk + hash + write)',
      `${(hashing.mb / big.seconds).toFixed(0)} MB/s (${big.seconds.toFixed(2)} s, ${big.stats.hashed_files} file hashed)`,
    ]);
  } finally {
    fs.rmSync(bigFile, { force: true });
  }

  await stopServer(child);
  const seeded = seedDatabase(path.join(dataDir, 'romshelf.db'), databaseRoms);
  rows.push([
    `seed the database to ${databaseRoms} ROMs (direct inserts)`,
    `${seeded.inserted} rows in ${seeded.seconds.toFixed(1)} s`,
  ]);
  started = performance.now();
  const restarted = await startServer(dataDir);
  rows.push([
    `server start-up (${databaseRoms} ROMs)`,
    `${(performance.now() - started).toFixed(0)} ms`,
  ]);

  rows.push(...(await listFigures(await benchContext(dataDir, cookie, basic, restarted.child))));
  return restarted.child;
}

async function main() {
  const rows = [...bundleFigures()];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'romshelf-bench-'));
  const started = await startServer(dataDir);
  let child = started.child;
  const startupMs = started.startupMs;
  try {
    rows.push(['server start-up (fresh data folder)', `${startupMs.toFixed(0)} ms`]);
    const credentials = { username: 'bench', password: 'bench-password' };
    const created = await fetch(`${baseUrl}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...credentials, email: 'bench@example.com', role: 'admin' }),
    });
    if (created.status !== 201)
      throw new Error(`creating the admin failed: HTTP ${created.status}`);
    const basic = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
    const login = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { authorization: basic },
    });
    const sessionCookie =
      (
        login.headers.getSetCookie().find((cookie) => cookie.startsWith('romm_session=')) ?? ''
      ).split(';')[0] ?? '';

    rows.push(
      await measure(
        'GET /api/heartbeat',
        () => fetch(`${baseUrl}/api/heartbeat`),
        requestsPerEndpoint,
      ),
    );
    rows.push(
      await measure(
        'GET /api/users/me (session)',
        () => fetch(`${baseUrl}/api/users/me`, { headers: { cookie: sessionCookie } }),
        requestsPerEndpoint,
      ),
    );
    rows.push(
      await measure('GET /api/config', () => fetch(`${baseUrl}/api/config`), requestsPerEndpoint),
    );
    rows.push(
      await measure(
        'POST /api/login (argon2id verify)',
        () => fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { authorization: basic } }),
        20,
      ),
    );
    child = await libraryFigures(rows, dataDir, sessionCookie, basic, child);
    rows.push(...(await playFigures(baseUrl, dataDir, sessionCookie)));
  } finally {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const width = Math.max(...rows.map(([label]) => String(label).length));
  console.log(`RomShelf benchmarks (${os.cpus().length} cores, Node ${process.version})`);
  for (const [label, value] of rows) console.log(`  ${String(label).padEnd(width)}  ${value}`);
}

await main();
