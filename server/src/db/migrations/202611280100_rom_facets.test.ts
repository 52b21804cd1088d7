import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { makeTempDir } from '../../../test/build-test-app.js';
import { openDatabase } from '../database.js';
import { migrationProvider } from './index.js';

const BEFORE = '202611270500_task_runs';
const STAMP = '2026-01-02T03:04:05.000+00:00';

describe('migration 202611280100_rom_facets', () => {
  it('indexes the filter values of existing ROMs, follows updates and deletes, goes back down', async () => {
    const db = openDatabase(makeTempDir('romshelf-migration-'));
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await sql`INSERT INTO platform (slug, fs_slug, name, created_at, updated_at)
      VALUES ('nes', 'nes', 'NES', ${STAMP}, ${STAMP})`.execute(db);
    const rom = async (fsName: string, igdbId: number | null, metadatum: object | null) => {
      await sql`INSERT INTO rom (platform_id, fs_name, fs_name_no_tags, fs_name_no_ext,
          fs_extension, fs_path, fs_size_bytes, fs_mtime_ms, kind, name, name_sort_key,
          search_text, regions, languages, tags, igdb_id, metadatum, created_at, updated_at)
        VALUES (1, ${fsName}, 'x', 'x', 'nes', 'roms/nes', 1, 0, 'file', NULL, 'x', 'x',
          '["USA"]', '["English"]', '["Beta"]', ${igdbId},
          ${metadatum === null ? null : JSON.stringify(metadatum)}, ${STAMP}, ${STAMP})`.execute(
        db,
      );
    };
    await rom('a.nes', 10, { genres: ['RPG', 'Action'], player_count: 2 });
    // Metadata without a provider id is not shown, so it is not a filter value either.
    await rom('b.nes', null, { genres: ['Puzzle'] });

    expect((await migrator.migrateTo('202611280100_rom_facets')).error).toBeUndefined();
    const facets = async () =>
      (
        await sql<{ kind: string; value: string; rom_id: number }>`SELECT kind, value, rom_id
          FROM rom_facet ORDER BY rom_id, kind, value`.execute(db)
      ).rows.map((row) => `${row.rom_id}:${row.kind}=${row.value}`);
    expect(await facets()).toEqual([
      '1:genres=Action',
      '1:genres=RPG',
      '1:languages=English',
      '1:matched=1',
      '1:player_counts=2',
      '1:regions=USA',
      '1:tags=Beta',
      '2:languages=English',
      '2:regions=USA',
      '2:tags=Beta',
    ]);

    await sql`UPDATE rom SET igdb_id = 11, regions = '["Japan"]' WHERE id = 2`.execute(db);
    await sql`UPDATE rom SET hasheous_id = 4,
      metadata_results = '{"hasheous":{"raw":{"redump_match":true}}}' WHERE id = 1`.execute(db);
    await sql`DELETE FROM rom WHERE id = 1`.execute(db);
    await sql`UPDATE rom SET hasheous_id = 5,
      metadata_results = '{"hasheous":{"raw":{"redump_match":false}}}' WHERE id = 2`.execute(db);
    expect(await facets()).toEqual([
      '2:genres=Puzzle',
      '2:languages=English',
      '2:matched=1',
      '2:player_counts=1',
      '2:regions=Japan',
      '2:tags=Beta',
    ]);
    await sql`UPDATE rom SET metadata_results = '{"hasheous":{"raw":{"tosec_match":true}}}'
      WHERE id = 2`.execute(db);
    expect(await facets()).toContain('2:verified=1');

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const left = await sql<{ name: string }>`SELECT name FROM sqlite_master
      WHERE name LIKE 'rom_facet%'`.execute(db);
    expect(left.rows).toEqual([]);
    await db.destroy();
  });
});
