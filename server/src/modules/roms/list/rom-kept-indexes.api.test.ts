import { rmSync } from 'node:fs';
import path from 'node:path';

import type { Platform, RomListPage } from '@romshelf/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import type { Db } from '../../../db/database.js';
import { engineOf } from '../../../db/engine.js';
import { romFacetRowsSql } from '../../../db/rom-facets-sql.js';
import { prereleaseSql, regionRankSql } from '../versions/rom-version-ranks.js';
import {
  ADMIN_AUTH,
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../../test/library-fixtures.js';

const FILES = {
  'roms/nes/Alpha (USA).nes': 'alpha-usa',
  'roms/nes/Alpha (Japan) (Beta).nes': 'alpha-japan',
  'roms/nes/Gamma (USA, Europe) (En,Fr).nes': 'gamma',
  'roms/snes/Delta (Europe).sfc': 'delta',
  'roms/snes/Zeta (USA) (Proto).sfc': 'zeta',
};

type CountRow = { kind: string; value: string; platform_id: number; count: number };

/** `rom_facet_count` as kept by the triggers. */
async function keptCounts(db: Db): Promise<CountRow[]> {
  const { rows } =
    await sql<CountRow>`SELECT kind, value, CAST(platform_id AS INTEGER) AS platform_id,
      CAST(count AS INTEGER) AS count FROM rom_facet_count
    ORDER BY kind, value, platform_id`.execute(db);
  return rows;
}

/** The same counts computed afresh from the ROM rows, as the facet index would derive them. */
async function derivedCounts(db: Db): Promise<CountRow[]> {
  const rows = romFacetRowsSql('1 = 1', engineOf(db), true);
  const { rows: counts } = await sql<CountRow>`
    WITH f (kind, value, rom_id, platform_id) AS (${sql.raw(rows)})
    SELECT kind, value, CAST(platform_id AS INTEGER) AS platform_id,
      CAST(count(*) AS INTEGER) AS count FROM f
    GROUP BY kind, value, platform_id ORDER BY kind, value, platform_id`.execute(db);
  return counts;
}

type VersionRow = {
  rom_id: number;
  group_key: string;
  prerelease: number;
  region_rank: number;
  fs_name_no_ext: string;
  is_winner: number;
};

/** `rom_version` as kept by the triggers. */
async function keptVersions(db: Db): Promise<VersionRow[]> {
  const { rows } = await sql<VersionRow>`SELECT CAST(rom_id AS INTEGER) AS rom_id, group_key,
      prerelease, region_rank, fs_name_no_ext, is_winner FROM rom_version
    ORDER BY rom_id`.execute(db);
  return rows;
}

/** The same rows ranked afresh from the ROM rows, each group's best member the winner. */
async function derivedVersions(db: Db): Promise<VersionRow[]> {
  const engine = engineOf(db);
  const { rows } = await sql<VersionRow>`
    WITH v AS (SELECT rom.id AS rom_id, rom.group_key,
        ${sql.raw(prereleaseSql(engine, 'rom.fs_name'))} AS prerelease,
        CAST(${sql.raw(regionRankSql(engine, 'rom.regions'))} AS INTEGER) AS region_rank,
        rom.fs_name_no_ext FROM rom)
    SELECT CAST(rom_id AS INTEGER) AS rom_id, group_key, prerelease, region_rank, fs_name_no_ext,
      CASE WHEN row_number() OVER (PARTITION BY group_key
        ORDER BY prerelease, region_rank, fs_name_no_ext, rom_id) = 1 THEN 1 ELSE 0 END AS is_winner
    FROM v ORDER BY rom_id`.execute(db);
  return rows;
}

async function setup() {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  const session = await login(test.app);
  writeTree(test.config.libraryDir, FILES);
  await scanLibrary(test.app, session);
  const db = await openTestDatabase(test.dataDir);
  const get = async <T>(url: string): Promise<T> => {
    const response = await test.app.inject({ url, headers: { cookie: session.cookie } });
    expect(response.statusCode).toBe(200);
    return response.json<T>();
  };
  const platforms = await get<Platform[]>('/api/platforms');
  const platformId = (slug: string) => platforms.find((p) => p.slug === slug)?.id ?? -1;
  const romId = async (fsName: string) =>
    (await sql<{ id: number }>`SELECT id FROM rom WHERE fs_name = ${fsName}`.execute(db)).rows[0]
      ?.id ?? -1;
  /** `filter_value_counts` of a scope, as the gallery reads them. */
  const valueCounts = async (query = '') =>
    (await get<RomListPage>(`/api/roms?limit=1&with_char_index=false${query}`)).filter_value_counts;
  const expectExact = async () => {
    expect(await keptCounts(db)).toEqual(await derivedCounts(db));
    expect(await keptVersions(db)).toEqual(await derivedVersions(db));
  };
  return { ...test, session, db, platformId, romId, valueCounts, expectExact };
}

describe('indexes kept on write: rom_facet_count (filter values), rom_version (grouping)', () => {
  it('stays exact through scans, identification, edits, deletes and rescans', async () => {
    const t = await setup();
    try {
      const nes = t.platformId('nes');
      const snes = t.platformId('snes');
      await t.expectExact();
      expect((await t.valueCounts()).regions).toEqual({ Europe: 2, Japan: 1, USA: 3 });
      expect((await keptVersions(t.db)).filter((row) => row.is_winner === 1).length).toBe(4);

      // Identification: one UPDATE per ROM, the facet trigger re-deriving its rows.
      const metadatum = JSON.stringify({ genres: ['RPG', 'Action'], player_count: '2' });
      await sql`UPDATE rom SET igdb_id = 1, metadatum = ${metadatum}
        WHERE fs_name IN ('Alpha (USA).nes', 'Delta (Europe).sfc')`.execute(t.db);
      await sql`UPDATE rom SET ss_id = 9, metadatum = ${JSON.stringify({ genres: ['RPG'] })}
        WHERE fs_name = 'Gamma (USA, Europe) (En,Fr).nes'`.execute(t.db);
      await t.expectExact();
      // The writes above bypassed the API: a platform edit tells the server data changed.
      const renamed = await t.app.inject({
        method: 'PUT',
        url: `/api/platforms/${String(nes)}`,
        headers: { authorization: ADMIN_AUTH, 'content-type': 'application/json' },
        payload: { custom_name: 'Famicom' },
      });
      expect(renamed.statusCode).toBe(200);
      expect((await t.valueCounts()).genres).toEqual({ Action: 2, RPG: 3 });
      expect((await t.valueCounts(`&platform_id=${String(snes)}`)).genres).toEqual({
        Action: 1,
        RPG: 1,
      });
      expect((await t.valueCounts(`&platform_id=${String(nes)}`)).player_counts).toEqual({
        '1': 1,
        '2': 1,
      });

      // A changed source column moves a ROM's counts; an unidentified one loses its metadata rows.
      await sql`UPDATE rom SET igdb_id = NULL, regions = '["Japan"]'
        WHERE fs_name = 'Delta (Europe).sfc'`.execute(t.db);
      await t.expectExact();
      // Another version of Alpha's game: the winner changes with its name and regions.
      await sql`UPDATE rom SET igdb_id = 1 WHERE fs_name = 'Alpha (Japan) (Beta).nes'`.execute(
        t.db,
      );
      await t.expectExact();
      await sql`UPDATE rom SET fs_name = 'Alpha (Japan).nes', regions = '["World"]'
        WHERE fs_name = 'Alpha (Japan) (Beta).nes'`.execute(t.db);
      await t.expectExact();

      // Rows deleted through the API (cascading to their facet rows).
      const deleted = await t.app.inject({
        method: 'POST',
        url: '/api/roms/delete',
        headers: { authorization: ADMIN_AUTH },
        payload: { roms: [await t.romId('Alpha (USA).nes')], delete_from_fs: [] },
      });
      expect(deleted.statusCode).toBe(200);
      await t.expectExact();
      expect((await t.valueCounts()).genres).toEqual({ RPG: 1 });

      // A rescan: one file gone, two new ones (one in a new platform), the rest unchanged.
      rmSync(path.join(t.config.libraryDir, 'roms/snes/Zeta (USA) (Proto).sfc'));
      writeTree(t.config.libraryDir, {
        'roms/nes/Omega (Brazil) (Pt).nes': 'omega',
        'roms/gb/Kappa (Japan).gb': 'kappa',
      });
      await scanLibrary(t.app, t.session, { type: 'complete' });
      await t.expectExact();
      // Delta's regions read from its name again; Alpha (USA) and Alpha (Japan) (Beta) found
      // again; Zeta and the renamed row kept, missing.
      expect((await t.valueCounts()).regions).toEqual({
        Brazil: 1,
        Europe: 2,
        Japan: 2,
        USA: 3,
        World: 1,
      });

      // A platform deleted with its ROMs.
      const gone = await t.app.inject({
        method: 'DELETE',
        url: `/api/platforms/${String(snes)}`,
        headers: { authorization: ADMIN_AUTH },
      });
      expect(gone.statusCode).toBe(200);
      await t.expectExact();
      const left = await sql<{ n: number }>`SELECT CAST(count(*) AS INTEGER) AS n
        FROM rom_facet_count WHERE platform_id = ${snes}`.execute(t.db);
      expect(left.rows).toEqual([{ n: 0 }]);
    } finally {
      await t.db.destroy();
    }
  });
});
