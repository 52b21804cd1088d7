import { randomBytes } from 'node:crypto';

import pg from 'pg';
import { inject } from 'vitest';

import type { DatabaseConfig } from '../src/config/app-config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database each test database is cloned from. */
    postgresTemplate: string;
    /** Name prefix of this run's test databases (dropped at the end of the run). */
    postgresPrefix: string;
  }
}

/** Which engine the API tests run on; the `server-postgres` vitest project sets it. */
export const TEST_ENGINE_VAR = 'ROMSHELF_TEST_ENGINE';
/** A PostgreSQL server URL whose user may create and drop databases. */
export const TEST_DATABASE_URL_VAR = 'ROMSHELF_TEST_DATABASE_URL';

export function testsRunOnPostgres(): boolean {
  return process.env[TEST_ENGINE_VAR] === 'postgres';
}

export function testServerUrl(): string {
  const url = process.env[TEST_DATABASE_URL_VAR];
  if (url === undefined || url.trim() === '') {
    throw new Error(
      `${TEST_DATABASE_URL_VAR} must name a PostgreSQL server for the PostgreSQL API tests, e.g. postgres://postgres@127.0.0.1:55432/postgres`,
    );
  }
  return url.trim();
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` with a connection to the test server's maintenance database. */
export async function withServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testServerUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function createDatabase(
  client: pg.Client,
  name: string,
  template?: string,
): Promise<void> {
  const from = template === undefined ? '' : ` TEMPLATE ${quoted(template)}`;
  await client.query(`CREATE DATABASE ${quoted(name)}${from}`);
}

export async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  // FORCE: a test that left a connection open must not keep its database alive.
  await client.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);
}

let admin: Promise<pg.Client> | undefined;
/**
 * Tells this copy of the module apart in database names: the counter starts again in each
 * test file, and a process id can come back in a long run, so a name made of those alone
 * could name a database an earlier file's leftover connection still writes to.
 */
const instance = randomBytes(4).toString('hex');
let created = 0;
/** The next test database, cloned while the current test runs. */
let spare: Promise<string> | undefined;

/** This worker's connection to the test server, opened once. */
function adminClient(): Promise<pg.Client> {
  admin ??= (async () => {
    const client = new pg.Client({ connectionString: testServerUrl() });
    await client.connect();
    return client;
  })();
  return admin;
}

async function newDatabase(template?: string): Promise<string> {
  created += 1;
  const name = `${inject('postgresPrefix')}${process.pid}_${instance}_${created}`;
  await createDatabase(await adminClient(), name, template);
  return name;
}

/**
 * A fresh database for one test app: a clone of the template the run migrated once, or empty
 * (`migrated: false`, for a copy to fill). Cloning takes about a second on a busy machine, so
 * each clone is made while the previous test runs (dropped unused after the file's last test).
 */
export async function createTestDatabase(migrated = true): Promise<DatabaseConfig> {
  let name: string;
  if (migrated) {
    const next = spare ?? newDatabase(inject('postgresTemplate'));
    spare = newDatabase(inject('postgresTemplate'));
    // Awaited by the next call; a failure then is that call's.
    spare.catch(() => undefined);
    name = await next;
  } else {
    name = await newDatabase();
  }
  return { engine: 'postgres', url: databaseUrl(testServerUrl(), name) };
}

/** Drops the clone made ahead, once it is made (after a test file, so none outlives the run). */
export async function dropSpareDatabase(): Promise<void> {
  const made = spare;
  spare = undefined;
  if (made === undefined) return;
  const name = await made.catch(() => null);
  if (name !== null) await dropDatabase(await adminClient(), name);
}

export async function dropTestDatabase(database: DatabaseConfig): Promise<void> {
  if (database.engine !== 'postgres') return;
  await dropDatabase(await adminClient(), new URL(database.url).pathname.slice(1));
}
