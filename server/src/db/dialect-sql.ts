import type { Expression, OrderByModifiers, RawBuilder, Transaction } from 'kysely';
import { sql } from 'kysely';

import type { Engine } from './engine.js';
import { engineOf } from './engine.js';
import type { Database } from './schema.js';

/*
 * The SQL of the modules' queries that differs between SQLite and PostgreSQL (engine.ts tells
 * which one a connection speaks), in one place. Each helper returns the SQLite text the queries
 * used before unchanged, so the embedded engine's plans stay as measured; PostgreSQL gets its
 * equivalent.
 */

/**
 * A table-valued call listing the elements of a JSON array held in `json` (text on SQLite,
 * text or jsonb on PostgreSQL), as rows of one column `value`; alias it (`AS j`).
 */
export function jsonArrayElements(engine: Engine, json: Expression<unknown>): RawBuilder<unknown> {
  return engine === 'postgres'
    ? sql`jsonb_array_elements_text((${json})::jsonb)`
    : sql`json_each(${json})`;
}

/** A JSON array (as text) of `value` over the rows of a group, in `order` on PostgreSQL. */
export function jsonGroupArray(
  engine: Engine,
  value: Expression<unknown>,
  order: Expression<unknown>,
): RawBuilder<string> {
  return engine === 'postgres'
    ? sql<string>`coalesce(json_agg(${value} ORDER BY ${order})::text, '[]')`
    : sql<string>`json_group_array(${value})`;
}

/** A JSON array of the given values. */
export function jsonArray(engine: Engine, values: Expression<unknown>[]): RawBuilder<unknown> {
  const list = sql.join(values);
  return engine === 'postgres' ? sql`json_build_array(${list})` : sql`json_array(${list})`;
}

/** `text` compared without regard to case (an ORDER BY term). */
export function caseless(engine: Engine, text: Expression<string>): RawBuilder<string> {
  return engine === 'postgres'
    ? sql<string>`lower(${text}) COLLATE "C"`
    : sql<string>`${text} COLLATE NOCASE`;
}

/** True when `needle` occurs in `text` (both strings). */
export function contains(
  engine: Engine,
  text: Expression<string>,
  needle: Expression<string> | string,
): RawBuilder<boolean> {
  return engine === 'postgres'
    ? sql<boolean>`strpos(${text}, ${needle}) > 0`
    : sql<boolean>`instr(${text}, ${needle}) > 0`;
}

/** True for a unique (or primary key) constraint violation raised by either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // PostgreSQL's SQLSTATE unique_violation.
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/**
 * Makes a transaction's check-then-write atomic against concurrent ones: PostgreSQL runs
 * transactions side by side, so the table is locked against other writers until the end; SQLite
 * runs one at a time already, so nothing is needed.
 */
export async function lockForWrite(
  trx: Transaction<Database>,
  table: keyof Database,
): Promise<void> {
  if (engineOf(trx) !== 'postgres') return;
  await sql`LOCK TABLE ${sql.table(table)} IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
}

/**
 * An ORDER BY direction placing NULLs as SQLite does (first when ascending, last when
 * descending); PostgreSQL places them the other way unless told.
 */
export function sqliteNullOrder(engine: Engine, direction: 'asc' | 'desc'): OrderByModifiers {
  if (engine === 'sqlite') return direction;
  return direction === 'asc'
    ? (item) => item.asc().nullsFirst()
    : (item) => item.desc().nullsLast();
}

/** The same as SQL text after a raw ORDER BY term (nothing on SQLite). */
export function sqliteNullOrderSql(engine: Engine, direction: 'asc' | 'desc'): RawBuilder<unknown> {
  if (engine === 'sqlite') return sql.raw(direction === 'asc' ? 'ASC' : 'DESC');
  return sql.raw(direction === 'asc' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST');
}

/**
 * The SQL text of a JSON object (as text) of `[key, expression]` pairs, keys in the order given:
 * for fixed column lists, written once rather than compiled with every query.
 */
export function jsonObjectSql(
  engine: Engine,
  pairs: readonly (readonly [string, string])[],
): string {
  const list = pairs.map(([key, value]) => `'${key}', ${value}`).join(', ');
  return engine === 'postgres' ? `json_build_object(${list})` : `json_object(${list})`;
}
