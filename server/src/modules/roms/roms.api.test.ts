import { rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

import type { DetailedRom, Platform, RomListPage } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';

import {
  buildTestApp,
  createFirstAdmin,
  login,
  makeTempDir,
} from '../../../test/build-test-app.js';
import type { Session } from '../../../test/build-test-app.js';
import { hashesOf, scanLibrary, writeTree } from '../../../test/library-fixtures.js';

const NES = {
  'The Apple.nes': 'apple-bytes',
  'Banana.nes': 'banana-bytes',
  'banana split.nes': 'split-bytes',
  'Cherry.nes': '0123456789',
  '10 Yard Fight.nes': 'yard-bytes',
  '2 Fast.nes': 'fast-bytes',
  'Éclair.nes': 'eclair-bytes',
};

const PSX = {
  'Game (USA)/Game (Disc 1).cue': 'cue one',
  'Game (USA)/Game (Disc 1).bin': 'bin one',
  'Game (USA)/Game (Disc 2).cue': 'cue two',
  'Game (USA)/Game (Disc 2).bin': 'bin two',
  'Game (USA)/extras/readme.txt': 'readme',
};

async function setup() {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  const session = await login(test.app);
  const files: Record<string, string> = {};
  for (const [name, content] of Object.entries(NES)) files[`roms/nes/${name}`] = content;
  for (const [name, content] of Object.entries(PSX)) files[`roms/psx/${name}`] = content;
  writeTree(test.config.libraryDir, files);
  await scanLibrary(test.app, session);
  const platforms = (
    await test.app.inject({ url: '/api/platforms', headers: { cookie: session.cookie } })
  ).json<Platform[]>();
  const id = (slug: string) => platforms.find((platform) => platform.fs_slug === slug)?.id ?? 0;
  return { ...test, session, nes: id('nes'), psx: id('psx') };
}

function get(
  app: FastifyInstance,
  session: Session,
  url: string,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'GET', url, headers: { cookie: session.cookie, ...headers } });
}

