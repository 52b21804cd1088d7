import type { Transaction } from 'kysely';
import { CompiledQuery } from 'kysely';

import { engineOf } from '../../../db/engine.js';
import type { Database } from '../../../db/schema.js';

/**
 * Statements a scan's batches write many rows with: multi-row INSERTs, and UPDATEs of many
 * rows (one statement per changed-column set on PostgreSQL, one prepared statement per row on
 * SQLite, where a statement is a function call rather than a round trip).
 */

type BatchTable = 'rom' | 'rom_file';

/** The jsonb columns of the ROM rows: PostgreSQL reads their values from the JSON as JSON. */
const POSTGRES_JSON_COLUMNS: ReadonlySet<string> = new Set([
  'regions',
  'languages',
  'tags',
  'metadata_results',
  'metadatum',
]);

/** INSERT statements by engine, table, column list and row count, built once per shape. */
const insertStatements = new Map<string, string>();

/**
 * Rows per SQLite INSERT statement at most: a scan writes thousands of rows of the same shape, and
 * one statement of many rows costs a fraction of as many one-row statements (each query goes
 * through Kysely and the driver). Row counts are powers of two, so a batch uses at most a few
 * statement texts, which the connection keeps prepared.
 */
const ROWS_PER_INSERT = 64;

/** The rows per statement for `count` rows: full statements, then the rest in powers of two. */
function insertSizes(count: number): number[] {
  const sizes: number[] = [];
  let left = count;
  while (left >= ROWS_PER_INSERT) {
    sizes.push(ROWS_PER_INSERT);
    left -= ROWS_PER_INSERT;
  }
  for (let size = ROWS_PER_INSERT / 2; size >= 1; size /= 2) {
    if (left >= size) {
      sizes.push(size);
      left -= size;
    }
  }
  return sizes;
}

function insertText(
  postgres: boolean,
  table: BatchTable,
  columns: readonly string[],
  rows: number,
  returning: string,
): string {
  const key = `${postgres ? 'postgres' : 'sqlite'}:${table}:${columns.join(',')}:${rows}:${returning}`;
  let text = insertStatements.get(key);
  if (text === undefined) {
    const names = columns.map((column) => `"${column}"`).join(', ');
    const tuples: string[] = [];
    for (let row = 0; row < rows; row += 1) {
      const values = columns.map((_, index) =>
        postgres ? `$${row * columns.length + index + 1}` : '?',
      );
      tuples.push(`(${values.join(', ')})`);
    }
    text = `INSERT INTO "${table}" (${names}) VALUES ${tuples.join(', ')}${returning === '' ? '' : ` RETURNING ${returning}`}`;
    insertStatements.set(key, text);
  }
  return text;
}

/**
 * Inserts rows through multi-row statements built once per table, column list and row count
 * (rows whose defined columns differ go in separate statements); on PostgreSQL, one statement
 * per column list, its rows sent as one JSON list. Returns what `returning` names for every
 * row, in no particular order.
 */
export async function insertRows<Returned>(
  trx: Transaction<Database>,
  table: BatchTable,
  rows: readonly Record<string, unknown>[],
  returning = '',
): Promise<Returned[]> {
  const postgres = engineOf(trx) === 'postgres';
  const returned: Returned[] = [];
  let start = 0;
  while (start < rows.length) {
    const first = rows[start] ?? {};
    const columns = Object.keys(first).filter((column) => first[column] !== undefined);
    const shape = columns.join(',');
    let end = start + 1;
    while (end < rows.length && definedColumns(rows[end] ?? {}) === shape) end += 1;
    if (postgres) {
      const text = postgresInsertText(table, columns, returning);
      const values = rows.slice(start, end).map((row) => postgresJsonRow(row, columns));
      const result = await trx.executeQuery<Returned>(
        CompiledQuery.raw(text, [JSON.stringify(values)]),
      );
      returned.push(...result.rows);
      start = end;
      continue;
    }
    for (const size of insertSizes(end - start)) {
      const values: unknown[] = [];
      for (let index = start; index < start + size; index += 1) {
        const row = rows[index] ?? {};
        for (const column of columns) values.push(row[column]);
      }
      const text = insertText(postgres, table, columns, size, returning);
      const result = await trx.executeQuery<Returned>(CompiledQuery.raw(text, values));
      returned.push(...result.rows);
      start += size;
    }
  }
  return returned;
}

