import type {
  DetailedRom,
  PlayBeaconToken,
  PlaySession,
  Save,
  SaveVersion,
} from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import type { TestUser } from '../../../test/accounts.js';
import { basic, buildTestApp, createFirstAdmin, login } from '../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';

const as = (user: TestUser) => ({ authorization: basic(user.username, user.password) });

async function setup() {
  let now = Date.parse('2026-12-04T12:00:00.000Z');
  const built = await buildTestApp({ container: { clock: () => now } });
  await createFirstAdmin(built.app);
  writeTree(built.config.libraryDir, { 'roms/nes/Game.nes': 'game' });
  await scanLibrary(built.app, await login(built.app));
  const ann = await addUser(built.app, 'ann', 'viewer');
  const { app } = built;
  const romId = 1;
  const lastPlayed = async (user: TestUser) =>
    (await app.inject({ url: `/api/roms/${romId}`, headers: as(user) })).json<DetailedRom>()
      .rom_user.last_played;
  const tokenFor = async (user: TestUser) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/play-sessions/beacon-token',
      headers: as(user),
      payload: { rom_id: romId },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PlayBeaconToken>();
  };
  const sessions = async (user: TestUser) =>
    (await app.inject({ url: '/api/play-sessions', headers: as(user) })).json<PlaySession[]>();
  return {
    ...built,
    ann,
    romId,
    lastPlayed,
    tokenFor,
    sessions,
    tick: (ms: number) => {
      now += ms;
    },
  };
}

const form = (fields: Record<string, string | number>) =>
  new URLSearchParams(
    Object.entries(fields).map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();

const stretch = {
  start_time: '2026-12-04T11:00:00.000Z',
  end_time: '2026-12-04T11:30:00.000Z',
  duration_ms: 30 * 60_000,
};

describe('play sessions move last played', () => {
  it('to the end of a new session, never back to an older one', async () => {
    const { app, ann, romId, lastPlayed } = await setup();
    expect(await lastPlayed(ann)).toBeNull();
    const report = (start: string, end: string) =>
      app.inject({
        method: 'POST',
        url: '/api/play-sessions',
        headers: as(ann),
        payload: {
          sessions: [{ rom_id: romId, start_time: start, end_time: end, duration_ms: 60_000 }],
        },
      });
    expect((await report('2026-12-03T20:00:00Z', '2026-12-03T20:01:00Z')).statusCode).toBe(201);
    expect(await lastPlayed(ann)).toBe('2026-12-03T20:01:00.000+00:00');
    await report('2026-12-01T20:00:00Z', '2026-12-01T20:01:00Z');
    expect(await lastPlayed(ann)).toBe('2026-12-03T20:01:00.000+00:00');
  });
});

describe('the web player beacon', () => {
  it('records a stretch sent as a form with the per-play token and no CSRF header', async () => {
    const { app, ann, romId, tokenFor, sessions, lastPlayed } = await setup();
    const { token, expires_at } = await tokenFor(ann);
    expect(expires_at).toBe('2026-12-05T00:00:00.000+00:00');
    // The browser sends its session cookie with a beacon; it is not what authenticates.
    const { cookie } = await login(app, ann.username, ann.password);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/play-sessions/beacon',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', cookie },
      payload: form({ token, ...stretch }),
    });
    expect(sent.statusCode, sent.body).toBe(204);
    expect(await sessions(ann)).toMatchObject([
      {
        rom_id: romId,
        device_id: null,
        start_time: '2026-12-04T11:00:00.000+00:00',
        end_time: '2026-12-04T11:30:00.000+00:00',
        duration_ms: 30 * 60_000,
      },
    ]);
    expect(await lastPlayed(ann)).toBe('2026-12-04T11:30:00.000+00:00');
  });

  it('refuses forged, altered and expired tokens, and bad bodies', async () => {
    const { app, ann, tokenFor, sessions, tick } = await setup();
    const { token } = await tokenFor(ann);
    const send = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/api/play-sessions/beacon',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    const [user, rom, expires, signature] = token.split('.');
    for (const forged of [
      `1.${rom}.${expires}.${signature}`,
      `${user}.${rom}.${Number(expires) + 1}.${signature}`,
      `${user}.${rom}.${expires}.${'A'.repeat(43)}`,
      'not-a-token',
    ]) {
      const refused = await send(form({ token: forged, ...stretch }));
      expect(refused.statusCode, forged).toBe(401);
      expect(refused.json()).toEqual({ detail: 'Invalid or expired play token' });
    }
    expect((await send('token=x')).json()).toEqual({ detail: 'Invalid beacon body' });
    const backwards = await send(form({ token, ...stretch, end_time: '2026-12-04T10:00:00.000Z' }));
    expect(backwards.statusCode).toBe(400);
    tick(12 * 60 * 60 * 1000 + 1);
    expect((await send(form({ token, ...stretch }))).statusCode).toBe(401);
    expect(await sessions(ann)).toEqual([]);
  });

  it('gives tokens only to signed-in users, for games that exist', async () => {
    const { app, ann } = await setup();
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/play-sessions/beacon-token',
      payload: { rom_id: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/play-sessions/beacon-token',
      headers: as(ann),
      payload: { rom_id: 99 },
    });
    expect(unknown.json()).toEqual({ detail: 'ROM with id 99 not found' });
  });
});

/** A form as a browser's FormData sends it: fields, then the file. */
function beaconForm(fields: [string, string][], file: { name: string; data: Buffer } | null) {
  const boundary = '----romshelf-beacon-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file !== null) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="saveFile"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('the web player save beacon', () => {
  it("stores the game's save file under its name, keeping the content it replaces", async () => {
    const { app, ann, romId, tokenFor } = await setup();
    const { token } = await tokenFor(ann);
    const send = (fill: number) =>
      app.inject({
        method: 'POST',
        url: '/api/saves/beacon',
        ...beaconForm(
          [
            ['token', token],
            ['emulator', 'fceumm'],
          ],
          { name: 'Game.srm', data: Buffer.alloc(8192, fill) },
        ),
      });
    const first = await send(1);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Save>()).toMatchObject({
      rom_id: romId,
      file_name: 'Game.srm',
      emulator: 'fceumm',
      file_size_bytes: 8192,
    });
    const second = await send(2);
    expect(second.json<Save>().id).toBe(first.json<Save>().id);
    const versions = await app.inject({
      url: `/api/saves/${first.json<Save>().id}/versions`,
      headers: as(ann),
    });
    expect(versions.json<SaveVersion[]>().map((version) => version.file_size_bytes)).toEqual([
      8192,
    ]);
  });

  it('refuses a file before the token, a bad token and a file over 64 KiB', async () => {
    const { app, ann, tokenFor } = await setup();
    const { token } = await tokenFor(ann);
    const file = { name: 'Game.srm', data: Buffer.alloc(16, 1) };
    for (const form of [
      beaconForm([], file),
      beaconForm([['token', `${token}x`]], file),
      beaconForm([['token', 'forged']], file),
    ]) {
      const refused = await app.inject({ method: 'POST', url: '/api/saves/beacon', ...form });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ detail: 'Invalid or expired play token' });
    }
    const big = await app.inject({
      method: 'POST',
      url: '/api/saves/beacon',
      ...beaconForm([['token', token]], { name: 'Game.srm', data: Buffer.alloc(70_000, 1) }),
    });
    expect(big.statusCode).toBe(413);
    const saves = await app.inject({ url: '/api/saves', headers: as(ann) });
    expect(saves.json()).toEqual([]);
  });
});