async function page(app: FastifyInstance, session: Session, query: string): Promise<RomListPage> {
  const response = await get(app, session, `/api/roms?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RomListPage>();
}

function readZip(buffer: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error !== null) {
        reject(error);
        return;
      }
      const entries = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        expect(entry.compressionMethod).toBe(0);
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError !== null) {
            reject(streamError);
            return;
          }
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks).toString());
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

describe('GET /api/roms', () => {
  it('pages, sorts and builds the char index over the filtered, sorted list', async () => {
    const { app, session, nes } = await setup();
    const all = await page(app, session, `platform_id=${nes}`);
    expect(all.items.map((rom) => rom.name)).toEqual([
      '2 Fast',
      '10 Yard Fight',
      'The Apple',
      'Banana',
      'banana split',
      'Cherry',
      'Éclair',
    ]);
    expect(all).toMatchObject({ total: 7, limit: 72, offset: 0, rom_id_index: [] });
    expect(all.char_index).toEqual({ '0': 0, a: 2, b: 3, c: 5, é: 6 });
    expect(all.filter_values.platforms).toEqual([nes]);
    expect(Object.keys(all.char_index)).toEqual(['0', 'a', 'b', 'c', 'é']);

    const desc = await page(app, session, `platform_id=${nes}&order_dir=desc`);
    expect(desc.items[0]?.name).toBe('Éclair');
    expect(desc.char_index).toEqual({ '0': 5, a: 4, b: 2, c: 1, é: 0 });

    const byFile = await page(app, session, `platform_id=${nes}&order_by=fs_name`);
    expect(byFile.items.map((rom) => rom.fs_name)).toEqual([
      '10 Yard Fight.nes',
      '2 Fast.nes',
      'Banana.nes',
      'Cherry.nes',
      'The Apple.nes',
      'banana split.nes',
      'Éclair.nes',
    ]);
    expect(byFile.char_index).toEqual({ '1': 0, '2': 1, B: 2, C: 3, T: 4, b: 5, É: 6 });

    const second = await page(app, session, `platform_id=${nes}&limit=2&offset=2`);
    expect(second.items.map((rom) => rom.name)).toEqual(['The Apple', 'Banana']);
    expect(second).toMatchObject({ total: 7, limit: 2, offset: 2 });

    const bySize = await page(
      app,
      session,
      `platform_id=${nes}&order_by=fs_size_bytes&with_char_index=false`,
    );
    const sizes = bySize.items.map((rom) => rom.fs_size_bytes);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(bySize.char_index).toEqual({});
    const byId = await page(app, session, `platform_id=${nes}&order_by=id&order_dir=desc&limit=1`);
    expect(byId.items[0]?.id).toBe(Math.max(...all.items.map((rom) => rom.id)));
    const unknown = await page(app, session, `platform_id=${nes}&order_by=nonsense&limit=1`);
    expect(unknown.items[0]?.name).toBe('2 Fast');

    const everything = await page(app, session, 'with_files=true');
    expect(everything.total).toBe(8);
    expect(everything.items.every((rom) => rom.files.length > 0)).toBe(true);
  });

  it('gives the ids of the whole result in list order when asked (rom_id_index)', async () => {
    const { app, session, nes } = await setup();
    const all = await page(app, session, `platform_id=${nes}`);
    const ids = all.items.map((rom) => rom.id);
    const indexed = await page(app, session, `platform_id=${nes}&limit=2&with_rom_id_index=true`);
    expect(indexed.items.map((rom) => rom.id)).toEqual(ids.slice(0, 2));
    expect(indexed.rom_id_index).toEqual(ids);
    const desc = await page(
      app,
      session,
      `platform_id=${nes}&order_dir=desc&limit=1&offset=3&with_rom_id_index=1`,
    );
    expect(desc.rom_id_index).toEqual([...ids].reverse());
    const searched = await page(app, session, 'search_term=banana&limit=1&with_rom_id_index=true');
    expect(searched.rom_id_index).toEqual(ids.slice(3, 5));
  });

  it('searches name and tag-free file name, ignoring case and accents', async () => {
    const { app, session, nes } = await setup();
    const names = async (term: string, extra = '') =>
      (await page(app, session, `search_term=${encodeURIComponent(term)}${extra}`)).items.map(
        (rom) => rom.name,
      );
    expect(await names('eclair')).toEqual(['Éclair']);
    expect(await names('ÉCLAIR')).toEqual(['Éclair']);
    expect(await names('BANANA')).toEqual(['Banana', 'banana split']);
    expect(await names('banana|cherry')).toEqual(['Banana', 'banana split', 'Cherry']);
    expect(await names('yard fight')).toEqual(['10 Yard Fight']);
    expect(await names('2 fa')).toEqual(['2 Fast']);
    expect(await names('game')).toEqual(['Game']);
    expect(await names('(usa)')).toEqual([]);
    expect(await names('.nes', `&platform_id=${nes}`)).toEqual([]);
    expect(await names(hashesOf('0123456789').md5)).toEqual(['Cherry']);
    expect(await names(hashesOf('readme').crc)).toEqual(['Game']);
    expect(await names('100%')).toEqual([]);
    const searched = await page(app, session, 'search_term=banana');
    expect(searched).toMatchObject({ total: 2, char_index: { b: 0 } });
  });

  it('rejects bad parameters with 422 and requires a session', async () => {
    const { app, session } = await setup();
    for (const query of [
      'limit=0',
      'limit=10001',
      'offset=-1',
      'order_dir=sideways',
      'platform_id=x',
    ]) {
      const response = await get(app, session, `/api/roms?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(Array.isArray(response.json<{ detail: unknown }>().detail)).toBe(true);
    }
    expect((await get(app, session, '/api/roms?limit=10000')).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/roms' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/platforms' })).statusCode).toBe(401);
  });
});

describe('GET /api/roms/{id} and /api/platforms/{id}', () => {
  it('answers 404 {detail} for unknown ids', async () => {
    const { app, session } = await setup();
    const rom = await get(app, session, '/api/roms/999');
    expect(rom.statusCode).toBe(404);
    expect(rom.json()).toEqual({ detail: 'ROM with id 999 not found' });
    const platform = await get(app, session, '/api/platforms/999');
    expect(platform.statusCode).toBe(404);
    expect(platform.json()).toEqual({ detail: 'Platform with id 999 not found' });
    expect((await get(app, session, '/api/roms/abc')).statusCode).toBe(422);
  });

  it('shows the detailed ROM with files, hashes and platform fields', async () => {
    const { app, session, psx } = await setup();
    const [game] = (await page(app, session, `platform_id=${psx}`)).items;
    const detail = (await get(app, session, `/api/roms/${game?.id ?? 0}`)).json<DetailedRom>();
    expect(detail).toMatchObject({
      platform_slug: 'psx',
      platform_fs_slug: 'psx',
      has_multiple_files: true,
      user_saves: [],
      all_user_notes: [],
      rom_user: { id: -1, rom_id: game?.id },
    });
    expect(detail.platform_display_name).toMatch(/PlayStation/);
    expect(detail.files).toHaveLength(5);
    expect(detail.files[0]).toMatchObject({
      file_name: 'Game (Disc 1).bin',
      md5_hash: hashesOf('bin one').md5,
      sha1_hash: hashesOf('bin one').sha1,
      crc_hash: hashesOf('bin one').crc,
      file_size_bytes: 7,
    });
    expect(detail.files[0]?.last_modified).toMatch(/\+00:00$/);
  });
});

