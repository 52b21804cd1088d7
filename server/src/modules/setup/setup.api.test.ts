import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { SetupLibrary } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { seedRoles } from '../../../test/accounts.js';
import { ADMIN_AUTH, basic, buildTestApp, login } from '../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';
import { ROMM_PLATFORM } from '../../../test/romm-models.js';
import { expectRommShape } from '../../../test/romm-shape.js';
import { configFilePath } from '../library/library-config.service.js';

const LIBRARY = {
  'roms/snes/Super Game (USA).sfc': 'a',
  'roms/snes/Other Game (Europe).sfc': 'b',
  'roms/gb/Pocket (Japan).gb': 'c',
  'roms/my-handhelds/Thing.zip': 'd',
  'roms/.hidden/x.bin': 'e',
};

async function libraryApp(files: Record<string, string> = LIBRARY) {
  const test = await buildTestApp();
  writeTree(test.config.libraryDir, files);
  return test;
}

describe('setup wizard library step', () => {
  it('describes the library to anyone before the first admin exists', async () => {
    const { app, config } = await libraryApp();
    const response = await app.inject({ method: 'GET', url: '/api/setup/library' });
    expect(response.statusCode).toBe(200);
    const body = response.json<SetupLibrary>();
    expect(body.detected_structure).toBe('struct_a');
    expect(body.library_path).toBe(config.libraryDir);
    expect(body.existing_platforms).toEqual([
      { fs_slug: 'gb', rom_count: 1, slug: 'gb', name: 'Game Boy' },
      { fs_slug: 'my-handhelds', rom_count: 1, slug: null, name: null },
      {
        fs_slug: 'snes',
        rom_count: 2,
        slug: 'snes',
        name: 'Super Nintendo Entertainment System',
      },
    ]);
    expect(body.unknown_folders).toEqual(['my-handhelds']);
    const gba = body.supported_platforms.find((item) => item.slug === 'gba');
    expectRommShape(gba, ROMM_PLATFORM, 'supported_platforms[gba]');
    expect(gba).toMatchObject({ id: -1, name: 'Game Boy Advance', rom_count: 0 });
  });

  it('counts games as the scan makes them: a sheet with its tracks, a playlist with its discs', async () => {
    const track = (name: string) => `FILE "${name}" BINARY\n  TRACK 01 MODE2/2352\n`;
    const { app } = await libraryApp({
      'roms/psx/Racer (USA).cue': ['1', '2', '3']
        .map((n) => track(`Racer (USA) (Track ${n}).bin`))
        .join(''),
      'roms/psx/Racer (USA) (Track 1).bin': 'r1',
      'roms/psx/Racer (USA) (Track 2).bin': 'r2',
      'roms/psx/Racer (USA) (Track 3).bin': 'r3',
      'roms/psx/Epic (USA).m3u': 'Epic (USA) (Disc 1).cue\nEpic (USA) (Disc 2).cue\n',
      'roms/psx/Epic (USA) (Disc 1).cue': track('Epic (USA) (Disc 1).bin'),
      'roms/psx/Epic (USA) (Disc 1).bin': 'e1',
      'roms/psx/Epic (USA) (Disc 2).cue': track('Epic (USA) (Disc 2).bin'),
      'roms/psx/Epic (USA) (Disc 2).bin': 'e2',
      'roms/psx/Puzzle (Japan)/Puzzle (Japan).cue': track('Puzzle (Japan).bin'),
      'roms/psx/Puzzle (Japan)/Puzzle (Japan).bin': 'p',
      'roms/psx/Loose (Europe).chd': 'l',
    });
    await seedRoles(app);
    const response = await app.inject({
      method: 'GET',
      url: '/api/setup/library',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(response.json<SetupLibrary>().existing_platforms).toEqual([
      { fs_slug: 'psx', rom_count: 4, slug: 'psx', name: 'PlayStation' },
    ]);
    const scanned = await scanLibrary(app, await login(app));
    expect(scanned.total_roms).toBe(4);
  });

  it('sees no layout in an empty library and creates folders as roms/{platform}', async () => {
    const { app, config } = await libraryApp({});
    const before = await app.inject({ method: 'GET', url: '/api/setup/library' });
    expect(before.json<SetupLibrary>()).toMatchObject({
      detected_structure: null,
      existing_platforms: [],
      unknown_folders: [],
    });
    const created = await app.inject({
      method: 'POST',
      url: '/api/setup/platforms',
      payload: ['snes', 'gba', 'snes'],
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ success: true, created_count: 2, bound_count: 0 });
    expect(existsSync(path.join(config.libraryDir, 'roms', 'snes'))).toBe(true);
    expect(existsSync(path.join(config.libraryDir, 'roms', 'gba'))).toBe(true);
  });

  it('creates new folders in the {platform}/roms layout when the library uses it', async () => {
    const { app, config } = await libraryApp({ 'snes/roms/Game.sfc': 'a' });
    const info = await app.inject({ method: 'GET', url: '/api/setup/library' });
    expect(info.json<SetupLibrary>().detected_structure).toBe('struct_b');
    await app.inject({ method: 'POST', url: '/api/setup/platforms', payload: ['n64'] });
    expect(existsSync(path.join(config.libraryDir, 'n64', 'roms'))).toBe(true);
  });

  it('binds an unknown folder to a platform in config.yml', async () => {
    const { app, dataDir } = await libraryApp();
    await seedRoles(app);
    const file = configFilePath(dataDir);
    writeFileSync(file, '# my notes\nsystem:\n  platforms: {}\n');
    const response = await app.inject({
      method: 'POST',
      url: '/api/setup/platforms',
      headers: { authorization: ADMIN_AUTH },
      payload: { bindings: { 'my-handhelds': 'gba' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ created_count: 0, bound_count: 1 });
    expect(readFileSync(file, 'utf8')).toContain('# my notes');
    const info = await app.inject({
      method: 'GET',
      url: '/api/setup/library',
      headers: { authorization: ADMIN_AUTH },
    });
    const body = info.json<SetupLibrary>();
    expect(body.unknown_folders).toEqual([]);
    expect(body.existing_platforms.find((item) => item.fs_slug === 'my-handhelds')).toEqual({
      fs_slug: 'my-handhelds',
      rom_count: 1,
      slug: 'gba',
      name: 'Game Boy Advance',
    });
  });

  it('refuses unknown platforms and folders outside the library, writing nothing', async () => {
    const { app, config } = await libraryApp();
    for (const payload of [
      ['not-a-platform'],
      { bindings: { 'my-handhelds': 'nope' } },
      { bindings: { '../etc': 'gba' } },
      { bindings: { 'no-such-folder': 'gba' } },
      { create: ['gba'], bindings: { 'no-such-folder': 'gba' } },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/api/setup/platforms', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toHaveProperty('detail');
    }
    expect(existsSync(path.join(config.libraryDir, 'roms', 'gba'))).toBe(false);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/setup/platforms',
      payload: { bindings: 'gba' },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('needs platforms.write for the read and the write once an admin exists', async () => {
    const { app, config } = await libraryApp();
    const { viewer, editor } = await seedRoles(app);
    const anonymous = await app.inject({ method: 'GET', url: '/api/setup/library' });
    expect(anonymous.statusCode).toBe(401);
    const anonymousPost = await app.inject({
      method: 'POST',
      url: '/api/setup/platforms',
      payload: ['gba'],
    });
    expect(anonymousPost.statusCode).toBe(401);
    const asViewer = { authorization: basic(viewer.username, viewer.password) };
    const read = await app.inject({ method: 'GET', url: '/api/setup/library', headers: asViewer });
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ detail: 'Forbidden' });
    const asEditor = { authorization: basic(editor.username, editor.password) };
    const editorRead = await app.inject({
      method: 'GET',
      url: '/api/setup/library',
      headers: asEditor,
    });
    expect(editorRead.statusCode).toBe(200);
    const write = await app.inject({
      method: 'POST',
      url: '/api/setup/platforms',
      headers: asViewer,
      payload: ['gba'],
    });
    expect(write.statusCode).toBe(403);
    expect(existsSync(path.join(config.libraryDir, 'roms', 'gba'))).toBe(false);
  });
});
