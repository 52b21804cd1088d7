import type { ScanStats } from '@romshelf/contract';
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
import {
  connectSocket,
  nextTerminal,
  scanLibrary,
  writeTree,
} from '../../../test/library-fixtures.js';

async function counts(db: Db) {
  const count = async (table: 'rom' | 'rom_file') =>
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  return { rom: await count('rom'), rom_file: await count('rom_file') };
}

/** Makes inserting the ROM `Beta (Europe).nes` fail, as a full disk would. */
async function failBeta(db: Db): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`CREATE FUNCTION fail_beta() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.fs_name = 'Beta (Europe).nes' THEN RAISE EXCEPTION 'disk full'; END IF;
        RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER fail_beta BEFORE INSERT ON rom
      FOR EACH ROW EXECUTE FUNCTION fail_beta()`.execute(db);
    return;
  }
  await sql`CREATE TRIGGER fail_beta BEFORE INSERT ON rom
      WHEN new.fs_name = 'Beta (Europe).nes' BEGIN SELECT RAISE(ABORT, 'disk full'); END`.execute(
    db,
  );
}

async function stopFailingBeta(db: Db): Promise<void> {
  await sql`DROP TRIGGER fail_beta${engineOf(db) === 'postgres' ? sql` ON rom` : sql``}`.execute(
    db,
  );
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
    expect(names.map((row) => row.fs_name)).toEqual(['Epsilon (USA).gb']);

    await stopFailingBeta(db);
    const stats: ScanStats = await scanLibrary(test.app, admin);
    expect(stats).toMatchObject({ total_roms: 4, scanned_roms: 4, new_roms: 3, hashed_files: 3 });
    expect(await counts(db)).toEqual({ rom: 4, rom_file: 4 });
    await db.destroy();
  });
});
