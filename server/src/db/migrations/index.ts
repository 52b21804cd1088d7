import type { Migration, MigrationProvider } from 'kysely';

import { usersAndSessions } from './202611220400_users_and_sessions.js';

/**
 * Every migration, in order, listed explicitly (no directory scanning, so bundling and the
 * compiled output cannot miss one). Keys are `YYYYMMDDHHmm_name`, matching the file names.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '202611220400_users_and_sessions': usersAndSessions,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
};
