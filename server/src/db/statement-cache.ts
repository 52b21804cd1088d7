import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';

/** Prepared statements kept per connection; beyond it the least recently used is dropped. */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * The connection as Kysely's SQLite dialect sees it, keeping prepared statements by SQL text:
 * Kysely prepares every query it runs, and preparing costs as much as running a small insert, so
 * a scan writing the same few statements for each ROM re-uses them instead. Kysely runs one
 * query at a time on the connection, so a cached statement is never in use twice.
 */
export function cachingStatements(
  sqlite: SqliteDatabase,
  size = STATEMENT_CACHE_SIZE,
): { close(): void; prepare(sql: string): Statement } {
  const statements = new Map<string, Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (sql) => {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = sqlite.prepare(sql);
        if (statements.size >= size) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      } else {
        statements.delete(sql);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
