import type { Save, State } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import type { TestUser } from '../../../test/accounts.js';
import { multipartForm, pngImage } from '../../../test/form-bodies.js';
import {
  ADMIN,
  basic,
  buildTestApp,
  createFirstAdmin,
  login,
} from '../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';

/*
 * RetroArch's cloud sync against RomShelf: what a RetroArch client PUTs into its WebDAV tree
 * becomes the game's save or state, and what the browser player (or a RomM app) stores for a
 * game RetroArch keeps files of is written into the tree for RetroArch to download.
 */

const GBA = 'Game (USA)';
const ROMS = {
  [`roms/gba/${GBA}.gba`]: 'gba-game',
  'roms/gb/Tetris (World).gb': 'tetris-gb',
  'roms/nes/Tetris (World).nes': 'tetris-nes',
  'roms/nes/Other (Europe).nes': 'other-nes',
};

function testClock() {
  let now = Date.parse('2026-11-29T10:00:00.000Z');
  return {
    clock: () => now,
    tick: (seconds = 1) => {
      now += seconds * 1000;
    },
  };
}

async function setup() {
  const time = testClock();
  const { app, config } = await buildTestApp({ container: { clock: time.clock } });
  await createFirstAdmin(app);
  const player = await addUser(app, 'player', 'viewer');
  writeTree(config.libraryDir, ROMS);
  await scanLibrary(app, await login(app));
  const as = (user: TestUser) => ({ authorization: basic(user.username, user.password) });

  const tokenOf = async (user: TestUser) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/client-tokens',
      headers: as(user),
      payload: { name: 'RetroArch', scopes: ['assets.read', 'assets.write'] },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ raw_token: string }>().raw_token;
  };
  const token = await tokenOf(player);
  const dav = basic(player.username, token);

  const davUrl = (relPath: string, user = player) =>
    `/dav/${user.username}/${relPath.split('/').map(encodeURIComponent).join('/')}`;
  /** A RetroArch client's PUT (folders made first, as RetroArch's MKCOLs do). */
  const put = async (relPath: string, bytes: Buffer, authorization = dav, user = player) => {
    const segments = relPath.split('/');
    for (let depth = 1; depth < segments.length; depth += 1) {
      const made = await app.inject({
        method: 'MKCOL' as 'GET',
        url: `${davUrl(segments.slice(0, depth).join('/'), user)}/`,
        headers: { authorization },
      });
      expect([201, 405]).toContain(made.statusCode);
    }
    const response = await app.inject({
      method: 'PUT',
      url: davUrl(relPath, user),
      headers: { authorization, 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    expect([201, 204]).toContain(response.statusCode);
  };
  const get = async (relPath: string) => {
    const response = await app.inject({
      method: 'GET',
      url: davUrl(relPath),
      headers: { authorization: dav },
    });
    return { status: response.statusCode, bytes: response.rawPayload };
  };
  const romId = async (fsName: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/roms?search_term=${encodeURIComponent(fsName.replace(/\.\w+$/, ''))}`,
      headers: as(player),
    });
    const rom = response
      .json<{ items: { id: number; fs_name: string }[] }>()
      .items.find((item) => item.fs_name === fsName);
    if (rom === undefined) throw new Error(`${fsName} not scanned`);
    return rom.id;
  };
  const listOf = async <T extends Save | State>(kind: 'saves' | 'states', rom: number) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/${kind}?rom_id=${rom}`,
      headers: as(player),
    });
    expect(response.statusCode).toBe(200);
    return response.json<T[]>();
  };
  const content = async (item: Save | State) => {
    const response = await app.inject({
      method: 'GET',
      url: item.download_path,
      headers: as(player),
    });
    return response.rawPayload;
  };
  /** An upload the browser player makes (no device). */
  const browserUpload = async (
    kind: 'saves' | 'states',
    rom: number,
    name: string,
    data: Buffer,
  ) => {
    const field = kind === 'saves' ? 'saveFile' : 'stateFile';
    const body = multipartForm({}, [
      { name: field, filename: name, type: 'application/octet-stream', data },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: `/api/${kind}?rom_id=${rom}&emulator=mgba`,
      payload: body.payload,
      headers: { ...body.headers, ...as(player) },
    });
    expect(response.statusCode).toBe(200);
    return response.json<Save | State>();
  };
  return {
    app,
    player,
    put,
    get,
    romId,
    listOf,
    content,
    browserUpload,
    tokenOf,
    as,
    tick: time.tick,
  };
}

