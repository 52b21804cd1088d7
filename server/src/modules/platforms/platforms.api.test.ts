import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

import type { Platform, SupportedPlatform } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { seedRoles } from '../../../test/accounts.js';
import { ADMIN_AUTH, basic, buildTestApp, createFirstAdmin } from '../../../test/build-test-app.js';

async function setup() {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  return test;
}

function addPlatform(
  app: Awaited<ReturnType<typeof setup>>['app'],
  fsSlug: string,
  auth = ADMIN_AUTH,
) {
  return app.inject({
    method: 'POST',
    url: '/api/platforms',
    headers: { authorization: auth },
    payload: { fs_slug: fsSlug },
  });
}

describe('POST /api/platforms', () => {
  it('creates the folder in the roms-first layout and stores the platform by its catalog name', async () => {
    const { app, config } = await setup();
    mkdirSync(path.join(config.libraryDir, 'roms'), { recursive: true });
    const response = await addPlatform(app, 'n64');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Platform>()).toMatchObject({
      slug: 'n64',
      fs_slug: 'n64',
      display_name: 'Nintendo 64',
      rom_count: 0,
    });
    expect(existsSync(path.join(config.libraryDir, 'roms', 'n64'))).toBe(true);
    const again = await addPlatform(app, 'n64');
    expect(again.json<Platform>().id).toBe(response.json<Platform>().id);
    const list = (
      await app.inject({ url: '/api/platforms', headers: { authorization: ADMIN_AUTH } })
    ).json<Platform[]>();
    expect(list.map((platform) => platform.fs_slug)).toEqual(['n64']);
  });

  it('follows the platform-first layout when the library uses it', async () => {
    const { app, config } = await setup();
    mkdirSync(path.join(config.libraryDir, 'snes', 'roms'), { recursive: true });
    const response = await addPlatform(app, 'gba');
    expect(response.statusCode, response.body).toBe(200);
    expect(existsSync(path.join(config.libraryDir, 'gba', 'roms'))).toBe(true);
    expect(existsSync(path.join(config.libraryDir, 'roms'))).toBe(false);
  });

  it('refuses folder names that are not one plain folder, and callers without platforms.write', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    for (const bad of ['..', 'a/b', '.hidden']) {
      const response = await addPlatform(app, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: `${bad} cannot be a platform folder` });
    }
    const forbidden = await addPlatform(app, 'n64', basic(viewer.username, viewer.password));
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('GET /api/platforms/supported', () => {
  it('lists every catalog platform by name, with the folder a new one gets', async () => {
    const { app } = await setup();
    const response = await app.inject({
      url: '/api/platforms/supported',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(response.statusCode).toBe(200);
    const list = response.json<SupportedPlatform[]>();
    expect(list).toHaveLength(460);
    expect(list.find((platform) => platform.slug === 'n64')).toEqual({
      slug: 'n64',
      fs_slug: 'n64',
      name: 'Nintendo 64',
      category: 'Console',
    });
    const names = list.map((platform) => platform.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
