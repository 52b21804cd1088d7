import { readFileSync } from 'node:fs';

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { makeTempDir } from '../../../test/build-test-app.js';
import { migratorOf, openDatabase } from '../database.js';

/** The last migration written before the migrations learned PostgreSQL. */
const LAST_SQLITE_ONLY = '202611290300_devices_and_sync';

interface SchemaEntry {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/**
 * `sqlite_master` of a database migrated up to LAST_SQLITE_ONLY, as those migrations created
 * it before they learned PostgreSQL (sqlite-schema.json was written from them then).
 */
const BEFORE_POSTGRES = JSON.parse(
  readFileSync(new URL('sqlite-schema.json', import.meta.url), 'utf8'),
) as SchemaEntry[];

describe('the SQLite schema', () => {
  it('is, statement for statement, the one the migrations created before PostgreSQL', async () => {
    const db = openDatabase(makeTempDir('romshelf-schema-'));
    expect((await migratorOf(db).migrateTo(LAST_SQLITE_ONLY)).error).toBeUndefined();
    const { rows } = await sql<SchemaEntry>`
      SELECT type, name, tbl_name, sql FROM sqlite_master
      WHERE name NOT LIKE 'kysely\\_%' ESCAPE '\\'
      ORDER BY type, name`.execute(db);
    await db.destroy();
    expect(rows).toEqual(BEFORE_POSTGRES);
    expect(rows.length).toBeGreaterThan(100);
  });
});
