import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../config/paths.js';
import { makeTempDir } from '../../test/build-test-app.js';

/**
 * Runs in a fresh node on the compiled module (the worker thread needs its compiled file): writes
 * with automatic checkpoints off, so the rows stay in the WAL, then lets the thread checkpoint and
 * prints the database file's size before and after, and the rows a fresh connection reads.
 */
const PROBE = `
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
const { startWalCheckpointer } = await import(process.env.MODULE_URL);
const file = process.env.DB_FILE;
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('wal_autocheckpoint = 0');
db.exec('CREATE TABLE item (id INTEGER PRIMARY KEY, payload TEXT)');
const insert = db.prepare('INSERT INTO item (payload) VALUES (?)');
db.transaction(() => { for (let i = 0; i < 2000; i++) insert.run('x'.repeat(1000)); })();
const before = statSync(file).size;
const checkpointer = startWalCheckpointer(file);
await checkpointer.stop();
const after = statSync(file).size;
const rows = new Database(file, { readonly: true }).prepare('SELECT count(*) AS n FROM item').get().n;
process.stdout.write(JSON.stringify({ before, after, rows }));
`;

describe('startWalCheckpointer', () => {
  it('copies the WAL into the database file from its thread, the writer doing no checkpoint', () => {
    execFileSync(
      path.join(REPO_ROOT, 'node_modules', '.bin', 'tsc'),
      ['-b', 'contract', 'server'],
      {
        cwd: REPO_ROOT,
        stdio: 'pipe',
      },
    );
    const moduleUrl = pathToFileURL(
      path.join(REPO_ROOT, 'server', 'dist', 'db', 'wal-checkpointer.js'),
    );
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', PROBE], {
      cwd: path.join(REPO_ROOT, 'server'),
      env: {
        PATH: process.env.PATH,
        MODULE_URL: moduleUrl.href,
        DB_FILE: path.join(makeTempDir('romshelf-wal-'), 'library.db'),
      },
      encoding: 'utf8',
    });
    const { before, after, rows } = JSON.parse(output) as {
      before: number;
      after: number;
      rows: number;
    };
    expect(before).toBeLessThan(16 * 1024);
    expect(after).toBeGreaterThan(2000 * 1000);
    expect(rows).toBe(2000);
  }, 120_000);
});
