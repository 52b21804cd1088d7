import type { PlaySession, PlaySessionIngestResponse, RomListPage } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { addUser, bearer } from '../../../test/accounts.js';
import type { TestUser } from '../../../test/accounts.js';
import { basic, buildTestApp, createFirstAdmin, login } from '../../../test/build-test-app.js';
import { handheldToken, registerDevice } from '../../../test/handheld.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';

const as = (user: TestUser) => ({ authorization: basic(user.username, user.password) });

async function setup() {
  const built = await buildTestApp({
    container: { clock: () => Date.parse('2026-11-26T12:00:00.000Z') },
  });
  await createFirstAdmin(built.app);
  writeTree(built.config.libraryDir, {
    'roms/gba/Game (USA).gba': 'gba-game',
    'roms/gba/Other (USA).gba': 'gba-other',
  });
  await scanLibrary(built.app, await login(built.app));
  const ann = await addUser(built.app, 'ann', 'viewer');
  const ben = await addUser(built.app, 'ben', 'viewer');
  const page = await built.app.inject({ method: 'GET', url: '/api/roms', headers: as(ann) });
  const [game, other] = page
    .json<RomListPage>()
    .items.sort((a, b) => a.fs_name.localeCompare(b.fs_name))
    .map((rom) => rom.id);
  return { ...built, ann, ben, game: game ?? 0, other: other ?? 0 };
}

const session = (romId: number, start: string, minutes: number) => ({
  rom_id: romId,
  start_time: start,
  end_time: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
  duration_ms: minutes * 60_000,
});

describe('/api/play-sessions', () => {
  it("shows others' play time only where they share their activity; administrators see all", async () => {
    const { app, ann, ben, game } = await setup();
    for (const [user, minutes] of [
      [ann, 40],
      [ben, 25],
    ] as const) {
      const played = await app.inject({
        method: 'POST',
        url: '/api/play-sessions',
        headers: as(user),
        payload: { sessions: [session(game, '2026-11-25T18:00:00.000Z', minutes)] },
      });
      expect(played.statusCode).toBe(201);
    }
    const hidden = await app.inject({
      method: 'PUT',
      url: `/api/users/${ann.id}`,
      headers: as(ann),
      payload: { share_activity: false },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const playersSeenBy = async (authorization: string) => {
      const totals = await app.inject({
        url: `/api/play-sessions/totals?rom_id=${game}`,
        headers: { authorization },
      });
      return totals.json<{ username: string; total_ms: number }[]>().map((row) => row.username);
    };
    // Ann keeps hers to herself but still sees her own and Ben's, who shares (the default).
    expect(await playersSeenBy(as(ben).authorization)).toEqual(['ben']);
    expect(await playersSeenBy(as(ann).authorization)).toEqual(['ann', 'ben']);
    expect(await playersSeenBy(basic('admin', 'secret-pass'))).toEqual(['ann', 'ben']);

    const shared = await app.inject({
      method: 'PUT',
      url: `/api/users/${ann.id}`,
      headers: as(ann),
      payload: { share_activity: 'true' },
    });
    expect(shared.statusCode).toBe(200);
    expect(await playersSeenBy(as(ben).authorization)).toEqual(['ann', 'ben']);
  });

  it("records each session once and totals each user's time on a game", async () => {
    const { app, ann, ben, game, other } = await setup();
    const token = await handheldToken(app, ann);
    const deviceId = await registerDevice(app, token, 'RG35XX');
    const batch = [
      session(game, '2026-11-25T18:00:00.000Z', 45),
      session(game, '2026-11-25T20:00:00.250Z', 30),
      session(other, '2026-11-25T21:00:00.000Z', 10),
      session(999_999, '2026-11-25T22:00:00.000Z', 5),
    ];
    const reported = await app.inject({
      method: 'POST',
      url: '/api/play-sessions',
      headers: { authorization: bearer(token) },
      payload: { device_id: deviceId, sessions: batch },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const result = reported.json<PlaySessionIngestResponse>();
    expect(result.results.map((entry) => [entry.index, entry.status, entry.detail])).toEqual([
      [0, 'created', null],
      [1, 'created', null],
      [2, 'created', null],
      [3, 'error', 'ROM with id 999999 not found'],
    ]);
    expect([result.created_count, result.skipped_count]).toEqual([3, 1]);

    // A retried batch is recognised: nothing counted twice.
    const retried = await app.inject({
      method: 'POST',
      url: '/api/play-sessions',
      headers: { authorization: bearer(token) },
      payload: { device_id: deviceId, sessions: batch.slice(0, 1) },
    });
    expect(retried.json<PlaySessionIngestResponse>().results[0]?.status).toBe('duplicate');

    // The web player reports without a device.
    const web = await app.inject({
      method: 'POST',
      url: '/api/play-sessions',
      headers: as(ben),
      payload: { sessions: [session(game, '2026-11-26T09:00:00.000Z', 20)] },
    });
    expect(web.statusCode).toBe(201);

    const totals = await app.inject({
      method: 'GET',
      url: `/api/play-sessions/totals?rom_id=${game}`,
      headers: as(ben),
    });
    expect(totals.json()).toEqual([
      {
        user_id: ann.id,
        username: 'ann',
        total_ms: 75 * 60_000,
        session_count: 2,
        last_played_at: '2026-11-25T20:30:00.000+00:00',
      },
      {
        user_id: ben.id,
        username: 'ben',
        total_ms: 20 * 60_000,
        session_count: 1,
        last_played_at: '2026-11-26T09:20:00.000+00:00',
      },
    ]);

    const own = await app.inject({
      method: 'GET',
      url: `/api/play-sessions?rom_id=${game}`,
      headers: as(ann),
    });
    const sessions = own.json<PlaySession[]>();
    expect(sessions.map((item) => [item.start_time, item.device_id, item.duration_ms])).toEqual([
      ['2026-11-25T20:00:00.000+00:00', deviceId, 30 * 60_000],
      ['2026-11-25T18:00:00.000+00:00', deviceId, 45 * 60_000],
    ]);
    const stranger = await app.inject({
      method: 'DELETE',
      url: `/api/play-sessions/${sessions[0]?.id}`,
      headers: as(ben),
    });
    expect(stranger.statusCode).toBe(404);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/play-sessions/${sessions[0]?.id}`,
      headers: as(ann),
    });
    expect(removed.statusCode).toBe(204);
  });

  it('refuses empty batches, reversed times and unknown devices with a clear detail', async () => {
    const { app, ann, ben, game } = await setup();
    const post = (payload: Record<string, unknown>, user = ann) =>
      app.inject({ method: 'POST', url: '/api/play-sessions', headers: as(user), payload });
    const empty = await post({ sessions: [] });
    expect([empty.statusCode, empty.json()]).toEqual([
      400,
      { detail: 'Payload must contain at least one session' },
    ]);
    const reversed = await post({
      sessions: [
        { ...session(game, '2026-11-25T18:00:00.000Z', 10), end_time: '2026-11-25T17:00:00Z' },
      ],
    });
    expect(reversed.statusCode).toBe(422);
    expect(JSON.stringify(reversed.json())).toContain('end_time must be after start_time');
    const bensDevice = await registerDevice(app, await handheldToken(app, ben), 'Ben’s');
    const foreign = await post({
      device_id: bensDevice,
      sessions: [session(game, '2026-11-25T18:00:00.000Z', 10)],
    });
    expect([foreign.statusCode, foreign.json()]).toEqual([
      404,
      { detail: `Device with ID ${bensDevice} not found` },
    ]);
  });
});
