import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { makeTempDir } from '../../../test/build-test-app.js';
import { openDatabase } from '../database.js';
import { migrationProvider } from './index.js';

const BEFORE = '202612010200_previous_login';
const STAMP = '2026-01-02T03:04:05.000+00:00';

describe('migrations 202612020400_rom_facet_counts and 202612020410_rom_versions', () => {
  it('count and rank the existing ROMs, and go back down to the schema before them', async () => {
    const db = openDatabase(makeTempDir('romshelf-migration-'));
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    // The statements, their spacing and quoting aside (a renamed table's gets quotes).
    const schema = async () =>
      (
        await sql<{ name: string; sql: string | null }>`SELECT name, sql FROM sqlite_master
          WHERE name NOT LIKE 'kysely\\_%' ESCAPE '\\' ORDER BY type, name`.execute(db)
      ).rows.map((row) => [row.name, row.sql?.replace(/"/g, '').replace(/\s+/g, ' ')]);
    const before = await schema();
    await sql`INSERT INTO platform (slug, fs_slug, name, created_at, updated_at)
      VALUES ('nes', 'nes', 'NES', ${STAMP}, ${STAMP})`.execute(db);
    const rom = async (fsName: string, regions: string) => {
      await sql`INSERT INTO rom (platform_id, fs_name, fs_name_no_tags, fs_name_no_ext,
          fs_extension, fs_path, fs_size_bytes, fs_mtime_ms, kind, name, name_sort_key,
          search_text, regions, igdb_id, created_at, updated_at)
        VALUES (1, ${fsName}, 'Alpha', ${fsName.replace('.nes', '')}, 'nes', 'roms/nes', 1, 0,
          'file', NULL, 'alpha', 'alpha', ${regions}, NULL, ${STAMP}, ${STAMP})`.execute(db);
    };
    await rom('Alpha (Japan).nes', '["Japan"]');
    await rom('Alpha (USA) (Beta).nes', '["USA"]');
    await rom('Alpha (Europe).nes', '["Europe"]');
    // Identified: the facet trigger indexes them.
    await sql`UPDATE rom SET igdb_id = 7`.execute(db);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const counts = await sql<{ kind: string; value: string; count: number }>`
      SELECT kind, value, count FROM rom_facet_count ORDER BY kind, value`.execute(db);
    expect(counts.rows).toEqual([
      { kind: 'matched', value: '1', count: 3 },
      { kind: 'regions', value: 'Europe', count: 1 },
      { kind: 'regions', value: 'Japan', count: 1 },
      { kind: 'regions', value: 'USA', count: 1 },
    ]);
    // Default priority us, wor, ss, eu, jp: the USA beta loses to the European release.
    const versions = await sql<{ rom_id: number; prerelease: number; region_rank: number }>`
      SELECT rom_id, prerelease, region_rank, is_winner FROM rom_version ORDER BY rom_id`.execute(
      db,
    );
    expect(versions.rows).toEqual([
      { rom_id: 1, prerelease: 0, region_rank: 4, is_winner: 0 },
      { rom_id: 2, prerelease: 1, region_rank: 0, is_winner: 0 },
      { rom_id: 3, prerelease: 0, region_rank: 3, is_winner: 1 },
    ]);

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect(await schema()).toEqual(before);
    const facets = await sql<{ n: number }>`SELECT count(*) AS n FROM rom_facet`.execute(db);
    expect(facets.rows).toEqual([{ n: 6 }]);
    await db.destroy();
  });
});
