import type { ColumnDataType, QueryExecutor } from 'kysely';
import { PostgresAdapter } from 'kysely';

/** The database engines RomShelf runs on. */
export type Engine = 'sqlite' | 'postgres';

/** The engine behind a Kysely instance (or transaction), told by its dialect adapter. */
export function engineOf(db: { getExecutor(): QueryExecutor }): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * Column type of JSON that queries look into (regions, tags, merged metadata…): text on
 * SQLite, whose JSON functions read text, and `jsonb` on PostgreSQL, whose JSON operators
 * need it. Both answer the stored JSON as text (database.ts reads `jsonb` as text).
 */
export function queriedJsonType(db: { getExecutor(): QueryExecutor }): ColumnDataType {
  return engineOf(db) === 'postgres' ? 'jsonb' : 'text';
}
