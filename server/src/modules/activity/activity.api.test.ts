import type { ActivityClear, ActivityEntry, DetailedRom, RomListPage } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';

import { bearer, seedRoles } from '../../../test/accounts.js';
import type { TestUser } from '../../../test/accounts.js';
import { basic, buildTestApp, login } from '../../../test/build-test-app.js';
import { multipartForm, pngImage } from '../../../test/form-bodies.js';
import { handheldToken, registerDevice } from '../../../test/handheld.js';
import { connectSocket, scanLibrary, writeTree } from '../../../test/library-fixtures.js';

const as = (user: TestUser) => ({ authorization: basic(user.username, user.password) });
const START = Date.parse('2026-11-29T10:00:00.000Z');

async function setup() {
  const clock = { now: START };
  const built = await buildTestApp({ container: { clock: () => clock.now } });
  const users = await seedRoles(built.app);
  writeTree(built.config.libraryDir, { 'roms/nes/Alpha (USA).nes': 'a' });
  await scanLibrary(built.app, await login(built.app));
  const page = await built.app.inject({ url: '/api/roms', headers: as(users.admin) });
  const romId = page.json<RomListPage>().items[0]?.id ?? 0;
  return { ...built, clock, ...users, romId };
}

async function activityOf(app: FastifyInstance, user: TestUser, url = '/api/activity') {
  const response = await app.inject({ url, headers: as(user) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ActivityEntry[]>();
}

/** Collects the activity events a socket hears. */
function heard(socket: Socket) {
  const events: { name: string; payload: unknown }[] = [];
  for (const name of ['activity:update', 'activity:clear']) {
    socket.on(name, (payload: unknown) => events.push({ name, payload }));
  }
  return events;
}

function entryOf(user: TestUser, romId: number, device: string, type: string, at: number) {
  return {
    user_id: user.id,
    username: user.username,
    avatar_path: '',
    rom_id: romId,
    rom_name: 'Alpha',
    rom_cover_path: '',
    platform_slug: 'nes',
    platform_name: 'Nintendo Entertainment System',
    device_id: device,
    device_type: type,
    started_at: new Date(at).toISOString().replace('Z', '+00:00'),
  };
}

describe('/api/activity: devices reporting what they play', () => {
  it('starts, renews, expires without heartbeats and ends an entry, told live', async () => {
    const { app, clock, viewer, editor, romId } = await setup();
    const token = await handheldToken(app, viewer);
    const deviceId = await registerDevice(app, token, 'RG35XX');
    const listener = heard(await connectSocket(app, await login(app, 'editor', 'editor-pass')));
    const beat = () =>
      app.inject({
        method: 'POST',
        url: '/api/activity/heartbeat',
        headers: { authorization: bearer(token) },
        payload: { rom_id: romId, device_id: deviceId },
      });

    const first = await beat();
    expect(first.statusCode, first.body).toBe(200);
    const entry = entryOf(viewer, romId, deviceId, 'grout', START);
    expect(first.json()).toEqual(entry);
    expect(await activityOf(app, editor)).toEqual([entry]);
    expect(await activityOf(app, editor, `/api/activity/rom/${String(romId)}`)).toEqual([entry]);
    expect(await activityOf(app, editor, `/api/activity/rom/${String(romId + 1)}`)).toEqual([]);
    await expect.poll(() => listener).toEqual([{ name: 'activity:update', payload: entry }]);

    // A heartbeat within the TTL keeps the entry and when it started.
    clock.now += 89_000;
    expect((await beat()).json()).toEqual(entry);
    clock.now += 89_000;
    expect(await activityOf(app, editor)).toEqual([entry]);
    // 90 s without a heartbeat: over.
    clock.now += 1_000;
    expect(await activityOf(app, editor)).toEqual([]);
    expect(await activityOf(app, editor, `/api/activity/rom/${String(romId)}`)).toEqual([]);

    const again = await beat();
    const restarted = {
      ...entry,
      started_at: new Date(clock.now).toISOString().replace('Z', '+00:00'),
    };
    expect(again.json()).toEqual(restarted);
    const cleared = await app.inject({
      method: 'DELETE',
      url: `/api/activity/heartbeat?device_id=${deviceId}`,
      headers: { authorization: bearer(token) },
    });
    expect(cleared.statusCode).toBe(204);
    expect(await activityOf(app, editor)).toEqual([]);
    const clear: ActivityClear = { user_id: viewer.id, device_id: deviceId, rom_id: romId };
    await expect.poll(() => listener.at(-1)).toEqual({ name: 'activity:clear', payload: clear });
    // Clearing again is quiet.
    const twice = await app.inject({
      method: 'DELETE',
      url: `/api/activity/heartbeat?device_id=${deviceId}`,
      headers: { authorization: bearer(token) },
    });
    expect(twice.statusCode).toBe(204);
  });

  it("refuses someone else's device, an unknown game and bad bodies", async () => {
    const { app, viewer, editor, romId } = await setup();
    const viewersDevice = await registerDevice(app, await handheldToken(app, viewer), 'RG35XX');
    const heartbeat = (payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/activity/heartbeat', headers: as(editor), payload });

    const foreign = await heartbeat({ rom_id: romId, device_id: viewersDevice });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({
      detail: `Device ${viewersDevice} not found for this user`,
    });
    const unknownRom = await heartbeat({ rom_id: romId + 100, device_id: viewersDevice });
    expect(unknownRom.statusCode).toBe(404);
    expect((await heartbeat({ rom_id: 0, device_id: 'x' })).statusCode).toBe(422);
    expect((await heartbeat({ rom_id: romId, device_id: '' })).statusCode).toBe(422);
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/activity/heartbeat', headers: as(editor) }))
        .statusCode,
    ).toBe(422);
    expect(await activityOf(app, viewer)).toEqual([]);
    expect((await app.inject({ url: '/api/activity' })).statusCode).toBe(401);
  });

  it("names the game's small cover as RomM does: its path in the resources folder", async () => {
    const { app, admin, romId } = await setup();
    const form = multipartForm({}, [
      { name: 'artwork', filename: 'cover.png', type: 'image/png', data: await pngImage(60, 90) },
    ]);
    const covered = await app.inject({
      method: 'PUT',
      url: `/api/roms/${String(romId)}`,
      headers: { ...as(admin), ...form.headers },
      payload: form.payload,
    });
    expect(covered.statusCode, covered.body).toBe(200);
    const platformId = covered.json<DetailedRom>().platform_id;
    const player = await connectSocket(app, await login(app));
    player.emit('activity:start', { rom_id: romId, device_id: 'web-tab-1' });
    await expect
      .poll(async () => (await activityOf(app, admin)).map((play) => play.rom_cover_path))
      .toEqual([`roms/${String(platformId)}/${String(romId)}/cover/small.webp`]);
  });
});

describe('activity over the socket (the web player)', () => {
  it('acts for the signed-in user only: start, heartbeat, stop, expiry and disconnect', async () => {
    const { app, clock, viewer, editor, romId } = await setup();
    const player = await connectSocket(app, await login(app, 'viewer', 'viewer-pass'));
    const listener = heard(await connectSocket(app, await login(app, 'editor', 'editor-pass')));
    const entry = entryOf(viewer, romId, 'web-tab-1', 'web', START);

    // A payload naming another user is ignored: the socket's user plays.
    player.emit('activity:start', { rom_id: romId, device_id: 'web-tab-1', user_id: editor.id });
    await expect.poll(() => listener).toEqual([{ name: 'activity:update', payload: entry }]);
    expect(await activityOf(app, editor)).toEqual([entry]);

    clock.now += 60_000;
    player.emit('activity:heartbeat', { rom_id: romId, device_id: 'web-tab-1' });
    await expect.poll(() => listener.length).toBe(2);
    expect(listener[1]).toEqual({ name: 'activity:update', payload: entry });
    clock.now += 89_000;
    expect(await activityOf(app, editor)).toEqual([entry]);
    clock.now += 1_000;
    expect(await activityOf(app, editor)).toEqual([]);

    // A fresh start; stop without a payload ends the socket's own play.
    player.emit('activity:start', { rom_id: romId, device_id: 'web-tab-1' });
    await expect.poll(() => listener.length).toBe(3);
    player.emit('activity:stop');
    const clear = { user_id: viewer.id, device_id: 'web-tab-1', rom_id: romId };
    await expect.poll(() => listener.at(-1)).toEqual({ name: 'activity:clear', payload: clear });
    expect(await activityOf(app, editor)).toEqual([]);

    // Bad payloads do nothing; leaving (disconnect) ends the play.
    player.emit('activity:start', { rom_id: 'x', device_id: 'web-tab-1' });
    player.emit('activity:start', { rom_id: romId, device_id: 'web-tab-2' });
    await expect.poll(() => listener.length).toBe(5);
    expect(await activityOf(app, editor)).toEqual([
      {
        ...entry,
        device_id: 'web-tab-2',
        started_at: new Date(clock.now).toISOString().replace('Z', '+00:00'),
      },
    ]);
    player.disconnect();
    await expect
      .poll(() => listener.at(-1))
      .toEqual({
        name: 'activity:clear',
        payload: { ...clear, device_id: 'web-tab-2' },
      });
    expect(await activityOf(app, editor)).toEqual([]);
  });

  it('keeps the play of a user who does not share it to them and users.read holders', async () => {
    const { app, viewer, editor, admin, romId } = await setup();
    const off = await app.inject({
      method: 'PUT',
      url: `/api/users/${String(viewer.id)}`,
      headers: as(viewer),
      payload: { share_activity: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const player = await connectSocket(app, await login(app, 'viewer', 'viewer-pass'));
    const editorHears = heard(await connectSocket(app, await login(app, 'editor', 'editor-pass')));
    const adminHears = heard(await connectSocket(app, await login(app)));
    const playerHears = heard(player);
    const entry = entryOf(viewer, romId, 'web-tab-1', 'web', START);

    player.emit('activity:start', { rom_id: romId, device_id: 'web-tab-1' });
    await expect.poll(() => adminHears).toEqual([{ name: 'activity:update', payload: entry }]);
    await expect.poll(() => playerHears).toEqual([{ name: 'activity:update', payload: entry }]);
    expect(await activityOf(app, viewer)).toEqual([entry]);
    expect(await activityOf(app, admin)).toEqual([entry]);
    expect(await activityOf(app, editor)).toEqual([]);
    expect(await activityOf(app, editor, `/api/activity/rom/${String(romId)}`)).toEqual([]);

    // The editor's own play is shared: a round trip that the editor's socket hears proves the
    // viewer's update would have arrived before it.
    const editorSocket = await connectSocket(app, await login(app, 'editor', 'editor-pass'));
    editorSocket.emit('activity:start', { rom_id: romId, device_id: 'web-tab-9' });
    await expect.poll(() => editorHears.length).toBe(1);
    expect(editorHears[0]).toEqual({
      name: 'activity:update',
      payload: entryOf(editor, romId, 'web-tab-9', 'web', START),
    });
  });
});
