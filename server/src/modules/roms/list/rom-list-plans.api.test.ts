import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PlanSummary } from '../../../../test/list-plan-library.js';
import { fillPlanLibrary, planOf } from '../../../../test/list-plan-library.js';
import {
  createTestDatabase,
  dropTestDatabase,
  testsRunOnPostgres,
} from '../../../../test/postgres-databases.js';
import type { Db } from '../../../db/database.js';
import { migrateToLatest, openDatabase } from '../../../db/database.js';
import type { RomFilter } from './rom-list-filters.js';
import type { RomPageQuery, RomSortColumn } from './rom-list.repository.js';
import { RomListRepository } from './rom-list.repository.js';

const ROMS = 12_000;
const PLATFORMS = 4;
const PAGE = 72;
/** About 70 % into the list, as the bench's deep page. */
const DEEP = Math.floor((ROMS * 0.7) / PAGE) * PAGE;
const engine = testsRunOnPostgres() ? 'postgres' : 'sqlite';

let db: Db;
let close: () => Promise<void>;
let firstPlatformId: number;

beforeAll(async () => {
  if (engine === 'postgres') {
    const database = await createTestDatabase();
    db = openDatabase(database);
    close = async () => {
      await db.destroy();
      await dropTestDatabase(database);
    };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'romshelf-plans-'));
    db = openDatabase(dir);
    await migrateToLatest(db);
    close = async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  await fillPlanLibrary(db, ROMS, PLATFORMS);
  const platform = await db.selectFrom('platform').select('id').orderBy('id').executeTakeFirst();
  firstPlatformId = platform?.id ?? 0;
}, 120_000);

afterAll(async () => {
  await close();
});

function pageOf(
  orderBy: RomSortColumn,
  direction: 'asc' | 'desc',
  filter: Partial<RomPageQuery> = {},
): RomPageQuery {
  const none: RomFilter = {
    platformIds: [],
    search: null,
    userId: 1,
    facets: [],
    providers: null,
    statuses: null,
    datStatuses: null,
    excludeHidden: false,
    flags: {},
    updatedAfter: null,
  };
  return { ...none, orderBy, direction, limit: PAGE, offset: DEEP, ...filter };
}

function planOfPage(query: RomPageQuery): Promise<PlanSummary> {
  return planOf(db, new RomListRepository(db).pageQuery(query).compile());
}

/** The index each engine reads a page by (PostgreSQL: index-only where it can). */
type Expected = Record<'sqlite' | 'postgres', string>;

/**
 * Deep pages of the main list orders, planned on a 12k-ROM library: each read from its sort
 * index in order, never by sorting the ROMs before the offset. A lost index (or one that lacks
 * the `id` tie-break on PostgreSQL) shows here as a sort or another index.
 */
