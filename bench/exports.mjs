// @ts-check
/**
 * Export figures: a 20k-game platform's gamelist.xml and metadata.pegasus.txt, downloaded
 * (time to the first byte and to the last, the server's RSS growth while it streams) and written
 * into the platform folder. Runs its own built server on a throwaway library of one platform:
 * `node bench/exports.mjs` (after `npm run build`), or from `npm run bench`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

import { socketScan } from './library.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_EXPORTS_PORT ?? 3797);
const baseUrl = `http://127.0.0.1:${port}`;
const GAMES = Number(process.env.BENCH_EXPORT_GAMES ?? 20_000);
/** Issue targets: the export starts within 2 s and streams with flat memory. */
const FIRST_BYTE_TARGET_MS = 2_000;
const RSS_GROWTH_TARGET_BYTES = 64 * 1024 * 1024;

/** @param {number} bytes */
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** @param {number} pid */
function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** One platform of `count` small games, some with `&`, quotes and non-Latin names. */
function writeLibrary(/** @type {string} */ libraryDir, /** @type {number} */ count) {
  const folder = path.join(libraryDir, 'roms', 'snes');
  fs.mkdirSync(folder, { recursive: true });
  const flavours = ['Tom & Jerry', 'Rock "n" Roll', 'ドラゴンクエスト', 'Plain Game'];
  for (let index = 0; index < count; index += 1) {
    const name = `${flavours[index % flavours.length]} ${String(index).padStart(5, '0')} (USA).sfc`;
    fs.writeFileSync(path.join(folder, name), `game ${index}`);
  }
}

/** @param {string} dataDir @param {string} libraryDir */
async function startServer(dataDir, libraryDir) {
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
      if ((await fetch(`${baseUrl}/api/heartbeat`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** @param {string} basic */
async function signIn(basic) {
  const [username, password] = Buffer.from(basic.slice(6), 'base64').toString().split(':');
  const created = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, email: 'bench@example.com', role: 'admin' }),
  });
  if (created.status !== 201) throw new Error(`creating the admin failed: HTTP ${created.status}`);
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { authorization: basic },
  });
  return (login.headers.getSetCookie().find((c) => c.startsWith('romm_session=')) ?? '').split(
    ';',
  )[0];
}

/**
 * Downloads one export, sampling the server's RSS while it streams.
 * @param {string} url @param {string} basic @param {number} pid
 */
function download(url, basic, pid) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const before = rssOf(pid);
    let peak = before;
    let firstByteMs = NaN;
    let bytes = 0;
    const request = http.get(url, { headers: { authorization: basic } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${url}: HTTP ${response.statusCode}`));
      response.on('data', (chunk) => {
        if (bytes === 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
        peak = Math.max(peak, rssOf(pid));
      });
      response.on('end', () =>
        resolve({
          firstByteMs,
          totalMs: performance.now() - started,
          bytes,
          growth: peak - before,
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** @returns {Promise<[string, string][]>} */
export async function exportFigures() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'romshelf-bench-exports-'));
  const libraryDir = path.join(root, 'library');
  writeLibrary(libraryDir, GAMES);
  const child = await startServer(path.join(root, 'data'), libraryDir);
  /** @type {[string, string][]} */
  const rows = [];
  try {
    const basic = `Basic ${Buffer.from('bench:bench-password').toString('base64')}`;
    const cookie = await signIn(basic);
    await socketScan(baseUrl, cookie, {});
    const platforms = /** @type {{ id: number, rom_count: number }[]} */ (
      await (await fetch(`${baseUrl}/api/platforms`, { headers: { authorization: basic } })).json()
    );
    const platform = platforms[0];
    if (platform === undefined) throw new Error('the scan stored no platform');
    const pid = child.pid ?? 0;
    for (const format of ['gamelist-xml', 'pegasus']) {
      const url = `${baseUrl}/api/export/${format}?platform_id=${platform.id}`;
      const result =
        /** @type {{ firstByteMs: number, totalMs: number, bytes: number, growth: number }} */ (
          await download(url, basic, pid)
        );
      rows.push([
        `export ${format} download, ${platform.rom_count} games`,
        `first byte ${result.firstByteMs.toFixed(0)} ms (target < ${FIRST_BYTE_TARGET_MS} ms), ` +
          `all ${mib(result.bytes)} in ${(result.totalMs / 1000).toFixed(2)} s, ` +
          `server RSS +${mib(result.growth)} while streaming (target < ${mib(RSS_GROWTH_TARGET_BYTES)})`,
      ]);
    }
    const started = performance.now();
    const written = await fetch(
      `${baseUrl}/api/export/gamelist-xml?platform_ids=${platform.id}&local_export=true`,
      { method: 'POST', headers: { authorization: basic } },
    );
    if (!written.ok) throw new Error(`writing the export failed: HTTP ${written.status}`);
    rows.push([
      `export gamelist-xml written into the platform folder, ${platform.rom_count} games`,
      `${((performance.now() - started) / 1000).toFixed(2)} s`,
    ]);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(root, { recursive: true, force: true });
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [label, value] of await exportFigures()) console.log(`${label}: ${value}`);
}
