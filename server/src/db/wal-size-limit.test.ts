import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import { SQLITE_FILE_NAME } from '../config/env-database.js';
import { openDatabase, WAL_SIZE_LIMIT_BYTES } from './database.js';

const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the SQLite write-ahead log', () => {
  it('is cut back to its limit once checkpointed, not kept at its largest size', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'romshelf-wal-'));
    dirs.push(dir);
    const db = openDatabase(dir);
    const wal = path.join(dir, `${SQLITE_FILE_NAME}-wal`);
    await sql`CREATE TABLE filler (data BLOB)`.execute(db);
    // One transaction of 80 MiB: the log grows past the limit.
    await sql`INSERT INTO filler WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n
      WHERE i < 80) SELECT randomblob(1024 * 1024) FROM n`.execute(db);
    expect(statSync(wal).size).toBeGreaterThan(WAL_SIZE_LIMIT_BYTES);
    await sql`PRAGMA wal_checkpoint(PASSIVE)`.execute(db);
    // The next write starts the log again from its beginning, and cuts the file back.
    await sql`INSERT INTO filler VALUES (x'00')`.execute(db);
    expect(statSync(wal).size).toBeLessThanOrEqual(WAL_SIZE_LIMIT_BYTES);
    await db.destroy();
  });
});
