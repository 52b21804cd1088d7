import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';

import { buildApp } from '../src/app.js';
import type { AppConfig, DatabaseConfig } from '../src/config/app-config.js';
import { SQLITE_FILE_NAME } from '../src/config/env-database.js';
import { parseEnv } from '../src/config/env.js';
import type { ContainerOptions } from '../src/container.js';
import { REPO_ROOT } from '../src/config/paths.js';
import type { Db } from '../src/db/database.js';
import { openDatabase } from '../src/db/database.js';
import { createTestDatabase, dropTestDatabase, testsRunOnPostgres } from './postgres-databases.js';

export const TEST_VERSION = '9.8.7';
export const INDEX_HTML =
  '<!doctype html><html><head><title>RomShelf</title></head><body><div id="root"></div></body></html>';

const tempDirs: string[] = [];
const openApps: FastifyInstance[] = [];
/** On PostgreSQL: the database of each data folder a test used (a restart keeps it). */
const databases = new Map<string, DatabaseConfig>();

/**
 * Closes the test's apps, drops its PostgreSQL databases and removes its temp folders (after
 * each test: server/test/setup.ts).
 */
export async function cleanUpTestApps(): Promise<void> {
  for (const app of openApps.splice(0)) await app.close();
  for (const database of databases.values()) await dropTestDatabase(database);
  databases.clear();
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * The database of a data folder: when the tests run on PostgreSQL, a fresh clone of the
 * migrated template, kept for the folder until the test ends; otherwise the folder's SQLite.
 */
async function databaseOf(dataDir: string): Promise<DatabaseConfig | null> {
  if (!testsRunOnPostgres()) return null;
  let database = databases.get(dataDir);
  if (database === undefined) {
    database = await createTestDatabase();
    databases.set(dataDir, database);
  }
  return database;
}

/**
 * A new data folder's SQLite file starts as a copy of the run's migrated template (see
 * sqlite-global-setup.ts); an existing one (an app restarted on its folder) is kept.
 */
function startFromSqliteTemplate(dataDir: string): void {
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  if (existsSync(file)) return;
  mkdirSync(dataDir, { recursive: true });
  copyFileSync(inject('sqliteTemplate'), file);
}

/** A connection to the database a test app on `dataDir` uses (the caller destroys it). */
export async function openTestDatabase(dataDir: string): Promise<Db> {
  return openDatabase((await databaseOf(dataDir)) ?? dataDir);
}

export function makeTempDir(prefix = 'romshelf-test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** A fake built web app: index.html, one hashed asset and one locale file. */
export function makeWebDir(root: string): string {
  const webDir = path.join(root, 'web');
  mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  mkdirSync(path.join(webDir, 'locales', 'en_US'), { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log("app");\n');
  writeFileSync(path.join(webDir, 'locales', 'en_US', 'common.json'), '{"hello":"Hello"}\n');
  return webDir;
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  dataDir: string;
}

export interface TestAppOptions {
  /** Extra environment variables, as the server would read them. */
  env?: Record<string, string>;
  /** Reuse an existing data folder (to simulate a restart). */
  dataDir?: string;
  /** Web folder; defaults to a fake built app in the temp folder. */
  webDir?: string;
  /** Service overrides (e.g. a permissive address policy for the cover fetcher). */
  container?: ContainerOptions;
}

/**
 * A real app on a fresh temp data folder (SQLite file + library, or a fresh PostgreSQL
 * database when the tests run on PostgreSQL), closed after each test.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const root = makeTempDir();
  const dataDir = options.dataDir ?? path.join(root, 'data');
  const database = options.env?.DATABASE_URL === undefined ? await databaseOf(dataDir) : null;
  if (database === null && options.env?.DATABASE_URL === undefined) {
    startFromSqliteTemplate(dataDir);
  }
  const config = parseEnv(
    {
      ROMSHELF_DATA_DIR: dataDir,
      ROMSHELF_WEB_DIR: options.webDir ?? makeWebDir(root),
      LOG_LEVEL: 'silent',
      // On by default, these fire on the clock (every :00 and :30, 04:30): a test that wants them
      // turns them on, so no due run lands in the middle of another test's assertions.
      ENABLE_SYNC_PUSH_PULL: 'false',
      ENABLE_SCHEDULED_PRUNE_SAVE_HISTORY: 'false',
      ...(database?.engine === 'postgres' ? { DATABASE_URL: database.url } : {}),
      ...options.env,
    },
    { cwd: root, repoRoot: REPO_ROOT },
  );
  const app = await buildApp({
    config,
    version: TEST_VERSION,
    ...(options.container === undefined ? {} : { container: options.container }),
  });
  openApps.push(app);
  return { app, config, dataDir };
}

/** Closes an app early (it will not be closed again after the test). */
export async function closeTestApp(app: FastifyInstance): Promise<void> {
  const index = openApps.indexOf(app);
  if (index !== -1) openApps.splice(index, 1);
  await app.close();
}

export const ADMIN = { username: 'admin', password: 'secret-pass', email: 'admin@example.com' };

export function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** The first administrator's Basic authorization header. */
export const ADMIN_AUTH = basic(ADMIN.username, ADMIN.password);

export async function createFirstAdmin(app: FastifyInstance, user = ADMIN): Promise<void> {
  const response = await app.inject({ method: 'POST', url: '/api/users', payload: user });
  if (response.statusCode !== 201) {
    throw new Error(`first admin not created: ${response.statusCode} ${response.body}`);
  }
}

export interface Session {
  session: string;
  csrf: string;
  /** Cookie header carrying both cookies. */
  cookie: string;
}

export function cookieValue(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}

export async function login(
  app: FastifyInstance,
  username = ADMIN.username,
  password = ADMIN.password,
): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { authorization: basic(username, password) },
  });
  if (response.statusCode !== 200)
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const session = cookieValue(response, 'romm_session');
  const csrf = cookieValue(response, 'romm_csrftoken');
  if (session === undefined || csrf === undefined) throw new Error('login set no cookies');
  return { session, csrf, cookie: `romm_session=${session}; romm_csrftoken=${csrf}` };
}