describe('RetroArch files become RomShelf saves and states', () => {
  it('imports a save as a version of the RetroArch slot, once per content, and a state by name', async () => {
    const { put, romId, listOf, content, tick, player } = await setup();
    const gba = await romId(`${GBA}.gba`);
    await put(`saves/${GBA}.srm`, Buffer.from('sram-one'));
    tick(60);
    await put(`saves/${GBA}.srm`, Buffer.from('sram-one'));
    const saves = await listOf<Save>('saves', gba);
    expect(saves.map((save) => [save.file_name, save.slot, save.emulator])).toEqual([
      [`${GBA} [2026-11-29_10-00-00].srm`, 'RetroArch', null],
    ]);
    expect(saves[0]?.origin_device_id).toBe(`retroarch-webdav-${player.id}`);
    expect((await content(saves[0] as Save)).toString()).toBe('sram-one');

    await put(`states/mGBA/${GBA}.state1`, Buffer.from('state-bytes'));
    const states = await listOf<State>('states', gba);
    expect(states.map((state) => [state.file_name, state.emulator])).toEqual([
      [`${GBA}.state1`, 'mgba'],
    ]);
    expect((await content(states[0] as State)).toString()).toBe('state-bytes');
  });

  it("gives a state RetroArch's thumbnail as its screenshot", async () => {
    const { put, romId, listOf } = await setup();
    const gba = await romId(`${GBA}.gba`);
    await put(`states/mGBA/${GBA}.state1`, Buffer.from('state-bytes'));
    await put(`states/mGBA/${GBA}.state1.png`, Buffer.from('not an image'));
    expect((await listOf<State>('states', gba)).map((state) => state.screenshot)).toEqual([null]);
    await put(`states/mGBA/${GBA}.state1.png`, await pngImage(4, 3));
    const states = await listOf<State>('states', gba);
    expect(states.map((state) => [state.file_name, state.screenshot?.file_name])).toEqual([
      [`${GBA}.state1`, `${GBA}.png`],
    ]);
  });

  it("names the device RetroArch (WebDAV) in the user's devices", async () => {
    const { app, put, as, player } = await setup();
    await put(`saves/${GBA}.srm`, Buffer.from('sram'));
    const devices = await app.inject({ method: 'GET', url: '/api/devices', headers: as(player) });
    expect(devices.json<{ id: string; name: string }[]>().map((d) => [d.id, d.name])).toEqual([
      [`retroarch-webdav-${player.id}`, 'RetroArch (WebDAV)'],
    ]);
  });

  it('imports nothing for an ambiguous or unknown name, keeping the file in the tree', async () => {
    const { put, get, romId, listOf } = await setup();
    const tetrisGb = await romId('Tetris (World).gb');
    const tetrisNes = await romId('Tetris (World).nes');
    await put('saves/Tetris (World).srm', Buffer.from('which tetris'));
    await put('saves/Nobody Knows (USA).srm', Buffer.from('no game'));
    await put(`saves/${GBA}.srm`, Buffer.alloc(0));
    expect(await listOf('saves', await romId(`${GBA}.gba`))).toEqual([]);
    expect(await listOf('saves', tetrisGb)).toEqual([]);
    expect(await listOf('saves', tetrisNes)).toEqual([]);
    expect((await get('saves/Tetris (World).srm')).bytes.toString()).toBe('which tetris');
    expect((await get('saves/Nobody Knows (USA).srm')).bytes.toString()).toBe('no game');

    // RetroArch's "sort saves by core" folder tells which platform.
    await put('saves/FCEUmm/Tetris (World).srm', Buffer.from('nes tetris'));
    expect(await listOf('saves', tetrisGb)).toEqual([]);
    const nesSaves = await listOf<Save>('saves', tetrisNes);
    expect(nesSaves.map((save) => [save.slot, save.emulator])).toEqual([['RetroArch', 'fceumm']]);
  });

  it('never matches a game hidden from the user', async () => {
    const { app, put, romId, listOf, player } = await setup();
    const gba = await romId(`${GBA}.gba`);
    const hide = await app.inject({
      method: 'POST',
      url: '/api/permissions/hidden',
      headers: { authorization: basic(ADMIN.username, ADMIN.password) },
      payload: { entity: 'roms', entity_id: gba, user_id: player.id },
    });
    expect(hide.statusCode).toBe(200);
    await put(`saves/${GBA}.srm`, Buffer.from('sram'));
    // Shown again: nothing was imported while it was hidden.
    const show = await app.inject({
      method: 'DELETE',
      url: '/api/permissions/hidden',
      headers: { authorization: basic(ADMIN.username, ADMIN.password) },
      payload: { entity: 'roms', entity_id: gba, user_id: player.id },
    });
    expect(show.statusCode).toBe(204);
    expect(await listOf('saves', gba)).toEqual([]);
    const devices = await app.inject({
      method: 'GET',
      url: '/api/devices',
      headers: { authorization: basic(player.username, player.password) },
    });
    expect(devices.json()).toEqual([]);
  });

  it('keeps both versions when two devices write different content', async () => {
    const { put, romId, listOf, content, tick, tokenOf, player } = await setup();
    const gba = await romId(`${GBA}.gba`);
    await put(`saves/${GBA}.srm`, Buffer.from('handheld save'));
    tick(30);
    const secondDevice = basic(player.username, await tokenOf(player));
    await put(`saves/${GBA}.srm`, Buffer.from('desktop save'), secondDevice);
    const saves = await listOf<Save>('saves', gba);
    expect(saves.map((save) => save.file_name)).toEqual([
      `${GBA} [2026-11-29_10-00-30].srm`,
      `${GBA} [2026-11-29_10-00-00].srm`,
    ]);
    expect(await Promise.all(saves.map(async (save) => (await content(save)).toString()))).toEqual([
      'desktop save',
      'handheld save',
    ]);
  });
});

