import type { RomListPage, ScanStats } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import {
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../test/build-test-app.js';
import { startFakeIgdb } from '../../../test/fakes/igdb.js';
import {
  connectSocket,
  nextTerminal,
  recordScanEvents,
  scanLibrary,
  writeTree,
} from '../../../test/library-fixtures.js';

const SNES = 19;

async function setup() {
  const igdb = await startFakeIgdb([
    { id: 1001, name: 'Super Metroid', platforms: [SNES], summary: 'Samus returns' },
    { id: 1040, name: 'Chrono Trigger', platforms: [SNES], summary: 'Time travel' },
    { id: 1090, name: 'Mega Man X', platforms: [SNES] },
  ]);
  const test = await buildTestApp({
    env: {
      IGDB_CLIENT_ID: 'client',
      IGDB_CLIENT_SECRET: 'secret',
      IGDB_BASE_URL: igdb.origin,
      TWITCH_OAUTH_URL: `${igdb.origin}/oauth2/token`,
      METADATA_REQUEST_TIMEOUT_MS: '2000',
    },
  });
  await createFirstAdmin(test.app);
  const session = await login(test.app);
  writeTree(test.config.libraryDir, {
    'roms/snes/Super Metroid (USA).sfc': 'super metroid bytes',
    'roms/snes/Chrono Trigger (USA).sfc': 'chrono bytes',
    'roms/snes/Mega Man X (USA).sfc': 'mega man bytes',
  });
  // Stored without metadata: nothing is identified yet.
  await scanLibrary(test.app, session);
  const page = (
    await test.app.inject({ url: '/api/roms', headers: { cookie: session.cookie } })
  ).json<RomListPage>();
  const id = (fsName: string) => page.items.find((rom) => rom.fs_name === fsName)?.id ?? 0;
  return { ...test, session, igdb, id };
}

describe('metadata refresh of chosen ROMs (socket scan with roms_ids)', () => {
  it('re-identifies only those ROMs, reports progress like a scan and keeps hand-edited fields', async () => {
    const { app, session, dataDir, id } = await setup();
    const metroid = id('Super Metroid (USA).sfc');
    const chrono = id('Chrono Trigger (USA).sfc');
    const db = await openTestDatabase(dataDir);
    await db
      .updateTable('rom')
      .set({ name: 'My Metroid', manual_fields: '["name"]' })
      .where('id', '=', metroid)
      .execute();

    const socket = await connectSocket(app, session);
    const events = recordScanEvents(socket);
    const terminal = nextTerminal(socket);
    socket.emit('scan', { type: 'update', apis: ['igdb'], roms_ids: [metroid, chrono, 999999] });
    const done = await terminal;
    socket.disconnect();

    expect(done.name).toBe('scan:done');
    expect(done.payload).toMatchObject({
      total_platforms: 1,
      scanned_platforms: 1,
      total_roms: 2,
      scanned_roms: 2,
      identified_roms: 2,
      new_roms: 0,
      updated_roms: 0,
      missing_roms: 0,
    } satisfies Partial<ScanStats>);
    const platformEvents = events.filter((event) => event.name === 'scan:scanning_platform');
    expect(platformEvents.map((event) => (event.payload as { fs_slug: string }).fs_slug)).toEqual([
      'snes',
    ]);
    const romEvents = events.filter((event) => event.name === 'scan:scanning_rom');
    expect(romEvents.map((event) => (event.payload as { id: number }).id).sort()).toEqual(
      [metroid, chrono].sort(),
    );

    const rows = await db
      .selectFrom('rom')
      .select(['fs_name', 'name', 'igdb_id', 'summary'])
      .orderBy('fs_name')
      .execute();
    await db.destroy();
    expect(rows).toEqual([
      {
        fs_name: 'Chrono Trigger (USA).sfc',
        name: 'Chrono Trigger',
        igdb_id: 1040,
        summary: 'Time travel',
      },
      // Not asked for: left as it was.
      { fs_name: 'Mega Man X (USA).sfc', name: 'Mega Man X', igdb_id: null, summary: null },
      // The hand-edited name stays; the rest comes from the provider.
      {
        fs_name: 'Super Metroid (USA).sfc',
        name: 'My Metroid',
        igdb_id: 1001,
        summary: 'Samus returns',
      },
    ]);
  }, 40_000);

  it('refuses viewers and malformed ids, on the asking socket', async () => {
    const { app, session } = await setup();
    const socket = await connectSocket(app, session);
    const terminal = nextTerminal(socket);
    socket.emit('scan', { type: 'update', apis: ['igdb'], roms_ids: [0] });
    expect(await terminal).toMatchObject({
      name: 'scan:done_ko',
      payload: 'Invalid scan request',
    });
    socket.disconnect();

    await addUser(app, 'viewer', 'viewer');
    const viewer = await connectSocket(app, await login(app, 'viewer', 'viewer-pass'));
    const refused = nextTerminal(viewer);
    viewer.emit('scan', { type: 'update', apis: ['igdb'], roms_ids: [1] });
    expect(await refused).toMatchObject({ name: 'scan:done_ko', payload: 'Forbidden' });
    viewer.disconnect();
  }, 40_000);
});
