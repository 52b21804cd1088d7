import type { RomListPage, Save, SyncNegotiateResponse, SyncSession } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { addUser, bearer } from '../../../test/accounts.js';
import { buildTestApp, createFirstAdmin, login } from '../../../test/build-test-app.js';
import { filePart, handheldToken, registerDevice } from '../../../test/handheld.js';
import { hashesOf, scanLibrary, writeTree } from '../../../test/library-fixtures.js';

/** One GBA game, a player with a handheld token, on a clock the test moves. */
async function setup() {
  const time = { now: Date.parse('2026-11-26T10:00:00.000Z') };
  const built = await buildTestApp({ container: { clock: () => time.now } });
  await createFirstAdmin(built.app);
  writeTree(built.config.libraryDir, { 'roms/gba/Game (USA).gba': 'gba-game' });
  await scanLibrary(built.app, await login(built.app));
  const player = await addUser(built.app, 'player', 'viewer');
  const token = await handheldToken(built.app, player);
  const page = await built.app.inject({
    method: 'GET',
    url: '/api/roms',
    headers: { authorization: bearer(token) },
  });
  const romId = page.json<RomListPage>().items[0]?.id ?? 0;
  return {
    ...built,
    token,
    romId,
    tick: (seconds: number) => {
      time.now += seconds * 1000;
    },
    at: () => new Date(time.now).toISOString(),
  };
}

type Setup = Awaited<ReturnType<typeof setup>>;

