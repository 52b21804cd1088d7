import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { makeTempDir } from '../../../test/build-test-app.js';
import { openDatabase } from '../database.js';
import { migrationProvider } from './index.js';

const BEFORE = '202611260200_rom_notes';
const STAMP = '2026-01-02T03:04:05.000+00:00';

/** A database at the migration before slots, holding one user's save and screenshot. */
async function databaseWithAssets() {
  const db = openDatabase(makeTempDir('romshelf-migration-'));
  const migrator = new Migrator({ db, provider: migrationProvider });
  const before = await migrator.migrateTo(BEFORE);
  expect(before.error).toBeUndefined();
  await sql`INSERT INTO "user" (username, password_hash, role, created_at, updated_at)
    VALUES ('ann', 'x', 'viewer', ${STAMP}, ${STAMP})`.execute(db);
  await sql`INSERT INTO platform (slug, fs_slug, name, created_at, updated_at)
    VALUES ('nes', 'nes', 'NES', ${STAMP}, ${STAMP})`.execute(db);
  await sql`INSERT INTO rom (platform_id, fs_name, fs_name_no_tags, fs_name_no_ext,
      fs_extension, fs_path, fs_size_bytes, fs_mtime_ms, kind, name_sort_key, search_text,
      created_at, updated_at)
    VALUES (1, 'A.nes', 'A.nes', 'A', 'nes', 'roms/nes', 1, 0, 'file', 'a', 'a',
      ${STAMP}, ${STAMP})`.execute(db);
  for (const [kind, name] of [
    ['save', 'A.srm'],
    ['screenshot', 'A.png'],
  ]) {
    await sql`INSERT INTO play_asset (kind, user_id, rom_id, file_name, file_path,
        file_size_bytes, emulator, content_hash, created_at, updated_at)
      VALUES (${kind}, 1, 1, ${name}, 'users/1/saves/nes/1', 8, 'fceumm', 'abc',
        ${STAMP}, ${STAMP})`.execute(db);
  }
  return { db, migrator };
}

describe('migration 202611270300_play_asset_slots', () => {
  it('keeps every asset, private and without a slot, and migrates back down', async () => {
    const { db, migrator } = await databaseWithAssets();
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const rows = await db
      .selectFrom('play_asset')
      .select(['kind', 'file_name', 'slot', 'is_public', 'content_hash', 'updated_at'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        kind: 'save',
        file_name: 'A.srm',
        slot: null,
        is_public: 0,
        content_hash: 'abc',
        updated_at: STAMP,
      },
      {
        kind: 'screenshot',
        file_name: 'A.png',
        slot: null,
        is_public: 0,
        content_hash: 'abc',
        updated_at: STAMP,
      },
    ]);

    const down = await migrator.migrateTo(BEFORE);
    expect(down.error).toBeUndefined();
    const restored = await sql<Record<string, unknown>>`SELECT * FROM play_asset`.execute(db);
    expect(restored.rows).toHaveLength(2);
    expect(restored.rows.every((row) => !('slot' in row) && !('is_public' in row))).toBe(true);
    await db.destroy();
  });
});
