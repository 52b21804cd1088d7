import { readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';

import type { DetailedRom, PatchCandidate, PatchSaved, RomListPage } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import {
  ADMIN_AUTH,
  basic,
  buildTestApp,
  createFirstAdmin,
  login,
} from '../../../test/build-test-app.js';
import { hashesOf, scanLibrary, writeTree } from '../../../test/library-fixtures.js';
import { hacked, makeBps, makeIps, makeUps, romBytes } from '../../../test/patches/patch-makers.js';
import { filesUnder } from '../../../test/rom-manage-fixtures.js';
import { readZipRom, writeZipRom } from './zip-rom.js';

const base = romBytes(200_000, 7);
const translated = hacked(base, 0x100, 'Translated by RomShelf', 4096);
const folderBase = romBytes(50_000, 11);
const folderTarget = hacked(folderBase, 0x40, 'Dragon Tale English');

/** A SNES library: a loose game with two patches beside it, a folder game with its own patch. */
async function patchLibrary(env: Record<string, string> = {}) {
  const test = await buildTestApp({ env });
  await createFirstAdmin(test.app);
  writeTree(test.config.libraryDir, {
    'roms/snes/Hero Quest (USA).sfc': base,
    'roms/snes/Hero Quest (Translation).bps': makeBps(base, translated),
    'roms/snes/Hero Quest (Translation).ips': makeIps(base, translated),
    'roms/snes/Dragon Tale (Japan)/Dragon Tale (Japan).sfc': folderBase,
    'roms/snes/Dragon Tale (Japan)/patches/Dragon Tale EN.ups': makeUps(folderBase, folderTarget),
  });
  await scanLibrary(test.app, await login(test.app));
  const rom = async (fsName: string) => {
    const page = await test.app.inject({
      url: '/api/roms?limit=100',
      headers: { authorization: ADMIN_AUTH },
    });
    const id = page.json<RomListPage>().items.find((item) => item.fs_name === fsName)?.id ?? 0;
    const detail = await test.app.inject({
      url: `/api/roms/${id}`,
      headers: { authorization: ADMIN_AUTH },
    });
    return detail.json<DetailedRom>();
  };
  return { ...test, rom };
}

interface FormPart {
  name: string;
  value: string | Buffer;
  fileName?: string;
}

function patchRequest(app: FastifyInstance, fileId: number, parts: FormPart[], auth = ADMIN_AUTH) {
  const boundary = '----romshelf-patch-boundary';
  const body = Buffer.concat([
    ...parts.flatMap((part) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
          (part.fileName === undefined ? '' : `; filename="${part.fileName}"`) +
          '\r\n\r\n',
      ),
      Buffer.from(part.value),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/roms/${fileId}/patch`,
    headers: { authorization: auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

const fileIdOf = (rom: DetailedRom, fileName: string) =>
  rom.files.find((file) => file.file_name === fileName)?.id ?? 0;

describe('POST /api/roms/{id}/patch', () => {
  it('applies a library BPS patch and streams the result with RomM headers', async () => {
    const { app, rom } = await patchLibrary();
    const hero = await rom('Hero Quest (USA).sfc');
    const patch = await rom('Hero Quest (Translation).bps');
    const response = await patchRequest(app, fileIdOf(hero, 'Hero Quest (USA).sfc'), [
      { name: 'patch_file_id', value: String(patch.files[0]?.id) },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Hero Quest (USA) (patched-Hero Quest (Translation)).sfc"; ' +
        "filename*=UTF-8''Hero%20Quest%20%28USA%29%20%28patched-Hero%20Quest%20%28Translation%29%29.sfc",
    );
    expect(response.headers['x-patch-validated']).toBe('true');
    expect(crc32(response.rawPayload)).toBe(crc32(translated));
    expect(response.rawPayload.length).toBe(translated.length);
  });

  it('applies an uploaded IPS patch (not validated: IPS has no checksum) and keeps nothing', async () => {
    const { app, rom, config } = await patchLibrary();
    const hero = await rom('Hero Quest (USA).sfc');
    const response = await patchRequest(app, fileIdOf(hero, 'Hero Quest (USA).sfc'), [
      { name: 'output_file_name', value: 'Hero Quest (English).bin' },
      { name: 'patch_file', value: makeIps(base, translated), fileName: 'english.ips' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-patch-validated']).toBe('false');
    expect(response.headers['content-disposition']).toContain(
      'filename="Hero Quest (English).sfc"',
    );
    expect(response.rawPayload.equals(translated)).toBe(true);
    expect(filesUnder(path.join(config.dataDir, 'tmp'))).toEqual([]);
  });

  it('saves the result as a new game next to the original, hashed and listed', async () => {
    const { app, rom, config } = await patchLibrary();
    const dragon = await rom('Dragon Tale (Japan)');
    const ups = fileIdOf(dragon, 'Dragon Tale EN.ups');
    const response = await patchRequest(app, fileIdOf(dragon, 'Dragon Tale (Japan).sfc'), [
      { name: 'patch_file_id', value: String(ups) },
      { name: 'save_as_game', value: 'true' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const saved = response.json<PatchSaved>();
    expect(saved).toEqual({
      message: 'Patched ROM saved as Dragon Tale (Japan) (patched-Dragon Tale EN).sfc',
      output_file_name: 'Dragon Tale (Japan) (patched-Dragon Tale EN).sfc',
      output_file_size: folderTarget.length,
      rom_id: saved.rom_id,
      validated: true,
    });
    const stored = readFileSync(
      path.join(config.libraryDir, 'roms/snes/Dragon Tale (Japan) (patched-Dragon Tale EN).sfc'),
    );
    expect(stored.equals(folderTarget)).toBe(true);
    const game = await app.inject({
      url: `/api/roms/${saved.rom_id}`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(game.json<DetailedRom>()).toMatchObject({
      fs_name: 'Dragon Tale (Japan) (patched-Dragon Tale EN).sfc',
      fs_path: 'roms/snes',
      platform_id: dragon.platform_id,
      crc_hash: hashesOf(folderTarget).crc,
    });
    const again = await patchRequest(app, fileIdOf(dragon, 'Dragon Tale (Japan).sfc'), [
      { name: 'patch_file_id', value: String(ups) },
      { name: 'save_as_game', value: 'true' },
    ]);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ detail: string }>().detail).toBe(
      'Dragon Tale (Japan) (patched-Dragon Tale EN).sfc already exists in roms/snes',
    );
  });

  it('refuses a patch made for another ROM with a clear 400 and writes nothing', async () => {
    const { app, rom, config } = await patchLibrary();
    const dragon = await rom('Dragon Tale (Japan)');
    const hero = await rom('Hero Quest (USA).sfc');
    const bps = (await rom('Hero Quest (Translation).bps')).files[0]?.id ?? 0;
    const before = filesUnder(config.libraryDir);
    const response = await patchRequest(app, fileIdOf(dragon, 'Dragon Tale (Japan).sfc'), [
      { name: 'patch_file_id', value: String(bps) },
      { name: 'save_as_game', value: 'true' },
    ]);
    expect(response.statusCode).toBe(400);
    const hex = (bytes: Buffer) => crc32(bytes).toString(16).padStart(8, '0');
    expect(response.json()).toEqual({
      detail:
        `This BPS patch is for another ROM (it expects 200000 bytes with CRC32 ${hex(base)}; ` +
        `this ROM is 50000 bytes with CRC32 ${hex(folderBase)})`,
    });
    const ups = await patchRequest(app, fileIdOf(hero, 'Hero Quest (USA).sfc'), [
      { name: 'patch_file', value: makeUps(folderBase, folderTarget), fileName: 'x.ups' },
    ]);
    expect(ups.statusCode).toBe(400);
    expect(ups.json<{ detail: string }>().detail).toMatch(/^This UPS patch is for another ROM/);
    expect(filesUnder(config.libraryDir)).toEqual(before);
    expect(filesUnder(path.join(config.dataDir, 'tmp'))).toEqual([]);
  });

  it('answers 400 for bad requests and 404 for unknown files, as RomM', async () => {
    const { app, rom } = await patchLibrary();
    const hero = await rom('Hero Quest (USA).sfc');
    const heroFile = fileIdOf(hero, 'Hero Quest (USA).sfc');
    const bps = String((await rom('Hero Quest (Translation).bps')).files[0]?.id);
    const cases: [FormPart[], number, string, number?][] = [
      [[], 400, 'Provide exactly one of a library patch file or an uploaded patch file'],
      [
        [
          { name: 'patch_file_id', value: bps },
          { name: 'patch_file', value: 'PATCHEOF', fileName: 'a.ips' },
        ],
        400,
        'Provide exactly one of a library patch file or an uploaded patch file',
      ],
      [
        [{ name: 'patch_file', value: 'hello', fileName: 'notes.txt' }],
        400,
        "Unsupported patch format '.txt'. Supported: .ips, .ups, .bps, .ppf, .aps, .rup, .xdelta, .vcdiff",
      ],
      [
        [{ name: 'patch_file', value: '', fileName: 'empty.ips' }],
        400,
        'Uploaded patch file is empty',
      ],
      [
        [{ name: 'patch_file', value: 'PATCH\u0000\u0001', fileName: 'cut.ips' }],
        400,
        'The IPS patch is truncated',
      ],
      [
        [{ name: 'patch_file_id', value: String(heroFile) }],
        400,
        "Unsupported patch format '.sfc'. Supported: .ips, .ups, .bps, .ppf, .aps, .rup, .xdelta, .vcdiff",
      ],
      [[{ name: 'patch_file_id', value: '99999' }], 404, 'Patch file with id 99999 not found'],
      [[{ name: 'patch_file_id', value: bps }], 404, 'ROM file with id 99999 not found', 99999],
    ];
    for (const [parts, status, detail, fileId] of cases) {
      const response = await patchRequest(app, fileId ?? heroFile, parts);
      expect([response.statusCode, response.json<{ detail: string }>().detail]).toEqual([
        status,
        detail,
      ]);
    }
  });

  it('refuses ROMs and patches over ROM_PATCHER_MAX_FILE_SIZE_BYTES', async () => {
    const { app, rom } = await patchLibrary({ ROM_PATCHER_MAX_FILE_SIZE_BYTES: '100000' });
    const hero = await rom('Hero Quest (USA).sfc');
    const dragon = await rom('Dragon Tale (Japan)');
    const tooBig = await patchRequest(app, fileIdOf(hero, 'Hero Quest (USA).sfc'), [
      { name: 'patch_file', value: makeIps(base, translated), fileName: 'a.ips' },
    ]);
    expect(tooBig.json()).toEqual({
      detail: 'ROM file is too large to patch (200000 bytes, max 100000)',
    });
    const bigPatch = await patchRequest(app, fileIdOf(dragon, 'Dragon Tale (Japan).sfc'), [
      { name: 'patch_file', value: Buffer.alloc(100_001, 1), fileName: 'big.ips' },
    ]);
    expect([bigPatch.statusCode, bigPatch.json<{ detail: string }>().detail]).toEqual([
      400,
      'Patch file is too large to patch (max 100000 bytes)',
    ]);
  });

  it('needs roms.read, and roms.write to save a game', async () => {
    const { app, rom } = await patchLibrary();
    const viewer = await addUser(app, 'viewer', 'viewer');
    const hero = await rom('Hero Quest (USA).sfc');
    const parts = [{ name: 'patch_file', value: makeIps(base, translated), fileName: 'a.ips' }];
    const auth = basic(viewer.username, viewer.password);
    const download = await patchRequest(app, fileIdOf(hero, 'Hero Quest (USA).sfc'), parts, auth);
    expect(download.statusCode).toBe(200);
    const save = await patchRequest(
      app,
      fileIdOf(hero, 'Hero Quest (USA).sfc'),
      [...parts, { name: 'save_as_game', value: 'true' }],
      auth,
    );
    expect([save.statusCode, save.json<{ detail: string }>().detail]).toEqual([
      403,
      'Saving a patched game needs the roms.write scope',
    ]);
    const anonymous = await app.inject({ method: 'POST', url: '/api/roms/1/patch' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/roms/{id}/patch on a zipped ROM', () => {
  it('patches the member inside and answers the zip around it, as RomM', async () => {
    const { app, rom, config } = await patchLibrary();
    const mtime = new Date('2020-01-01T00:00:00Z');
    const entry = (name: string, bytes: Buffer) => ({ name, folder: false, bytes, mtime });
    writeTree(config.libraryDir, {
      'roms/snes/Zipped Hero (USA).zip': await writeZipRom([entry('Zipped Hero (USA).sfc', base)]),
      'roms/snes/Two Heroes (USA).zip': await writeZipRom([
        entry('readme.txt', Buffer.from('two heroes')),
        entry('Two Heroes (USA).sfc', base),
      ]),
    });
    await scanLibrary(app, await login(app));
    const bps = { name: 'patch_file', value: makeBps(base, translated), fileName: 'en.bps' };
    const zipped = await rom('Zipped Hero (USA).zip');
    const single = await patchRequest(app, fileIdOf(zipped, 'Zipped Hero (USA).zip'), [bps]);
    expect(single.statusCode, single.body).toBe(200);
    expect(single.headers['content-disposition']).toContain(
      'filename="Zipped Hero (USA) (patched-en).zip"',
    );
    const members = await readZipRom(single.rawPayload, 1e9);
    expect(members.map((member) => [member.name, crc32(member.bytes)])).toEqual([
      ['Zipped Hero (USA).sfc', crc32(translated)],
    ]);

    const two = await rom('Two Heroes (USA).zip');
    const twoFile = fileIdOf(two, 'Two Heroes (USA).zip');
    const unnamed = await patchRequest(app, twoFile, [bps]);
    expect([unnamed.statusCode, unnamed.json<{ detail: string }>().detail]).toEqual([
      400,
      'Select which file inside the ROM archive to patch',
    ]);
    const named = await patchRequest(app, twoFile, [
      { name: 'archive_member_name', value: 'Two Heroes (USA).sfc' },
      bps,
    ]);
    expect(named.statusCode, named.body).toBe(200);
    const patched = await readZipRom(named.rawPayload, 1e9);
    expect(patched.map((member) => [member.name, crc32(member.bytes)])).toEqual([
      ['readme.txt', crc32(Buffer.from('two heroes'))],
      ['Two Heroes (USA).sfc', crc32(translated)],
    ]);
    const hero = await rom('Hero Quest (USA).sfc');
    const notZip = await patchRequest(app, fileIdOf(hero, 'Hero Quest (USA).sfc'), [
      { name: 'archive_member_name', value: 'x' },
      bps,
    ]);
    expect(notZip.json<{ detail: string }>().detail).toBe(
      'Archive member selection requires a ZIP ROM',
    );
  });
});

describe('GET /api/roms/{id}/patches', () => {
  it("lists the game's own patch files first, then the platform's", async () => {
    const { app, rom } = await patchLibrary();
    const dragon = await rom('Dragon Tale (Japan)');
    const response = await app.inject({
      url: `/api/roms/${dragon.id}/patches`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(response.statusCode).toBe(200);
    const candidates = response.json<PatchCandidate[]>();
    expect(candidates.map((candidate) => [candidate.file_name, candidate.own])).toEqual([
      ['Dragon Tale EN.ups', true],
      ['Hero Quest (Translation).bps', false],
      ['Hero Quest (Translation).ips', false],
    ]);
    expect(candidates[0]).toEqual({
      file_id: fileIdOf(dragon, 'Dragon Tale EN.ups'),
      rom_id: dragon.id,
      file_name: 'Dragon Tale EN.ups',
      file_size_bytes: makeUps(folderBase, folderTarget).length,
      own: true,
    });
    const missing = await app.inject({
      url: '/api/roms/99999/patches',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(missing.statusCode).toBe(404);
  });
  it('leaves out the patch files of a game hidden from the caller', async () => {
    const { app, rom } = await patchLibrary();
    const kid = await addUser(app, 'kid', 'viewer');
    const dragon = await rom('Dragon Tale (Japan)');
    const hero = await rom('Hero Quest (USA).sfc');
    const hidden = await app.inject({
      method: 'POST',
      url: '/api/permissions/hidden',
      headers: { authorization: ADMIN_AUTH },
      payload: { entity: 'roms', entity_id: dragon.id, user_id: kid.id },
    });
    expect(hidden.statusCode).toBe(200);
    const namesFor = async (authorization: string) =>
      (await app.inject({ url: `/api/roms/${hero.id}/patches`, headers: { authorization } }))
        .json<PatchCandidate[]>()
        .map((candidate) => candidate.file_name);
    const heroPatches = ['Hero Quest (Translation).bps', 'Hero Quest (Translation).ips'];
    expect(await namesFor(basic(kid.username, kid.password))).toEqual(heroPatches);
    expect(await namesFor(ADMIN_AUTH)).toEqual(['Dragon Tale EN.ups', ...heroPatches]);
  });
});
