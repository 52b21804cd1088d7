import { CompiledQuery, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import { createTestDatabase, dropTestDatabase } from '../../../../test/postgres-databases.js';
import type { DatabaseConfig } from '../../../config/app-config.js';
import type { Db } from '../../../db/database.js';
import { openDatabase } from '../../../db/database.js';
import type { RomFilter } from './rom-list-filters.js';
import { filterClauses } from './rom-list-filters.js';
import { planSearch } from './rom-list-query.js';

const NOW = '2026-11-30T00:00:00.000Z';

const opened: { db: Db; database: DatabaseConfig }[] = [];

afterEach(async () => {
  for (const { db, database } of opened.splice(0)) {
    await db.destroy();
    await dropTestDatabase(database);
  }
});

/** A migrated database holding one platform and a ROM per search text. */
async function libraryOf(searchTexts: readonly string[]): Promise<Db> {
  const database = await createTestDatabase();
  const db = openDatabase(database);
  opened.push({ db, database });
  const platform = await db
    .insertInto('platform')
    .values({ slug: 'nes', fs_slug: 'nes', name: 'NES', created_at: NOW, updated_at: NOW })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('rom')
    .values(
      searchTexts.map((text, index) => ({
        platform_id: platform.id,
        fs_name: `${String(index)}.nes`,
        fs_name_no_tags: text,
        fs_name_no_ext: text,
        fs_extension: 'nes',
        fs_path: 'roms/nes',
        fs_size_bytes: 1,
        fs_mtime_ms: 1,
        kind: 'file',
        name_sort_key: text,
        search_text: text,
        regions: '[]',
        languages: '[]',
        tags: '[]',
        created_at: NOW,
        updated_at: NOW,
      })),
    )
    .execute();
  await sql`ANALYZE rom`.execute(db);
  return db;
}

function searchFilter(term: string): RomFilter {
  return {
    platformIds: [],
    search: planSearch(term),
    userId: 1,
    facets: [],
    providers: null,
    statuses: null,
    datStatuses: null,
    excludeHidden: false,
    flags: {},
    updatedAfter: null,
  };
}

function searched(db: Db, term: string) {
  let query = db.selectFrom('rom');
  for (const clause of filterClauses(searchFilter(term), 'postgres')) query = query.where(clause);
  return query;
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows': number;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/**
 * The executed plan of the search's count (the list's total), with sequential scans ruled out
 * where an index can answer.
 */
async function executedPlan(db: Db, term: string): Promise<PlanNode[]> {
  const compiled = searched(db, term)
    .select((eb) => eb.fn.countAll().as('total'))
    .compile();
  return db.connection().execute(async (connection) => {
    await connection.executeQuery(CompiledQuery.raw('SET enable_seqscan = off'));
    const { rows } = await connection.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
    );
    const [plan] = JSON.parse(rows[0]?.['QUERY PLAN'] ?? '[]') as { Plan: PlanNode }[];
    return plan === undefined ? [] : nodesOf(plan.Plan);
  });
}

describe('search on PostgreSQL', () => {
  it('finds short words at word starts and long ones anywhere, in list order', async () => {
    const db = await libraryOf(['kirby dream land', 'bike race', 'super mario 64', 'mario kart']);
    const names = async (term: string) =>
      (
        await searched(db, term)
          .select('rom.name_sort_key')
          .orderBy('rom.name_sort_key')
          .orderBy('rom.id')
          .execute()
      ).map((row) => row.name_sort_key);
    expect(await names('k')).toEqual(['kirby dream land', 'mario kart']);
    expect(await names('ka')).toEqual(['mario kart']);
    expect(await names('ike')).toEqual(['bike race']);
    expect(await names('6')).toEqual(['super mario 64']);
    expect(await names('mario k')).toEqual(['mario kart']);
  });

  it('answers a 1-2-letter word from the trigram index, reading only rows with such a word', async () => {
    // Every ROM holds a "k" inside a word; three have a word starting with "k".
    const texts = Array.from({ length: 300 }, (_, index) => `bike ${String(index)}`);
    const db = await libraryOf([...texts, 'kirby', 'mario kart', 'donkey kong']);
    for (const term of ['k', 'ko']) {
      const nodes = await executedPlan(db, term);
      expect(nodes.some((node) => node['Node Type'] === 'Seq Scan')).toBe(false);
      const indexScans = nodes.filter((node) => node['Index Name'] === 'rom_search_text_trgm_idx');
      expect(indexScans.length).toBeGreaterThan(0);
      // The index narrows to the candidates of a word start, never the 303 rows.
      for (const scan of indexScans) expect(scan['Actual Rows']).toBeLessThanOrEqual(3);
    }
  });

  it('answers a 3+-letter term inside a word from the trigram index', async () => {
    const texts = Array.from({ length: 300 }, (_, index) => `bike ${String(index)}`);
    const db = await libraryOf([...texts, 'metroid', 'super metroid', 'kirby']);
    const nodes = await executedPlan(db, 'troid');
    expect(nodes.some((node) => node['Node Type'] === 'Seq Scan')).toBe(false);
    const indexScans = nodes.filter((node) => node['Index Name'] === 'rom_search_text_trgm_idx');
    expect(indexScans.map((scan) => scan['Actual Rows'])).toEqual([2]);
  });
});
