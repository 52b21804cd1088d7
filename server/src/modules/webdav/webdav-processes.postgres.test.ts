import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import { basic, buildTestApp, createFirstAdmin } from '../../../test/build-test-app.js';
import { handheldToken } from '../../../test/handheld.js';

/**
 * Two API processes on one database and one data folder: two apps in this process, each with
 * its own WebDAV store (and so its own in-process locks), sharing the PostgreSQL database.
 * SQLite cannot stand in here: its driver waits for another connection's write lock by
 * blocking the one event loop both apps run on.
 */
async function twoProcesses() {
  const first = await buildTestApp();
  await createFirstAdmin(first.app);
  const user = await addUser(first.app, 'mario', 'viewer');
  const token = await handheldToken(first.app, user);
  const second = await buildTestApp({ dataDir: first.dataDir });
  const headers = { authorization: basic('mario', token) };
  const put = (app: FastifyInstance, url: string, body: string, conditions: object) =>
    app.inject({
      method: 'PUT',
      url: `/dav/mario/${url}`,
      headers: { ...headers, ...conditions },
      payload: Buffer.from(body),
    });
  const get = (url: string) =>
    first.app.inject({ method: 'GET', url: `/dav/mario/${url}`, headers });
  expect(
    (await first.app.inject({ method: 'MKCOL', url: '/dav/mario/saves', headers })).statusCode,
  ).toBe(201);
  return { apps: [first.app, second.app] as const, put, get };
}

const ROUNDS = 12;

describe('WebDAV conditional writes across two API processes', () => {
  it('lets exactly one of two writes over the same ETag win, every time', async () => {
    const { apps, put, get } = await twoProcesses();
    expect((await put(apps[0], 'saves/Zelda.srm', 'start', {})).statusCode).toBe(201);
    for (let round = 1; round <= ROUNDS; round += 1) {
      const etag = (await get('saves/Zelda.srm')).headers.etag as string;
      const body = (device: number) => `round-${String(round)}-device-${String(device)}`;
      const [first, second] = await Promise.all([
        put(apps[0], 'saves/Zelda.srm', body(0), { 'if-match': etag }),
        put(apps[1], 'saves/Zelda.srm', body(1), { 'if-match': etag }),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([204, 412]);
      const winner = first.statusCode === 204 ? 0 : 1;
      expect((await get('saves/Zelda.srm')).body).toBe(body(winner));
    }
  });

  it('lets exactly one of two creations with If-None-Match: * win, every time', async () => {
    const { apps, put, get } = await twoProcesses();
    for (let round = 1; round <= ROUNDS; round += 1) {
      const name = `saves/Game ${String(round)}.srm`;
      const [first, second] = await Promise.all([
        put(apps[0], name, 'device-0', { 'if-none-match': '*' }),
        put(apps[1], name, 'device-1', { 'if-none-match': '*' }),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([201, 412]);
      const winner = first.statusCode === 201 ? 0 : 1;
      expect((await get(name)).body).toBe(`device-${String(winner)}`);
    }
  });
});
