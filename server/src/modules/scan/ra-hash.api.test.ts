import { createHash } from 'node:crypto';

import type { DetailedRom, RomListPage } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import {
  ADMIN_AUTH,
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../test/build-test-app.js';
import { startFakeRetroAchievements } from '../../../test/fakes/retroachievements.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';

const NES_CONSOLE = 7;
const N64_CONSOLE = 2;
const GBA_CONSOLE = 5;
const ARCADE_CONSOLE = 27;

function md5(bytes: Uint8Array | string): string {
  return createHash('md5').update(bytes).digest('hex');
}

function filled(length: number, seed: number): Buffer {
  return Buffer.from(Array.from({ length }, (_, index) => (index * 31 + seed) % 256));
}

/** An iNES ROM: a 16-byte "NES\x1a" header, then the content RetroAchievements hashes. */
const NES_BODY = filled(24_576, 1);
const NES_FILE = Buffer.concat([Buffer.from('NES\x1a\x02\x01\x00\x00'), Buffer.alloc(8), NES_BODY]);
/** A big-endian N64 ROM and the same ROM byteswapped (.v64), built byte by byte. */
const Z64 = Buffer.concat([Buffer.from([0x80, 0x37, 0x12, 0x40]), filled(8188, 2)]);
const V64 = Buffer.from(Z64.map((_, index) => Z64[index ^ 1] ?? 0));
const GBA = filled(4096, 3);

async function setup() {
  const ra = await startFakeRetroAchievements([
    // Listed by the RA hash (upper-case, as the API may send it) …
    {
      id: 1001,
      title: 'Headered Quest',
      consoleId: NES_CONSOLE,
      hashes: [md5(NES_BODY).toUpperCase()],
    },
    // … while another game holds the file's plain MD5: the plain MD5 must not be used.
    { id: 1002, title: 'Wrong Match', consoleId: NES_CONSOLE, hashes: [md5(NES_FILE)] },
    { id: 2001, title: 'Swapped Racer', consoleId: N64_CONSOLE, hashes: [md5(Z64)] },
    { id: 3001, title: 'Plain', consoleId: GBA_CONSOLE, hashes: [md5(GBA)] },
    { id: 4001, title: 'Metal Slug', consoleId: ARCADE_CONSOLE, hashes: [md5('mslug')] },
  ]);
  const test = await buildTestApp({
    env: {
      RETROACHIEVEMENTS_API_KEY: 'ra-key',
      RETROACHIEVEMENTS_BASE_URL: ra.origin,
      METADATA_REQUEST_TIMEOUT_MS: '2000',
    },
  });
  await createFirstAdmin(test.app);
  const session = await login(test.app);
  writeTree(test.config.libraryDir, {
    'roms/nes/Headered Quest (USA).nes': NES_FILE,
    'roms/nes/Two Parts (USA)/Part A.nes': NES_FILE,
    'roms/nes/Two Parts (USA)/Part B.nes': NES_BODY,
    'roms/n64/Swapped Racer (USA).v64': V64,
    'roms/gba/Plain (USA).gba': GBA,
    'roms/arcade/mslug.zip': 'PK\u0003\u0004 a romset',
    'roms/psx/Disc (USA).bin': 'disc',
  });
  return { ...test, session, ra };
}

type App = Awaited<ReturnType<typeof setup>>['app'];

async function romsByName(app: App): Promise<Map<string, DetailedRom>> {
  const page = (
    await app.inject({ url: '/api/roms?limit=50', headers: { authorization: ADMIN_AUTH } })
  ).json<RomListPage>();
  const roms = new Map<string, DetailedRom>();
  for (const item of page.items) {
    const response = await app.inject({
      url: `/api/roms/${item.id}`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(response.statusCode, response.body).toBe(200);
    roms.set(item.fs_name, response.json<DetailedRom>());
  }
  return roms;
}

describe('RetroAchievements hashes', () => {
  it('are computed by the scan per console, shown on ROMs and files, and identify games on RetroAchievements', async () => {
    const { app, session, ra } = await setup();
    const stats = await scanLibrary(app, session, { apis: ['ra'] });
    expect(stats.new_roms).toBe(6);

    const roms = await romsByName(app);
    const nes = roms.get('Headered Quest (USA).nes');
    expect(nes).toMatchObject({ md5_hash: md5(NES_FILE), ra_hash: md5(NES_BODY), ra_id: 1001 });
    expect(nes?.files.map((file) => file.ra_hash)).toEqual([md5(NES_BODY)]);

    const n64 = roms.get('Swapped Racer (USA).v64');
    expect(n64).toMatchObject({ md5_hash: md5(V64), ra_hash: md5(Z64), ra_id: 2001 });
    expect(n64?.files[0]?.ra_hash).toBe(md5(Z64));

    expect(roms.get('Plain (USA).gba')).toMatchObject({
      md5_hash: md5(GBA),
      ra_hash: md5(GBA),
      ra_id: 3001,
    });
    expect(roms.get('mslug.zip')).toMatchObject({ ra_hash: md5('mslug'), ra_id: 4001 });
    expect(roms.get('Disc (USA).bin')).toMatchObject({ md5_hash: md5('disc'), ra_hash: null });

    // A multi-file ROM: each file has its RA hash, the folder has none of its own.
    const parts = roms.get('Two Parts (USA)');
    expect(parts?.ra_hash).toBeNull();
    expect(parts?.files.map((file) => [file.file_name, file.ra_hash])).toEqual([
      ['Part A.nes', md5(NES_BODY)],
      ['Part B.nes', md5(NES_BODY)],
    ]);

    // Hash-library lookups (by RA hash) and details happened; the folder ROM has no RA hash of
    // its own, so it is not identified by one.
    expect(ra.requests.some((request) => request.path === '/API/API_GetGameList.php')).toBe(true);
    expect(parts?.ra_id).toBeNull();

    // Unchanged library: nothing is read again.
    const again = await scanLibrary(app, session);
    expect(again.hashed_files).toBe(0);
  });

  it('rows stored before RA hashes existed: matched when the RA hash is the MD5 or the name, filled by a hashes rescan, never by a quick one', async () => {
    const { app, session, dataDir } = await setup();
    await scanLibrary(app, session);
    const db = await openTestDatabase(dataDir);
    await db.updateTable('rom').set({ ra_hash: null }).execute();
    await db.updateTable('rom_file').set({ ra_hash: null }).execute();
    await db.destroy();

    const quick = await scanLibrary(app, session, { type: 'unidentified', apis: ['ra'] });
    expect(quick.hashed_files).toBe(0);
    let roms = await romsByName(app);
    expect(roms.get('Headered Quest (USA).nes')).toMatchObject({ ra_hash: null, ra_id: null });
    expect(roms.get('Swapped Racer (USA).v64')?.ra_id).toBeNull();
    expect(roms.get('Plain (USA).gba')).toMatchObject({ ra_hash: null, ra_id: 3001 });
    expect(roms.get('mslug.zip')).toMatchObject({ ra_hash: null, ra_id: 4001 });

    const rehash = await scanLibrary(app, session, { type: 'hashes' });
    expect(rehash.hashed_files).toBe(7);
    roms = await romsByName(app);
    expect(roms.get('Headered Quest (USA).nes')?.ra_hash).toBe(md5(NES_BODY));
    expect(roms.get('Swapped Racer (USA).v64')?.files[0]?.ra_hash).toBe(md5(Z64));
    expect(roms.get('Plain (USA).gba')?.ra_hash).toBe(md5(GBA));

    await scanLibrary(app, session, { type: 'unidentified', apis: ['ra'] });
    roms = await romsByName(app);
    expect(roms.get('Headered Quest (USA).nes')?.ra_id).toBe(1001);
    expect(roms.get('Swapped Racer (USA).v64')?.ra_id).toBe(2001);
  });

  it('are computed for uploaded ROMs', async () => {
    const { app, session } = await setup();
    await scanLibrary(app, session);
    const nesId = (
      await app.inject({ url: '/api/platforms', headers: { authorization: ADMIN_AUTH } })
    )
      .json<{ id: number; fs_slug: string }[]>()
      .find((platform) => platform.fs_slug === 'nes')?.id;
    const boundary = '----romshelf-ra-boundary';
    const response = await app.inject({
      method: 'POST',
      url: '/api/roms',
      headers: {
        authorization: ADMIN_AUTH,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-upload-platform': String(nesId),
        'x-upload-filename': 'Uploaded (Europe).nes',
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="u.nes"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        NES_FILE,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(response.statusCode, response.body).toBe(201);
    const rom = response.json<DetailedRom>();
    expect(rom).toMatchObject({ md5_hash: md5(NES_FILE), ra_hash: md5(NES_BODY) });
    expect(rom.files[0]?.ra_hash).toBe(md5(NES_BODY));
  });
});
