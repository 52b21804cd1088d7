import type { DetailedRom, RomFile, RomListPage, SimpleRom } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { ADMIN_AUTH, buildTestApp, createFirstAdmin, login } from '../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';

const headers = { authorization: ADMIN_AUTH };

async function libraryWithTwoGames() {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  writeTree(test.config.libraryDir, {
    'roms/nes/Zelda (USA).nes': 'zelda',
    'roms/psx/Game (USA)/Game (USA).cue': 'cue',
    'roms/psx/Game (USA)/Game (USA).bin': 'bin',
  });
  await scanLibrary(test.app, await login(test.app));
  return test;
}

describe("RomM's ROM sub-resources", () => {
  it('GET /api/roms/{id}/simple answers the ROM as the list shows it', async () => {
    const { app } = await libraryWithTwoGames();
    const page = (
      await app.inject({ url: '/api/roms?with_files=true', headers })
    ).json<RomListPage>();
    for (const item of page.items) {
      const simple = await app.inject({ url: `/api/roms/${item.id}/simple`, headers });
      expect(simple.statusCode).toBe(200);
      expect(simple.json<SimpleRom>()).toEqual(item);
    }
    const missing = await app.inject({ url: '/api/roms/999/simple', headers });
    expect(missing.statusCode).toBe(404);
    expect((await app.inject({ url: '/api/roms/1/simple' })).statusCode).toBe(401);
  });

  it('GET /api/roms/{file_id}/files answers one file, with track_meta null', async () => {
    const { app } = await libraryWithTwoGames();
    const page = (await app.inject({ url: '/api/roms', headers })).json<RomListPage>();
    const multi = page.items.find((item) => item.fs_name === 'Game (USA)');
    const detail = (
      await app.inject({ url: `/api/roms/${multi?.id}`, headers })
    ).json<DetailedRom>();
    expect(detail.files.map((file) => [file.file_name, file.track_meta])).toEqual([
      ['Game (USA).bin', null],
      ['Game (USA).cue', null],
    ]);
    for (const file of detail.files) {
      const response = await app.inject({ url: `/api/roms/${file.id}/files`, headers });
      expect(response.statusCode).toBe(200);
      expect(response.json<RomFile>()).toEqual(file);
    }
    const missing = await app.inject({ url: '/api/roms/999/files', headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'File not found' });
  });
});
