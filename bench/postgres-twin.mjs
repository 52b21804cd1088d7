// @ts-check
/**
 * A PostgreSQL twin of the bench server, for figures printed per engine: when BENCH_DATABASE_URL
 * names a PostgreSQL server whose user may create databases, the SQLite database as it is now
 * is copied (`db:copy`) into a new database there and a second server runs on it, with the
 * same secret key (so the bench's session cookie signs in there too), once it has stored every
 * ROM's list JSON (`listJsonSettled`). Its first requests are cold: it has kept nothing yet. `stop` ends it and drops the database.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @param {string} serverUrl @param {string} statement */
async function runOn(serverUrl, statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Waits (up to 5 minutes) until a PostgreSQL server just started on a `db:copy` of the bench
 * library has stored every ROM's list JSON, then vacuums and analyzes that table. db:copy leaves
 * `rom_list_json` out and the server's filler writes it after start-up, as it does after any
 * upgrade; the SQLite server's is full by then. The 100k rows the filler inserts then start an
 * autovacuum of the table, seconds of both cores: run now, it no longer lands in the figures,
 * which compare the engines at rest, like with like.
 * @param {string} databaseUrl
 */
export async function listJsonSettled(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = performance.now() + 300_000;
    while (performance.now() < deadline) {
      const { rows } = await client.query(
        'SELECT (SELECT count(*) FROM rom) - (SELECT count(*) FROM rom_list_json) AS missing',
      );
      if (Number(rows[0]?.missing ?? 0) <= 0) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await client.query('VACUUM (ANALYZE) rom_list_json');
  } finally {
    await client.end();
  }
}

/**
 * @param {import('./library.mjs').BenchContext} ctx @param {string} label names the database
 * @returns {Promise<{ baseUrl: string, pid: number, stop: () => Promise<void> } | null>} null
 *   without BENCH_DATABASE_URL
 */
export async function startPostgresTwin(ctx, label) {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl === undefined || serverUrl === '') return null;
  const name = `romshelf_twin_${label}_${process.pid}`;
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  await runOn(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await runOn(serverUrl, `CREATE DATABASE ${name}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'romshelf-bench-twin-'));
  const stop = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await runOn(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
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
  if (copy.status !== 0) {
    await stop();
    throw new Error(`db:copy failed: ${copy.stderr}`);
  }
  fs.copyFileSync(path.join(ctx.dataDir, 'secret.key'), path.join(dataDir, 'secret.key'));
  const port = Number(new URL(ctx.baseUrl).port) + 2;
  const child = spawn(process.execPath, [path.join(repoRoot, 'server', 'dist', 'main.js')], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      ROMSHELF_DATA_DIR: dataDir,
      DATABASE_URL: target.toString(),
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
    if (child.exitCode !== null) {
      await stop();
      throw new Error('the PostgreSQL twin exited during start-up');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await listJsonSettled(target.toString());
  return {
    baseUrl,
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await stop();
    },
  };
}
