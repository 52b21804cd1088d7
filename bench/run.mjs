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

import { httpGet } from './http-get.mjs';
import {
  cachedLibrary,
  generateBigFile,
  hashingFigures,
  listJsonStored,
  quietMachine,
  socketScan,
} from './library.mjs';
import { playFigures } from './play.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3791);
const baseUrl = `http://127.0.0.1:${port}`;
const requestsPerEndpoint = Number(process.env.BENCH_REQUESTS ?? 500);
const libraryRoms = Number(process.env.BENCH_LIBRARY_ROMS ?? 100_000);
/**
 * `BENCH_ONLY=pages,gallery`: only these figure modules (by file name), after a plain scan of the
 * library; the request, scan and play figures are left out.
 */
const only = process.env.BENCH_ONLY?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);

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

/** @param {string} dataDir @param {string} libraryDir */
async function startServer(dataDir, libraryDir) {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(repoRoot, 'server', 'dist', 'main.js')], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      ROMSHELF_DATA_DIR: dataDir,
      ROMSHELF_LIBRARY_DIR: libraryDir,
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
 * Sequential latency of one request, repeated; `send` reads the whole answer.
 * @param {string} label @param {() => Promise<{ ok: boolean, status: number }>} send
 * @param {number} count
 */
async function measure(label, send, count) {
  const samples = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    const response = await send();
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

/** @param {number} pid @returns {{ rss: number, hwm: number }} bytes, from /proc/<pid>/status */
function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (/** @type {string} */ key) =>
    Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kib('VmRSS'), hwm: kib('VmHWM') };
}

/** @param {number} bytes */
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** @returns {string} the 1, 5 and 15 minute load averages */
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

/**
 * Scan figures: the cached library of real-named files is scanned through the socket (new
 * ROMs), with the server's resident memory sampled during the scan and read again 60 s after;
 * then the unchanged rescan, and hashing of a 1 GiB file.
 * @param {[string, string][]} rows @param {string} libraryDir @param {string} cookie
 * @param {number} pid
 */
async function scanFigures(rows, libraryDir, cookie, pid) {
  const before = memoryOf(pid).rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rss);
  }, 100);
  const first = await socketScan(baseUrl, cookie, {}).finally(() => clearInterval(sampler));
  peak = Math.max(peak, memoryOf(pid).hwm);
  rows.push([
    `scan ${first.stats.new_roms} new ROMs (socket scan, quick; load ${loadAverage()})`,
    `${(first.stats.new_roms / first.seconds).toFixed(0)} ROMs/s (${first.seconds.toFixed(2)} s, ${first.stats.hashed_files} files hashed; target >= 3000 ROMs/s)`,
  ]);
  rows.push([
    'server RSS: before the scan, peak during it',
    `${mib(before)}, peak ${mib(peak)} (target < 300 MB)`,
  ]);
  await new Promise((resolve) => setTimeout(resolve, 60_000));
  rows.push(['server RSS 60 s after the scan', `${mib(memoryOf(pid).rss)} (target < 180 MB)`]);

  const again = await socketScan(baseUrl, cookie, {});
  rows.push([
    `rescan of the unchanged ${libraryRoms}-ROM library`,
    `${again.seconds.toFixed(2)} s (${again.stats.hashed_files} files hashed; target < 3 s)`,
  ]);

  const bigFile = path.join(libraryDir, 'roms', 'psx', 'Big Disc (USA).iso');
  fs.mkdirSync(path.dirname(bigFile), { recursive: true });
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
    fs.rmSync(path.dirname(bigFile), { recursive: true, force: true });
  }
  await socketScan(baseUrl, cookie, {});
}

/**
 * The figure modules of the other areas, each started on a quiet machine and each optional: a
 * missing module prints a row saying so. @param {import('./library.mjs').BenchContext} context
 */
async function moduleFigures(context) {
  /** @type {[string, string][]} */
  const rows = [];
  /** @type {[string, string, (module: any) => Promise<[string, string][]> | [string, string][]][]} */
  const modules = [
    ['transfer.mjs', 'transfer', (module) => module.transferFigures(context)],
    ['regions.mjs', 'regions', (module) => module.regionFigures()],
    ['list.mjs', 'list and search', (module) => module.listFigures(context)],
    ['hidden.mjs', 'lists with a hidden platform', (module) => module.hiddenFigures(context)],
    ['gallery.mjs', 'gallery', (module) => module.galleryFigures(context)],
    ['console.mjs', 'console mode', (module) => module.consoleFigures(context)],
    ['pages.mjs', 'page speed', (module) => module.pageFigures(context)],
    ['filters.mjs', 'filters', (module) => module.filterFigures(context)],
    ['collections.mjs', 'collections', (module) => module.collectionFigures(context)],
    [
      'collections-virtual.mjs',
      'virtual and smart collections',
      (module) => module.virtualCollectionFigures(context),
    ],
    ['postgres.mjs', 'PostgreSQL', (module) => module.postgresFigures(context)],
    ['stalls.mjs', 'scan stalls', (module) => module.stallFigures(context)],
    ['exports.mjs', 'exports', (module) => module.exportFigures()],
    ['zips.mjs', 'whole-platform zips', (module) => module.zipFigures(context)],
    ['dats.mjs', 'DAT import', (module) => module.datFigures(context)],
    ['preferred.mjs', '1G1R preferred versions', (module) => module.preferredFigures(context)],
    // Last: it gives the scanned ROMs shared provider ids.
    ['versions.mjs', 'versions', (module) => module.versionFigures(context)],
  ];
  for (const [file, label, figures] of modules) {
    if (only && !only.includes(path.basename(file, '.mjs'))) continue;
    const modulePath = path.join(repoRoot, 'bench', file);
    if (!fs.existsSync(modulePath)) {
      rows.push([`${label} figures (bench/${file})`, 'not available']);
      continue;
    }
    await quietMachine();
    rows.push(...(await figures(await import(modulePath))));
  }
  return rows;
}

