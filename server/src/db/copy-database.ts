import type { Kysely } from 'kysely';
import { sql } from 'kysely';

import type { Db } from './database.js';
import { migrateToLatest } from './database.js';
import { engineOf } from './engine.js';

/** Rows per INSERT: well under PostgreSQL's 65,535 bound parameters for the widest table. */
const INSERT_PARAMETERS = 30_000;
/** Rows read from the source at a time. */
const READ_CHUNK = 2_000;
/**
 * Tables the target's triggers fill from the copied rows (`rom_facet_count` from `rom_facet`,
 * `rom_version` from `rom`): not copied, only compared afterwards.
 */
const DERIVED_TABLES: ReadonlySet<string> = new Set(['rom_facet_count', 'rom_version']);
/**
 * Tables the app rewrites from its configuration (the region ranks of the version groups; the
 * target's migration wrote the defaults): neither copied nor compared.
 */
const CONFIGURED_TABLES: ReadonlySet<string> = new Set(['rom_version_region']);
/** Values kept to spare work (each ROM's list JSON): the target writes its own as it lists. */
const KEPT_TABLES: ReadonlySet<string> = new Set(['rom_list_json']);
/**
 * Tables the target's migrations seed (the built-in permission groups and their grants): the
 * source holds the same rows, perhaps edited, so the target's are replaced by them.
 */
const SEEDED_TABLES: ReadonlySet<string> = new Set(['permission_group', 'permission_group_grant']);

export interface TableCopy {
  table: string;
  sourceRows: number;
  targetRows: number;
}

export interface CopyReport {
  tables: TableCopy[];
  /** SQLite's full-text indexes: PostgreSQL indexes the copied rows its own way. */
  skipped: string[];
}

/** Thrown when a copy cannot start or does not verify; nothing is committed then. */
export class CopyError extends Error {
  override readonly name = 'CopyError';
}

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/**
 * Copies every row of an SQLite database into an empty PostgreSQL one: both are migrated to
 * the latest schema first, tables are filled parents first in one transaction (all or
 * nothing), identity counters continue after the copied ids, the target's statistics are
 * gathered, and each table's row count is compared afterwards. Generated columns are computed
 * again by the target.
 */
export async function copyDatabase(
  source: Db,
  target: Db,
  onTable: (copy: TableCopy) => void = () => undefined,
): Promise<CopyReport> {
  if (engineOf(source) !== 'sqlite' || engineOf(target) !== 'postgres') {
    throw new CopyError('the copy goes from an SQLite database to a PostgreSQL one');
  }
  await migrateToLatest(source);
  await migrateToLatest(target);
  const sourceTables = await sqliteTables(source);
  const targetTables = new Set(await postgresTables(target));
  const tables = sourceTables.stored.filter(
    (table) => targetTables.has(table) && !CONFIGURED_TABLES.has(table) && !KEPT_TABLES.has(table),
  );
  for (const table of tables) {
    if (DERIVED_TABLES.has(table) || SEEDED_TABLES.has(table)) continue;
    const rows = await countRows(target, table);
    if (rows > 0) {
      throw new CopyError(
        `the target database is not empty (${table} holds ${rows} rows): copy into a new database`,
      );
    }
  }

  const ordered = parentsFirst(tables, await sqliteParents(source, tables));
  await target.transaction().execute(async (trx) => {
    for (const table of [...ordered].reverse().filter((name) => SEEDED_TABLES.has(name))) {
      await sql`DELETE FROM ${sql.table(table)}`.execute(trx);
    }
    for (const table of ordered) {
      if (DERIVED_TABLES.has(table)) continue;
      const columns = await sqliteColumns(source, table);
      await copyRows(source as unknown as AnyDb, trx as unknown as AnyDb, table, columns);
    }
    await continueIdentities(trx);
  });
  // Fresh statistics, so the first queries on the copy are planned for its real size, and the
  // pages marked all-visible, so sorted list pages are read from their indexes alone.
  await sql`VACUUM ANALYZE`.execute(target);

  const copies: TableCopy[] = [];
  for (const table of ordered) {
    const copy = {
      table,
      sourceRows: await countRows(source, table),
      targetRows: await countRows(target, table),
    };
    onTable(copy);
    copies.push(copy);
  }
  const wrong = copies.filter((copy) => copy.sourceRows !== copy.targetRows);
  if (wrong.length > 0) {
    const list = wrong.map((copy) => `${copy.table} ${copy.sourceRows} → ${copy.targetRows}`);
    throw new CopyError(`row counts differ after the copy: ${list.join(', ')}`);
  }
  return { tables: copies, skipped: sourceTables.virtual };
}

