import { mkdirSync } from 'node:fs';
import path from 'node:path';

import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import type pg from 'pg';

import type { DatabaseConfig } from '../config/app-config.js';
import { SQLITE_FILE_NAME } from '../config/env-database.js';
import { engineOf } from './engine.js';
import { migrationProvider } from './migrations/index.js';
import { PostgresSchemaPlugin } from './postgres-schema-plugin.js';
import type { Database } from './schema.js';
import { cachingStatements } from './statement-cache.js';

export type Db = Kysely<Database>;

/** Connections one process keeps open to PostgreSQL at most. */
export const POSTGRES_POOL_SIZE = 10;

/**
 * Opens the configured database: an SQLite file (created if needed, in WAL mode) or a pool of
 * connections to PostgreSQL. A bare folder means the embedded SQLite file of that data folder.
 */
export function openDatabase(target: DatabaseConfig | string): Db {
  const config: DatabaseConfig =
    typeof target === 'string'
      ? { engine: 'sqlite', file: path.join(target, SQLITE_FILE_NAME) }
      : target;
  return config.engine === 'postgres' ? openPostgres(config.url) : openSqlite(config.file);
}

/** The size a checkpointed write-ahead log is cut back to. */
export const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

function openSqlite(file: string): Db {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // SQLite keeps a write-ahead log at its largest size for reuse: after a 100k scan and the
  // list JSON filled behind it, that was hundreds of megabytes left on disk for good.
  sqlite.pragma(`journal_size_limit = ${String(WAL_SIZE_LIMIT_BYTES)}`);
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: cachingStatements(sqlite) }),
  });
}

const asNumber = (text: string): number => Number(text);
const asText = (text: string): string => text;

/**
 * Readers of PostgreSQL values that make rows look as SQLite answers them: counts and
 * `bigint` columns (`count(*)`, ids, sizes) and sums (`numeric`) as numbers, JSON as its
 * text. Numbers stay exact up to 2^53, as with SQLite.
 */
function postgresTypes(types: typeof pg.types): pg.CustomTypesConfig {
  const { builtins } = types;
  const textReaders = new Map<number, (text: string) => unknown>([
    [builtins.INT8, asNumber],
    [builtins.NUMERIC, asNumber],
    [builtins.JSON, asText],
    [builtins.JSONB, asText],
  ]);
  return {
    getTypeParser: (oid, format) => {
      const own = format === 'binary' ? undefined : textReaders.get(oid);
      return own ?? (types.getTypeParser(oid, format) as unknown);
    },
  };
}

/** The pool; node-postgres is loaded at the first query, so an SQLite server never holds it. */
async function postgresPool(url: string): Promise<pg.Pool> {
  const { default: postgres } = await import('pg');
  const pool = new postgres.Pool({
    connectionString: url,
    max: POSTGRES_POOL_SIZE,
    types: postgresTypes(postgres.types),
  });
  // An idle connection dropped by the server is discarded by the pool, which opens another
  // for the next query; without a listener the error would end the process.
  pool.on('error', () => undefined);
  return pool;
}

function openPostgres(url: string): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: () => postgresPool(url) }) });
}

/** The migrator of a database; on PostgreSQL, table definitions take its column types. */
export function migratorOf(db: Db): Migrator {
  return new Migrator({
    db: engineOf(db) === 'postgres' ? db.withPlugin(new PostgresSchemaPlugin()) : db,
    provider: migrationProvider,
  });
}

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await migratorOf(db).migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error');
    const cause = error instanceof Error ? error.message : 'unknown error';
    throw new Error(`Database migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause}`, {
      cause: error,
    });
  }
}
