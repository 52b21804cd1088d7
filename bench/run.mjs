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

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3791);
const baseUrl = `http://127.0.0.1:${port}`;
const requestsPerEndpoint = Number(process.env.BENCH_REQUESTS ?? 500);

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

async function main() {
  const rows = [...bundleFigures()];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'romshelf-bench-'));
  const { child, startupMs } = await startServer(dataDir);
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
  } finally {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const width = Math.max(...rows.map(([label]) => String(label).length));
  console.log(`RomShelf benchmarks (${os.cpus().length} cores, Node ${process.version})`);
  for (const [label, value] of rows) console.log(`  ${String(label).padEnd(width)}  ${value}`);
}

await main();
