import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

import path from 'node:path';

import type { LibraryConfig, MissingRoms, Platform, RomListPage } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { seedRoles } from '../../../test/accounts.js';
import { ADMIN_AUTH, basic, buildTestApp, login } from '../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';
import { runTask, waitForTaskEnd } from '../../../test/tasks.js';
import { configFilePath } from './library-config.service.js';

const COMMENTED = `# My library — hand-written notes stay.
exclude:
  # folders I keep for other tools
  platforms:
    - romm # the old install
  roms:
    single_file:
      extensions: [txt]

system:
  # alias folders
  platforms:
    gc: ngc # GameCube
  versions:
    naomi: arcade

scan:
  priority:
    metadata: [igdb, ss] # keep this order
`;

async function setup(yml?: string) {
  const test = await buildTestApp();
  const users = await seedRoles(test.app);
  const file = configFilePath(test.dataDir);
  if (yml !== undefined) writeFileSync(file, yml);
  return { ...test, ...users, file };
}

type App = Awaited<ReturnType<typeof setup>>['app'];

function send(
  app: App,
  method: 'POST' | 'DELETE',
  url: string,
  payload?: object,
  auth = ADMIN_AUTH,
) {
  return app.inject({
    method,
    url,
    headers: { authorization: auth },
    ...(payload === undefined ? {} : { payload }),
  });
}

