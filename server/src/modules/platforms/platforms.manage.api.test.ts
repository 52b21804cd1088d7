import { existsSync } from 'node:fs';
import path from 'node:path';

import type { Platform, RomListPage } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { seedRoles } from '../../../test/accounts.js';
import { ADMIN_AUTH, basic, buildTestApp, login } from '../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';

async function setup() {
  const test = await buildTestApp();
  const users = await seedRoles(test.app);
  writeTree(test.config.libraryDir, {
    'roms/snes/Mario.sfc': 'mario',
    'roms/snes/Zelda.sfc': 'zelda',
    'roms/gba/Metroid.gba': 'metroid',
    'bios/snes/bios.bin': 'bios',
  });
  const session = await login(test.app);
  await scanLibrary(test.app, session);
  const platforms = await list(test.app);
  const snes = platforms.find((platform) => platform.fs_slug === 'snes') as Platform;
  return { ...test, ...users, session, snes };
}

type App = Awaited<ReturnType<typeof setup>>['app'];

async function list(app: App): Promise<Platform[]> {
  return (await app.inject({ url: '/api/platforms', headers: { authorization: ADMIN_AUTH } })).json<
    Platform[]
  >();
}

function put(app: App, id: number, payload: object, auth = ADMIN_AUTH) {
  return app.inject({
    method: 'PUT',
    url: `/api/platforms/${String(id)}`,
    headers: { authorization: auth },
    payload,
  });
}

describe('PUT /api/platforms/{id}', () => {
  it('sets a custom name kept across rescans, and an empty name goes back to the catalog one', async () => {
    const { app, session, snes } = await setup();
    const renamed = await put(app, snes.id, { custom_name: '  Super Famicom  ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Platform>()).toMatchObject({
      id: snes.id,
      name: 'Super Nintendo Entertainment System',
      custom_name: 'Super Famicom',
      display_name: 'Super Famicom',
      description: null,
    });
    await scanLibrary(app, session, { type: 'complete' });
    const after = (await list(app)).find((platform) => platform.id === snes.id);
    expect(after?.display_name).toBe('Super Famicom');

    const described = await put(app, snes.id, { description: 'Cartridges from the shelf' });
    expect(described.json<Platform>()).toMatchObject({
      custom_name: 'Super Famicom',
      description: 'Cartridges from the shelf',
    });
    const reset = await put(app, snes.id, { custom_name: '' });
    expect(reset.json<Platform>()).toMatchObject({
      custom_name: null,
      display_name: 'Super Nintendo Entertainment System',
    });
  });

  it('answers 404 for an unknown platform, 422 for a bad body and 403 without platforms.write', async () => {
    const { app, viewer, snes } = await setup();
    expect((await put(app, 999, { custom_name: 'x' })).statusCode).toBe(404);
    expect((await put(app, snes.id, { custom_name: 5 })).statusCode).toBe(422);
    expect((await put(app, snes.id, { custom_name: 'x'.repeat(401) })).statusCode).toBe(422);
    const forbidden = await put(
      app,
      snes.id,
      { custom_name: 'x' },
      basic(viewer.username, viewer.password),
    );
    expect(forbidden.statusCode).toBe(403);
    expect((await list(app)).find((platform) => platform.id === snes.id)?.custom_name).toBeNull();
  });
});

describe('DELETE /api/platforms/{id}', () => {
  it('removes the platform, its ROM and firmware rows, and leaves the files on disk', async () => {
    const { app, config, session, snes } = await setup();
    expect(snes.rom_count).toBe(2);
    expect(snes.firmware_count).toBe(1);
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/platforms/${String(snes.id)}`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      msg: 'Super Nintendo Entertainment System - [snes] deleted with 2 ROMs from the database',
    });
    expect((await list(app)).map((platform) => platform.fs_slug)).toEqual(['gba']);
    const roms = (
      await app.inject({ url: '/api/roms', headers: { authorization: ADMIN_AUTH } })
    ).json<RomListPage>();
    expect(roms.items.map((rom) => rom.fs_name)).toEqual(['Metroid.gba']);
    const firmware = await app.inject({
      url: '/api/firmware',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(firmware.json<unknown[]>()).toEqual([]);
    for (const file of ['roms/snes/Mario.sfc', 'roms/snes/Zelda.sfc', 'bios/snes/bios.bin']) {
      expect(existsSync(path.join(config.libraryDir, file))).toBe(true);
    }
    // The folder is still there: the next scan finds it again.
    await scanLibrary(app, session);
    const again = (await list(app)).find((platform) => platform.fs_slug === 'snes');
    expect(again?.rom_count).toBe(2);
    expect(again?.id).not.toBe(snes.id);
  });

  it('answers 404 for an unknown platform and 403 without platforms.write', async () => {
    const { app, viewer, snes } = await setup();
    const missing = await app.inject({
      method: 'DELETE',
      url: '/api/platforms/999',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Platform with id 999 not found' });
    const forbidden = await app.inject({
      method: 'DELETE',
      url: `/api/platforms/${String(snes.id)}`,
      headers: { authorization: basic(viewer.username, viewer.password) },
    });
    expect(forbidden.statusCode).toBe(403);
    expect((await list(app)).map((platform) => platform.fs_slug).sort()).toEqual(['gba', 'snes']);
  });
});
