import { rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

import type { DetailedRom, RomFile, RomListPage, SimpleRom } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import {
  ADMIN_AUTH,
  buildTestApp,
  createFirstAdmin,
  login,
  makeTempDir,
} from '../../../test/build-test-app.js';
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

describe('GET /api/roms/{file_id}/files/content/{file_name}', () => {
  it("sends one file of a game by the file's id, under its stored name, with ranges", async () => {
    const { app } = await libraryWithTwoGames();
    const page = (await app.inject({ url: '/api/roms', headers })).json<RomListPage>();
    const multi = page.items.find((item) => item.fs_name === 'Game (USA)');
    const detail = (
      await app.inject({ url: `/api/roms/${multi?.id}`, headers })
    ).json<DetailedRom>();
    const bin = detail.files.find((file) => file.file_name === 'Game (USA).bin');
    // The name in the path is ignored, as in RomM: any name gets the file's own bytes and name.
    const url = `/api/roms/${bin?.id}/files/content/whatever.exe`;

    const full = await app.inject({ url, headers });
    expect(full.statusCode).toBe(200);
    expect(full.body).toBe('bin');
    expect(full.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename="Game (USA).bin"; filename*=UTF-8''Game%20%28USA%29.bin`,
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      'content-length': '3',
    });
    const partial = await app.inject({ url, headers: { ...headers, range: 'bytes=1-' } });
    expect(partial.statusCode).toBe(206);
    expect(partial.body).toBe('in');
    expect(partial.headers['content-range']).toBe('bytes 1-2/3');

    const missing = await app.inject({ url: '/api/roms/999/files/content/x.bin', headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'File not found' });
    const invalid = await app.inject({ url: '/api/roms/abc/files/content/x.bin', headers });
    expect(invalid.statusCode).toBe(422);
    expect(typeof invalid.json<{ detail: unknown }>().detail).not.toBe('undefined');
    expect((await app.inject({ url })).statusCode).toBe(401);
  });

  it('sends nothing outside the library, nor a file gone from disk', async () => {
    const { app, config } = await libraryWithTwoGames();
    const page = (
      await app.inject({ url: '/api/roms?with_files=true', headers })
    ).json<RomListPage>();
    const zelda = page.items.find((item) => item.fs_name === 'Zelda (USA).nes');
    const url = `/api/roms/${zelda?.files[0]?.id}/files/content/Zelda (USA).nes`;
    expect((await app.inject({ url, headers })).body).toBe('zelda');

    const outside = makeTempDir('romshelf-outside-');
    writeTree(outside, { 'secret.bin': 'secret' });
    const target = path.join(config.libraryDir, 'roms/nes/Zelda (USA).nes');
    rmSync(target);
    symlinkSync(path.join(outside, 'secret.bin'), target);
    const escaped = await app.inject({ url, headers });
    expect(escaped.statusCode).toBe(404);
    expect(escaped.json()).toEqual({ detail: 'File Zelda (USA).nes not found on disk' });

    rmSync(target);
    const gone = await app.inject({ url, headers });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: 'File Zelda (USA).nes not found on disk' });
  });
});
