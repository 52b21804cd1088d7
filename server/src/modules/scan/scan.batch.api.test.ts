import type { ScanStats } from '@romshelf/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import {
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../test/build-test-app.js';
import type { Db } from '../../db/database.js';
import { engineOf } from '../../db/engine.js';
import {
  connectSocket,
  nextTerminal,
  scanLibrary,
  writeTree,
} from '../../../test/library-fixtures.js';

async function counts(db: Db) {
  const count = async (table: 'rom' | 'rom_file') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { rom: await count('rom'), rom_file: await count('rom_file') };
}

/** Makes inserting the ROM `Beta (Europe).nes` fail with "disk full". */
async function failBeta(db: Db): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`CREATE FUNCTION fail_beta() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'disk full'; END $$`.execute(db);
    await sql`CREATE TRIGGER fail_beta BEFORE INSERT ON rom FOR EACH ROW
      WHEN (new.fs_name = 'Beta (Europe).nes') EXECUTE FUNCTION fail_beta()`.execute(db);
  } else {
    await sql`CREATE TRIGGER fail_beta BEFORE INSERT ON rom
      WHEN new.fs_name = 'Beta (Europe).nes' BEGIN SELECT RAISE(ABORT, 'disk full'); END`.execute(
      db,
    );
  }
}

describe('scan batches', () => {
  it('writes a batch in one transaction: a failing row leaves none of its batch', async () => {
    const test = await buildTestApp();
    await createFirstAdmin(test.app);
    const admin = await login(test.app);
    writeTree(test.config.libraryDir, {
      'roms/gb/Epsilon (USA).gb': 'e',
      'roms/nes/Alpha (USA).nes': 'a',
      'roms/nes/Beta (Europe).nes': 'b',
      'roms/nes/Gamma (Japan).nes': 'c',
    });
    const db = await openTestDatabase(test.dataDir);
    await failBeta(db);

    const socket = await connectSocket(test.app, admin);
    const terminal = nextTerminal(socket);
    socket.emit('scan', { platforms: [], type: 'quick', apis: [] });
    expect(await terminal).toMatchObject({ name: 'scan:done_ko', payload: 'disk full' });
    socket.disconnect();
    // The gb batch was written; of the nes batch, Alpha (inserted before Beta failed) is not.
    expect(await counts(db)).toEqual({ rom: 1, rom_file: 1 });
    const names = await db.selectFrom('rom').select('fs_name').execute();
    expect(names.map((rom) => rom.fs_name)).toEqual(['Epsilon (USA).gb']);

    await sql`DROP TRIGGER fail_beta${sql.raw(engineOf(db) === 'postgres' ? ' ON rom' : '')}`.execute(
      db,
    );
    const stats: ScanStats = await scanLibrary(test.app, admin);
    expect(stats).toMatchObject({ total_roms: 4, scanned_roms: 4, new_roms: 3, hashed_files: 3 });
    expect(await counts(db)).toEqual({ rom: 4, rom_file: 4 });
    await db.destroy();
  });
});
