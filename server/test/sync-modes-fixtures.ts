import type { RomListPage, Save, SyncMode, SyncSession } from '@romshelf/contract';
import { SYNC_EVENTS } from '@romshelf/contract';
import type { Socket } from 'socket.io-client';
import { expect } from 'vitest';

import { addUser, bearer } from './accounts.js';
import { buildTestApp, createFirstAdmin, login } from './build-test-app.js';
import { filePart, handheldToken, registerDevice } from './handheld.js';
import { connectSocket, scanLibrary, writeTree } from './library-fixtures.js';

const SYNC_NAMES: readonly string[] = Object.values(SYNC_EVENTS);

/** Every sync:* event a socket hears, in order. */
function syncEventsOf(socket: Socket) {
  const heard: { name: string; payload: unknown }[] = [];
  socket.onAny((name: string, payload: unknown) => {
    if (SYNC_NAMES.includes(name)) heard.push({ name, payload });
  });
  return heard;
}

/**
 * A player with one GBA game and a handheld in `mode` (sync config as given), on a clock the
 * test moves; the player's socket and another user's listen for sync events.
 */
export async function syncModeSetup(mode: SyncMode, syncConfig: Record<string, unknown> = {}) {
  const time = { now: Date.parse('2026-11-26T10:00:00.000Z') };
  const built = await buildTestApp({ container: { clock: () => time.now } });
  const { app } = built;
  await createFirstAdmin(app);
  writeTree(built.config.libraryDir, { 'roms/gba/Game (USA).gba': 'gba-game' });
  await scanLibrary(app, await login(app));
  const player = await addUser(app, 'player', 'viewer');
  const other = await addUser(app, 'other', 'viewer');
  const token = await handheldToken(app, player);
  const headers = { authorization: bearer(token) };
  const roms = await app.inject({ method: 'GET', url: '/api/roms', headers });
  const romId = roms.json<RomListPage>().items[0]?.id ?? 0;
  const deviceId = await registerDevice(app, token, 'miyoo');
  const update = await app.inject({
    method: 'PUT',
    url: `/api/devices/${deviceId}`,
    headers,
    payload: { sync_mode: mode, sync_config: syncConfig },
  });
  expect(update.statusCode, update.body).toBe(200);
  const mine = syncEventsOf(await connectSocket(app, await login(app, 'player', player.password)));
  const others = syncEventsOf(await connectSocket(app, await login(app, 'other', other.password)));
  const sessions = async () =>
    (
      await app.inject({ method: 'GET', url: `/api/sync/sessions?device_id=${deviceId}`, headers })
    ).json<SyncSession[]>();
  return {
    ...built,
    headers,
    /** The player's handheld token. */
    token,
    romId,
    deviceId,
    otherToken: await handheldToken(app, other),
    mine,
    others,
    sessions,
    tick: (seconds: number) => {
      time.now += seconds * 1000;
    },
    /** A save the browser (no device) stores in slot main. */
    storeSave: async (content: string) => {
      const body = filePart('saveFile', 'Game (USA).srm', content);
      const response = await app.inject({
        method: 'POST',
        url: `/api/saves?rom_id=${romId}&slot=main`,
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Save>();
    },
    saves: async () =>
      (await app.inject({ method: 'GET', url: `/api/saves?rom_id=${romId}`, headers })).json<
        Save[]
      >(),
    /** Waits until `count` of the device's sessions ended in `status`; answers the newest. */
    endedSession: async (count: number, status: 'completed' | 'failed' = 'completed') => {
      await expect
        .poll(async () => (await sessions()).filter((s) => s.status === status).length, {
          timeout: 15_000,
        })
        .toBe(count);
      const [latest] = await sessions();
      if (latest === undefined) throw new Error('no session');
      return latest;
    },
  };
}

export type SyncModeSetup = Awaited<ReturnType<typeof syncModeSetup>>;