/**
 * @param {string} dataDir @param {string} cookie @param {string[]} browserCookies
 * @param {string} basic @param {string | undefined} csrfToken @param {number} serverPid
 * @returns {Promise<import('./library.mjs').BenchContext>}
 */
async function benchContext(dataDir, cookie, browserCookies, basic, csrfToken, serverPid) {
  const platforms = /** @type {{ id: number, slug: string, rom_count: number }[]} */ (
    await (await fetch(`${baseUrl}/api/platforms`, { headers: { cookie } })).json()
  ).map(({ id, slug, rom_count }) => ({ id, slug, rom_count }));
  const biggestPlatform = [...platforms].sort((a, b) => b.rom_count - a.rom_count)[0];
  if (biggestPlatform === undefined) throw new Error('the scan stored no platform');
  const romCount = platforms.reduce((sum, platform) => sum + platform.rom_count, 0);
  return {
    baseUrl,
    dataDir,
    cookie,
    browserCookies,
    basic,
    csrfToken,
    serverPid,
    romCount,
    platforms,
    biggestPlatform,
  };
}

/**
 * Latency of the small requests every page makes. @param {string} sessionCookie
 * @param {string} basic @returns {Promise<[string, string][]>}
 */
async function requestFigures(sessionCookie, basic) {
  return [
    await measure(
      'GET /api/heartbeat',
      () => httpGet(`${baseUrl}/api/heartbeat`),
      requestsPerEndpoint,
    ),
    await measure(
      'GET /api/users/me (session)',
      () => httpGet(`${baseUrl}/api/users/me`, { cookie: sessionCookie }),
      requestsPerEndpoint,
    ),
    await measure('GET /api/config', () => httpGet(`${baseUrl}/api/config`), requestsPerEndpoint),
    await measure(
      'POST /api/login (argon2id verify)',
      async () => {
        const response = await fetch(`${baseUrl}/api/login`, {
          method: 'POST',
          headers: { authorization: basic },
        });
        await response.arrayBuffer();
        return response;
      },
      20,
    ),
  ];
}

async function main() {
  const rows = [...bundleFigures()];
  const library = cachedLibrary(libraryRoms);
  rows.push([
    `library of ${libraryRoms} real-named small ROM files (24 platforms)`,
    library.generated ? `generated in ${library.seconds.toFixed(1)} s` : 'cached',
  ]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'romshelf-bench-'));
  const started = await startServer(dataDir, library.libraryDir);
  const child = started.child;
  try {
    rows.push(['server start-up (fresh data folder)', `${started.startupMs.toFixed(0)} ms`]);
    await quietMachine();
    rows.push([
      `server RSS idle after start-up (load ${loadAverage()})`,
      `${mib(memoryOf(child.pid ?? 0).rss)} (target < 140 MB)`,
    ]);
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
    const browserCookies = login.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
    const cookieValue = (/** @type {string} */ name) =>
      browserCookies.find((cookie) => cookie.startsWith(`${name}=`)) ?? '';
    const sessionCookie = cookieValue('romm_session');
    const csrfToken = cookieValue('romm_csrftoken').split('=')[1];

    const pid = child.pid ?? 0;
    if (only) {
      await socketScan(baseUrl, sessionCookie, {});
    } else {
      rows.push(...(await requestFigures(sessionCookie, basic)));
      await quietMachine();
      await scanFigures(rows, library.libraryDir, sessionCookie, pid);
    }
    rows.push([
      'list JSON stored by the server after the scan (waited before the figures below)',
      `${(await listJsonStored(dataDir)).toFixed(1)} s`,
    ]);
    const context = await benchContext(
      dataDir,
      sessionCookie,
      browserCookies,
      basic,
      csrfToken,
      pid,
    );
    rows.push(...(await moduleFigures(context)));
    if (!only) rows.push(...(await playFigures(baseUrl, library.libraryDir, sessionCookie)));
  } finally {
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const width = Math.max(...rows.map(([label]) => String(label).length));
  console.log(`RomShelf benchmarks (${os.cpus().length} cores, Node ${process.version})`);
  for (const [label, value] of rows) console.log(`  ${String(label).padEnd(width)}  ${value}`);
}

await main();
