import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { makeTempDir } from '../../../test/build-test-app.js';
import type { Db } from '../../db/database.js';
import { migrateToLatest, openDatabase } from '../../db/database.js';
import { DataVersions } from '../../db/data-versions.js';
import { PlatformsRepository } from './platforms.repository.js';

let db: Db;

beforeAll(async () => {
  db = openDatabase(makeTempDir('romshelf-platform-plans-'));
  await migrateToLatest(db);
});

afterAll(async () => {
  await db.destroy();
});

/** Keeps the operation nodes of the queries run through it. */
function capturing(nodes: RootOperationNode[]): KyselyPlugin {
  return {
    transformQuery: ({ node }) => {
      nodes.push(node);
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  };
}

describe('the platform list (SQLite)', () => {
  it('counts and sizes each platform from indexes alone, never reading ROM rows', async () => {
    const nodes: RootOperationNode[] = [];
    const repository = new PlatformsRepository(db.withPlugin(capturing(nodes)), new DataVersions());
    await repository.listWithStats();
    const [node] = nodes;
    if (node === undefined) throw new Error('the list ran no query');
    const query = db.getExecutor().compileQuery(node, { queryId: 'platform-list' });
    const { rows } = await sql<{
      detail: string;
    }>`EXPLAIN QUERY PLAN ${sql.raw(query.sql)}`.execute(db);
    const romReads = rows.map((row) => row.detail).filter((detail) => detail.includes(' rom '));
    expect(romReads).toEqual([
      expect.stringMatching(/^SEARCH rom USING COVERING INDEX \w+ \(platform_id=\?\)$/),
      expect.stringMatching(/^SEARCH rom USING COVERING INDEX \w+ \(platform_id=\?\)$/),
      'SEARCH rom USING COVERING INDEX rom_platform_missing_size_idx (platform_id=?)',
    ]);
  });
});