describe('GET /api/roms/{id}/content/{file_name}', () => {
  it('streams a single file with disposition, ranges and ETag', async () => {
    const { app, session, nes } = await setup();
    const roms = (await page(app, session, `platform_id=${nes}`)).items;
    const cherry = roms.find((rom) => rom.fs_name === 'Cherry.nes');
    const url = `/api/roms/${cherry?.id ?? 0}/content/Cherry.nes`;

    const full = await get(app, session, url);
    expect(full.statusCode).toBe(200);
    expect(full.body).toBe('0123456789');
    expect(full.headers).toMatchObject({
      'accept-ranges': 'bytes',
      'content-length': '10',
      'content-disposition': `attachment; filename="Cherry.nes"; filename*=UTF-8''Cherry.nes`,
    });
    const etag = String(full.headers.etag);

    const partial = await get(app, session, url, { range: 'bytes=2-4' });
    expect(partial.statusCode).toBe(206);
    expect(partial.body).toBe('234');
    expect(partial.headers['content-range']).toBe('bytes 2-4/10');
    expect((await get(app, session, url, { range: 'bytes=-3' })).body).toBe('789');
    expect((await get(app, session, url, { range: 'bytes=7-' })).body).toBe('789');
    const unsatisfiable = await get(app, session, url, { range: 'bytes=10-' });
    expect(unsatisfiable.statusCode).toBe(416);
    expect(unsatisfiable.headers['content-range']).toBe('bytes */10');
    expect((await get(app, session, url, { 'if-none-match': etag })).statusCode).toBe(304);
    const stale = await get(app, session, url, { range: 'bytes=2-4', 'if-range': '"other"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe('0123456789');
    const fresh = await get(app, session, url, { range: 'bytes=2-4', 'if-range': etag });
    expect(fresh.statusCode).toBe(206);
    const head = await app.inject({ method: 'HEAD', url, headers: { cookie: session.cookie } });
    expect(head.statusCode).toBe(200);

    const eclair = roms.find((rom) => rom.fs_name === 'Éclair.nes');
    const unicode = await get(
      app,
      session,
      `/api/roms/${eclair?.id ?? 0}/content/${encodeURIComponent('Éclair.nes')}`,
    );
    expect(unicode.statusCode).toBe(200);
    expect(unicode.headers['content-disposition']).toBe(
      `attachment; filename="_clair.nes"; filename*=UTF-8''%C3%89clair.nes`,
    );
  });

  it('streams a multi-file ROM as a stored zip with an m3u, or the chosen files', async () => {
    const { app, session, psx, nes } = await setup();
    const [game] = (await page(app, session, `platform_id=${psx}`)).items;
    const detail = (await get(app, session, `/api/roms/${game?.id ?? 0}`)).json<DetailedRom>();
    const base = `/api/roms/${detail.id}/content/${encodeURIComponent('Game (USA)')}`;

    const zip = await get(app, session, base);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain(`filename*=UTF-8''Game%20%28USA%29.zip`);
    expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length);
    const entries = await readZip(zip.rawPayload);
    expect(Object.fromEntries(entries)).toEqual({
      'Game (Disc 1).bin': 'bin one',
      'Game (Disc 1).cue': 'cue one',
      'Game (Disc 2).bin': 'bin two',
      'Game (Disc 2).cue': 'cue two',
      'extras/readme.txt': 'readme',
      'Game (USA).m3u': 'Game (Disc 1).cue\nGame (Disc 2).cue\n',
    });

    const cues = detail.files
      .filter((file) => file.file_name.endsWith('.cue'))
      .map((file) => file.id);
    const chosen = await get(app, session, `${base}.zip?file_ids=${cues.join(',')}`);
    expect([...(await readZip(chosen.rawPayload)).keys()]).toEqual([
      'Game (Disc 1).cue',
      'Game (Disc 2).cue',
      'Game (USA).m3u',
    ]);
    const one = await get(app, session, `${base}?file_ids=${detail.files[4]?.id ?? 0}`);
    expect(one.body).toBe('readme');
    expect(one.headers['content-disposition']).toContain("filename*=UTF-8''readme.txt");

    const other = (await page(app, session, `platform_id=${nes}&limit=1&with_files=true`)).items[0];
    const foreign = await get(app, session, `${base}?file_ids=${other?.files[0]?.id ?? 0}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ detail: string }>().detail).toMatch(/do not belong/);
    expect((await get(app, session, `${base}?file_ids=1;2`)).statusCode).toBe(422);
  });

  it('takes the name only as the download name, as RomM apps ask (output.zip, file names)', async () => {
    const { app, session, psx } = await setup();
    const [game] = (await page(app, session, `platform_id=${psx}`)).items;
    const detail = (await get(app, session, `/api/roms/${game?.id ?? 0}`)).json<DetailedRom>();

    const output = await get(app, session, `/api/roms/${detail.id}/content/output.zip`);
    expect(output.statusCode).toBe(200);
    expect(output.headers['content-disposition']).toBe(
      `attachment; filename="output.zip"; filename*=UTF-8''output.zip`,
    );
    expect(Object.fromEntries(await readZip(output.rawPayload))).toMatchObject({
      'Game (Disc 1).cue': 'cue one',
      'Game (USA).m3u': 'Game (Disc 1).cue\nGame (Disc 2).cue\n',
    });
    const plain = await get(app, session, `/api/roms/${detail.id}/content/anything`);
    expect(plain.headers['content-disposition']).toContain('filename="anything.zip"');

    // One file asked by its own name with file_ids, as RomM's apps do for a disc.
    const cue = detail.files.find((file) => file.file_name === 'Game (Disc 2).cue');
    const single = await get(
      app,
      session,
      `/api/roms/${detail.id}/content/${encodeURIComponent(cue?.file_name ?? '')}?file_ids=${cue?.id ?? 0}`,
    );
    expect(single.body).toBe('cue two');
    expect(single.headers['content-disposition']).toContain('filename="Game (Disc 2).cue"');

    const hidden = await get(
      app,
      session,
      `/api/roms/${detail.id}/content/x.zip?hidden_folder=true`,
    );
    expect([...(await readZip(hidden.rawPayload)).entries()].sort()).toEqual([
      ['.hidden/Game (Disc 1).bin', 'bin one'],
      ['.hidden/Game (Disc 1).cue', 'cue one'],
      ['.hidden/Game (Disc 2).bin', 'bin two'],
      ['.hidden/Game (Disc 2).cue', 'cue two'],
      ['.hidden/extras/readme.txt', 'readme'],
      ['Game (USA).m3u', '.hidden/Game (Disc 1).cue\n.hidden/Game (Disc 2).cue\n'],
    ]);
  });

  it("adds an m3u to a multi-file zip only when the game has none, listing files as RomM's", async () => {
    const { app, session, psx, config } = await setup();
    writeTree(config.libraryDir, {
      'roms/psx/Saga (USA)/Saga (Disc 1).chd': 'one',
      'roms/psx/Saga (USA)/Saga (Disc 2).chd': 'two',
      'roms/psx/Listed (USA)/Listed (Disc 1).chd': 'one',
      'roms/psx/Listed (USA)/Listed (Disc 2).chd': 'two',
      'roms/psx/Listed (USA)/Listed (USA).m3u': 'own playlist',
    });
    await scanLibrary(app, session);
    const roms = (await page(app, session, `platform_id=${psx}`)).items;
    const zipOf = async (fsName: string) => {
      const id = roms.find((rom) => rom.fs_name === fsName)?.id ?? 0;
      return Object.fromEntries(
        await readZip((await get(app, session, `/api/roms/${id}/content/game.zip`)).rawPayload),
      );
    };
    expect(await zipOf('Saga (USA)')).toEqual({
      'Saga (Disc 1).chd': 'one',
      'Saga (Disc 2).chd': 'two',
      'Saga (USA).m3u': 'Saga (Disc 1).chd\nSaga (Disc 2).chd\n',
    });
    expect(await zipOf('Listed (USA)')).toEqual({
      'Listed (Disc 1).chd': 'one',
      'Listed (Disc 2).chd': 'two',
      'Listed (USA).m3u': 'own playlist',
    });
  });

  it('zips several ROMs, or a whole platform, named by their library paths', async () => {
    const { app, session, nes, psx } = await setup();
    const nesRoms = (await page(app, session, `platform_id=${nes}`)).items;
    const idOf = (fsName: string) => nesRoms.find((rom) => rom.fs_name === fsName)?.id ?? 0;
    const [game] = (await page(app, session, `platform_id=${psx}`)).items;
    const ids = [idOf('Cherry.nes'), idOf('Banana.nes'), game?.id ?? 0];

    const chosen = await get(app, session, `/api/roms/download?rom_ids=${ids.join(',')}`);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.headers['content-type']).toBe('application/zip');
    expect(chosen.headers['content-disposition']).toMatch(/filename="3 ROMs \([0-9a-f]{8}\)\.zip"/);
    expect(Number(chosen.headers['content-length'])).toBe(chosen.rawPayload.length);
    expect(Object.fromEntries(await readZip(chosen.rawPayload))).toEqual({
      'roms/nes/Banana.nes': 'banana-bytes',
      'roms/nes/Cherry.nes': '0123456789',
      'roms/psx/Game (USA)/Game (Disc 1).bin': 'bin one',
      'roms/psx/Game (USA)/Game (Disc 1).cue': 'cue one',
      'roms/psx/Game (USA)/Game (Disc 2).bin': 'bin two',
      'roms/psx/Game (USA)/Game (Disc 2).cue': 'cue two',
      'roms/psx/Game (USA)/extras/readme.txt': 'readme',
    });

    const platform = await get(app, session, `/api/roms/download?platform_id=${nes}&filename=NES`);
    expect(platform.headers['content-disposition']).toMatch(/filename="NES\.zip"/);
    expect([...(await readZip(platform.rawPayload)).keys()].sort()).toEqual(
      Object.keys(NES)
        .map((name) => `roms/nes/${name}`)
        .sort(),
    );

    const both = await get(app, session, `/api/roms/download?rom_ids=1&platform_id=${nes}`);
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({
      detail:
        'Give one of rom_ids, platform_id, collection_id, virtual_collection_id or smart_collection_id',
    });
    expect((await get(app, session, '/api/roms/download')).statusCode).toBe(400);
    expect((await get(app, session, '/api/roms/download?rom_ids=1;2')).statusCode).toBe(400);
    const unknown = await get(app, session, `/api/roms/download?rom_ids=${ids[0] ?? 0},99999`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'ROM with id 99999 not found' });
    const anonymous = await app.inject({ url: `/api/roms/download?rom_ids=${ids[0] ?? 0}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('never serves anything but the ROM, and nothing outside the library', async () => {
    const { app, session, nes, config } = await setup();
    const roms = (await page(app, session, `platform_id=${nes}`)).items;
    const cherry = roms.find((rom) => rom.fs_name === 'Cherry.nes');
    const id = cherry?.id ?? 0;
    // The name only names the download (RomM): whatever is asked, the ROM's own file is sent.
    for (const name of ['Banana.nes', '..%2F..%2Fetc%2Fpasswd', 'Cherry.nes.bak']) {
      const response = await get(app, session, `/api/roms/${id}/content/${name}`);
      expect(response.statusCode, name).toBe(200);
      expect(response.body, name).toBe('0123456789');
      expect(response.headers['content-disposition'], name).toContain('filename="Cherry.nes"');
    }
    expect((await get(app, session, '/api/roms/999/content/x.nes')).json()).toEqual({
      detail: 'ROM with id 999 not found',
    });

    // The recorded file is swapped for a link leaving the library.
    const outside = makeTempDir('romshelf-outside-');
    writeTree(outside, { 'secret.bin': 'secret' });
    const target = path.join(config.libraryDir, 'roms/nes/Cherry.nes');
    rmSync(target);
    symlinkSync(path.join(outside, 'secret.bin'), target);
    const escaped = await get(app, session, `/api/roms/${id}/content/Cherry.nes`);
    expect(escaped.statusCode).toBe(404);
    expect(escaped.body).not.toContain('secret');
  });
});