async function copyRows(
  source: AnyDb,
  target: AnyDb,
  table: string,
  columns: string[],
): Promise<void> {
  const batchRows = Math.max(1, Math.floor(INSERT_PARAMETERS / columns.length));
  let batch: Record<string, unknown>[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    try {
      await target.insertInto(table).values(batch).execute();
    } catch (error) {
      const cause = error instanceof Error ? error.message : String(error);
      throw new CopyError(`copying ${table} failed: ${cause}`, { cause: error });
    }
    batch = [];
  };
  for await (const row of source.selectFrom(table).select(columns).stream(READ_CHUNK)) {
    batch.push(row);
    if (batch.length >= batchRows) await flush();
  }
  await flush();
}

async function countRows(db: Db, table: string): Promise<number> {
  const { rows } = await sql<{ count: number | string }>`
    SELECT count(*) AS count FROM ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/**
 * The tables holding rows of their own (not the migrator's or SQLite's), and the virtual ones
 * (full-text indexes, whose storage tables are left out too).
 */
async function sqliteTables(db: Db): Promise<{ stored: string[]; virtual: string[] }> {
  const { rows } = await sql<{ name: string; virtual: number }>`
    SELECT name, sql LIKE 'CREATE VIRTUAL TABLE%' AS virtual FROM sqlite_master AS t
    WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
      AND name NOT LIKE 'kysely\\_%' ESCAPE '\\'
      AND NOT EXISTS (SELECT 1 FROM sqlite_master AS v
        WHERE v.type = 'table' AND v.sql LIKE 'CREATE VIRTUAL TABLE%'
          AND t.name LIKE v.name || '\\_%' ESCAPE '\\')
    ORDER BY name`.execute(db);
  return {
    stored: rows.filter((row) => row.virtual === 0).map((row) => row.name),
    virtual: rows.filter((row) => row.virtual === 1).map((row) => row.name),
  };
}

async function postgresTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
      AND table_name NOT LIKE 'kysely\\_%'`.execute(db);
  return rows.map((row) => row.name);
}

/** Stored columns (generated ones are computed by the target). */
async function sqliteColumns(db: Db, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT name FROM pragma_table_xinfo(${table}) WHERE hidden = 0 ORDER BY cid`.execute(db);
  return rows.map((row) => row.name);
}

async function sqliteParents(db: Db, tables: string[]): Promise<Map<string, string[]>> {
  const parents = new Map<string, string[]>();
  for (const table of tables) {
    const { rows } = await sql<{ table: string }>`
      SELECT DISTINCT "table" FROM pragma_foreign_key_list(${table})`.execute(db);
    parents.set(
      table,
      rows.map((row) => row.table).filter((parent) => parent !== table),
    );
  }
  return parents;
}

/** Tables ordered so each comes after the tables its foreign keys point at. */
function parentsFirst(tables: string[], parents: Map<string, string[]>): string[] {
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table)) return;
    if (path.includes(table)) throw new CopyError(`foreign keys loop through ${table}`);
    for (const parent of parents.get(table) ?? []) {
      if (tables.includes(parent)) visit(parent, [...path, table]);
    }
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

/** Makes each identity column hand out ids after the highest copied one. */
async function continueIdentities(db: Db): Promise<void> {
  const { rows } = await sql<{ table: string; column: string }>`
    SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
    WHERE table_schema = current_schema() AND is_identity = 'YES'`.execute(db);
  for (const { table, column } of rows) {
    await sql`SELECT setval(pg_get_serial_sequence(${`"${table}"`}, ${column}),
        coalesce((SELECT max(${sql.ref(column)}) FROM ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}
