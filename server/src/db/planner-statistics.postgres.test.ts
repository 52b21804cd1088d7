import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import {
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../test/library-fixtures.js';

describe('after a scan on PostgreSQL', () => {
  it('vacuums and analyzes the ROM tables, so the planner knows their size', async () => {
    const test = await buildTestApp();
    await createFirstAdmin(test.app);
    const session = await login(test.app);
    writeTree(test.config.libraryDir, {
      'roms/nes/Alpha (USA).nes': 'alpha',
      'roms/nes/Beta (USA).nes': 'beta',
      'roms/snes/Gamma (USA).sfc': 'gamma',
    });
    const db = await openTestDatabase(test.dataDir);
    try {
      const maintained = () =>
        sql<{ relname: string; vacuumed: boolean; analyzed: boolean }>`
          SELECT relname, last_vacuum IS NOT NULL AS vacuumed, last_analyze IS NOT NULL AS analyzed
          FROM pg_stat_user_tables WHERE relname IN ('rom', 'rom_file') ORDER BY relname`.execute(
          db,
        );
      expect((await maintained()).rows.every((row) => !row.vacuumed && !row.analyzed)).toBe(true);
      await scanLibrary(test.app, session);
      expect((await maintained()).rows).toEqual([
        { relname: 'rom', vacuumed: true, analyzed: true },
        { relname: 'rom_file', vacuumed: true, analyzed: true },
      ]);
      const { rows } = await sql<{ tuples: number }>`
        SELECT reltuples AS tuples FROM pg_class WHERE relname = 'rom'`.execute(db);
      expect(rows[0]?.tuples).toBe(3);
    } finally {
      await db.destroy();
    }
  });
});
