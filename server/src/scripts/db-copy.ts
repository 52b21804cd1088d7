/**
 * `npm run db:copy -- --from sqlite:<file> --to postgres://user:password@host:port/database`:
 * moves a library's database from SQLite to an empty PostgreSQL database, then checks that
 * every table holds as many rows in both. Stop RomShelf first; the SQLite file is only read
 * (and brought to the latest schema, as starting RomShelf would).
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';

import type { DatabaseConfig } from '../config/app-config.js';
import { DATABASE_ENV_VARS, databaseConfig } from '../config/env-database.js';
import { CopyError, copyDatabase } from '../db/copy-database.js';
import { openDatabase } from '../db/database.js';

const USAGE =
  'Usage: npm run db:copy -- --from sqlite:<file> --to postgres://user:password@host:port/database';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function databaseOf(option: string, value: string | undefined): DatabaseConfig {
  if (value === undefined) fail(`--${option} is missing.\n${USAGE}`);
  const parsed = DATABASE_ENV_VARS.DATABASE_URL.safeParse(value);
  if (!parsed.success || parsed.data === null) {
    fail(`--${option} must be sqlite:<file> or postgres://…\n${USAGE}`);
  }
  return databaseConfig(parsed.data, process.cwd(), process.cwd());
}

/** A URL fit for printing: its password hidden. */
function shown(database: DatabaseConfig): string {
  if (database.engine === 'sqlite') return `sqlite:${database.file}`;
  const url = new URL(database.url);
  if (url.password !== '') url.password = '***';
  return url.toString();
}

const { values } = parseArgs({
  options: { from: { type: 'string' }, to: { type: 'string' } },
  strict: true,
});
const from = databaseOf('from', values.from);
const to = databaseOf('to', values.to);
if (from.engine !== 'sqlite' || to.engine !== 'postgres') {
  fail(`The copy goes from an SQLite file to a PostgreSQL database.\n${USAGE}`);
}
if (!existsSync(from.file)) fail(`No SQLite database at ${from.file}`);

process.stdout.write(`Copying ${shown(from)} to ${shown(to)}\n`);
const source = openDatabase(from);
const target = openDatabase(to);
try {
  const width = 24;
  const report = await copyDatabase(source, target, (copy) => {
    process.stdout.write(
      `  ${copy.table.padEnd(width)} ${String(copy.targetRows).padStart(9)} rows\n`,
    );
  });
  const rows = report.tables.reduce((sum, copy) => sum + copy.targetRows, 0);
  if (report.skipped.length > 0) {
    process.stdout.write(
      `Not copied (SQLite full-text indexes; PostgreSQL indexes the copied rows itself): ${report.skipped.join(', ')}\n`,
    );
  }
  process.stdout.write(
    `Verified: ${report.tables.length} tables, ${rows} rows, the same counts in both databases.\n`,
  );
} catch (error) {
  if (error instanceof CopyError) fail(`Copy failed: ${error.message}`);
  throw error;
} finally {
  await source.destroy();
  await target.destroy();
}
