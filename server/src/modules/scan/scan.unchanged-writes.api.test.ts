import { utimesSync } from 'node:fs';
import path from 'node:path';

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { engineOf } from '../../db/engine.js';
import type { Db } from '../../db/database.js';
import {
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';

/**
 * Records every UPDATE that reaches a row of `rom` or `rom_file` (whatever it sets) in
 * `update_probe`, and separately those setting a column the search and filter triggers watch.
 */
async function probeUpdates(db: Db): Promise<void> {
  await sql`CREATE TABLE update_probe (what varchar(20) NOT NULL, row_id integer NOT NULL)`.execute(
    db,
  );
  const probes = [
    { name: 'probe_rom', on: 'UPDATE ON rom', what: 'rom' },
    { name: 'probe_rom_file', on: 'UPDATE ON rom_file', what: 'rom_file' },
    {
      name: 'probe_rom_words',
      on: 'UPDATE OF search_text, regions, languages, tags ON rom',
      what: 'rom_words',
    },
  ];
  for (const { name, on, what } of probes) {
    if (engineOf(db) === 'postgres') {
      await sql
        .raw(
          `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN INSERT INTO update_probe (what, row_id) VALUES ('${what}', NEW.id); RETURN NEW; END $$`,
        )
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${name} AFTER ${on} FOR EACH ROW EXECUTE FUNCTION ${name}()`)
        .execute(db);
    } else {
      await sql
        .raw(
          `CREATE TRIGGER ${name} AFTER ${on} BEGIN
            INSERT INTO update_probe (what, row_id) VALUES ('${what}', new.id); END`,
        )
        .execute(db);
    }
  }
}

async function probed(db: Db): Promise<string[]> {
  const { rows } = await sql<{ what: string; row_id: number }>`
    SELECT what, row_id FROM update_probe ORDER BY what, row_id`.execute(db);
  return rows.map(({ what, row_id: rowId }) => `${what} ${String(rowId)}`);
}

async function updatedAt(db: Db) {
  const roms = await db.selectFrom('rom').select(['id', 'updated_at']).orderBy('id').execute();
  const files = await db
    .selectFrom('rom_file')
    .select(['id', 'updated_at'])
    .orderBy('id')
    .execute();
  return { roms, files };
}

describe('rescans write only what changed', () => {
  it('a complete rescan of unchanged files writes no row; a changed file updates only its own', async () => {
    const test = await buildTestApp();
    await createFirstAdmin(test.app);
    const admin = await login(test.app);
    const libraryDir = test.config.libraryDir;
    writeTree(libraryDir, {
      'roms/nes/Alpha (USA).nes': 'alpha',
      'roms/nes/Beta (Europe) (En,Fr).nes': 'beta',
      'roms/gb/Gamma (Japan)/Disc 1.gb': 'gamma 1',
      'roms/gb/Gamma (Japan)/Disc 2.gb': 'gamma 2',
    });
    expect(await scanLibrary(test.app, admin)).toMatchObject({ new_roms: 3 });
    const db = await openTestDatabase(test.dataDir);
    await probeUpdates(db);
    const before = await updatedAt(db);

    for (const type of ['complete', 'hashes', 'quick'] as const) {
      const stats = await scanLibrary(test.app, admin, { type });
      expect(stats).toMatchObject({ new_roms: 0, missing_roms: 0, skipped_files: 0 });
      expect(await probed(db)).toEqual([]);
    }
    expect(await updatedAt(db)).toEqual(before);

    // Same size, new content and time: the file's hashes and time change, nothing else.
    const alphaPath = path.join(libraryDir, 'roms/nes/Alpha (USA).nes');
    writeTree(libraryDir, { 'roms/nes/Alpha (USA).nes': 'ALPHA' });
    utimesSync(alphaPath, new Date('2026-01-02T03:04:05Z'), new Date('2026-01-02T03:04:05Z'));
    expect(await scanLibrary(test.app, admin)).toMatchObject({ updated_roms: 1, hashed_files: 1 });
    const alpha = await db
      .selectFrom('rom')
      .innerJoin('rom_file', 'rom_file.rom_id', 'rom.id')
      .select(['rom.id as romId', 'rom_file.id as fileId', 'rom.updated_at', 'rom.fs_mtime_ms'])
      .where('rom.fs_name', '=', 'Alpha (USA).nes')
      .executeTakeFirstOrThrow();
    expect(alpha.fs_mtime_ms).toBe(Date.parse('2026-01-02T03:04:05Z'));
    expect(await probed(db)).toEqual([
      `rom ${String(alpha.romId)}`,
      `rom_file ${String(alpha.fileId)}`,
    ]);
    const after = await updatedAt(db);
    expect(after.roms.filter((row) => row.id !== alpha.romId)).toEqual(
      before.roms.filter((row) => row.id !== alpha.romId),
    );
    expect(after.files.filter((row) => row.id !== alpha.fileId)).toEqual(
      before.files.filter((row) => row.id !== alpha.fileId),
    );
    await db.destroy();
  });

  it('a complete rescan writes back a parsed column that differs, and only that column', async () => {
    const test = await buildTestApp();
    await createFirstAdmin(test.app);
    const admin = await login(test.app);
    writeTree(test.config.libraryDir, {
      'roms/nes/Alpha (USA).nes': 'alpha',
      'roms/nes/Beta (Europe) (En,Fr).nes': 'beta',
    });
    await scanLibrary(test.app, admin);
    const db = await openTestDatabase(test.dataDir);
    const beta = await db
      .selectFrom('rom')
      .select(['id', 'updated_at'])
      .where('fs_name', '=', 'Beta (Europe) (En,Fr).nes')
      .executeTakeFirstOrThrow();
    // As an older name parser would have left it.
    await db.updateTable('rom').set({ languages: '[]' }).where('id', '=', beta.id).execute();
    await probeUpdates(db);

    await scanLibrary(test.app, admin, { type: 'complete' });
    expect(await probed(db)).toEqual([`rom ${String(beta.id)}`, `rom_words ${String(beta.id)}`]);
    const rows = await db
      .selectFrom('rom')
      .select(['fs_name', 'languages', 'regions'])
      .orderBy('fs_name')
      .execute();
    expect(
      rows.map((row) => [
        row.fs_name,
        JSON.parse(row.languages) as string[],
        JSON.parse(row.regions) as string[],
      ]),
    ).toEqual([
      ['Alpha (USA).nes', [], ['USA']],
      ['Beta (Europe) (En,Fr).nes', ['English', 'French'], ['Europe']],
    ]);
    await db.destroy();
  });
});