function handheld(app: FastifyInstance, token: string, deviceId: string) {
  const headers = { authorization: bearer(token) };
  return {
    upload: (romId: number, content: string, query = '') => {
      const body = filePart('saveFile', 'Game (USA).srm', content);
      return app.inject({
        method: 'POST',
        url: `/api/saves?rom_id=${romId}&slot=main&device_id=${deviceId}${query}`,
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    },
    negotiate: async (saves: Record<string, unknown>[]) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/sync/negotiate',
        headers,
        payload: { device_id: deviceId, saves },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SyncNegotiateResponse>();
    },
    download: (saveId: number) =>
      app.inject({
        method: 'GET',
        url: `/api/saves/${saveId}/content?device_id=${deviceId}`,
        headers,
      }),
    post: (url: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url, headers, payload }),
    saves: async (romId: number) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/saves?rom_id=${romId}&device_id=${deviceId}`,
        headers,
      });
      return response.json<Save[]>();
    },
  };
}

const held = (t: Setup, content: string, updatedAt: string) => ({
  rom_id: t.romId,
  file_name: 'Game (USA).srm',
  slot: 'main',
  content_hash: hashesOf(content).md5,
  updated_at: updatedAt,
  file_size_bytes: content.length,
});

describe('save sync across two devices', () => {
  it('tells each device what to upload and download, and keeps both saves on a conflict', async () => {
    const t = await setup();
    const idA = await registerDevice(t.app, t.token, 'Handheld A');
    const idB = await registerDevice(t.app, t.token, 'Handheld B');
    const handheldA = handheld(t.app, t.token, idA);
    const handheldB = handheld(t.app, t.token, idB);

    // A holds a save the server lacks: upload.
    const firstPlan = await handheldA.negotiate([held(t, 'level-1', t.at())]);
    expect(firstPlan.operations.map((op) => [op.action, op.reason])).toEqual([
      ['upload', 'Save exists on client but not on server'],
    ]);
    const uploaded = await handheldA.upload(
      t.romId,
      'level-1',
      `&session_id=${firstPlan.session_id}`,
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const v1 = uploaded.json<Save>();
    expect(v1.origin_device_id).toBe(idA);
    expect(v1.device_syncs).toEqual([
      {
        device_id: idA,
        device_name: 'Handheld A',
        last_synced_at: v1.updated_at,
        is_untracked: false,
        is_current: true,
      },
    ]);
    const completed = await handheldA.post(`/api/sync/sessions/${firstPlan.session_id}/complete`, {
      operations_completed: 1,
    });
    expect(completed.json<{ session: SyncSession }>().session).toMatchObject({
      status: 'completed',
      operations_planned: 1,
      operations_completed: 1,
    });

    // B has nothing: download; once downloaded, nothing more to do.
    t.tick(60);
    const bPlan = await handheldB.negotiate([]);
    expect(bPlan.operations.map((op) => [op.action, op.save_id])).toEqual([['download', v1.id]]);
    expect((await handheldB.download(v1.id)).body).toBe('level-1');
    expect((await handheldB.negotiate([held(t, 'level-1', t.at())])).operations).toEqual([
      expect.objectContaining({ action: 'no_op', reason: 'Content is identical' }),
    ]);

    // Both play on: A uploads level 2 (it was current), B changed its copy meanwhile.
    t.tick(60);
    const v2 = await handheldA.upload(t.romId, 'level-2');
    expect(v2.statusCode, v2.body).toBe(200);
    t.tick(60);
    const conflictPlan = await handheldB.negotiate([held(t, 'level-1-side-quest', t.at())]);
    expect(conflictPlan.operations).toEqual([
      expect.objectContaining({
        action: 'conflict',
        save_id: v2.json<Save>().id,
        reason: 'Both sides changed since last sync',
      }),
    ]);
    expect(conflictPlan.total_conflict).toBe(1);

    // B uploads anyway: refused, nothing overwritten, its progress kept aside and named.
    const refused = await handheldB.upload(t.romId, 'level-1-side-quest');
    expect(refused.statusCode).toBe(409);
    const detail = refused.json<{ detail: string }>().detail;
    expect(detail).toMatch(
      /^Slot has a newer save since your last sync; nothing was overwritten: your upload is kept as save \d+ "Game \(USA\) \[conflict 2026-11-26_10-03-00\]\.srm"$/,
    );
    const saves = await handheldB.saves(t.romId);
    const bySlot = saves.map((save) => [save.slot, save.origin_device_id]);
    expect(bySlot).toEqual(
      expect.arrayContaining([
        ['main', idA],
        ['main', idA],
        [null, idB],
      ]),
    );
    expect(saves).toHaveLength(3);
    const aside = saves.find((save) => save.slot === null);
    expect(aside?.device_syncs[0]).toMatchObject({ device_id: idB, is_current: false });
    const asideContent = await handheldB.download(aside?.id ?? 0);
    expect(asideContent.body).toBe('level-1-side-quest');

    // A's level 2 is still the slot's latest: A has nothing to do, B is told to download it.
    const aPlan = await handheldA.negotiate([held(t, 'level-2', t.at())]);
    expect(aPlan.operations.map((op) => op.action)).toEqual(['no_op']);

    // B resolves by choosing its own: overwrite makes it the slot's latest, A must download.
    t.tick(60);
    const chosen = await handheldB.upload(t.romId, 'level-1-side-quest', '&overwrite=true');
    expect(chosen.statusCode).toBe(200);
    const aAfter = await handheldA.negotiate([held(t, 'level-2', '2026-11-26T10:02:00.000Z')]);
    expect(aAfter.operations).toEqual([
      expect.objectContaining({
        action: 'download',
        save_id: chosen.json<Save>().id,
        reason: 'Server save is newer than last sync',
      }),
    ]);
  });

  it('skips saves a device untracked, and confirms downloads', async () => {
    const t = await setup();
    const a = handheld(t.app, t.token, await registerDevice(t.app, t.token, 'A'));
    const bId = await registerDevice(t.app, t.token, 'B');
    const b = handheld(t.app, t.token, bId);
    const save = (await a.upload(t.romId, 'progress')).json<Save>();

    const untracked = await b.post(`/api/saves/${save.id}/untrack`, { device_id: bId });
    expect(untracked.statusCode).toBe(200);
    expect(untracked.json<Save>().device_syncs[0]).toMatchObject({
      device_id: bId,
      is_untracked: true,
    });
    expect((await b.negotiate([])).operations).toEqual([]);
    expect((await b.negotiate([held(t, 'other', t.at())])).operations).toEqual([
      expect.objectContaining({ action: 'no_op', reason: 'Save is untracked on this device' }),
    ]);

    await b.post(`/api/saves/${save.id}/track`, { device_id: bId });
    expect((await b.negotiate([])).operations.map((op) => op.action)).toEqual(['download']);
    const confirmed = await b.post(`/api/saves/${save.id}/downloaded`, { device_id: bId });
    expect(confirmed.json<Save>().device_syncs[0]).toMatchObject({
      device_id: bId,
      is_current: true,
    });
    expect((await b.negotiate([])).operations).toEqual([]);
  });

  it("refuses another user's device everywhere (404), and a device whose sync is off (400)", async () => {
    const t = await setup();
    const other = await addUser(t.app, 'other', 'viewer');
    const otherToken = await handheldToken(t.app, other);
    const foreignId = await registerDevice(t.app, otherToken, 'Not yours');
    const mine = handheld(t.app, t.token, foreignId);
    const missing = { detail: `Device with ID ${foreignId} not found` };

    const upload = await mine.upload(t.romId, 'x');
    expect([upload.statusCode, upload.json()]).toEqual([404, missing]);
    const negotiate = await t.app.inject({
      method: 'POST',
      url: '/api/sync/negotiate',
      headers: { authorization: bearer(t.token) },
      payload: { device_id: foreignId, saves: [] },
    });
    expect([negotiate.statusCode, negotiate.json()]).toEqual([404, missing]);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/saves?device_id=${foreignId}`,
      headers: { authorization: bearer(t.token) },
    });
    expect(list.statusCode).toBe(404);

    const ownId = await registerDevice(t.app, t.token, 'Mine');
    await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${ownId}`,
      headers: { authorization: bearer(t.token) },
      payload: { sync_enabled: false },
    });
    const disabled = await t.app.inject({
      method: 'POST',
      url: '/api/sync/negotiate',
      headers: { authorization: bearer(t.token) },
      payload: { device_id: ownId, saves: [] },
    });
    expect([disabled.statusCode, disabled.json()]).toEqual([
      400,
      { detail: 'Sync is disabled for this device' },
    ]);
  });
});
