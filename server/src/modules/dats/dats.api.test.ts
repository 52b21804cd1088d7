import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { Dat, DatFolderSync, Platform } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import {
  ADMIN_AUTH,
  basic,
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../test/build-test-app.js';
import type { TestDatGame } from '../../../test/dat-fixtures.js';
import { clrMameProDat, logiqxDat, zipOf } from '../../../test/dat-fixtures.js';
import { multipartForm } from '../../../test/form-bodies.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';

const NOW = '2026-12-04T05:06:07.000Z';
const GBA = 'Nintendo - Game Boy Advance';

const GAMES: TestDatGame[] = [
  {
    name: 'Alpha (USA, Europe) (En,Fr,De)',
    roms: [
      {
        name: 'Alpha (USA, Europe) (En,Fr,De).gba',
        size: 5,
        crc: '3610A686',
        md5: '5D41402ABC4B2A76B9719D911017C592',
        sha1: 'aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d',
      },
    ],
  },
  {
    name: 'Alpha (Japan)',
    cloneOf: 'Alpha (USA, Europe) (En,Fr,De)',
    roms: [{ name: 'Alpha (Japan).gba', size: 7, crc: '0000abcd', status: 'baddump' }],
  },
];

async function setup() {
  const test = await buildTestApp({ container: { clock: () => Date.parse(NOW) } });
  await createFirstAdmin(test.app);
  writeTree(test.config.libraryDir, {
    'roms/gba/Alpha (USA).gba': 'hello',
    'roms/nes/Beta (USA).nes': 'beta',
  });
  await scanLibrary(test.app, await login(test.app));
  const platforms = await test.app.inject({
    url: '/api/platforms',
    headers: { authorization: ADMIN_AUTH },
  });
  const ids = new Map(platforms.json<Platform[]>().map((platform) => [platform.slug, platform.id]));
  return { ...test, gba: ids.get('gba') ?? 0, nes: ids.get('nes') ?? 0 };
}

function upload(
  app: FastifyInstance,
  filename: string,
  data: Buffer | string,
  authorization = ADMIN_AUTH,
) {
  const form = multipartForm({}, [
    { name: 'file', filename, type: 'application/octet-stream', data: Buffer.from(data) },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/dats',
    headers: { ...form.headers, authorization },
    payload: form.payload,
  });
}

async function uploaded(app: FastifyInstance, filename: string, data: Buffer | string) {
  const response = await upload(app, filename, data);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Dat>();
}

async function entries(dataDir: string) {
  const db = await openTestDatabase(dataDir);
  const games = await db
    .selectFrom('dat_game')
    .select(['dat_id', 'name', 'clone_of', 'region', 'languages', 'is_bios'])
    .orderBy('id')
    .execute();
  const roms = await db
    .selectFrom('dat_rom')
    .innerJoin('dat_game', 'dat_game.id', 'dat_rom.dat_game_id')
    .select(['dat_game.name as game', 'dat_rom.name', 'size', 'crc32', 'md5', 'sha1', 'status'])
    .orderBy('dat_rom.id')
    .execute();
  await db.destroy();
  return { games, roms };
}

const EXPECTED_ROMS = [
  {
    game: 'Alpha (USA, Europe) (En,Fr,De)',
    name: 'Alpha (USA, Europe) (En,Fr,De).gba',
    size: 5,
    crc32: '3610a686',
    md5: '5d41402abc4b2a76b9719d911017c592',
    sha1: 'aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d',
    status: null,
  },
  {
    game: 'Alpha (Japan)',
    name: 'Alpha (Japan).gba',
    size: 7,
    crc32: '0000abcd',
    md5: null,
    sha1: null,
    status: 'baddump',
  },
];

describe('DAT import', () => {
  it('imports a Logiqx DAT, bound to the platform its header names', async () => {
    const { app, dataDir, gba } = await setup();
    const text = logiqxDat({ name: GBA, version: '20261201-000000' }, GAMES);
    const dat = await uploaded(app, 'gba.dat', text);
    expect(dat).toEqual({
      id: 1,
      platform_id: gba,
      platform_binding: 'auto',
      name: GBA,
      description: GBA,
      version: '20261201-000000',
      author: 'Tester',
      homepage: 'No-Intro',
      header_name: GBA,
      format: 'logiqx',
      source: 'upload',
      source_path: null,
      file_name: 'gba.dat',
      file_size_bytes: Buffer.byteLength(text),
      game_count: 2,
      rom_count: 2,
      imported_at: NOW,
    });
    const { games, roms } = await entries(dataDir);
    expect(games).toEqual([
      {
        dat_id: 1,
        name: 'Alpha (USA, Europe) (En,Fr,De)',
        clone_of: null,
        region: 'USA, Europe',
        languages: 'En,Fr,De',
        is_bios: 0,
      },
      {
        dat_id: 1,
        name: 'Alpha (Japan)',
        clone_of: 'Alpha (USA, Europe) (En,Fr,De)',
        region: 'Japan',
        languages: null,
        is_bios: 0,
      },
    ]);
    expect(roms).toEqual(EXPECTED_ROMS);
    const list = await app.inject({ url: '/api/dats', headers: { authorization: ADMIN_AUTH } });
    expect(list.json()).toEqual([dat]);
  });

  it('imports ClrMamePro DATs and zipped DATs alike', async () => {
    const { app, dataDir, gba } = await setup();
    const cmp = await uploaded(app, 'gba.dat', clrMameProDat({ name: GBA }, GAMES));
    expect(cmp).toMatchObject({
      format: 'clrmamepro',
      platform_id: gba,
      game_count: 2,
      rom_count: 2,
    });
    expect((await entries(dataDir)).roms).toEqual(EXPECTED_ROMS);

    const zip = await zipOf({
      'readme.txt': 'x',
      'Nintendo - NES.dat': logiqxDat(
        { name: 'Nintendo - Nintendo Entertainment System (Headered)' },
        [],
      ),
    });
    const zipped = await uploaded(app, 'nes.zip', zip);
    expect(zipped).toMatchObject({ format: 'logiqx', file_name: 'nes.zip', game_count: 0 });
    const nes = (
      await app.inject({ url: '/api/platforms', headers: { authorization: ADMIN_AUTH } })
    )
      .json<Platform[]>()
      .find((platform) => platform.slug === 'nes');
    expect(zipped.platform_id).toBe(nes?.id);
  });

  it('replaces the DAT of the same set in one go, keeping a binding chosen by hand', async () => {
    const { app, dataDir, nes } = await setup();
    const first = await uploaded(app, 'old.dat', logiqxDat({ name: GBA, version: '1' }, GAMES));
    const rebound = await app.inject({
      method: 'PUT',
      url: `/api/dats/${String(first.id)}`,
      headers: { authorization: ADMIN_AUTH },
      payload: { platform_id: nes },
    });
    expect(rebound.json()).toMatchObject({ platform_id: nes, platform_binding: 'manual' });
    const newer = GAMES.slice(0, 1);
    const second = await uploaded(app, 'new.dat', logiqxDat({ name: GBA, version: '2' }, newer));
    expect(second).toMatchObject({
      id: 2,
      version: '2',
      game_count: 1,
      platform_id: nes,
      platform_binding: 'manual',
    });
    const list = await app.inject({ url: '/api/dats', headers: { authorization: ADMIN_AUTH } });
    expect(list.json<Dat[]>().map((dat) => dat.id)).toEqual([2]);
    expect((await entries(dataDir)).roms).toEqual(EXPECTED_ROMS.slice(0, 1));
  });

  it('leaves the DAT it would replace as it was when the new file is not a DAT', async () => {
    const { app, dataDir } = await setup();
    await uploaded(app, 'gba.dat', logiqxDat({ name: GBA }, GAMES));
    const broken = logiqxDat({ name: GBA }, GAMES).replace('</datafile>', '<game name="x">');
    const response = await upload(app, 'gba.dat', broken);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toMatch(/^Not a readable Logiqx DAT/);
    expect((await entries(dataDir)).roms).toEqual(EXPECTED_ROMS);
    for (const [name, data] of [
      ['notes.txt', 'hello'],
      ['empty.dat', ''],
      ['words.dat', 'just ( some words'],
      ['archive.zip', await zipOf({ 'readme.txt': 'no dat' })],
    ] as const) {
      const refused = await upload(app, name, data);
      expect(refused.statusCode, name).toBe(400);
    }
  });

  it('removes a DAT with its entries and verdicts; only DAT managers may change DATs', async () => {
    const { app, dataDir, gba } = await setup();
    const dat = await uploaded(app, 'gba.dat', logiqxDat({ name: GBA }, GAMES));
    const vera = await addUser(app, 'vera', 'viewer');
    const viewer = basic(vera.username, vera.password);
    expect((await upload(app, 'gba.dat', 'x', viewer)).statusCode).toBe(403);
    const read = await app.inject({
      url: `/api/dats/${String(dat.id)}`,
      headers: { authorization: viewer },
    });
    expect(read.json()).toEqual(dat);
    const db = await openTestDatabase(dataDir);
    await db
      .insertInto('rom_dat_status')
      .values({ rom_id: 1, dat_id: dat.id, dat_game_id: 1, status: 'renamed' })
      .execute();
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/dats/${String(dat.id)}`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(removed.statusCode).toBe(204);
    expect(await db.selectFrom('rom_dat_status').selectAll().execute()).toEqual([]);
    await db.destroy();
    expect(await entries(dataDir)).toEqual({ games: [], roms: [] });
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/dats/${String(dat.id)}`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(again.statusCode).toBe(404);
    const unknownPlatform = await app.inject({
      method: 'PUT',
      url: '/api/dats/1',
      headers: { authorization: ADMIN_AUTH },
      payload: { platform_id: gba + 100 },
    });
    expect(unknownPlatform.statusCode).toBe(404);
  });

  it('reads the dats folder on every scan: new, changed and removed files', async () => {
    const { app, config, gba } = await setup();
    const folder = path.join(config.libraryDir, 'dats');
    mkdirSync(path.join(folder, 'No-Intro'), { recursive: true });
    const file = path.join(folder, 'No-Intro', 'gba.xml');
    writeFileSync(file, logiqxDat({ name: GBA, version: '1' }, GAMES));
    writeFileSync(path.join(folder, 'broken.dat'), 'game ( name');
    const session = await login(app);
    await scanLibrary(app, session);
    const list = async () =>
      (await app.inject({ url: '/api/dats', headers: { authorization: ADMIN_AUTH } })).json<
        Dat[]
      >();
    expect(await list()).toMatchObject([
      { id: 1, source: 'folder', source_path: 'No-Intro/gba.xml', platform_id: gba, version: '1' },
    ]);

    const sync = async () =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/dats/folder',
          headers: { authorization: ADMIN_AUTH },
        })
      ).json<DatFolderSync>();
    const failed = [{ path: 'broken.dat', detail: 'Not a ClrMamePro DAT: unclosed block' }];
    expect(await sync()).toEqual({ imported: 0, removed: 0, unchanged: 1, failed });

    writeFileSync(file, logiqxDat({ name: GBA, version: '2' }, GAMES.slice(0, 1)));
    utimesSync(file, new Date(2027, 0, 1), new Date(2027, 0, 1));
    rmSync(path.join(folder, 'broken.dat'));
    expect(await sync()).toEqual({ imported: 1, removed: 0, unchanged: 0, failed: [] });
    expect(await list()).toMatchObject([{ id: 2, version: '2', game_count: 1 }]);

    rmSync(file);
    expect(await sync()).toEqual({ imported: 0, removed: 1, unchanged: 0, failed: [] });
    expect(await list()).toEqual([]);
  });

  it("removes a folder DAT's file with it", async () => {
    const { app, config } = await setup();
    const file = path.join(config.libraryDir, 'dats', 'gba.dat');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, clrMameProDat({ name: GBA }, GAMES));
    await app.inject({
      method: 'POST',
      url: '/api/dats/folder',
      headers: { authorization: ADMIN_AUTH },
    });
    const removed = await app.inject({
      method: 'DELETE',
      url: '/api/dats/1',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(removed.statusCode).toBe(204);
    const sync = await app.inject({
      method: 'POST',
      url: '/api/dats/folder',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(sync.json()).toEqual({ imported: 0, removed: 0, unchanged: 0, failed: [] });
  });
});
