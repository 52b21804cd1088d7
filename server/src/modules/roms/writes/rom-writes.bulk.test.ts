import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import { makeTempDir } from '../../../../test/build-test-app.js';
import type { Db } from '../../../db/database.js';
import { migrateToLatest, openDatabase } from '../../../db/database.js';
import { RomWritesRepository } from './rom-writes.repository.js';

const open: Db[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
});

async function pragma(db: Db, name: 'wal_autocheckpoint'): Promise<number> {
  const { rows } = await sql.raw<Record<string, number>>(`PRAGMA ${name}`).execute(db);
  return rows[0]?.[name] ?? NaN;
}

async function settings(db: Db) {
  return { wal_autocheckpoint: await pragma(db, 'wal_autocheckpoint') };
}

async function repository(): Promise<{ db: Db; writes: RomWritesRepository }> {
  const db = openDatabase(makeTempDir('romshelf-bulk-'));
  open.push(db);
  await migrateToLatest(db);
  return { db, writes: new RomWritesRepository(db) };
}

describe('bulk writes', () => {
  it('gives a scan rare checkpoints, then restores the previous setting', async () => {
    const { db, writes } = await repository();
    const before = await settings(db);
    const during = await writes.inBulk(() => settings(db));
    expect(during).toEqual({ wal_autocheckpoint: 16000 });
    expect(await settings(db)).toEqual(before);
  });

  it('restores the previous settings when the scan fails', async () => {
    const { db, writes } = await repository();
    const before = await settings(db);
    await expect(writes.inBulk(() => Promise.reject(new Error('disk full')))).rejects.toThrow(
      'disk full',
    );
    expect(await settings(db)).toEqual(before);
    expect(before).toEqual({ wal_autocheckpoint: 1000 });
  });
});
