import { describe, expect, it } from 'vitest';

import { buildTestApp, createFirstAdmin, login } from '../../../test/build-test-app.js';
import { startFakeIgdb } from '../../../test/fakes/igdb.js';
import {
  connectSocket,
  nextTerminal,
  recordScanEvents,
  writeTree,
} from '../../../test/library-fixtures.js';

const SNES = 19;
const GAMES = [
  'Aurora',
  'Borealis',
  'Cascade',
  'Drift',
  'Ember',
  'Fjord',
  'Glacier',
  'Harbor',
  'Inlet',
  'Juniper',
];

describe('scan:scanning_rom events', () => {
  it('reach a socket.io client for every ROM written, then again for every ROM identified', async () => {
    const igdb = await startFakeIgdb(
      GAMES.map((name, index) => ({ id: 2001 + index, name, platforms: [SNES] })),
    );
    const test = await buildTestApp({
      env: {
        IGDB_CLIENT_ID: 'client',
        IGDB_CLIENT_SECRET: 'secret',
        IGDB_BASE_URL: igdb.origin,
        TWITCH_OAUTH_URL: `${igdb.origin}/oauth2/token`,
      },
    });
    await createFirstAdmin(test.app);
    writeTree(
      test.config.libraryDir,
      Object.fromEntries(GAMES.map((name) => [`roms/snes/${name} (USA).sfc`, name])),
    );
    const socket = await connectSocket(test.app, await login(test.app));
    const events = recordScanEvents(socket);
    const terminal = nextTerminal(socket);
    socket.emit('scan', { platforms: [], type: 'quick', apis: ['igdb'] });
    const done = await terminal;
    expect(done.payload).toMatchObject({ new_roms: 10, identified_roms: 10 });

    // A socket's messages arrive in order: every ROM event came before scan:done.
    const roms = events
      .filter((event) => event.name === 'scan:scanning_rom')
      .map((event) => event.payload as { id: number; fs_name: string; igdb_id: number | null });
    expect(roms).toHaveLength(20);
    const written = roms.slice(0, 10);
    expect(written.map((rom) => rom.fs_name).sort()).toEqual(
      GAMES.map((name) => `${name} (USA).sfc`),
    );
    expect(written.every((rom) => rom.igdb_id === null)).toBe(true);
    const identified = roms.slice(10);
    expect(identified.map((rom) => rom.id).sort()).toEqual(written.map((rom) => rom.id).sort());
    expect(identified.map((rom) => rom.igdb_id).sort()).toEqual(
      GAMES.map((_name, index) => 2001 + index),
    );
  });
});
