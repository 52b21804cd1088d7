import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { makeTempDir } from '../../../test/build-test-app.js';
import { openDatabase } from '../database.js';
import { migrationProvider } from './index.js';

const BEFORE = '202611260200_rom_notes';
const STAMP = '2026-01-02T03:04:05.000+00:00';

describe('migration 202611270500_task_runs', () => {
  it('adds the task history table, keeps the data before it and goes back down', async () => {
    const db = openDatabase(makeTempDir('romshelf-migration-'));
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      await sql`INSERT INTO "user" (username, password_hash, role, created_at, updated_at)
        VALUES ('ann', 'x', 'admin', ${STAMP}, ${STAMP})`.execute(db);

      expect((await migrator.migrateTo('202611270500_task_runs')).error).toBeUndefined();
      await sql`INSERT INTO task_run (id, task_key, task_name, task_type, trigger, status,
          created_at, started_at, ended_at, duration_ms, error)
        VALUES ('run-1', 'cleanup_missing_roms', 'Cleanup missing ROMs', 'cleanup', 'manual',
          'failed', ${STAMP}, ${STAMP}, ${STAMP}, 12, 'disk gone')`.execute(db);
      const rows = await sql<Record<string, unknown>>`SELECT * FROM task_run`.execute(db);
      expect(rows.rows).toEqual([
        {
          id: 'run-1',
          task_key: 'cleanup_missing_roms',
          task_name: 'Cleanup missing ROMs',
          task_type: 'cleanup',
          trigger: 'manual',
          status: 'failed',
          created_at: STAMP,
          started_at: STAMP,
          ended_at: STAMP,
          duration_ms: 12,
          meta: '{}',
          error: 'disk gone',
        },
      ]);
      const users = await sql<{ username: string }>`SELECT username FROM "user"`.execute(db);
      expect(users.rows).toEqual([{ username: 'ann' }]);

      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master
        WHERE type = 'table' AND name = 'task_run'`.execute(db);
      expect(tables.rows).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
