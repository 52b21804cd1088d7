import path from 'node:path';

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { addUser, seedRoles } from '../../test/accounts.js';
import { basic, buildTestApp, closeTestApp, login } from '../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../test/library-fixtures.js';
import { createTestDatabase, dropTestDatabase } from '../../test/postgres-databases.js';
import { CopyError, copyDatabase } from './copy-database.js';
import type { Db } from './database.js';
import { openDatabase } from './database.js';

const METADATUM = { genres: ['Action', 'Adventure'], player_count: '1-2' };

/** An SQLite library with users, scanned ROMs, one identified ROM and its facets. */
async function sqliteLibrary(): Promise<string> {
  const { app, config, dataDir } = await buildTestApp({ env: { DATABASE_URL: 'sqlite:' } });
  const { viewer } = await seedRoles(app);
  writeTree(config.libraryDir, {
    'roms/nes/Zelda (USA).nes': 'zelda',
    'roms/nes/Metroid (Europe) (En,Fr).nes': 'metroid',
    'roms/snes/Kirby (Japan).sfc': 'kirby',
  });
  await scanLibrary(app, await login(app));
  await login(app, viewer.username, viewer.password);
  const file = path.join(dataDir, 'romshelf.db');
  const db = openDatabase({ engine: 'sqlite', file });
  await sql`UPDATE rom SET igdb_id = 77, metadatum = ${JSON.stringify(METADATUM)}
    WHERE fs_name = 'Zelda (USA).nes'`.execute(db);
  await db.destroy();
  await closeTestApp(app);
  return file;
}

async function rowsOf(db: Db, query: string) {
  return (await sql<Record<string, unknown>>`${sql.raw(query)}`.execute(db)).rows;
}

describe('copyDatabase (npm run db:copy)', () => {
  it('moves every row to an empty PostgreSQL database, verified by counts, and the app runs on it', async () => {
    const file = await sqliteLibrary();
    const target = await createTestDatabase(false);
    if (target.engine !== 'postgres') throw new Error('expected PostgreSQL');
    const source = openDatabase({ engine: 'sqlite', file });
    const postgres = openDatabase(target);
    try {
      const reported: string[] = [];
      const report = await copyDatabase(source, postgres, (copy) => reported.push(copy.table));
      const counts = Object.fromEntries(
        report.tables.map((copy) => [copy.table, [copy.sourceRows, copy.targetRows]]),
      );
      expect(counts).toMatchObject({
        user: [3, 3],
        session: [2, 2],
        platform: [2, 2],
        rom: [3, 3],
        rom_file: [3, 3],
      });
      expect(counts.rom_facet?.[0]).toBeGreaterThan(5);
      expect(report.tables.every((copy) => copy.sourceRows === copy.targetRows)).toBe(true);
      expect(reported).toEqual(report.tables.map((copy) => copy.table));
      // Parents come first: users before sessions, platforms before ROMs before their files.
      const order = (table: string) => reported.indexOf(table);
      expect(order('user')).toBeLessThan(order('session'));
      expect(order('platform')).toBeLessThan(order('rom'));
      expect(order('rom')).toBeLessThan(order('rom_file'));
      expect(report.skipped).toEqual(['rom_search']);

      const romQuery = `SELECT id, platform_id, fs_name, regions, languages, metadatum, group_key,
        sort_char, fs_size_bytes, fs_mtime_ms FROM rom ORDER BY id`;
      const normalised = (rows: Record<string, unknown>[]): Record<string, unknown>[] =>
        rows.map((row) => ({
          ...row,
          regions: JSON.parse(String(row.regions)) as unknown,
          languages: JSON.parse(String(row.languages)) as unknown,
          metadatum:
            typeof row.metadatum === 'string' ? (JSON.parse(row.metadatum) as unknown) : null,
        }));
      const roms = normalised(await rowsOf(postgres, romQuery));
      expect(roms).toEqual(normalised(await rowsOf(source, romQuery)));
      const zelda = roms.find((rom) => rom.fs_name === 'Zelda (USA).nes');
      expect(zelda).toMatchObject({
        metadatum: METADATUM,
        group_key: `igdb-${String(zelda?.platform_id)}-77`,
      });
      const facetQuery = 'SELECT kind, value, rom_id FROM rom_facet ORDER BY kind, value, rom_id';
      expect(await rowsOf(postgres, facetQuery)).toEqual(await rowsOf(source, facetQuery));
      const analyzed = `SELECT relname FROM pg_stat_user_tables
        WHERE relname IN ('rom', 'rom_facet') AND last_analyze IS NOT NULL ORDER BY relname`;
      expect(await rowsOf(postgres, analyzed)).toEqual([
        { relname: 'rom' },
        { relname: 'rom_facet' },
      ]);
      const userQuery = 'SELECT id, username, password_hash, role FROM "user" ORDER BY id';
      expect(await rowsOf(postgres, userQuery)).toEqual(await rowsOf(source, userQuery));
    } finally {
      await source.destroy();
      await postgres.destroy();
    }

    // The copied accounts sign in; new rows take ids after the copied ones.
    const { app } = await buildTestApp({ env: { DATABASE_URL: target.url } });
    const me = await app.inject({
      url: '/api/users/me',
      headers: { authorization: basic('viewer', 'viewer-pass') },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'viewer', role: 'viewer' });
    expect((await addUser(app, 'newcomer', 'viewer')).id).toBe(4);
    await closeTestApp(app);
    await dropTestDatabase(target);
  });

  it('refuses a database that already holds data, and leaves it as it was', async () => {
    const file = await sqliteLibrary();
    const target = await createTestDatabase();
    const source = openDatabase({ engine: 'sqlite', file });
    const postgres = openDatabase(target);
    try {
      await sql`INSERT INTO "user" (username, password_hash, role, created_at, updated_at)
        VALUES ('someone', 'x', 'viewer', 'now', 'now')`.execute(postgres);
      const attempt = copyDatabase(source, postgres);
      await expect(attempt).rejects.toThrow(CopyError);
      await expect(attempt).rejects.toThrow(
        'the target database is not empty (user holds 1 rows): copy into a new database',
      );
      expect(await rowsOf(postgres, 'SELECT username FROM "user"')).toEqual([
        { username: 'someone' },
      ]);
      expect(await rowsOf(postgres, 'SELECT count(*) AS n FROM rom')).toEqual([{ n: 0 }]);
    } finally {
      await source.destroy();
      await postgres.destroy();
      await dropTestDatabase(target);
    }
  });
});
