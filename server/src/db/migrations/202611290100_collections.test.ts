import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { makeTempDir } from '../../../test/build-test-app.js';
import { openDatabase } from '../database.js';
import { migrationProvider } from './index.js';

const BEFORE = '202611280500_client_tokens';
const STAMP = '2026-01-02T03:04:05.000+00:00';
const LATER = '2026-02-03T04:05:06.000+00:00';

describe('migration 202611290100_collections', () => {
  it("moves each user's favourites into their favourites collection, and back down", async () => {
    const db = openDatabase(makeTempDir('romshelf-migration-'));
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    for (const name of ['ann', 'ben', 'cal']) {
      await sql`INSERT INTO "user" (username, password_hash, role, created_at, updated_at)
        VALUES (${name}, 'x', 'viewer', ${STAMP}, ${STAMP})`.execute(db);
    }
    await sql`INSERT INTO platform (slug, fs_slug, name, created_at, updated_at)
      VALUES ('nes', 'nes', 'NES', ${STAMP}, ${STAMP})`.execute(db);
    for (const fsName of ['a.nes', 'b.nes', 'c.nes']) {
      await sql`INSERT INTO rom (platform_id, fs_name, fs_name_no_tags, fs_name_no_ext,
          fs_extension, fs_path, fs_size_bytes, fs_mtime_ms, kind, name, name_sort_key,
          search_text, regions, languages, tags, created_at, updated_at)
        VALUES (1, ${fsName}, 'x', 'x', 'nes', 'roms/nes', 1, 0, 'file', NULL, 'x', 'x',
          '[]', '[]', '[]', ${STAMP}, ${STAMP})`.execute(db);
    }
    const romUser = (userId: number, romId: number, favourite: number, status: string | null) =>
      sql`INSERT INTO rom_user (user_id, rom_id, is_favorite, status, created_at, updated_at)
        VALUES (${userId}, ${romId}, ${favourite}, ${status}, ${STAMP}, ${LATER})`.execute(db);
    await romUser(1, 1, 1, null);
    await romUser(1, 3, 1, 'finished');
    await romUser(2, 2, 0, 'hidden');
    await romUser(3, 2, 1, null);

    expect((await migrator.migrateTo('202611290100_collections')).error).toBeUndefined();
    const collections = await sql<{
      id: number;
      user_id: number;
      name: string;
      is_favorite: number;
    }>`
      SELECT id, user_id, name, is_favorite FROM collection ORDER BY user_id`.execute(db);
    expect(
      collections.rows.map(({ user_id, name, is_favorite }) => [user_id, name, is_favorite]),
    ).toEqual([
      [1, 'Favourites', 1],
      [3, 'Favourites', 1],
    ]);
    const members = await sql<{ user_id: number; rom_id: number; added_at: string }>`
      SELECT collection.user_id, collection_rom.rom_id, collection_rom.added_at FROM collection_rom
      JOIN collection ON collection.id = collection_rom.collection_id
      ORDER BY collection.user_id, collection_rom.rom_id`.execute(db);
    expect(members.rows).toEqual([
      { user_id: 1, rom_id: 1, added_at: LATER },
      { user_id: 1, rom_id: 3, added_at: LATER },
      { user_id: 3, rom_id: 2, added_at: LATER },
    ]);
    const columns = await sql<{
      name: string;
    }>`SELECT name FROM pragma_table_info('rom_user')`.execute(db);
    expect(columns.rows.map((row) => row.name)).not.toContain('is_favorite');
    const statuses = await sql<{
      status: string | null;
    }>`SELECT status FROM rom_user ORDER BY id`.execute(db);
    expect(statuses.rows.map((row) => row.status)).toEqual([null, 'finished', 'hidden', null]);

    // One favourites collection per user; deleting a ROM leaves its memberships.
    await expect(
      sql`INSERT INTO collection (user_id, name, is_favorite, created_at, updated_at)
        VALUES (1, 'Other', 1, ${STAMP}, ${STAMP})`.execute(db),
    ).rejects.toThrow(/UNIQUE/);
    await sql`DELETE FROM rom WHERE id = 1`.execute(db);
    const left = await sql<{
      rom_id: number;
    }>`SELECT rom_id FROM collection_rom ORDER BY rom_id`.execute(db);
    expect(left.rows.map((row) => row.rom_id)).toEqual([2, 3]);

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const favourites = await sql<{ user_id: number; rom_id: number; is_favorite: number }>`
      SELECT user_id, rom_id, is_favorite FROM rom_user ORDER BY user_id, rom_id`.execute(db);
    expect(favourites.rows).toEqual([
      { user_id: 1, rom_id: 3, is_favorite: 1 },
      { user_id: 2, rom_id: 2, is_favorite: 0 },
      { user_id: 3, rom_id: 2, is_favorite: 1 },
    ]);
    const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master
      WHERE name LIKE 'collection%'`.execute(db);
    expect(tables.rows).toEqual([]);
    await db.destroy();
  });
});
