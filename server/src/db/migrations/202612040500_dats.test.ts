import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { makeTempDir } from '../../../test/build-test-app.js';
import { migratorOf, openDatabase } from '../database.js';

const STAMP = '2026-01-02T03:04:05.000+00:00';

/** A migrated database with one ROM file verified against one DAT entry. */
async function databaseWithOneVerdict() {
  const db = openDatabase(makeTempDir('romshelf-migration-'));
  expect((await migratorOf(db).migrateTo('202612040500_dats')).error).toBeUndefined();
  await sql`INSERT INTO platform (slug, fs_slug, name, created_at, updated_at)
    VALUES ('gba', 'gba', 'Game Boy Advance', ${STAMP}, ${STAMP})`.execute(db);
  await sql`INSERT INTO rom (platform_id, fs_name, fs_name_no_tags, fs_name_no_ext,
      fs_extension, fs_path, fs_size_bytes, fs_mtime_ms, kind, name_sort_key, search_text,
      created_at, updated_at)
    VALUES (1, 'A.gba', 'A', 'A', 'gba', 'roms/gba', 4, 0, 'file', 'a', 'a', ${STAMP}, ${STAMP})`.execute(
    db,
  );
  await sql`INSERT INTO rom_file (rom_id, file_name, file_path, file_size_bytes, mtime_ms,
      is_top_level, created_at, updated_at)
    VALUES (1, 'A.gba', 'roms/gba', 4, 0, 1, ${STAMP}, ${STAMP})`.execute(db);
  const dat = await db
    .insertInto('dat')
    .values({
      platform_id: 1,
      name: 'Nintendo - Game Boy Advance',
      description: null,
      version: '20260101',
      author: null,
      homepage: null,
      header_name: 'Nintendo - Game Boy Advance',
      format: 'logiqx',
      source: 'upload',
      source_path: null,
      file_name: 'gba.dat',
      file_size_bytes: 100,
      file_mtime_ms: null,
      game_count: 1,
      rom_count: 1,
      imported_at: STAMP,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const game = await db
    .insertInto('dat_game')
    .values({
      dat_id: dat.id,
      name: 'A (USA)',
      description: 'A (USA)',
      clone_of: null,
      rom_of: null,
      region: 'USA',
      languages: 'En',
      category: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rom = await db
    .insertInto('dat_rom')
    .values({
      dat_id: dat.id,
      dat_game_id: game.id,
      name: 'A (USA).gba',
      size: 4,
      crc32: '01234567',
      md5: null,
      sha1: null,
      status: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('rom_file_dat_match')
    .values({ rom_file_id: 1, dat_id: dat.id, dat_rom_id: rom.id, verdict: 'renamed' })
    .execute();
  await db
    .insertInto('rom_dat_status')
    .values({ rom_id: 1, dat_id: dat.id, dat_game_id: game.id, status: 'renamed' })
    .execute();
  return { db, datId: dat.id };
}

const count = async (db: Awaited<ReturnType<typeof databaseWithOneVerdict>>['db'], table: string) =>
  (await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]?.n;

describe('migration 202612040500_dats', () => {
  it('removes every entry and verdict of a DAT with it', async () => {
    const { db, datId } = await databaseWithOneVerdict();
    await db.deleteFrom('dat').where('id', '=', datId).execute();
    for (const table of ['dat_game', 'dat_rom', 'rom_file_dat_match', 'rom_dat_status']) {
      expect(await count(db, table)).toBe(0);
    }
    expect(await count(db, 'rom_file')).toBe(1);
    await db.destroy();
  });

  it('refuses a verdict it does not know', async () => {
    const { db } = await databaseWithOneVerdict();
    await expect(sql`UPDATE rom_dat_status SET status = 'bad'`.execute(db)).rejects.toThrow(
      /CHECK constraint failed/,
    );
    await db.destroy();
  });

  it('goes down to the schema before it', async () => {
    const { db } = await databaseWithOneVerdict();
    expect((await migratorOf(db).migrateTo('202612030700_hidden_items')).error).toBeUndefined();
    const { rows } = await sql<{ name: string }>`
      SELECT name FROM sqlite_master
      WHERE tbl_name IN ('dat', 'dat_game', 'dat_rom', 'rom_file_dat_match', 'rom_dat_status')`.execute(
      db,
    );
    expect(rows).toEqual([]);
    await db.destroy();
  });
});
