import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';

import type { Firmware, Platform, Save, State } from '@romshelf/contract';
import { EMULATOR_CORES, getKnownBios } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import type { TestUser } from '../../../test/accounts.js';
import {
  basic,
  buildTestApp,
  createFirstAdmin,
  login,
  makeTempDir,
  ADMIN,
} from '../../../test/build-test-app.js';
import { hashesOf, scanLibrary, writeTree } from '../../../test/library-fixtures.js';
import { ROMM_FIRMWARE } from '../../../test/romm-models.js';
import { expectRommShape } from '../../../test/romm-shape.js';
import {
  LOCAL_UPDATE_CHECK_URL,
  NETPLAY_FLAG_GATE,
  prepareEmulators,
} from '../emulation/emulator-layout.js';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);

interface FilePart {
  name: string;
  filename: string;
  data: Buffer;
}

function multipart(files: FilePart[]) {
  const boundary = '----romshelf-play-boundary';
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** CRC-32 (reflected, 0xEDB88320) table and the inverse lookup of its top bytes. */
const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit++) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});
const CRC_TOP_INDEX = new Map(CRC_TABLE.map((value, index) => [value >>> 24, index]));

/**
 * A file of `size` bytes whose CRC-32 is `crc`: zeros, then four bytes solved backwards through
 * the CRC table. It shares nothing else with the real BIOS (no md5/sha1 match).
 */
function bytesWithCrc(size: number, crc: string): Buffer {
  const bytes = Buffer.alloc(size, 0x5a);
  const prefix = bytes.subarray(0, size - 4);
  const state = ~(zlib.crc32(prefix) >>> 0) >>> 0;
  let register = ~parseInt(crc, 16) >>> 0;
  for (let step = 0; step < 4; step++) {
    const index = CRC_TOP_INDEX.get(register >>> 24) ?? 0;
    register = (((register ^ (CRC_TABLE[index] ?? 0)) << 8) | index) >>> 0;
  }
  bytes.writeUInt32LE((register ^ state) >>> 0, size - 4);
  return bytes;
}

const as = (user: { username: string; password: string }) => ({
  authorization: basic(user.username, user.password),
});
const admin = { username: ADMIN.username, password: ADMIN.password };

async function setup(env: Record<string, string> = {}) {
  const test = await buildTestApp({ env });
  await createFirstAdmin(test.app);
  const viewer = await addUser(test.app, 'viewer', 'viewer');
  const other = await addUser(test.app, 'other', 'viewer');
  const editor = await addUser(test.app, 'editor', 'editor');
  return { ...test, viewer, other, editor };
}

async function platformsOf(app: FastifyInstance): Promise<Platform[]> {
  const response = await app.inject({ url: '/api/platforms', headers: as(admin) });
  return response.json<Platform[]>();
}