describe(`list page plans (${engine})`, () => {
  const cases: [string, () => RomPageQuery, Expected][] = [
    [
      'by name',
      () => pageOf('name_sort_key', 'asc'),
      { sqlite: 'rom_name_sort_key_idx', postgres: 'rom_name_sort_key_idx (index only)' },
    ],
    [
      'by name, descending',
      () => pageOf('name_sort_key', 'desc'),
      { sqlite: 'rom_name_sort_key_idx', postgres: 'rom_name_sort_key_idx (index only)' },
    ],
    [
      'by size, descending',
      () => pageOf('fs_size_bytes', 'desc'),
      { sqlite: 'rom_fs_size_bytes_idx', postgres: 'rom_fs_size_bytes_idx (index only)' },
    ],
    [
      'by date added',
      () => pageOf('created_at', 'asc'),
      { sqlite: 'rom_created_at_idx', postgres: 'rom_created_at_idx (index only)' },
    ],
    [
      'by file name',
      () => pageOf('fs_name', 'asc'),
      { sqlite: 'rom_fs_name_idx', postgres: 'rom_fs_name_idx (index only)' },
    ],
    [
      'by release date',
      () => pageOf('first_release_date', 'asc'),
      { sqlite: 'rom_release_date_idx', postgres: 'rom_release_date_idx (index only)' },
    ],
    [
      'one platform, by name',
      () => pageOf('name_sort_key', 'asc', { platformIds: [firstPlatformId], offset: 2016 }),
      {
        sqlite: 'rom_platform_name_sort_key_idx',
        postgres: 'rom_platform_name_sort_key_idx (index only)',
      },
    ],
    [
      'one platform, by file name, descending',
      () => pageOf('fs_name', 'desc', { platformIds: [firstPlatformId], offset: 2016 }),
      { sqlite: 'sqlite_autoindex_rom_1', postgres: 'rom_platform_fs_name_idx (index only)' },
    ],
    [
      'one card per game, by name',
      () => pageOf('name_sort_key', 'asc', { grouping: { userId: 1, regionPriority: ['us'] } }),
      { sqlite: 'rom_name_sort_key_idx', postgres: 'rom_name_sort_key_idx (index only)' },
    ],
  ];
  for (const [label, query, expected] of cases) {
    it(`reads a deep page ${label} from its index, without sorting`, async () => {
      const plan = await planOfPage(query());
      expect(plan.indexes).toContain(expected[engine]);
      expect(plan.sorts).toBe(false);
      expect(plan.scansTable).toBe(false);
    });
  }

  // PostgreSQL weighs the lookups against reading the platform's part of an index, by cost.
  it('looks the ids a random pick samples up by primary key or an index, never scanning all ROMs', async () => {
    const sample = Array.from({ length: 64 }, (_, index) => index * 150 + 1);
    const query = new RomListRepository(db).idsQuery(
      pageOf('id', 'asc', { platformIds: [firstPlatformId] }),
      sample,
    );
    const plan = await planOf(db, query.compile());
    if (engine === 'sqlite') expect(plan.indexes).toEqual(['primary key']);
    expect(plan.indexes).not.toEqual([]);
    expect(plan.scansTable).toBe(false);
  });

  it('pages by id along the primary key, without sorting', async () => {
    const plan = await planOfPage(pageOf('id', 'desc'));
    expect(plan.sorts).toBe(false);
    expect(plan.indexes).toEqual(engine === 'postgres' ? ['rom_pkey (index only)'] : []);
  });
});

/**
 * The one pass that keeps a list's order for its deep pages (`orderedWithChars`): by name, the
 * whole library or a platform read along the name index alone. By size PostgreSQL reads each
 * ROM's first character from the table, so it scans and sorts rather than visit every row
 * through the index; SQLite reads along the index.
 */
describe(`kept order plans (${engine})`, () => {
  const along = (index: string): PlanSummary => ({
    indexes: [index],
    sorts: false,
    scansTable: false,
  });
  const cases: [string, () => RomPageQuery, Record<'sqlite' | 'postgres', PlanSummary>][] = [
    [
      'by name',
      () => pageOf('name_sort_key', 'asc'),
      {
        sqlite: along('rom_name_sort_key_idx'),
        postgres: along('rom_name_sort_key_idx (index only)'),
      },
    ],
    [
      'by size, descending',
      () => pageOf('fs_size_bytes', 'desc'),
      {
        sqlite: along('rom_fs_size_bytes_idx'),
        postgres: { indexes: [], sorts: true, scansTable: true },
      },
    ],
    [
      'one platform, by name',
      () => pageOf('name_sort_key', 'asc', { platformIds: [firstPlatformId] }),
      {
        sqlite: along('rom_platform_name_sort_key_idx'),
        postgres: along('rom_platform_name_sort_key_idx (index only)'),
      },
    ],
  ];
  for (const [label, query, expected] of cases) {
    it(`reads the whole order ${label} in one pass`, async () => {
      const repository = new RomListRepository(db);
      const compiled = repository.orderedWithCharsQuery(query(), 'sort_char').compile();
      expect(await planOf(db, compiled)).toEqual(expected[engine]);
    });
  }
});
