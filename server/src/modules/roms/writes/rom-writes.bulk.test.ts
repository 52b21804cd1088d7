import { statSync } from 'node:fs';
import path from 'node:path';

import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import { makeTempDir } from '../../../../test/build-test-app.js';
import { SQLITE_FILE_NAME } from '../../../config/env-database.js';
import type { Db } from '../../../db/database.js';
import { migrateToLatest, openDatabase, WAL_SIZE_LIMIT_BYTES } from '../../../db/database.js';
import { RomWritesRepository } from './rom-writes.repository.js';

const open: Db[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
});

async function pragma(db: Db, name: 'wal_autocheckpoint' | 'journal_size_limit'): Promise<number> {
  const { rows } = await sql.raw<Record<string, number>>(`PRAGMA ${name}`).execute(db);
  return rows[0]?.[name] ?? NaN;
}

async function settings(db: Db) {
  return {
    wal_autocheckpoint: await pragma(db, 'wal_autocheckpoint'),
    journal_size_limit: await pragma(db, 'journal_size_limit'),
  };
}

async function repository(): Promise<{ db: Db; writes: RomWritesRepository; wal: string }> {
  const dir = makeTempDir('romshelf-bulk-');
  const db = openDatabase(dir);
  open.push(db);
  await migrateToLatest(db);
  return {
    db,
    writes: new RomWritesRepository(db),
    wal: path.join(dir, `${SQLITE_FILE_NAME}-wal`),
  };
}

/** Grows the WAL past its limit in one transaction of 80 MiB, then checkpoints it. */
async function growAndCheckpointWal(db: Db): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS filler (data BLOB)`.execute(db);
  await sql`INSERT INTO filler WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n
    WHERE i < 80) SELECT randomblob(1024 * 1024) FROM n`.execute(db);
  await sql`PRAGMA wal_checkpoint(PASSIVE)`.execute(db);
}

describe('bulk writes', () => {
  it('gives a scan rare checkpoints, then restores the previous setting', async () => {
    const { db, writes } = await repository();
    const before = await settings(db);
    const during = await writes.inBulk(() => settings(db));
    expect(during).toEqual({ wal_autocheckpoint: 16000, journal_size_limit: -1 });
    expect(await settings(db)).toEqual(before);
  });

  it('restores the previous settings when the scan fails', async () => {
    const { db, writes } = await repository();
    const before = await settings(db);
    await expect(writes.inBulk(() => Promise.reject(new Error('disk full')))).rejects.toThrow(
      'disk full',
    );
    expect(await settings(db)).toEqual(before);
    expect(before).toEqual({ wal_autocheckpoint: 1000, journal_size_limit: WAL_SIZE_LIMIT_BYTES });
  });

  it('never cuts the WAL back in a commit while a scan writes, and does once it has ended', async () => {
    const { db, writes, wal } = await repository();
    const walSizeAfterRestart = await writes.inBulk(async () => {
      await growAndCheckpointWal(db);
      // This commit starts the log again from its beginning: with the limit, it would
      // truncate the file, on the event loop.
      await sql`INSERT INTO filler VALUES (x'00')`.execute(db);
      return statSync(wal).size;
    });
    expect(walSizeAfterRestart).toBeGreaterThan(WAL_SIZE_LIMIT_BYTES);
    await sql`PRAGMA wal_checkpoint(PASSIVE)`.execute(db);
    await sql`INSERT INTO filler VALUES (x'00')`.execute(db);
    expect(statSync(wal).size).toBeLessThanOrEqual(WAL_SIZE_LIMIT_BYTES);
  });
});
