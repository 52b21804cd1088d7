import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { fillPlanLibrary, planOf } from '../../../../test/list-plan-library.js';
import {
  createTestDatabase,
  dropTestDatabase,
  testsRunOnPostgres,
} from '../../../../test/postgres-databases.js';
import type { Db } from '../../../db/database.js';
import { migrateToLatest, openDatabase } from '../../../db/database.js';
import type { RomPageQuery } from '../list/rom-list.repository.js';
import { RomListRepository } from '../list/rom-list.repository.js';

const engine = testsRunOnPostgres() ? 'postgres' : 'sqlite';

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  if (engine === 'postgres') {
    const database = await createTestDatabase();
    db = openDatabase(database);
    close = async () => {
      await db.destroy();
      await dropTestDatabase(database);
    };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'romshelf-preferred-plans-'));
    db = openDatabase(dir);
    await migrateToLatest(db);
    close = async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  await fillPlanLibrary(db, 3_000, 2);
}, 120_000);

afterAll(async () => {
  await close();
});

const firstPage: RomPageQuery = {
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
  grouping: {
    userId: 1,
    regionPriority: ['us'],
    preferred: { regions: ['USA', 'Europe'], languages: ['En'], withPrereleases: false },
  },
  orderBy: 'name_sort_key',
  direction: 'asc',
  limit: 72,
  offset: 0,
};

/** The winners are ranked once in a subquery; the page around them is what is planned here. */
describe(`one game, one ROM page plan (${engine})`, () => {
  it('reads the preferred versions in the order of the name index, without sorting them', async () => {
    const plan = await planOf(db, new RomListRepository(db).pageQuery(firstPage).compile());
    expect(plan.indexes).toContain(
      engine === 'postgres' ? 'rom_name_sort_key_idx (index only)' : 'rom_name_sort_key_idx',
    );
    expect(plan.sorts).toBe(false);
    expect(plan.scansTable).toBe(false);
  });
});
