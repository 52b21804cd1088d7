import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import type { DetailedRom, RomListPage } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../../test/accounts.js';
import {
  ADMIN_AUTH,
  basic,
  buildTestApp,
  createFirstAdmin,
  login,
} from '../../../../test/build-test-app.js';
import { hashesOf, scanLibrary, writeTree } from '../../../../test/library-fixtures.js';

async function setup(files: Record<string, string>) {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  writeTree(test.config.libraryDir, files);
  const session = await login(test.app);
  await scanLibrary(test.app, session);
  return { ...test, rescan: () => scanLibrary(test.app, session) };
}

async function romNamed(app: FastifyInstance, fsName: string): Promise<DetailedRom> {
  const list = await app.inject({
    url: '/api/roms?limit=100',
    headers: { authorization: ADMIN_AUTH },
  });
  const item = list.json<RomListPage>().items.find((rom) => rom.fs_name === fsName);
  if (item === undefined) throw new Error(`${fsName} is not in the library`);
  return (
    await app.inject({ url: `/api/roms/${item.id}`, headers: { authorization: ADMIN_AUTH } })
  ).json<DetailedRom>();
}

async function fsNames(app: FastifyInstance): Promise<string[]> {
  const list = await app.inject({
    url: '/api/roms?limit=100&order_by=fs_name',
    headers: { authorization: ADMIN_AUTH },
  });
  return list.json<RomListPage>().items.map((rom) => rom.fs_name);
}

function post(app: FastifyInstance, url: string, authorization = ADMIN_AUTH) {
  return app.inject({ method: 'POST', url, headers: { authorization } });
}

function remove(app: FastifyInstance, url: string, authorization = ADMIN_AUTH) {
  return app.inject({ method: 'DELETE', url, headers: { authorization } });
}

describe('POST /api/roms/{id}/convert-to-folder', () => {
  it('moves Game.ext into Game/ keeping the id, and a rescan finds the same ROM there', async () => {
    const { app, config, rescan } = await setup({ 'roms/gba/Zelda (USA).gba': 'zelda' });
    const rom = await romNamed(app, 'Zelda (USA).gba');
    expect(rom.has_simple_single_file).toBe(true);

    const converted = await post(app, `/api/roms/${rom.id}/convert-to-folder`);
    expect(converted.statusCode, converted.body).toBe(200);
    const body = converted.json<DetailedRom>();
    expect(body.id).toBe(rom.id);
    expect(body.fs_name).toBe('Zelda (USA)');
    expect(body.fs_extension).toBe('');
    expect(body.has_simple_single_file).toBe(false);
    expect(body.has_nested_single_file).toBe(true);
    expect(body.files.map((file) => [file.file_path, file.file_name])).toEqual([
      ['roms/gba/Zelda (USA)', 'Zelda (USA).gba'],
    ]);
    const gba = path.join(config.libraryDir, 'roms/gba');
    expect(readdirSync(gba)).toEqual(['Zelda (USA)']);
    expect(readFileSync(path.join(gba, 'Zelda (USA)/Zelda (USA).gba'), 'utf8')).toBe('zelda');

    await rescan();
    const after = await romNamed(app, 'Zelda (USA)');
    expect(after.id).toBe(rom.id);
    expect(after.files.map((file) => file.sha1_hash)).toEqual([hashesOf('zelda').sha1]);
    expect(await fsNames(app)).toEqual(['Zelda (USA)']);
  });

  it('gives an extensionless file a folder of its own name', async () => {
    const { app, config } = await setup({ 'roms/dos/DOOM': 'doom' });
    const rom = await romNamed(app, 'DOOM');
    const converted = await post(app, `/api/roms/${rom.id}/convert-to-folder`);
    expect(converted.statusCode, converted.body).toBe(200);
    expect(converted.json<DetailedRom>().files.map((file) => file.file_path)).toEqual([
      'roms/dos/DOOM',
    ]);
    const dos = path.join(config.libraryDir, 'roms/dos');
    expect(readdirSync(dos)).toEqual(['DOOM']);
    expect(readFileSync(path.join(dos, 'DOOM/DOOM'), 'utf8')).toBe('doom');
  });

  it('answers a folder ROM unchanged', async () => {
    const { app } = await setup({ 'roms/gba/Kit/Kit.gba': 'kit' });
    const rom = await romNamed(app, 'Kit');
    const converted = await post(app, `/api/roms/${rom.id}/convert-to-folder`);
    expect(converted.statusCode).toBe(200);
    expect(converted.json<DetailedRom>()).toEqual(rom);
  });

  it('answers 409 when the folder name is taken on disk, leaving the file where it was', async () => {
    const { app, config } = await setup({ 'roms/gba/Mario (USA).gba': 'mario' });
    const rom = await romNamed(app, 'Mario (USA).gba');
    mkdirSync(path.join(config.libraryDir, 'roms/gba/Mario (USA)'));
    const converted = await post(app, `/api/roms/${rom.id}/convert-to-folder`);
    expect(converted.statusCode).toBe(409);
    expect(converted.json()).toEqual({
      detail: 'Mario (USA) already exists in roms/gba',
    });
    expect(readdirSync(path.join(config.libraryDir, 'roms/gba')).sort()).toEqual([
      'Mario (USA)',
      'Mario (USA).gba',
    ]);
    expect((await romNamed(app, 'Mario (USA).gba')).files[0]?.file_path).toBe('roms/gba');
  });

  it('answers 404 for an unknown ROM and 403 to a viewer', async () => {
    const { app } = await setup({ 'roms/gba/Metroid.gba': 'metroid' });
    const rom = await romNamed(app, 'Metroid.gba');
    expect((await post(app, '/api/roms/999/convert-to-folder')).statusCode).toBe(404);
    await addUser(app, 'vera', 'viewer');
    const viewer = await post(
      app,
      `/api/roms/${rom.id}/convert-to-folder`,
      basic('vera', 'vera-pass'),
    );
    expect(viewer.statusCode).toBe(403);
  });
});

