import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { TestProject } from 'vitest/node';

import { SQLITE_FILE_NAME } from '../src/config/env-database.js';
import { migrateToLatest, openDatabase } from '../src/db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An SQLite file migrated to the latest schema, copied into each new test data folder. */
    sqliteTemplate: string;
  }
}

/**
 * The `server` project's setup: migrates one SQLite file, which each test app's fresh data
 * folder starts from (a file copy) instead of migrating its own; removed at the end of the run.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'romshelf-sqlite-template-'));
  const db = openDatabase(dir);
  try {
    await migrateToLatest(db);
  } finally {
    // Closing the only connection writes the WAL back: the file alone is the whole database.
    await db.destroy();
  }
  project.provide('sqliteTemplate', path.join(dir, SQLITE_FILE_NAME));
  return () => rmSync(dir, { recursive: true, force: true });
}
