import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { makeTempDir } from '../../../test/build-test-app.js';
import { openDatabase } from '../database.js';
import { migrationProvider } from './index.js';

const BEFORE = '202611251000_oidc';
const STAMP = '2026-01-02T03:04:05.000+00:00';
const LATER = '2026-02-03T04:05:06.000+00:00';

/** A database at the migration before notes, holding two users' personal notes. */
async function databaseWithPersonalNotes() {
  const db = openDatabase(makeTempDir('romshelf-migration-'));
  const migrator = new Migrator({ db, provider: migrationProvider });
  const before = await migrator.migrateTo(BEFORE);
  expect(before.error).toBeUndefined();
  for (const name of ['ann', 'ben']) {
    await sql`INSERT INTO "user" (username, password_hash, role, created_at, updated_at)
      VALUES (${name}, 'x', 'viewer', ${STAMP}, ${STAMP})`.execute(db);
  }
  await sql`INSERT INTO platform (slug, fs_slug, name, created_at, updated_at)
    VALUES ('nes', 'nes', 'NES', ${STAMP}, ${STAMP})`.execute(db);
  for (const name of ['A.nes', 'B.nes']) {
    await sql`INSERT INTO rom (platform_id, fs_name, fs_name_no_tags, fs_name_no_ext,
        fs_extension, fs_path, fs_size_bytes, fs_mtime_ms, kind, name_sort_key, search_text,
        created_at, updated_at)
      VALUES (1, ${name}, ${name}, ${name}, 'nes', 'roms/nes', 1, 0, 'file', ${name}, ${name},
        ${STAMP}, ${STAMP})`.execute(db);
  }
  // ann wrote a note on A; ben one on B; ann's row on B has no note, ben's on A an empty one.
  const rows: [number, number, string | null][] = [
    [1, 1, '# Boss\n- use *bombs*'],
    [2, 2, 'ben on B'],
    [1, 2, null],
    [2, 1, ''],
  ];
  for (const [userId, romId, notes] of rows) {
    await sql`INSERT INTO rom_user (user_id, rom_id, notes, rating, created_at, updated_at)
      VALUES (${userId}, ${romId}, ${notes}, 7, ${STAMP}, ${LATER})`.execute(db);
  }
  return { db, migrator };
}

describe('migration 202611260200_rom_notes', () => {
  it("turns each personal note into its author's private note titled Notes, keeping the text", async () => {
    const { db, migrator } = await databaseWithPersonalNotes();
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();

    const notes = await db
      .selectFrom('rom_note')
      .select(['rom_id', 'user_id', 'title', 'content', 'is_public', 'tags'])
      .select(['created_at', 'updated_at'])
      .orderBy('user_id')
      .execute();
    expect(notes).toEqual([
      {
        rom_id: 1,
        user_id: 1,
        title: 'Notes',
        content: '# Boss\n- use *bombs*',
        is_public: 0,
        tags: '[]',
        created_at: STAMP,
        updated_at: LATER,
      },
      {
        rom_id: 2,
        user_id: 2,
        title: 'Notes',
        content: 'ben on B',
        is_public: 0,
        tags: '[]',
        created_at: STAMP,
        updated_at: LATER,
      },
    ]);
    // The rest of the personal data stays; the old column is gone.
    const romUsers = await sql<Record<string, unknown>>`SELECT * FROM rom_user`.execute(db);
    expect(romUsers.rows).toHaveLength(4);
    expect(romUsers.rows.every((row) => row.rating === 7 && !('notes' in row))).toBe(true);

    const down = await migrator.migrateTo(BEFORE);
    expect(down.error).toBeUndefined();
    const restored = await sql<{ user_id: number; rom_id: number; notes: string | null }>`
      SELECT user_id, rom_id, notes FROM rom_user ORDER BY user_id, rom_id`.execute(db);
    expect(restored.rows).toEqual([
      { user_id: 1, rom_id: 1, notes: '# Boss\n- use *bombs*' },
      { user_id: 1, rom_id: 2, notes: null },
      { user_id: 2, rom_id: 1, notes: null },
      { user_id: 2, rom_id: 2, notes: 'ben on B' },
    ]);
    await db.destroy();
  });
});