describe('DELETE /api/roms/{id}/files/{file_id}', () => {
  const PACK = {
    'roms/nes/Pack/One.nes': 'first game',
    'roms/nes/Pack/Two.nes': 'second',
    'roms/nes/Solo.nes': 'solo',
  };

  it('removes one file from the disk and the ROM; one top-level file left makes it a nested ROM', async () => {
    const { app, config, rescan } = await setup(PACK);
    const pack = await romNamed(app, 'Pack');
    expect(pack.has_multiple_files).toBe(true);
    const two = pack.files.find((file) => file.file_name === 'Two.nes');

    const deleted = await remove(app, `/api/roms/${pack.id}/files/${two?.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const body = deleted.json<DetailedRom>();
    expect(body.files.map((file) => file.file_name)).toEqual(['One.nes']);
    expect(body.fs_size_bytes).toBe('first game'.length);
    expect(body.has_multiple_files).toBe(false);
    expect(body.has_nested_single_file).toBe(true);
    expect(body.sha1_hash).toBe(hashesOf('first game').sha1);
    expect(readdirSync(path.join(config.libraryDir, 'roms/nes/Pack'))).toEqual(['One.nes']);

    await rescan();
    const after = await romNamed(app, 'Pack');
    expect(after.files.map((file) => file.file_name)).toEqual(['One.nes']);
    expect(after.sha1_hash).toBe(hashesOf('first game').sha1);
  });

  it("refuses a game's own file: a single-file ROM's and the last top-level one", async () => {
    const { app, config } = await setup(PACK);
    const solo = await romNamed(app, 'Solo.nes');
    const own = await remove(app, `/api/roms/${solo.id}/files/${solo.files[0]?.id}`);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({
      detail: 'Solo.nes is what Solo.nes is made of: delete the game instead',
    });

    const pack = await romNamed(app, 'Pack');
    const [one, two] = pack.files;
    expect((await remove(app, `/api/roms/${pack.id}/files/${two?.id}`)).statusCode).toBe(200);
    const last = await remove(app, `/api/roms/${pack.id}/files/${one?.id}`);
    expect(last.statusCode).toBe(409);
    expect(existsSync(path.join(config.libraryDir, 'roms/nes/Pack/One.nes'))).toBe(true);
    expect(existsSync(path.join(config.libraryDir, 'roms/nes/Solo.nes'))).toBe(true);
  });

  it("answers 404 for another ROM's file, and removes the row of a file already gone from disk", async () => {
    const { app, config } = await setup(PACK);
    const pack = await romNamed(app, 'Pack');
    const solo = await romNamed(app, 'Solo.nes');
    const foreign = await remove(app, `/api/roms/${pack.id}/files/${solo.files[0]?.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'File not found' });

    rmSync(path.join(config.libraryDir, 'roms/nes/Pack/Two.nes'));
    const two = pack.files.find((file) => file.file_name === 'Two.nes');
    const gone = await remove(app, `/api/roms/${pack.id}/files/${two?.id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json<DetailedRom>().files.map((file) => file.file_name)).toEqual(['One.nes']);
  });

  it('is refused to a viewer', async () => {
    const { app } = await setup(PACK);
    const pack = await romNamed(app, 'Pack');
    await addUser(app, 'vera', 'viewer');
    const viewer = await remove(
      app,
      `/api/roms/${pack.id}/files/${pack.files[0]?.id}`,
      basic('vera', 'vera-pass'),
    );
    expect(viewer.statusCode).toBe(403);
  });
});
