import { describe, expect, it } from 'vitest';

import { ADMIN_AUTH, buildTestApp, createFirstAdmin, login } from '../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../test/library-fixtures.js';

async function kioskLibrary(env: Record<string, string>) {
  const test = await buildTestApp({ env });
  await createFirstAdmin(test.app);
  writeTree(test.config.libraryDir, { 'roms/nes/Alpha (USA).nes': 'alpha-bytes' });
  await scanLibrary(test.app, await login(test.app));
  const roms = await test.app.inject({ url: '/api/roms', headers: { authorization: ADMIN_AUTH } });
  const rom = roms.json<{ items: { id: number; platform_id: number }[] }>().items[0];
  if (rom === undefined) throw new Error('the scan found no ROM');
  return { ...test, rom };
}

/** Status codes an anonymous visitor (no cookie, no credentials) gets. */
async function anonymous(
  app: Awaited<ReturnType<typeof kioskLibrary>>['app'],
  requests: [string, string][],
): Promise<Record<string, number>> {
  const codes: Record<string, number> = {};
  for (const [method, url] of requests) {
    const response = await app.inject({ method: method as 'GET', url });
    codes[`${method} ${url}`] = response.statusCode;
  }
  return codes;
}

function visitorRequests(rom: { id: number; platform_id: number }): [string, string][] {
  return [
    ['GET', '/api/platforms'],
    ['GET', `/api/platforms/${rom.platform_id}`],
    ['GET', '/api/roms'],
    ['GET', `/api/roms/${rom.id}`],
    ['GET', '/api/collections'],
    ['GET', `/api/roms/${rom.id}/content/Alpha.nes`],
    ['GET', `/api/roms/download?rom_ids=${rom.id}`],
    ['GET', '/api/users/me'],
    ['GET', '/api/users'],
    ['GET', '/api/saves'],
    ['GET', '/api/logs'],
    ['POST', '/api/collections'],
    ['PUT', `/api/roms/${rom.id}`],
  ];
}

describe('KIOSK_MODE', () => {
  it('lets anonymous visitors read the library, nothing personal, no downloads, no writes', async () => {
    const { app, rom } = await kioskLibrary({ KIOSK_MODE: 'true' });
    expect(await anonymous(app, visitorRequests(rom))).toEqual({
      'GET /api/platforms': 200,
      [`GET /api/platforms/${rom.platform_id}`]: 200,
      'GET /api/roms': 200,
      [`GET /api/roms/${rom.id}`]: 200,
      'GET /api/collections': 200,
      [`GET /api/roms/${rom.id}/content/Alpha.nes`]: 401,
      [`GET /api/roms/download?rom_ids=${rom.id}`]: 401,
      'GET /api/users/me': 401,
      'GET /api/users': 401,
      'GET /api/saves': 401,
      'GET /api/logs': 401,
      'POST /api/collections': 401,
      [`PUT /api/roms/${rom.id}`]: 401,
    });
    const list = await app.inject({ url: '/api/roms' });
    expect(list.json<{ items: { name: string }[] }>().items.map((item) => item.name)).toEqual([
      'Alpha',
    ]);
  });

  it('with KIOSK_ALLOW_PLAY, the player may load the game file; zips stay refused', async () => {
    const { app, rom } = await kioskLibrary({ KIOSK_MODE: 'true', KIOSK_ALLOW_PLAY: 'true' });
    const content = await app.inject({ url: `/api/roms/${rom.id}/content/Alpha.nes` });
    expect(content.statusCode).toBe(200);
    expect(content.body).toBe('alpha-bytes');
    expect(await anonymous(app, visitorRequests(rom).slice(6))).toEqual({
      [`GET /api/roms/download?rom_ids=${rom.id}`]: 401,
      'GET /api/users/me': 401,
      'GET /api/users': 401,
      'GET /api/saves': 401,
      'GET /api/logs': 401,
      'POST /api/collections': 401,
      [`PUT /api/roms/${rom.id}`]: 401,
    });
    const heartbeat = (await app.inject({ url: '/api/heartbeat' })).json<{
      FRONTEND: { KIOSK_MODE: boolean; KIOSK_ALLOW_PLAY: boolean };
    }>();
    expect(heartbeat.FRONTEND).toMatchObject({ KIOSK_MODE: true, KIOSK_ALLOW_PLAY: true });
  });

  it('is off by default: anonymous visitors read nothing, and KIOSK_ALLOW_PLAY alone opens nothing', async () => {
    for (const env of [{}, { KIOSK_ALLOW_PLAY: 'true' }] as Record<string, string>[]) {
      const { app, rom } = await kioskLibrary(env);
      expect(await anonymous(app, visitorRequests(rom).slice(0, 6))).toEqual({
        'GET /api/platforms': 401,
        [`GET /api/platforms/${rom.platform_id}`]: 401,
        'GET /api/roms': 401,
        [`GET /api/roms/${rom.id}`]: 401,
        'GET /api/collections': 401,
        [`GET /api/roms/${rom.id}/content/Alpha.nes`]: 401,
      });
    }
  });

  it('a wrong credential is refused, not treated as a kiosk visitor', async () => {
    const { app } = await kioskLibrary({ KIOSK_MODE: 'true' });
    const response = await app.inject({
      url: '/api/platforms',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(response.statusCode).toBe(401);
  });
});