/**
 * A PostgreSQL INSERT of many rows given as one JSON list: a short text, parsed and planned
 * alike whatever the row count, where a VALUES list of thousands of parameters is not.
 */
function postgresInsertText(table: BatchTable, columns: readonly string[], returning: string) {
  const key = `postgres-json:${table}:${columns.join(',')}:${returning}`;
  let text = insertStatements.get(key);
  if (text === undefined) {
    const names = columns.map((column) => `"${column}"`).join(', ');
    text = `INSERT INTO "${table}" (${names}) SELECT ${names}
      FROM json_populate_recordset(NULL::"${table}", $1::json)${returning === '' ? '' : ` RETURNING ${returning}`}`;
    insertStatements.set(key, text);
  }
  return text;
}

/**
 * A row's columns as PostgreSQL reads them from JSON: the jsonb columns' text parsed, so they
 * arrive as JSON values rather than JSON strings.
 */
function postgresJsonRow(
  fields: Record<string, unknown>,
  columns: readonly string[],
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const column of columns) {
    const value = fields[column];
    row[column] =
      POSTGRES_JSON_COLUMNS.has(column) && typeof value === 'string'
        ? (JSON.parse(value) as unknown)
        : value;
  }
  return row;
}

function definedColumns(row: Record<string, unknown>): string {
  return Object.keys(row)
    .filter((column) => row[column] !== undefined)
    .join(',');
}

/** One row's changed columns. */
export interface RowUpdate {
  id: number;
  fields: Record<string, unknown>;
}

/** UPDATE statements by engine, table and column list, built once per shape. */
const updateStatements = new Map<string, string>();

function updateText(postgres: boolean, table: BatchTable, columns: readonly string[]): string {
  const key = `${postgres ? 'postgres' : 'sqlite'}:${table}:${columns.join(',')}`;
  let text = updateStatements.get(key);
  if (text === undefined) {
    text = postgres
      ? `UPDATE "${table}" AS "t" SET ${columns.map((column) => `"${column}" = "v"."${column}"`).join(', ')}, "updated_at" = $2
        FROM json_populate_recordset(NULL::"${table}", $1::json) AS "v" WHERE "t"."id" = "v"."id"`
      : `UPDATE "${table}" SET ${columns.map((column) => `"${column}" = ?`).join(', ')}, "updated_at" = ? WHERE "id" = ?`;
    updateStatements.set(key, text);
  }
  return text;
}

/**
 * Sets each row's changed columns (and `updated_at`): rows changing the same columns share a
 * statement, on PostgreSQL one for all of them, their values sent as one JSON list.
 */
export async function updateRows(
  trx: Transaction<Database>,
  table: BatchTable,
  updates: readonly RowUpdate[],
  now: string,
): Promise<void> {
  const postgres = engineOf(trx) === 'postgres';
  const byShape = new Map<string, RowUpdate[]>();
  for (const update of updates) {
    const shape = Object.keys(update.fields).sort().join(',');
    const group = byShape.get(shape);
    if (group === undefined) byShape.set(shape, [update]);
    else group.push(update);
  }
  for (const [shape, rows] of byShape) {
    if (shape === '') continue;
    const columns = shape.split(',');
    const text = updateText(postgres, table, columns);
    if (postgres) {
      const values = rows.map(({ id, fields }) => ({ id, ...postgresJsonRow(fields, columns) }));
      await trx.executeQuery(CompiledQuery.raw(text, [JSON.stringify(values), now]));
      continue;
    }
    for (const { id, fields } of rows) {
      const values = columns.map((column) => fields[column]);
      await trx.executeQuery(CompiledQuery.raw(text, [...values, now, id]));
    }
  }
}
