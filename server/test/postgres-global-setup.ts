import type { TestProject } from 'vitest/node';

import { migrateToLatest, openDatabase } from '../src/db/database.js';
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  testServerUrl,
  withServer,
} from './postgres-databases.js';

/**
 * The `server-postgres` project's setup: migrates one template database, which every test app
 * clones (`CREATE DATABASE … TEMPLATE`, milliseconds) instead of migrating its own; drops the
 * template and any database a test left behind at the end of the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = testServerUrl();
  const prefix = `romshelf_test_${process.pid}_`;
  const template = `${prefix}template`;
  await withServer(async (client) => {
    await dropDatabase(client, template);
    await createDatabase(client, template);
  });
  const db = openDatabase({ engine: 'postgres', url: databaseUrl(serverUrl, template) });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  project.provide('postgresTemplate', template);
  project.provide('postgresPrefix', prefix);

  return () =>
    withServer(async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
        [prefix],
      );
      for (const { datname } of rows) await dropDatabase(client, datname);
    });
}
