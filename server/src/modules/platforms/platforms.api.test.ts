import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

import type { Platform } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { seedRoles } from '../../../test/accounts.js';
import {
  ADMIN_AUTH,
  basic,
  buildTestApp,
  createFirstAdmin,
  login,
} from '../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';
import { ROMM_FIRMWARE, ROMM_PLATFORM } from '../../../test/romm-models.js';
import { expectRommShape } from '../../../test/romm-shape.js';

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

async function romIdOf(app: Awaited<ReturnType<typeof setup>>['app'], fsName: string) {
  const page = await app.inject({ url: '/api/roms', headers: { authorization: ADMIN_AUTH } });
  return page
    .json<{ items: { id: number; fs_name: string }[] }>()
    .items.find((rom) => rom.fs_name === fsName)?.id;
}

describe('GET /api/platforms', () => {
  it('follows every write while it keeps the list between them: new platforms, ROMs and their sizes', async () => {
    const { app, config } = await setup();
    mkdirSync(path.join(config.libraryDir, 'roms'), { recursive: true });
    const list = async () =>
      (await app.inject({ url: '/api/platforms', headers: { authorization: ADMIN_AUTH } }))
        .json<Platform[]>()
        .map(({ fs_slug, rom_count, fs_size_bytes }) => [fs_slug, rom_count, fs_size_bytes]);
    expect(await list()).toEqual([]);
    await addPlatform(app, 'n64');
    expect(await list()).toEqual([['n64', 0, 0]]);
    writeTree(config.libraryDir, { 'roms/n64/A.z64': 'aaaa', 'roms/n64/B.z64': 'bb' });
    const session = await login(app);
    await scanLibrary(app, session);
    expect(await list()).toEqual([['n64', 2, 6]]);
    rmSync(path.join(config.libraryDir, 'roms', 'n64', 'B.z64'));
    await scanLibrary(app, session);
    // A ROM whose file is gone still counts, but no longer adds to the size.
    expect(await list()).toEqual([['n64', 2, 4]]);
    writeTree(config.libraryDir, { 'roms/n64/B.z64': 'bbb', 'roms/gba/C.gba': 'c' });
    await scanLibrary(app, session);
    expect(await list()).toEqual([
      ['gba', 1, 1],
      ['n64', 2, 7],
    ]);
    writeTree(config.libraryDir, { 'roms/n64/B.z64': 'bbbbbbbbb' });
    await scanLibrary(app, session, { type: 'complete' });
    expect(await list()).toEqual([
      ['gba', 1, 1],
      ['n64', 2, 13],
    ]);
    const romA = await romIdOf(app, 'A.z64');
    const deleted = await app.inject({
      method: 'POST',
      url: '/api/roms/delete',
      headers: { authorization: ADMIN_AUTH },
      payload: { roms: [romA], delete_from_fs: [romA] },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await list()).toEqual([
      ['gba', 1, 1],
      ['n64', 1, 9],
    ]);
    // A platform whose folder is gone keeps its ROMs, none of them sized any more.
    rmSync(path.join(config.libraryDir, 'roms', 'gba'), { recursive: true });
    await scanLibrary(app, session);
    expect(await list()).toEqual([
      ['gba', 1, 0],
      ['n64', 1, 9],
    ]);
  });
});

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
  it("lists every catalog platform by name in RomM's platform shape, id -1 when the library has none", async () => {
    const { app } = await setup();
    const response = await app.inject({
      url: '/api/platforms/supported',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(response.statusCode).toBe(200);
    const list = response.json<Platform[]>();
    expect(list).toHaveLength(460);
    for (const platform of list) expectRommShape(platform, ROMM_PLATFORM, platform.slug);
    expect(list.find((platform) => platform.slug === 'n64')).toMatchObject({
      id: -1,
      slug: 'n64',
      fs_slug: 'n64',
      name: 'Nintendo 64',
      display_name: 'Nintendo 64',
      category: 'Console',
      igdb_id: 4,
      rom_count: 0,
      fs_size_bytes: 0,
      firmware: [],
      firmware_count: 0,
      is_identified: true,
      missing_from_fs: false,
    });
    const names = list.map((platform) => platform.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it("answers the library's own platform where it has one: its id, custom name, ROMs and BIOS", async () => {
    const { app, config } = await setup();
    writeTree(config.libraryDir, {
      'roms/gba/Game.gba': 'rom-bytes',
      'bios/gba/gba_bios.bin': 'bios',
    });
    await scanLibrary(app, await login(app));
    const gba = (
      await app.inject({ url: '/api/platforms', headers: { authorization: ADMIN_AUTH } })
    ).json<Platform[]>()[0];
    await app.inject({
      method: 'PUT',
      url: `/api/platforms/${gba?.id}`,
      headers: { authorization: ADMIN_AUTH },
      payload: { custom_name: 'My GBA' },
    });
    const list = (
      await app.inject({ url: '/api/platforms/supported', headers: { authorization: ADMIN_AUTH } })
    ).json<Platform[]>();
    const supported = list.find((platform) => platform.slug === 'gba');
    expectRommShape(supported, ROMM_PLATFORM, 'gba');
    expectRommShape(supported?.firmware[0], ROMM_FIRMWARE, 'gba.firmware[0]');
    expect(supported).toMatchObject({
      id: gba?.id,
      display_name: 'My GBA',
      rom_count: 1,
      fs_size_bytes: 9,
      firmware_count: 1,
    });
    expect(list.filter((platform) => platform.id !== -1)).toHaveLength(1);
  });
});
