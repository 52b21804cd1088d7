import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { makeTempDir } from '../../../test/build-test-app.js';
import { openDatabase } from '../database.js';
import { migrationProvider } from './index.js';

const BEFORE = '202612020410_rom_versions';
const STAMP = '2026-01-02T03:04:05.000+00:00';

describe('migration 202612030600_permission_groups', () => {
  it('seeds the three built-in groups and puts each user in their role’s, and back down', async () => {
    const db = openDatabase(makeTempDir('romshelf-migration-'));
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    for (const [name, role] of [
      ['ann', 'admin'],
      ['ben', 'editor'],
      ['cal', 'viewer'],
    ]) {
      await sql`INSERT INTO "user" (username, password_hash, role, created_at, updated_at)
        VALUES (${name}, 'x', ${role}, ${STAMP}, ${STAMP})`.execute(db);
    }

    expect((await migrator.migrateTo('202612030600_permission_groups')).error).toBeUndefined();
    const groups = await sql<{ id: number; name: string; system_key: string; is_default: number }>`
      SELECT id, name, system_key, is_default FROM permission_group ORDER BY id`.execute(db);
    expect(groups.rows).toEqual([
      { id: 1, name: 'Viewer', system_key: 'viewer', is_default: 1 },
      { id: 2, name: 'Editor', system_key: 'editor', is_default: 0 },
      { id: 3, name: 'Administrator', system_key: 'admin', is_default: 0 },
    ]);
    const grantCounts = await sql<{ group_id: number; grants: number }>`
      SELECT group_id, COUNT(*) AS grants FROM permission_group_grant
      GROUP BY group_id ORDER BY group_id`.execute(db);
    expect(grantCounts.rows).toEqual([
      { group_id: 1, grants: 16 },
      { group_id: 2, grants: 22 },
      { group_id: 3, grants: 36 },
    ]);
    const users = await sql<{ username: string; permission_group_id: number }>`
      SELECT username, permission_group_id FROM "user" ORDER BY id`.execute(db);
    expect(users.rows).toEqual([
      { username: 'ann', permission_group_id: 3 },
      { username: 'ben', permission_group_id: 2 },
      { username: 'cal', permission_group_id: 1 },
    ]);
    await sql`INSERT INTO permission_group (name, created_at, updated_at)
      VALUES ('Kids', ${STAMP}, ${STAMP})`.execute(db);
    const kids = await sql<{
      id: number;
    }>`SELECT id FROM permission_group WHERE name = 'Kids'`.execute(db);
    expect(kids.rows).toEqual([{ id: 4 }]);

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const tables = await sql<{ name: string }>`
      SELECT name FROM sqlite_master WHERE name LIKE '%permission%'`.execute(db);
    expect(tables.rows).toEqual([]);
    await db.destroy();
  });
});