describe('config.yml editing routes', () => {
  it('round-trips bindings, versions and exclusions keeping comments and layout', async () => {
    const { app, file } = await setup(COMMENTED);
    const added = await send(app, 'POST', '/api/config/system/platforms', {
      fs_slug: 'ps1',
      slug: 'psx',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<LibraryConfig>().PLATFORMS_BINDING).toEqual({ gc: 'ngc', ps1: 'psx' });
    expect(
      (
        await send(app, 'POST', '/api/config/system/versions', {
          fs_slug: 'atomiswave',
          slug: 'arcade',
        })
      ).statusCode,
    ).toBe(200);
    const excluded = await send(app, 'POST', '/api/config/exclude', {
      exclusion_type: 'EXCLUDED_SINGLE_EXT',
      exclusion_value: 'nfo',
    });
    expect(excluded.json<LibraryConfig>().EXCLUDED_SINGLE_EXT).toEqual(['txt', 'nfo']);
    await send(app, 'POST', '/api/config/exclude', {
      exclusion_type: 'EXCLUDED_MULTI_PARTS_FILES',
      exclusion_value: '*.bak',
    });
    expect(readFileSync(file, 'utf8')).toBe(`# My library — hand-written notes stay.
exclude:
  # folders I keep for other tools
  platforms:
    - romm # the old install
  roms:
    single_file:
      extensions: [txt, nfo]
    multi_file:
      parts:
        names:
          - "*.bak"

system:
  # alias folders
  platforms:
    gc: ngc # GameCube
    ps1: psx
  versions:
    naomi: arcade
    atomiswave: arcade

scan:
  priority:
    metadata: [igdb, ss] # keep this order
`);

    for (const url of [
      '/api/config/system/platforms/ps1',
      '/api/config/system/versions/atomiswave',
      '/api/config/exclude/EXCLUDED_SINGLE_EXT/nfo',
      '/api/config/exclude/EXCLUDED_PLATFORMS/romm',
    ]) {
      const removed = await send(app, 'DELETE', url);
      expect(removed.statusCode, `${url} ${removed.body}`).toBe(200);
    }
    const config = (await app.inject({ url: '/api/config' })).json<LibraryConfig>();
    expect(config.PLATFORMS_BINDING).toEqual({ gc: 'ngc' });
    expect(config.PLATFORMS_VERSIONS).toEqual({ naomi: 'arcade' });
    expect(config.EXCLUDED_PLATFORMS).toEqual([]);
    expect(config.EXCLUDED_SINGLE_EXT).toEqual(['txt']);
    expect(config.EXCLUDED_MULTI_PARTS_FILES).toEqual(['*.bak']);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('# My library — hand-written notes stay.');
    expect(text).toContain('gc: ngc # GameCube');
    expect(text).toContain('metadata: [igdb, ss] # keep this order');
  });

  it('writes into the commented template created at first start', async () => {
    const { app, file } = await setup();
    const template = readFileSync(file, 'utf8');
    const response = await send(app, 'POST', '/api/config/exclude', {
      exclusion_type: 'EXCLUDED_PLATFORMS',
      exclusion_value: 'tools',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<LibraryConfig>().EXCLUDED_PLATFORMS).toEqual(['tools']);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith(template.trimEnd())).toBe(true);
    expect(text.slice(template.trimEnd().length).trim()).toBe(
      'exclude:\n  platforms:\n    - tools',
    );
  });

  it('adds an exclusion once, and deleting what is not there changes nothing', async () => {
    const { app, file } = await setup(COMMENTED);
    for (let i = 0; i < 2; i += 1) {
      await send(app, 'POST', '/api/config/exclude', {
        exclusion_type: 'EXCLUDED_PLATFORMS',
        exclusion_value: 'romm',
      });
    }
    const gone = await send(app, 'DELETE', '/api/config/system/platforms/nothing-here');
    expect(gone.statusCode).toBe(200);
    expect(readFileSync(file, 'utf8')).toBe(COMMENTED);
  });

  it('refuses a read-only or missing file with 409 and leaves it as it was', async () => {
    const { app, file } = await setup(COMMENTED);
    chmodSync(file, 0o444);
    const readOnly = await send(app, 'POST', '/api/config/system/platforms', {
      fs_slug: 'ps1',
      slug: 'psx',
    });
    expect(readOnly.statusCode).toBe(409);
    expect(readOnly.json()).toEqual({
      detail: 'config.yml is read-only: make it writable to change the library',
    });
    expect(readFileSync(file, 'utf8')).toBe(COMMENTED);
    const config = (await app.inject({ url: '/api/config' })).json<LibraryConfig>();
    expect(config).toMatchObject({ CONFIG_FILE_MOUNTED: true, CONFIG_FILE_WRITABLE: false });

    rmSync(file);
    const missing = await send(app, 'DELETE', '/api/config/exclude/EXCLUDED_PLATFORMS/romm');
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toEqual({
      detail: 'config.yml is missing: mount or create it to change the library',
    });
    expect((await app.inject({ url: '/api/config' })).json<LibraryConfig>()).toMatchObject({
      CONFIG_FILE_MOUNTED: false,
    });
  });

  it('refuses a file with YAML errors instead of overwriting it', async () => {
    const { app, file } = await setup('exclude: [unclosed\n');
    const response = await send(app, 'POST', '/api/config/exclude', {
      exclusion_type: 'EXCLUDED_PLATFORMS',
      exclusion_value: 'x',
    });
    expect(response.statusCode).toBe(409);
    expect(readFileSync(file, 'utf8')).toBe('exclude: [unclosed\n');
  });

  it('refuses control and bidi characters, and folder keys no real folder could have', async () => {
    const { app, file } = await setup(COMMENTED);
    const exclusions = ['a\u0000b', 'x\r\ny', 'file\u202egnp.exe', 'tab\there'];
    for (const value of exclusions) {
      const response = await send(app, 'POST', '/api/config/exclude', {
        exclusion_type: 'EXCLUDED_SINGLE_FILES',
        exclusion_value: value,
      });
      expect(response.statusCode, value).toBe(400);
      expect(response.json<{ detail: string }>().detail).toMatch(
        /^Exclusion ".*" must not contain/,
      );
    }
    const folders = ['*.nes', '$(touch x).nes', 'CON', 'lpt1.txt', 'a\u2066b', 'x"y'];
    for (const folder of folders) {
      const response = await send(app, 'POST', '/api/config/system/platforms', {
        fs_slug: folder,
        slug: 'nes',
      });
      expect(response.statusCode, folder).toBe(400);
      expect(response.json<{ detail: string }>().detail).toMatch(/^Folder name ".*": /);
    }
    expect(readFileSync(file, 'utf8')).toBe(COMMENTED);
    // Wildcard exclusions and ordinary folder names are still accepted.
    const wildcard = await send(app, 'POST', '/api/config/exclude', {
      exclusion_type: 'EXCLUDED_SINGLE_FILES',
      exclusion_value: '*.txt',
    });
    expect(wildcard.statusCode).toBe(200);
    const folder = await send(app, 'POST', '/api/config/system/platforms', {
      fs_slug: 'Famicom (Japan)',
      slug: 'famicom',
    });
    expect(folder.statusCode).toBe(200);
  });

  it('validates bodies and checks platforms.write before reading them', async () => {
    const { app, viewer, file } = await setup(COMMENTED);
    const badFolder = await send(app, 'POST', '/api/config/system/platforms', {
      fs_slug: '../x',
      slug: 'psx',
    });
    expect(badFolder.statusCode).toBe(400);
    const badSlug = await send(app, 'POST', '/api/config/system/platforms', {
      fs_slug: 'ps1',
      slug: 'not a slug',
    });
    expect(badSlug.statusCode).toBe(422);
    const badType = await send(app, 'POST', '/api/config/exclude', {
      exclusion_type: 'EXCLUDED_EVERYTHING',
      exclusion_value: 'x',
    });
    expect(badType.statusCode).toBe(422);
    const badDeleteType = await send(app, 'DELETE', '/api/config/exclude/WHATEVER/x');
    expect(badDeleteType.statusCode).toBe(422);
    const auth = basic(viewer.username, viewer.password);
    const response = await send(app, 'POST', '/api/config/exclude', { nonsense: true }, auth);
    expect(response.statusCode).toBe(403);
    const removal = await send(app, 'DELETE', '/api/config/system/versions/naomi', undefined, auth);
    expect(removal.statusCode).toBe(403);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/config/system/versions',
      payload: { fs_slug: 'a', slug: 'b' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(readFileSync(file, 'utf8')).toBe(COMMENTED);
  });

  it('applies a new binding to the next scan without a restart', async () => {
    const { app, config } = await setup(COMMENTED);
    writeTree(config.libraryDir, { 'roms/my-snes/Mario.sfc': 'mario' });
    const session = await login(app);
    await scanLibrary(app, session);
    const before = (
      await app.inject({ url: '/api/platforms', headers: { authorization: ADMIN_AUTH } })
    ).json<Platform[]>();
    expect(before.map((platform) => [platform.fs_slug, platform.slug])).toEqual([
      ['my-snes', 'my-snes'],
    ]);
    await send(app, 'POST', '/api/config/system/platforms', { fs_slug: 'my-snes', slug: 'snes' });
    await scanLibrary(app, session, { type: 'complete' });
    const platforms = (
      await app.inject({ url: '/api/platforms', headers: { authorization: ADMIN_AUTH } })
    ).json<Platform[]>();
    expect(
      platforms.map((platform) => [platform.fs_slug, platform.slug, platform.rom_count]),
    ).toEqual([['my-snes', 'snes', 1]]);
    const roms = (
      await app.inject({
        url: `/api/roms?platform_ids=${String(platforms[0]?.id)}`,
        headers: { authorization: ADMIN_AUTH },
      })
    ).json<RomListPage>();
    expect(roms.items.map((rom) => rom.fs_name)).toEqual(['Mario.sfc']);
  });

  it('lists the ROMs missing from disk until the cleanup task removes them', async () => {
    const { app, config, viewer } = await setup(COMMENTED);
    writeTree(config.libraryDir, {
      'roms/snes/Mario.sfc': 'mario',
      'roms/snes/Zelda.sfc': 'zelda',
      'roms/gba/Metroid.gba': 'metroid',
    });
    const session = await login(app);
    await scanLibrary(app, session);
    rmSync(path.join(config.libraryDir, 'roms/snes/Zelda.sfc'));
    await scanLibrary(app, session);
    const listed = await app.inject({
      url: '/api/library/missing-roms',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const missing = listed.json<MissingRoms>();
    expect(missing.total).toBe(1);
    expect(missing.items).toEqual([
      expect.objectContaining({
        fs_name: 'Zelda.sfc',
        fs_path: 'roms/snes',
        platform_display_name: 'Super Nintendo Entertainment System',
      }),
    ]);
    const forbidden = await app.inject({
      url: '/api/library/missing-roms',
      headers: { authorization: basic(viewer.username, viewer.password) },
    });
    expect(forbidden.statusCode).toBe(403);
    const run = await runTask(app, 'cleanup_missing_roms');
    await waitForTaskEnd(app, run.task_id);
    const after = await app.inject({
      url: '/api/library/missing-roms',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(after.json<MissingRoms>()).toEqual({ total: 0, items: [] });
  });
});
