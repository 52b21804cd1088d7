import { rmSync } from 'node:fs';
import path from 'node:path';

import type { Platform, RomListPage } from '@romshelf/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import type { Db } from '../../../db/database.js';
import { engineOf } from '../../../db/engine.js';
import { romFacetRowsSql } from '../../../db/rom-facets-sql.js';
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
  };
  return { ...test, session, db, platformId, romId, valueCounts, expectExact };
}

describe('rom_facet_count (filter values kept on write)', () => {
  it('stays exact through scans, identification, edits, deletes and rescans', async () => {
    const t = await setup();
    try {
      const nes = t.platformId('nes');
      const snes = t.platformId('snes');
      await t.expectExact();
      expect((await t.valueCounts()).regions).toEqual({ Europe: 2, Japan: 1, USA: 3 });

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
      // Delta's regions read from its name again; Alpha (USA) found again; Zeta kept, missing.
      expect((await t.valueCounts()).regions).toEqual({ Brazil: 1, Europe: 2, Japan: 2, USA: 3 });

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
