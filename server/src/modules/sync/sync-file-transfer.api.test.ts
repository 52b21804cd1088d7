import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { RomListPage, Save, SyncSession } from '@romshelf/contract';
import { SYNC_EVENTS } from '@romshelf/contract';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';

import { addUser, bearer } from '../../../test/accounts.js';
import { buildTestApp, createFirstAdmin, login } from '../../../test/build-test-app.js';
import { filePart, handheldToken, registerDevice } from '../../../test/handheld.js';
import { connectSocket, scanLibrary, writeTree } from '../../../test/library-fixtures.js';

const SYNC_NAMES = Object.values(SYNC_EVENTS);

/** Every sync:* event a socket hears, in order. */
function syncEventsOf(socket: Socket) {
  const heard: { name: string; payload: unknown }[] = [];
  socket.onAny((name: string, payload: unknown) => {
    if ((SYNC_NAMES as string[]).includes(name)) heard.push({ name, payload });
  });
  return heard;
}

/** A player with a GBA game, a file_transfer handheld, and sockets of the player and another. */
async function setup() {
  const time = { now: Date.parse('2026-11-26T10:00:00.000Z') };
  const built = await buildTestApp({ container: { clock: () => time.now } });
  const { app } = built;
  await createFirstAdmin(app);
  writeTree(built.config.libraryDir, { 'roms/gba/Game (USA).gba': 'gba-game' });
  await scanLibrary(app, await login(app));
  const player = await addUser(app, 'player', 'viewer');
  await addUser(app, 'other', 'viewer');
  const token = await handheldToken(app, player);
  const headers = { authorization: bearer(token) };
  const romId =
    (await app.inject({ method: 'GET', url: '/api/roms', headers })).json<RomListPage>().items[0]
      ?.id ?? 0;
  const deviceId = await registerDevice(app, token, 'miyoo');
  const update = await app.inject({
    method: 'PUT',
    url: `/api/devices/${deviceId}`,
    headers,
    payload: { sync_mode: 'file_transfer' },
  });
  expect(update.statusCode, update.body).toBe(200);
  const mine = syncEventsOf(await connectSocket(app, await login(app, 'player', player.password)));
  const others = syncEventsOf(await connectSocket(app, await login(app, 'other', 'other-pass')));
  const syncDir = path.join(built.dataDir, 'sync', deviceId);
  return {
    ...built,
    headers,
    romId,
    deviceId,
    mine,
    others,
    syncDir,
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
    /** The device drops its file, last written at `at`. */
    drop: (content: string, at: string) => {
      const folder = path.join(syncDir, 'incoming', 'gba');
      mkdirSync(folder, { recursive: true });
      const file = path.join(folder, 'Game (USA).srm');
      writeFileSync(file, content);
      utimesSync(file, new Date(at), new Date(at));
      return file;
    },
    sessions: async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/sync/sessions?device_id=${deviceId}`,
          headers,
        })
      ).json<SyncSession[]>(),
    saves: async () =>
      (await app.inject({ method: 'GET', url: `/api/saves?rom_id=${romId}`, headers })).json<
        Save[]
      >(),
  };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** Waits for the device's `count`th session to finish and answers it. */
async function finishedSession(t: Setup, count: number): Promise<SyncSession> {
  await expect
    .poll(async () => (await t.sessions()).filter((s) => s.status === 'completed').length, {
      timeout: 15_000,
    })
    .toBe(count);
  const [latest] = await t.sessions();
  if (latest === undefined) throw new Error('no session');
  return latest;
}

const contentOf = (t: Setup, save: Save) =>
  readFileSync(path.join(t.dataDir, 'assets', save.full_path), 'utf8');

describe('file_transfer sync (RomM sync folder)', () => {
  it('takes in a newer device save as a new version, telling only the owner', async () => {
    const t = await setup();
    const first = await t.storeSave('server-1');
    t.tick(60);
    const dropped = t.drop('device-2', '2026-11-26T10:00:30.000Z');

    const session = await finishedSession(t, 1);
    expect(session).toMatchObject({
      device_id: t.deviceId,
      status: 'completed',
      operations_planned: 1,
      operations_completed: 1,
      operations_failed: 0,
      error_message: null,
    });
    expect(existsSync(dropped)).toBe(false);
    const saves = await t.saves();
    expect(saves.map((save) => save.slot)).toEqual(['main', 'main']);
    const newest = saves.find((save) => save.id !== first.id);
    expect(newest?.file_name).toMatch(/^Game \(USA\) \[2026-11-26_10-01-00\]\.srm$/);
    expect(newest === undefined ? '' : contentOf(t, newest)).toBe('device-2');
    expect(contentOf(t, first)).toBe('server-1');

    const who = { device_id: t.deviceId, session_id: session.id };
    await expect.poll(() => t.mine.length).toBe(3);
    expect(t.mine).toEqual([
      { name: 'sync:started', payload: { ...who, sync_mode: 'file_transfer' } },
      {
        name: 'sync:progress',
        payload: {
          ...who,
          operations_completed: 1,
          operations_planned: 1,
          current_file: 'Game (USA).srm',
        },
      },
      {
        name: 'sync:completed',
        payload: { ...who, operations_completed: 1, operations_failed: 0 },
      },
    ]);
    expect(t.others).toEqual([]);
  });

  it('writes a newer server save to outgoing, and keeps a conflict aside with an event', async () => {
    const t = await setup();
    await t.storeSave('server-1');
    t.tick(60);
    // First sync: the device holds the same bytes; its record is now the server's save.
    t.drop('server-1', '2026-11-26T09:00:00.000Z');
    await finishedSession(t, 1);

    t.tick(60);
    await t.storeSave('server-2');
    t.drop('server-1', '2026-11-26T09:00:00.000Z');
    await finishedSession(t, 2);
    const outgoing = path.join(t.syncDir, 'outgoing', 'gba', 'Game (USA).srm');
    expect(readFileSync(outgoing, 'utf8')).toBe('server-2');

    // Both sides change after the device took server-2: nothing is overwritten.
    t.tick(60);
    await t.storeSave('server-3');
    t.tick(60);
    t.drop('device-3', '2026-11-26T10:03:30.000Z');
    const session = await finishedSession(t, 3);
    const kept = path.join(t.syncDir, 'conflicts', 'gba', 'Game (USA).srm');
    expect(readFileSync(kept, 'utf8')).toBe('device-3');
    expect((await t.saves()).map((save) => contentOf(t, save)).sort()).toEqual([
      'server-1',
      'server-2',
      'server-3',
    ]);
    await expect
      .poll(() => t.mine.filter((e) => e.name === 'sync:conflict'))
      .toEqual([
        {
          name: 'sync:conflict',
          payload: {
            device_id: t.deviceId,
            session_id: session.id,
            file_name: 'Game (USA).srm',
            rom_id: t.romId,
            rom_name: 'Game',
            reason: 'Both sides changed since last sync',
          },
        },
      ]);
    expect(t.others).toEqual([]);
  });
});
