import { afterEach, describe, expect, it, vi } from 'vitest';

import { buildTestApp, createFirstAdmin, login } from '../../../test/build-test-app.js';
import { startFakeIgdb } from '../../../test/fakes/igdb.js';
import {
  connectSocket,
  nextTerminal,
  recordScanEvents,
  writeTree,
} from '../../../test/library-fixtures.js';

const SNES = 19;
const GAMES = ['Aurora', 'Borealis', 'Cascade', 'Drift'];

afterEach(() => {
  vi.useRealTimers();
});

describe('scan:scanning_rom events', () => {
  it('a ROM shown when written is shown again once identified, past the event budget', async () => {
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
    // The budget refills with the clock: stopped, the four writes use the whole burst.
    vi.useFakeTimers({ toFake: ['Date'] });
    socket.emit('scan', { platforms: [], type: 'quick', apis: ['igdb'] });
    const done = await terminal;
    expect(done.payload).toMatchObject({ new_roms: 4, identified_roms: 4 });

    const latest = new Map<number, number | null>();
    for (const event of events.filter((event) => event.name === 'scan:scanning_rom')) {
      const rom = event.payload as { id: number; igdb_id: number | null };
      latest.set(rom.id, rom.igdb_id);
    }
    expect([...latest.values()].sort()).toEqual([2001, 2002, 2003, 2004]);
  });
});
