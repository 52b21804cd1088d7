import path from 'node:path';

import type { ActivityEntry, RomListPage } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';

import { seedRoles } from '../accounts.js';
import type { TestUser } from '../accounts.js';
import { basic, buildTestApp, closeTestApp, login, makeTempDir } from '../build-test-app.js';
import { handheldToken, registerDevice } from '../handheld.js';
import { connectSocket, scanLibrary, writeTree } from '../library-fixtures.js';

/** Two API processes sharing one Redis: a play reported to either shows on both. */
const REDIS_URL = process.env.ROMSHELF_TEST_REDIS_URL ?? '';

beforeAll(() => {
  if (REDIS_URL === '') {
    throw new Error('ROMSHELF_TEST_REDIS_URL is not set (.ci/run starts a Redis and sets it)');
  }
});

const as = (user: TestUser) => ({ authorization: basic(user.username, user.password) });

async function activityOn(app: FastifyInstance, user: TestUser): Promise<ActivityEntry[]> {
  const response = await app.inject({ url: '/api/activity', headers: as(user) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ActivityEntry[]>();
}

it('shares plays, their updates and their ends between processes, and their expiry', async () => {
  const root = makeTempDir();
  const dataDir = path.join(root, 'data');
  const env = { DATABASE_URL: `sqlite:${path.join(root, 'shared.db')}` };
  // The library is scanned once in a lone process (with Redis, scans go to a worker).
  const lone = await buildTestApp({ dataDir, env });
  const users = await seedRoles(lone.app);
  writeTree(lone.config.libraryDir, { 'roms/nes/Alpha (USA).nes': 'a' });
  await scanLibrary(lone.app, await login(lone.app));
  const page = await lone.app.inject({ url: '/api/roms', headers: as(users.admin) });
  const romId = page.json<RomListPage>().items[0]?.id ?? 0;
  await closeTestApp(lone.app);

  const clock = { now: Date.now() };
  const options = { dataDir, env: { ...env, REDIS_URL }, container: { clock: () => clock.now } };
  const a = (await buildTestApp(options)).app;
  const b = (await buildTestApp(options)).app;
  const { viewer, editor } = users;

  const onB = await connectSocket(b, await login(b, 'editor', 'editor-pass'));
  const heard: { name: string; payload: ActivityEntry | object }[] = [];
  onB.on('activity:update', (payload: ActivityEntry) => heard.push({ name: 'update', payload }));
  onB.on('activity:clear', (payload: object) => heard.push({ name: 'clear', payload }));

  // A device reports through A: B lists it and B's socket hears it.
  const token = await handheldToken(a, viewer);
  const deviceId = await registerDevice(a, token, 'RG35XX');
  const beat = await a.inject({
    method: 'POST',
    url: '/api/activity/heartbeat',
    headers: { authorization: `Bearer ${token}` },
    payload: { rom_id: romId, device_id: deviceId },
  });
  expect(beat.statusCode, beat.body).toBe(200);
  const entry = beat.json<ActivityEntry>();
  expect(await activityOn(b, editor)).toEqual([entry]);
  await expect.poll(() => heard).toEqual([{ name: 'update', payload: entry }]);

  // The web player on A stops: B hears the end.
  const player = await connectSocket(a, await login(a, 'viewer', 'viewer-pass'));
  player.emit('activity:start', { rom_id: romId, device_id: 'web-tab-1' });
  await expect.poll(() => heard.length).toBe(2);
  expect((await activityOn(b, editor)).map((play) => play.device_id).sort()).toEqual(
    [deviceId, 'web-tab-1'].sort(),
  );
  player.emit('activity:stop');
  await expect
    .poll(() => heard.at(-1))
    .toEqual({
      name: 'clear',
      payload: { user_id: viewer.id, device_id: 'web-tab-1', rom_id: romId },
    });
  expect(await activityOn(b, editor)).toEqual([entry]);

  // No heartbeat for 90 s: over on both processes.
  clock.now += 90_000;
  expect(await activityOn(a, editor)).toEqual([]);
  expect(await activityOn(b, editor)).toEqual([]);
});
