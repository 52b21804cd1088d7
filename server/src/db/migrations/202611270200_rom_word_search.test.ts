import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { makeTempDir } from '../../../test/build-test-app.js';
import { openDatabase } from '../database.js';
import { migrationProvider } from './index.js';

const BEFORE = '202611260200_rom_notes';
const STAMP = '2026-01-02T03:04:05.000+00:00';

/** Name, file name and file name without tags of each ROM, stored the old way. */
const ROMS: [string | null, string, string][] = [
  [null, 'Kid Icarus (USA, Europe).nes', 'Kid Icarus'],
  ['Pokémon Puzzle League', 'Pokemon Puzzle (World) (Rev 1).n64', 'Pokemon Puzzle'],
  [null, 'Ski or Die (USA).nes', 'Ski or Die'],
];

async function databaseWithOldSearchText() {
  const db = openDatabase(makeTempDir('romshelf-migration-'));
  const migrator = new Migrator({ db, provider: migrationProvider });
  expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
  await sql`INSERT INTO platform (slug, fs_slug, name, created_at, updated_at)
    VALUES ('nes', 'nes', 'NES', ${STAMP}, ${STAMP})`.execute(db);
  for (const [name, fsName, noTags] of ROMS) {
    const oldText = `${name ?? noTags} ${fsName}`.toLowerCase();
    await sql`INSERT INTO rom (platform_id, fs_name, fs_name_no_tags, fs_name_no_ext,
        fs_extension, fs_path, fs_size_bytes, fs_mtime_ms, kind, name, name_sort_key,
        search_text, created_at, updated_at)
      VALUES (1, ${fsName}, ${noTags}, ${noTags}, 'nes', 'roms/nes', 1, 0, 'file', ${name},
        ${noTags}, ${oldText}, ${STAMP}, ${STAMP})`.execute(db);
  }
  return { db, migrator };
}

describe('migration 202611270200_rom_word_search', () => {
  it('rewrites search text without tags and indexes word starts; down restores rom_fts', async () => {
    const { db, migrator } = await databaseWithOldSearchText();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const texts = await sql<{ search_text: string }>`
      SELECT search_text FROM rom ORDER BY id`.execute(db);
    expect(texts.rows.map((row) => row.search_text)).toEqual([
      'kid icarus',
      'pokemon puzzle league pokemon puzzle',
      'ski or die',
    ]);
    const match = async (query: string) =>
      (
        await sql<{ rowid: number }>`SELECT rowid FROM rom_search
          WHERE rom_search MATCH ${query} ORDER BY rowid`.execute(db)
      ).rows.map((row) => row.rowid);
    expect(await match('" ki"')).toEqual([1]);
    expect(await match('"  p"')).toEqual([2]);
    expect(await match('"uzz"')).toEqual([2]);
    expect(await match('"usa"')).toEqual([]);
    expect(await match('"world"')).toEqual([]);
    const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master
      WHERE name LIKE 'rom_fts%'`.execute(db);
    expect(tables.rows).toEqual([]);

    // Deletes and search-text changes keep the index in step.
    await sql`DELETE FROM rom WHERE id = 3`.execute(db);
    expect(await match('"  s"')).toEqual([]);
    await sql`UPDATE rom SET search_text = 'kirby' WHERE id = 2`.execute(db);
    expect(await match('" ki"')).toEqual([1, 2]);
    expect(await match('"uzz"')).toEqual([]);

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const old = await sql<{ rowid: number }>`SELECT rowid FROM rom_fts
      WHERE rom_fts MATCH '"(usa"' ORDER BY rowid`.execute(db);
    expect(old.rows.map((row) => row.rowid)).toEqual([1]);
    await db.destroy();
  });
});
