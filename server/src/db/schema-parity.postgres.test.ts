import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { makeTempDir } from '../../test/build-test-app.js';
import { createTestDatabase } from '../../test/postgres-databases.js';
import type { Db } from './database.js';
import { migrateToLatest, openDatabase } from './database.js';

interface Column {
  table: string;
  column: string;
  type: string;
  notNull: boolean;
}

/** PostgreSQL's names of the SQLite types the migrations declare (database.ts maps them). */
function sqliteTypeOf(type: string, length: number | null): string {
  if (type === 'bigint') return 'integer';
  if (type === 'double precision') return 'real';
  if (type === 'character varying') return `varchar(${String(length)})`;
  // JSON that queries look into is jsonb on PostgreSQL and text on SQLite.
  if (type === 'jsonb') return 'text';
  return type;
}

/** Columns of the tables holding data (not the migrator's, SQLite's or full-text indexes'). */
async function sqliteColumns(db: Db): Promise<Column[]> {
  const { rows } = await sql<{ table: string; column: string; type: string; not_null: number }>`
    SELECT m.name AS "table", c.name AS "column", lower(c.type) AS type,
      (c."notnull" OR c.pk > 0) AS not_null
    FROM sqlite_master AS m, pragma_table_xinfo(m.name) AS c
    WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
      AND m.name NOT LIKE 'kysely\\_%' ESCAPE '\\' AND m.name NOT LIKE 'rom\\_search%' ESCAPE '\\'
    ORDER BY 1, 2`.execute(db);
  return rows.map((row) => ({
    table: row.table,
    column: row.column,
    type: row.type,
    notNull: row.not_null === 1,
  }));
}

async function postgresColumns(db: Db, tables: Set<string>): Promise<Column[]> {
  const { rows } = await sql<{
    table: string;
    column: string;
    type: string;
    length: number | null;
    nullable: string;
  }>`
    SELECT table_name AS "table", column_name AS "column", data_type AS type,
      character_maximum_length AS length, is_nullable AS nullable
    FROM information_schema.columns WHERE table_schema = current_schema()
    ORDER BY 1, 2`.execute(db);
  return (
    rows
      // SQLite's implicit rowid, a column on PostgreSQL where queries order by it.
      .filter((row) => tables.has(row.table) && row.column !== 'rowid')
      .map((row) => ({
        table: row.table,
        column: row.column,
        type: sqliteTypeOf(row.type, row.length),
        notNull: row.nullable === 'NO',
      }))
  );
}

describe('the PostgreSQL schema', () => {
  it('has the tables, columns, types, nullability and named indexes of the SQLite one', async () => {
    const sqlite = openDatabase(makeTempDir('romshelf-parity-'));
    await migrateToLatest(sqlite);
    const postgres = openDatabase(await createTestDatabase());
    try {
      const expected = await sqliteColumns(sqlite);
      const tables = new Set(expected.map((column) => column.table));
      expect(tables.size).toBeGreaterThan(25);
      const { rows: postgresTables } = await sql<{ name: string }>`
        SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(postgres);
      expect(postgresTables.map((row) => row.name)).toEqual(expect.arrayContaining([...tables]));
      const columns = await postgresColumns(postgres, tables);
      expect(columns.map((c) => `${c.table}.${c.column}`)).toEqual(
        expected.map((c) => `${c.table}.${c.column}`),
      );
      expect(columns).toEqual(expected);

      const { rows: sqliteIndexes } = await sql<{ name: string }>`
        SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL`.execute(sqlite);
      const { rows: postgresIndexes } = await sql<{ name: string }>`
        SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema()`.execute(
        postgres,
      );
      expect(postgresIndexes.map((row) => row.name)).toEqual(
        expect.arrayContaining(sqliteIndexes.map((row) => row.name)),
      );
    } finally {
      await sqlite.destroy();
      await postgres.destroy();
    }
  });
});
