import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { makeTempDir } from '../../../test/build-test-app.js';
import { storeDat } from '../../../test/stored-dats.js';
import { fillPlanLibrary, planOf } from '../../../test/list-plan-library.js';
import type { Db } from '../../db/database.js';
import { migrateToLatest, openDatabase } from '../../db/database.js';
import type { RomFilter, RomFlags } from '../roms/list/rom-list-filters.js';
import type { RomPageQuery } from '../roms/list/rom-list.repository.js';
import { RomListRepository } from '../roms/list/rom-list.repository.js';

const ROMS = 12_000;

let db: Db;

beforeAll(async () => {
  db = openDatabase(makeTempDir('romshelf-dat-plans-'));
  await migrateToLatest(db);
  await fillPlanLibrary(db, ROMS, 4);
  const datId = await storeDat(db, { name: 'Set', platformId: null }, {});
  // Every ROM judged: one in four of each status, as after a verification.
  await sql`INSERT INTO rom_dat_status (rom_id, dat_id, dat_game_id, status)
    SELECT id, ${datId}, NULL, CASE id % 4 WHEN 0 THEN 'verified' WHEN 1 THEN 'renamed'
      WHEN 2 THEN 'incomplete' ELSE 'unknown' END FROM rom`.execute(db);
  await sql`ANALYZE`.execute(db);
}, 120_000);

afterAll(async () => {
  await db.destroy();
});

function pageOf(filter: Partial<RomFilter>, flags: RomFlags = {}): RomPageQuery {
  return {
    platformIds: [],
    search: null,
    userId: 1,
    facets: [],
    providers: null,
    statuses: null,
    datStatuses: null,
    excludeHidden: false,
    flags,
    updatedAfter: null,
    orderBy: 'name_sort_key',
    direction: 'asc',
    limit: 72,
    offset: 7_200,
    ...filter,
  };
}

/** Every row of SQLite's plan, subqueries included. */
async function planRows(query: RomPageQuery): Promise<string[]> {
  const compiled = new RomListRepository(db).pageQuery(query).compile();
  const { rows } = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
  );
  return rows.map((row) => row.detail);
}

/**
 * A filter naming statuses reads the matching ids from the status index and looks the ROMs up
 * by primary key (the list's order is then kept per data version, as for a facet); a filter
 * leaving statuses out pages along the sort index, probing the status index's ids.
 */
describe('the DAT filters’ plans (SQLite)', () => {
  const cases: [string, RomPageQuery, 'lookups' | 'sort index'][] = [
    ['a DAT status', pageOf({ datStatuses: { values: ['renamed'], logic: 'any' } }), 'lookups'],
    [
      'no DAT status',
      pageOf({ datStatuses: { values: ['unknown'], logic: 'none' } }),
      'sort index',
    ],
    ['in set', pageOf({}, { inSet: true }), 'lookups'],
    ['not in set', pageOf({}, { inSet: false }), 'sort index'],
    ['verified', pageOf({}, { verified: true }), 'lookups'],
  ];
  for (const [label, query, read] of cases) {
    it(`finds ${label} through rom_dat_status_status_idx, never scanning a table`, async () => {
      const rows = await planRows(query);
      expect(rows).toContain(
        'SEARCH rom_dat_status USING COVERING INDEX rom_dat_status_status_idx (status=?)',
      );
      expect(rows.filter((row) => row.startsWith('SCAN') && !row.includes(' USING '))).toEqual([]);
      const plan = await planOf(db, new RomListRepository(db).pageQuery(query).compile());
      expect(plan.scansTable).toBe(false);
      if (read === 'lookups') {
        expect(plan.indexes).toContain('primary key');
      } else {
        expect(plan.indexes).toEqual(['rom_name_sort_key_idx']);
        expect(plan.sorts).toBe(false);
      }
    });
  }
});
