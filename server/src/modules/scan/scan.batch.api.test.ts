import path from 'node:path';

import type { ScanStats } from '@romshelf/contract';
import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

import { buildTestApp, createFirstAdmin, login } from '../../../test/build-test-app.js';
import {
  connectSocket,
  nextTerminal,
  scanLibrary,
  writeTree,
} from '../../../test/library-fixtures.js';

function counts(sqlite: SqliteDatabase.Database) {
  const count = (table: string) =>
    (sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  return { rom: count('rom'), rom_file: count('rom_file') };
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
    const sqlite = new SqliteDatabase(path.join(test.dataDir, 'romshelf.db'));
    sqlite.exec(`CREATE TRIGGER fail_beta BEFORE INSERT ON rom
      WHEN new.fs_name = 'Beta (Europe).nes' BEGIN SELECT RAISE(ABORT, 'disk full'); END`);

    const socket = await connectSocket(test.app, admin);
    const terminal = nextTerminal(socket);
    socket.emit('scan', { platforms: [], type: 'quick', apis: [] });
    expect(await terminal).toMatchObject({ name: 'scan:done_ko', payload: 'disk full' });
    socket.disconnect();
    // The gb batch was written; of the nes batch, Alpha (inserted before Beta failed) is not.
    expect(counts(sqlite)).toEqual({ rom: 1, rom_file: 1 });
    expect(sqlite.prepare('SELECT fs_name FROM rom').pluck().all()).toEqual(['Epsilon (USA).gb']);

    sqlite.exec('DROP TRIGGER fail_beta');
    const stats: ScanStats = await scanLibrary(test.app, admin);
    expect(stats).toMatchObject({ total_roms: 4, scanned_roms: 4, new_roms: 3, hashed_files: 3 });
    expect(counts(sqlite)).toEqual({ rom: 4, rom_file: 4 });
    sqlite.close();
  });
});