describe('RomShelf saves and states reach RetroArch', () => {
  it("writes a browser save and state of a linked game under RetroArch's names", async () => {
    const { put, get, romId, browserUpload } = await setup();
    const gba = await romId(`${GBA}.gba`);
    await put(`states/mGBA/${GBA}.state2`, Buffer.from('retroarch state'));

    await browserUpload('saves', gba, `${GBA}.srm`, Buffer.from('browser sram'));
    await browserUpload(
      'states',
      gba,
      `${GBA} [2026-11-29_10-00-00].state`,
      Buffer.from('browser state'),
    );
    expect((await get(`saves/mGBA/${GBA}.srm`)).bytes.toString()).toBe('browser sram');
    expect((await get(`states/mGBA/${GBA}.state2`)).bytes.toString()).toBe('browser state');
  });

  it("writes no state RetroArch's core could not load", async () => {
    const { put, get, romId, browserUpload } = await setup();
    const gba = await romId(`${GBA}.gba`);
    await put(`states/gpSP/${GBA}.state`, Buffer.from('gpsp state'));
    await browserUpload('states', gba, `${GBA} [2026-11-29_10-00-00].state`, Buffer.from('mgba'));
    expect((await get(`states/gpSP/${GBA}.state`)).bytes.toString()).toBe('gpsp state');
    // A save (the cartridge's memory) is written whatever the core.
    await browserUpload('saves', gba, `${GBA}.srm`, Buffer.from('browser sram'));
    expect((await get(`saves/gpSP/${GBA}.srm`)).bytes.toString()).toBe('browser sram');

    // Given a folder of a core that can load it, the state goes there.
    await put(`states/mGBA/${GBA}.state3`, Buffer.from('mgba state'));
    await put(`states/gpSP/${GBA}.state`, Buffer.from('newer gpsp state'));
    await browserUpload('states', gba, `${GBA} [2026-11-29_10-05-00].state`, Buffer.from('mgba2'));
    expect((await get(`states/mGBA/${GBA}.state3`)).bytes.toString()).toBe('mgba2');
    expect((await get(`states/gpSP/${GBA}.state`)).bytes.toString()).toBe('newer gpsp state');
  });

  it("does not echo RetroArch's own file back, nor write games RetroArch never had", async () => {
    const { put, get, romId, listOf, browserUpload } = await setup();
    const gba = await romId(`${GBA}.gba`);
    const other = await romId('Other (Europe).nes');
    await put(`saves/${GBA}.srm`, Buffer.from('from retroarch'));
    expect((await get(`saves/${GBA}.srm`)).bytes.toString()).toBe('from retroarch');
    expect(await listOf('saves', gba)).toHaveLength(1);

    await browserUpload('saves', other, 'Other (Europe).srm', Buffer.from('browser only'));
    expect((await get('saves/Other (Europe).srm')).status).toBe(404);
  });
});
