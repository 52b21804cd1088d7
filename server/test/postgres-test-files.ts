/**
 * The modules whose API tests run a second time on PostgreSQL (the `server-postgres` project):
 * those whose SQL can mean something else per engine — hand-written `sql` fragments, `engineOf`
 * switches, helpers of db/dialect-sql.ts — and those whose requests write through such SQL
 * (library and scan write ROM rows, sync writes devices' rows). Requests served by Kysely's query
 * builder alone (sign-in, tokens, permissions, files, settings, HTTP plumbing) read the same on
 * both engines and run on SQLite only. structure-rules.test.ts fails when a module gains such
 * SQL without being listed here.
 */
export const POSTGRES_API_MODULES = [
  'collections',
  'completeness',
  'devices',
  'hidden-items',
  'library',
  'metadata',
  'platforms',
  'retroarch-sync',
  'roms',
  'scan',
  'stats',
  'sync',
  'tasks',
  'users',
];

/** Test files of the `server-postgres` project: the modules above and the PostgreSQL tests. */
export const POSTGRES_TEST_FILES = [
  ...POSTGRES_API_MODULES.map((module) => `server/src/modules/${module}/**/*.api.test.ts`),
  'server/src/**/*.postgres.test.ts',
  'server/test/**/*.postgres.test.ts',
  // DAT imports write their entries through statement texts the dialect compiles.
  'server/src/modules/dats/dat-import-batches.api.test.ts',
];