describe('firmware', () => {
  it('scans bios/{platform} (roms-first layout), verifies, lists and serves', async () => {
    const { app, config } = await setup();
    const bios = Buffer.from('not really a playstation bios');
    writeTree(config.libraryDir, {
      'roms/psx/Game (USA).bin': 'game',
      'bios/psx/scph1001.bin': bios,
      'bios/psx/.hidden': 'x',
    });
    const stats = await scanLibrary(app, await login(app));
    expect(stats.scanned_firmware).toBe(1);
    expect(stats.new_firmware).toBe(1);
    const [psx] = await platformsOf(app);
    expect(psx?.firmware_count).toBe(1);
    const list = await app.inject({
      url: `/api/firmware?platform_id=${psx?.id}`,
      headers: as(admin),
    });
    const [firmware] = list.json<Firmware[]>();
    expect(firmware).toMatchObject({
      file_name: 'scph1001.bin',
      file_path: 'bios/psx',
      // Relative to the library, as RomM's: the server's own folders stay private.
      full_path: 'bios/psx/scph1001.bin',
      file_size_bytes: bios.length,
      is_verified: false,
      md5_hash: hashesOf(bios).md5,
      missing_from_fs: false,
    });
    const content = await app.inject({
      url: `/api/firmware/${firmware?.id}/content/scph1001.bin`,
      headers: as(admin),
    });
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(bios)).toBe(true);
    // As in RomM, the name in the path only names the download: the stored file is sent.
    const otherName = await app.inject({
      url: `/api/firmware/${firmware?.id}/content/other.bin`,
      headers: as(admin),
    });
    expect(otherName.statusCode).toBe(200);
    expect(otherName.rawPayload.equals(bios)).toBe(true);
    expect(otherName.headers['content-disposition']).toContain('scph1001.bin');
    const unknown = await app.inject({
      url: '/api/firmware/9999/content/x.bin',
      headers: as(admin),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Firmware with id 9999 not found' });
  });

  it('verifies a file against the known BIOS list by size and one hash', async () => {
    const { app, config } = await setup();
    const known = getKnownBios('gba', 'gba_bios.bin');
    if (known === undefined) throw new Error('gba_bios.bin is a known BIOS');
    const forged = bytesWithCrc(known.size, known.crc);
    expect(hashesOf(forged).crc).toBe(known.crc);
    writeTree(config.libraryDir, {
      'roms/gba/Game.gba': 'game',
      'bios/gba/gba_bios.bin': forged,
      'bios/gba/other.bin': forged,
    });
    await scanLibrary(app, await login(app));
    const list = await app.inject({ url: '/api/firmware', headers: as(admin) });
    const verified = Object.fromEntries(
      list.json<Firmware[]>().map((file) => [file.file_name, file.is_verified]),
    );
    // Same bytes: verified under the known name, not under another one.
    expect(verified).toEqual({ 'gba_bios.bin': true, 'other.bin': false });
  });

  it('scans {platform}/bios in the platform-first layout and flags removed files', async () => {
    const { app, config } = await setup();
    writeTree(config.libraryDir, {
      'gba/roms/Game.gba': 'game',
      'gba/bios/gba_bios.bin': Buffer.alloc(16384, 1),
    });
    const session = await login(app);
    await scanLibrary(app, session);
    const [gba] = await platformsOf(app);
    expect(gba?.firmware.map((file) => file.file_path)).toEqual(['gba/bios']);
    const { rmSync } = await import('node:fs');
    rmSync(path.join(config.libraryDir, 'gba/bios/gba_bios.bin'));
    await scanLibrary(app, session);
    const list = await app.inject({ url: '/api/firmware', headers: as(admin) });
    expect(list.json<Firmware[]>()[0]?.missing_from_fs).toBe(true);
    expect((await platformsOf(app))[0]?.firmware_count).toBe(0);
  });

  it('uploads (editor only), refuses traversal names, deletes rows and files', async () => {
    const { app, config, viewer, editor } = await setup();
    writeTree(config.libraryDir, { 'roms/nes/Game.nes': 'game' });
    await scanLibrary(app, await login(app));
    const [nes] = await platformsOf(app);
    const body = multipart([
      { name: 'files', filename: 'disksys.rom', data: Buffer.alloc(8192, 2) },
    ]);
    const url = `/api/firmware?platform_id=${nes?.id}`;
    const denied = await app.inject({
      method: 'POST',
      url,
      ...body,
      headers: { ...body.headers, ...as(viewer) },
    });
    expect(denied.statusCode).toBe(403);
    const uploaded = await app.inject({
      method: 'POST',
      url,
      ...body,
      headers: { ...body.headers, ...as(editor) },
    });
    expect(uploaded.statusCode).toBe(200);
    expectRommShape(
      uploaded.json(),
      { uploaded: 'int', firmware: { listOf: ROMM_FIRMWARE } },
      'POST /api/firmware',
    );
    const result = uploaded.json<{ uploaded: number; firmware: Firmware[] }>();
    expect(result.uploaded).toBe(1);
    const listed = await app.inject({ url, headers: as(editor) });
    for (const item of listed.json<Firmware[]>()) {
      expectRommShape(item, ROMM_FIRMWARE, 'GET /api/firmware[]');
    }
    expectRommShape(
      (
        await app.inject({ url: `/api/firmware/${result.firmware[0]?.id}`, headers: as(editor) })
      ).json(),
      ROMM_FIRMWARE,
      'GET /api/firmware/{id}',
    );
    const file = path.join(config.libraryDir, 'bios', 'nes', 'disksys.rom');
    expect(existsSync(file)).toBe(true);

    for (const filename of ['../../escape.rom', '..', '.hidden', 'a\\b.rom']) {
      const bad = multipart([{ name: 'files', filename, data: Buffer.from('x') }]);
      const response = await app.inject({
        method: 'POST',
        url,
        ...bad,
        headers: { ...bad.headers, ...as(editor) },
      });
      expect(response.statusCode, filename).toBe(400);
    }
    expect(existsSync(path.join(config.libraryDir, 'escape.rom'))).toBe(false);

    const id = result.firmware[0]?.id ?? 0;
    const removed = await app.inject({
      method: 'POST',
      url: '/api/firmware/delete',
      headers: as(editor),
      payload: { firmware: [id, 999], delete_from_fs: [id] },
    });
    expect(removed.json()).toEqual({
      successful_items: 1,
      failed_items: 1,
      errors: ['Firmware with id 999 not found'],
    });
    expect(existsSync(file)).toBe(false);
  });
});

describe('saves and states', () => {
  let romId = 0;
  let ctx: Awaited<ReturnType<typeof setup>>;

  async function upload(user: TestUser, kind: 'saves' | 'states', files: FilePart[], query = '') {
    const body = multipart(files);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/${kind}?rom_id=${romId}&emulator=fceumm${query}`,
      ...body,
      headers: { ...body.headers, ...as(user) },
    });
  }

  it('round-trips a state with its screenshot, private to its owner', async () => {
    ctx = await setup();
    const { app, config, viewer, other, dataDir } = ctx;
    writeTree(config.libraryDir, { 'roms/nes/Game.nes': 'game' });
    await scanLibrary(app, await login(app));
    romId = 1; // the only ROM of a fresh database

    const stateBytes = Buffer.from('state-bytes-'.repeat(100));
    const created = await upload(viewer, 'states', [
      { name: 'stateFile', filename: 'Game [2026-11-22 10-00-00].state', data: stateBytes },
      { name: 'screenshotFile', filename: 'Game [2026-11-22 10-00-00].png', data: PNG },
    ]);
    expect(created.statusCode).toBe(200);
    const state = created.json<State>();
    expect(state).toMatchObject({
      rom_id: romId,
      user_id: viewer.id,
      emulator: 'fceumm',
      file_name: 'Game [2026-11-22 10-00-00].state',
      file_size_bytes: stateBytes.length,
      file_path: `users/${viewer.id}/states/nes/${romId}`,
    });
    expect(state.screenshot?.file_name).toBe('Game [2026-11-22 10-00-00].png');
    expect(existsSync(path.join(dataDir, 'assets', state.file_path, state.file_name))).toBe(true);

    const list = await app.inject({ url: `/api/states?rom_id=${romId}`, headers: as(viewer) });
    expect(list.json<State[]>().map((item) => item.id)).toEqual([state.id]);
    const content = await app.inject({
      url: `/api/states/${state.id}/content`,
      headers: as(viewer),
    });
    expect(content.rawPayload.equals(stateBytes)).toBe(true);
    const shot = await app.inject({
      url: state.screenshot?.download_path ?? '',
      headers: as(viewer),
    });
    expect(shot.statusCode).toBe(200);
    expect(shot.headers['content-type']).toBe('image/png');

    // Another user sees nothing and can touch nothing.
    const theirs = await app.inject({ url: `/api/states?rom_id=${romId}`, headers: as(other) });
    expect(theirs.json()).toEqual([]);
    for (const url of [
      `/api/states/${state.id}`,
      `/api/states/${state.id}/content`,
      `/api/screenshots/${state.screenshot?.id}/content`,
    ]) {
      expect((await app.inject({ url, headers: as(other) })).statusCode, url).toBe(404);
    }
    const replace = multipart([
      { name: 'stateFile', filename: 'x.state', data: Buffer.from('evil') },
    ]);
    const put = await app.inject({
      method: 'PUT',
      url: `/api/states/${state.id}`,
      ...replace,
      headers: { ...replace.headers, ...as(other) },
    });
    expect(put.statusCode).toBe(404);
    const theirDelete = await app.inject({
      method: 'POST',
      url: '/api/states/delete',
      headers: as(other),
      payload: { states: [state.id] },
    });
    expect(theirDelete.json()).toEqual([]);

    // The owner replaces, then deletes (the screenshot goes with it).
    const own = await app.inject({
      method: 'PUT',
      url: `/api/states/${state.id}`,
      ...replace,
      headers: { ...replace.headers, ...as(viewer) },
    });
    expect(own.json<State>().file_size_bytes).toBe(4);
    const deleted = await app.inject({
      method: 'POST',
      url: '/api/states/delete',
      headers: as(viewer),
      payload: { states: [state.id] },
    });
    expect(deleted.json()).toEqual([state.id]);
    expect(existsSync(path.join(dataDir, 'assets', state.file_path, state.file_name))).toBe(false);
  });

  it('round-trips a save; refuses traversal names, empty files and bad screenshots', async () => {
    ctx = await setup();
    const { app, config, viewer, dataDir } = ctx;
    writeTree(config.libraryDir, { 'roms/nes/Game.nes': 'game' });
    await scanLibrary(app, await login(app));
    romId = 1; // the only ROM of a fresh database

    const saved = await upload(viewer, 'saves', [
      { name: 'saveFile', filename: 'Game.srm', data: Buffer.alloc(8192, 3) },
    ]);
    expect(saved.statusCode).toBe(200);
    const save = saved.json<Save>();
    expect(save.screenshot).toBeNull();
    expect(save.download_path).toMatch(new RegExp(`^/api/saves/${save.id}/content`));
    const download = await app.inject({
      url: `/api/saves/${save.id}/content`,
      headers: as(viewer),
    });
    expect(download.rawPayload.length).toBe(8192);

    for (const filename of ['../../../../escape.srm', '..', '.srm', 'dir/x.srm']) {
      const response = await upload(viewer, 'saves', [
        { name: 'saveFile', filename, data: Buffer.from('x') },
      ]);
      expect(response.statusCode, filename).toBe(400);
    }
    expect(existsSync(path.join(dataDir, 'escape.srm'))).toBe(false);
    const empty = await upload(viewer, 'saves', [
      { name: 'saveFile', filename: 'Empty.srm', data: Buffer.alloc(0) },
    ]);
    expect(empty.statusCode).toBe(400);
    const notImage = await upload(viewer, 'states', [
      { name: 'stateFile', filename: 'G.state', data: Buffer.from('s') },
      { name: 'screenshotFile', filename: 'G.png', data: Buffer.from('not an image') },
    ]);
    expect(notImage.statusCode).toBe(400);
    const unknownRom = await app.inject({
      method: 'POST',
      url: '/api/saves?rom_id=9999',
      ...multipart([{ name: 'saveFile', filename: 'a.srm', data: Buffer.from('x') }]),
      headers: { ...multipart([]).headers, ...as(viewer) },
    });
    expect(unknownRom.statusCode).toBe(404);
  });

  it('answers 413 above MAX_ASSET_UPLOAD_SIZE_BYTES', async () => {
    ctx = await setup({ MAX_ASSET_UPLOAD_SIZE_BYTES: '1000' });
    const { app, config, viewer, dataDir } = ctx;
    writeTree(config.libraryDir, { 'roms/nes/Game.nes': 'game' });
    await scanLibrary(app, await login(app));
    romId = 1; // the only ROM of a fresh database
    const big = await upload(viewer, 'states', [
      { name: 'stateFile', filename: 'Big.state', data: Buffer.alloc(5000, 1) },
    ]);
    expect(big.statusCode).toBe(413);
    const small = await upload(viewer, 'states', [
      { name: 'stateFile', filename: 'Small.state', data: Buffer.alloc(900, 1) },
    ]);
    expect(small.statusCode).toBe(200);
    const folder = path.join(
      dataDir,
      'assets',
      'users',
      String(viewer.id),
      'states',
      'nes',
      String(romId),
    );
    expect(readFileSync(path.join(folder, 'Small.state')).length).toBe(900);
    expect(existsSync(path.join(folder, 'Big.state'))).toBe(false);
  });
});

describe('emulator assets and player pages', () => {
  let emulatorsDir = '';
  // Temp folders are removed after each test: lay the emulators out for each.
  beforeEach(() => {
    emulatorsDir = makeTempDir('romshelf-emulators-');
    prepareEmulators(emulatorsDir);
  });

  it('serves EmulatorJS and Ruffle with their MIME types, CORP and a long cache', async () => {
    const { app } = await buildTestApp({ env: { ROMSHELF_EMULATORS_DIR: emulatorsDir } });
    const cases: [string, string][] = [
      ['/emulatorjs/loader.js', 'text/javascript'],
      ['/emulatorjs/emulator.min.js', 'text/javascript'],
      ['/emulatorjs/emulator.min.css', 'text/css'],
      ['/emulatorjs/cores/fceumm-legacy-wasm.data', 'application/octet-stream'],
      ['/emulatorjs/cores/reports/fceumm.json', 'application/json'],
      ['/emulatorjs/localization/de-GER.json', 'application/json'],
      ['/ruffle/ruffle.js', 'text/javascript'],
      ['/ruffle/826bb0938097485a2c9d.wasm', 'application/wasm'],
    ];
    for (const [url, type] of cases) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(new RegExp(`^${type}`));
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(response.headers['cache-control'], url).toBe('public, max-age=2592000');
    }
    const missing = await app.inject({ url: '/emulatorjs/cores/nope-wasm.data' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    // Every core of the platform map has its files and report.
    const layout = JSON.parse(readFileSync(path.join(emulatorsDir, 'layout.json'), 'utf8')) as {
      missingCores: string[];
    };
    expect(layout.missingCores).toEqual([]);
  });

  it("points EmulatorJS's update check at this server's own version.json", async () => {
    const { app } = await buildTestApp({ env: { ROMSHELF_EMULATORS_DIR: emulatorsDir } });
    const bundle = await app.inject({ url: '/emulatorjs/emulator.min.js' });
    expect(bundle.body).not.toContain('cdn.emulatorjs.org/stable/data/version.json');
    expect(bundle.body).toContain(`fetch("${LOCAL_UPDATE_CHECK_URL}")`);
    const answer = await app.inject({ url: LOCAL_UPDATE_CHECK_URL });
    expect(answer.statusCode).toBe(200);
    const version = answer.json<{ version: string }>().version;
    // The same version as the bundle: the check finds nothing newer and prints nothing.
    expect(bundle.body).toContain(`this.ejs_version = "${version}"`);
  });

  it("shows EmulatorJS's netplay button by EJS_EXPERIMENTAL_NETPLAY alone (no debug mode)", async () => {
    const { app } = await buildTestApp({ env: { ROMSHELF_EMULATORS_DIR: emulatorsDir } });
    const bundle = (await app.inject({ url: '/emulatorjs/emulator.min.js' })).body;
    expect(bundle).toContain(NETPLAY_FLAG_GATE);
    expect(bundle).not.toContain('(window.EJS_DEBUG_XX === true) && (window.EJS_EXPERIMENTAL');
  });

  it('serves every file a core package ships, PSP asset pack included, with a type', async () => {
    const { app } = await buildTestApp({ env: { ROMSHELF_EMULATORS_DIR: emulatorsDir } });
    const require = createRequire(import.meta.url);
    const requested: string[] = [];
    for (const core of EMULATOR_CORES) {
      const dir = path.dirname(require.resolve(`@emulatorjs/core-${core}/package.json`));
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isFile() && !['package.json', 'README.md'].includes(entry.name)) {
          requested.push(`/emulatorjs/cores/${entry.name}`);
        }
      }
      requested.push(`/emulatorjs/cores/reports/${core}.json`);
    }
    expect(requested).toContain('/emulatorjs/cores/ppsspp-assets.zip');
    const failures: string[] = [];
    for (const url of requested) {
      const response = await app.inject({ method: 'HEAD', url });
      const type = response.headers['content-type'];
      if (response.statusCode !== 200 || typeof type !== 'string' || type === '') {
        failures.push(`${url} → ${String(response.statusCode)} ${String(type)}`);
      }
    }
    expect(failures).toEqual([]);
    const assets = await app.inject({ method: 'HEAD', url: '/emulatorjs/cores/ppsspp-assets.zip' });
    expect(assets.headers['content-type']).toBe('application/zip');
  });

  it('isolates /rom/{id}/ejs (COOP + COEP) with the player CSP, and only that page', async () => {
    const { app } = await buildTestApp({ env: { ROMSHELF_EMULATORS_DIR: emulatorsDir } });
    const ejs = await app.inject({ url: '/rom/12/ejs' });
    expect(ejs.statusCode).toBe(200);
    expect(ejs.headers['content-type']).toMatch(/^text\/html/);
    expect(ejs.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(ejs.headers['cross-origin-embedder-policy']).toBe('require-corp');
    expect(ejs.headers['content-security-policy']).toContain(
      "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval' blob:",
    );
    const ruffle = await app.inject({ url: '/rom/12/ruffle' });
    expect(ruffle.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(ruffle.headers['content-security-policy']).toContain('blob:');
    for (const url of ['/rom/12', '/', '/platform/3']) {
      const page = await app.inject({ url });
      expect(page.headers['cross-origin-embedder-policy'], url).toBeUndefined();
      expect(page.headers['content-security-policy'], url).not.toContain(
        "'wasm-unsafe-eval' blob:",
      );
    }
    // What the player page fetches from the API carries CORP too.
    const api = await app.inject({ url: '/api/heartbeat' });
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
