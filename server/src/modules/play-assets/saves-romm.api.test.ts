import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

import type { DetailedRom, Firmware, Save, State } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import type { TestUser } from '../../../test/accounts.js';
import { basic, buildTestApp, createFirstAdmin, login } from '../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';
import type { RommShape } from '../../../test/romm-shape.js';
import { expectRommShape } from '../../../test/romm-shape.js';

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
  const boundary = '----romshelf-saves-boundary';
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

const as = (user: TestUser) => ({ authorization: basic(user.username, user.password) });

/** The server clock of a test: starts at 10:00:00 UTC and moves only when told. */
function testClock() {
  let now = Date.parse('2026-11-26T10:00:00.000Z');
  return {
    clock: () => now,
    tick: (seconds = 1) => {
      now += seconds * 1000;
    },
  };
}

/** One NES game, an admin (boss), two viewers (ann, ben), on a clock the test moves. */
async function setup() {
  const time = testClock();
  const test = await buildTestApp({ container: { clock: time.clock } });
  await createFirstAdmin(test.app);
  const ann = await addUser(test.app, 'ann', 'viewer');
  const ben = await addUser(test.app, 'ben', 'viewer');
  const admin = await addUser(test.app, 'boss', 'admin');
  writeTree(test.config.libraryDir, { 'roms/nes/Game.nes': 'game' });
  await scanLibrary(test.app, await login(test.app));
  const romId = 1; // the only ROM of a fresh database
  const { app } = test;

  async function upload(user: TestUser, kind: 'saves' | 'states', files: FilePart[], query = '') {
    const body = multipart(files);
    return app.inject({
      method: 'POST',
      url: `/api/${kind}?rom_id=${romId}&emulator=fceumm${query}`,
      ...body,
      headers: { ...body.headers, ...as(user) },
    });
  }
  /** Every file under the data folder's assets and temp areas, relative to the data folder. */
  function storedFiles(): string[] {
    const found: string[] = [];
    for (const top of ['assets', 'tmp']) {
      const root = path.join(test.dataDir, top);
      if (!existsSync(root)) continue;
      for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
        if (entry.isFile()) {
          found.push(path.relative(test.dataDir, path.join(entry.parentPath, entry.name)));
        }
      }
    }
    return found.sort();
  }
  return { ...test, ann, ben, admin, romId, upload, storedFiles, tick: time.tick };
}

describe('atomic save and state uploads', () => {
  it('refuses a save with an invalid screenshot as a whole: no file, no row', async () => {
    const { app, ann, romId, upload, storedFiles } = await setup();
    for (const order of ['save first', 'screenshot first'] as const) {
      const save = { name: 'saveFile', filename: 'Game.srm', data: Buffer.alloc(512, 3) };
      const shot = { name: 'screenshotFile', filename: 'Game.png', data: Buffer.from('no image') };
      const refused = await upload(
        ann,
        'saves',
        order === 'save first' ? [save, shot] : [shot, save],
      );
      expect(refused.statusCode, order).toBe(400);
      expect(refused.json(), order).toEqual({
        detail: 'Screenshot must be a PNG, JPEG, WebP or GIF image',
      });
    }
    const listed = await app.inject({ url: `/api/saves?rom_id=${romId}`, headers: as(ann) });
    expect(listed.json()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it('keeps the previous save untouched when its replacement is refused', async () => {
    const { app, ann, upload, storedFiles } = await setup();
    const first = await upload(ann, 'saves', [
      { name: 'saveFile', filename: 'Game.srm', data: Buffer.alloc(512, 1) },
    ]);
    expect(first.statusCode).toBe(200);
    const before = first.json<Save>();
    const files = storedFiles();
    const refused = await upload(ann, 'saves', [
      { name: 'saveFile', filename: 'Game.srm', data: Buffer.alloc(999, 2) },
      { name: 'screenshotFile', filename: 'Game.png', data: Buffer.from('no image') },
    ]);
    expect(refused.statusCode).toBe(400);
    const again = await app.inject({ url: `/api/saves/${before.id}`, headers: as(ann) });
    expect(again.json<Save>()).toEqual(before);
    const content = await app.inject({
      url: `/api/saves/${before.id}/content`,
      headers: as(ann),
    });
    expect(content.rawPayload.equals(Buffer.alloc(512, 1))).toBe(true);
    expect(storedFiles()).toEqual(files);
  });

  it('refuses a state with an invalid screenshot as a whole', async () => {
    const { app, ann, romId, upload, storedFiles } = await setup();
    const refused = await upload(ann, 'states', [
      { name: 'stateFile', filename: 'Game.state', data: Buffer.alloc(512, 3) },
      { name: 'screenshotFile', filename: 'Game.png', data: Buffer.from('no image') },
    ]);
    expect(refused.statusCode).toBe(400);
    const listed = await app.inject({ url: `/api/states?rom_id=${romId}`, headers: as(ann) });
    expect(listed.json<State[]>()).toEqual([]);
    expect(storedFiles()).toEqual([]);
    // A valid pair is stored with both files.
    const stored = await upload(ann, 'states', [
      { name: 'screenshotFile', filename: 'Game.png', data: PNG },
      { name: 'stateFile', filename: 'Game.state', data: Buffer.alloc(512, 3) },
    ]);
    expect(stored.statusCode).toBe(200);
    expect(stored.json<State>().screenshot?.file_name).toBe('Game.png');
    expect(storedFiles()).toEqual([
      `assets/users/${ann.id}/screenshots/nes/${romId}/Game.png`,
      `assets/users/${ann.id}/states/nes/${romId}/Game.state`,
    ]);
  });
});

const saveFile = (data: string | Buffer, filename = 'Game.srm') => ({
  name: 'saveFile',
  filename,
  data: Buffer.isBuffer(data) ? data : Buffer.from(data),
});

describe('POST /api/saves slot, overwrite and autocleanup (RomM 5)', () => {
  it('tags slotted names with the upload time, keeps versions and filters by ?slot=', async () => {
    const { app, ann, romId, upload, tick } = await setup();
    const first = await upload(
      ann,
      'saves',
      [saveFile('A'), { name: 'screenshotFile', filename: 'shot.png', data: PNG }],
      '&slot=autosave',
    );
    expect(first.statusCode).toBe(200);
    const a1 = first.json<Save>();
    expect(a1).toMatchObject({
      file_name: 'Game [2026-11-26_10-00-00].srm',
      file_name_no_tags: 'Game',
      slot: 'autosave',
      content_hash: '7fc56270e7a70fa81a5935b72eacbe29',
    });
    // The screenshot is named after the tagged save, whatever the client called it.
    expect(a1.screenshot?.file_name).toBe('Game [2026-11-26_10-00-00].png');

    tick();
    // The same bytes again (a retried upload) are not stored twice...
    const retry = await upload(ann, 'saves', [saveFile('A')], '&slot=autosave');
    expect(retry.json<Save>().id).toBe(a1.id);
    // ...unless the client says overwrite.
    const forced = await upload(ann, 'saves', [saveFile('A')], '&slot=autosave&overwrite=true');
    const a2 = forced.json<Save>();
    expect(a2.id).not.toBe(a1.id);
    expect(a2.file_name).toBe('Game [2026-11-26_10-00-01].srm');
    tick();
    const b = (await upload(ann, 'saves', [saveFile('B')], '&slot=autosave')).json<Save>();
    tick();
    const other = (await upload(ann, 'saves', [saveFile('C')], '&slot=boss')).json<Save>();
    const plain = (await upload(ann, 'saves', [saveFile('D')])).json<Save>();
    expect(plain).toMatchObject({ file_name: 'Game.srm', slot: null });
    // Without a slot the same name is replaced in place, as before.
    const replaced = (await upload(ann, 'saves', [saveFile('DD')])).json<Save>();
    expect(replaced).toMatchObject({ id: plain.id, file_size_bytes: 2, slot: null });

    const ids = async (query: string) =>
      (await app.inject({ url: `/api/saves${query}`, headers: as(ann) }))
        .json<Save[]>()
        .map((save) => save.id);
    expect(await ids(`?rom_id=${romId}&slot=autosave`)).toEqual([b.id, a2.id, a1.id]);
    expect(await ids('?slot=boss')).toEqual([other.id]);
    expect(await ids('?slot=nothing')).toEqual([]);
    expect((await ids('')).sort()).toEqual([a1.id, a2.id, b.id, other.id, plain.id].sort());
    const summary = await app.inject({
      url: `/api/saves/summary?rom_id=${romId}`,
      headers: as(ann),
    });
    const slots = summary
      .json<{ slots: { slot: string | null; count: number }[] }>()
      .slots.map(({ slot, count }) => [slot, count]);
    expect(slots.sort()).toEqual(
      [
        ['autosave', 3],
        ['boss', 1],
        [null, 1],
      ].sort(),
    );
    const tooLong = await upload(ann, 'saves', [saveFile('E')], `&slot=${'x'.repeat(256)}`);
    expect(tooLong.statusCode).toBe(422);
  });

  it('autocleanup keeps the newest autocleanup_limit versions of the slot, files included', async () => {
    const { app, ann, upload, tick, storedFiles } = await setup();
    const kept: Save[] = [];
    for (const content of ['one', 'two', 'three']) {
      const response = await upload(
        ann,
        'saves',
        [saveFile(content), { name: 'screenshotFile', filename: 'x.png', data: PNG }],
        '&slot=auto&autocleanup=true&autocleanup_limit=2',
      );
      expect(response.statusCode).toBe(200);
      kept.push(response.json<Save>());
      tick();
    }
    const other = (await upload(ann, 'saves', [saveFile('else')], '&slot=manual')).json<Save>();
    const list = await app.inject({ url: '/api/saves?slot=auto', headers: as(ann) });
    expect(list.json<Save[]>().map((save) => save.file_name)).toEqual([
      'Game [2026-11-26_10-00-02].srm',
      'Game [2026-11-26_10-00-01].srm',
    ]);
    const files = storedFiles();
    expect(files.some((file) => file.includes('10-00-00'))).toBe(false);
    expect(files.filter((file) => file.includes('/screenshots/'))).toHaveLength(2);
    expect(files).toContain(`assets/${other.file_path}/${other.file_name}`);
    // A limit below 1 keeps at least the save just uploaded.
    tick();
    await upload(
      ann,
      'saves',
      [saveFile('four')],
      '&slot=auto&autocleanup=true&autocleanup_limit=0',
    );
    const after = await app.inject({ url: '/api/saves?slot=auto', headers: as(ann) });
    expect(after.json<Save[]>().map((save) => save.file_name)).toEqual([
      'Game [2026-11-26_10-00-04].srm',
    ]);
  });

  it('keeps at most 50 versions of a slot when the client asks for no cleanup', async () => {
    const { app, ann, upload, tick } = await setup();
    for (let index = 0; index < 51; index++) {
      const response = await upload(ann, 'saves', [saveFile(`v${index}`)], '&slot=auto');
      expect(response.statusCode).toBe(200);
      tick();
    }
    const list = await app.inject({ url: '/api/saves?slot=auto', headers: as(ann) });
    const names = list.json<Save[]>().map((save) => save.file_name);
    expect(names).toHaveLength(50);
    expect(names).not.toContain('Game [2026-11-26_10-00-00].srm');
    expect(names[0]).toBe('Game [2026-11-26_10-00-50].srm');
  });
});

const BASE_ASSET: RommShape = {
  id: 'int',
  rom_id: 'int',
  user_id: 'int',
  file_name: 'str',
  file_name_no_tags: 'str',
  file_name_no_ext: 'str',
  file_extension: 'str',
  file_path: 'str',
  file_size_bytes: 'int',
  full_path: 'str',
  download_path: 'str',
  missing_from_fs: 'bool',
  created_at: 'datetime',
  updated_at: 'datetime',
};
/** backend/endpoints/responses/assets.py of RomM 5.x. */
const ROMM_SCREENSHOT: RommShape = { ...BASE_ASSET, is_gallery: 'bool', is_public: 'bool' };
const ROMM_SAVE: RommShape = {
  ...BASE_ASSET,
  emulator: 'str?',
  slot: 'str?',
  content_hash: 'str?',
  is_public: 'bool',
  screenshot: { nullable: ROMM_SCREENSHOT },
  origin_device_id: 'str?',
  device_syncs: 'list',
};
const ROMM_STATE: RommShape = {
  ...BASE_ASSET,
  emulator: 'str?',
  is_public: 'bool',
  screenshot: { nullable: ROMM_SCREENSHOT },
};
const OWNER: RommShape = { username: 'str', user_avatar_path: 'str', user_updated_at: 'datetime?' };

describe('save and state answers carry RomM 5 fields, names, types and nullability', () => {
  it('POST, GET, the list, the visibility answer and the detail lists', async () => {
    const { app, ann, ben, romId, upload } = await setup();
    const shot = { name: 'screenshotFile', filename: 'x.png', data: PNG };
    const save = await upload(ann, 'saves', [saveFile('S'), shot], '&slot=main');
    const bare = await upload(ann, 'saves', [saveFile('T', 'Bare.srm')]);
    const state = await upload(ann, 'states', [
      { name: 'stateFile', filename: 'Game.state', data: Buffer.from('st') },
      shot,
    ]);
    expectRommShape(save.json(), ROMM_SAVE, 'POST save');
    expect(save.json<Save>().screenshot).not.toBeNull();
    expectRommShape(bare.json(), ROMM_SAVE, 'POST bare save');
    expect(bare.json<Save>()).toMatchObject({
      slot: null,
      screenshot: null,
      origin_device_id: null,
      device_syncs: [],
    });
    expectRommShape(state.json(), ROMM_STATE, 'POST state');
    const saveId = save.json<Save>().id;
    const stateId = state.json<State>().id;
    for (const [url, spec] of [
      [`/api/saves/${saveId}`, ROMM_SAVE],
      [`/api/states/${stateId}`, ROMM_STATE],
    ] as const) {
      expectRommShape((await app.inject({ url, headers: as(ann) })).json(), spec, url);
    }
    for (const item of (await app.inject({ url: '/api/saves', headers: as(ann) })).json<Save[]>()) {
      expectRommShape(item, ROMM_SAVE, 'GET /api/saves[]');
    }
    for (const [kind, id, spec] of [
      ['saves', saveId, ROMM_SAVE],
      ['states', stateId, ROMM_STATE],
    ] as const) {
      const shared = await app.inject({
        method: 'PUT',
        url: `/api/${kind}/${id}/visibility`,
        headers: as(ann),
        payload: { is_public: true },
      });
      expectRommShape(shared.json(), spec, `PUT ${kind} visibility`);
    }
    const detail = (
      await app.inject({ url: `/api/roms/${romId}`, headers: as(ben) })
    ).json<DetailedRom>();
    expect(detail.all_user_saves).toHaveLength(1);
    expectRommShape(detail.all_user_saves[0], { ...ROMM_SAVE, ...OWNER }, 'all_user_saves[]');
    expectRommShape(detail.all_user_states[0], { ...ROMM_STATE, ...OWNER }, 'all_user_states[]');
    expectRommShape(
      detail.all_user_screenshots[0],
      { ...ROMM_SCREENSHOT, ...OWNER },
      'all_user_screenshots[]',
    );
  });
});

describe('PUT /api/{saves,states}/{id}/visibility and what others see', () => {
  it('route × user: the owner shares and unshares; others (admins too) get 404', async () => {
    const { app, ann, ben, admin, romId, upload, tick } = await setup();
    const shot = { name: 'screenshotFile', filename: 'x.png', data: PNG };
    const save = (await upload(ann, 'saves', [saveFile('ann-save'), shot])).json<Save>();
    const state = (
      await upload(ann, 'states', [
        { name: 'stateFile', filename: 'Quick.state', data: Buffer.from('ann-state') },
        shot,
      ])
    ).json<State>();
    const bensOwn = (await upload(ben, 'saves', [saveFile('ben-save', 'Ben.srm')])).json<Save>();
    tick(60);

    const put = (user: TestUser | null, kind: string, id: number, payload: unknown) =>
      app.inject({
        method: 'PUT',
        url: `/api/${kind}/${id}/visibility`,
        headers: user === null ? {} : as(user),
        payload: payload as Record<string, unknown>,
      });
    for (const [kind, asset] of [
      ['saves', save],
      ['states', state],
    ] as const) {
      expect((await put(null, kind, asset.id, { is_public: true })).statusCode).toBe(401);
      for (const stranger of [ben, admin]) {
        const refused = await put(stranger, kind, asset.id, { is_public: true });
        expect(refused.statusCode, `${kind} by ${stranger.username}`).toBe(404);
        expect(refused.json<{ detail: string }>().detail).toContain('not found');
      }
      expect((await put(ann, kind, asset.id, {})).statusCode).toBe(422);
      expect((await put(ann, kind, asset.id, { is_public: 'yes' })).statusCode).toBe(422);
      expect((await put(ann, kind, 9999, { is_public: true })).statusCode).toBe(404);
      const shared = await put(ann, kind, asset.id, { is_public: true });
      expect(shared.statusCode).toBe(200);
      // Sharing is not a new version: the update time stays; the screenshot follows.
      expect(shared.json<Save>()).toEqual({
        ...asset,
        is_public: true,
        screenshot: { ...asset.screenshot, is_public: true },
      });
    }

    // Ben (and the admin) now see Ann's save and state beside their own, and may download them.
    const bensView = (
      await app.inject({ url: `/api/roms/${romId}`, headers: as(ben) })
    ).json<DetailedRom>();
    expect(bensView.user_saves.map((item) => item.id)).toEqual([bensOwn.id]);
    expect(bensView.user_states).toEqual([]);
    expect(bensView.user_screenshots).toEqual([]);
    expect(bensView.all_user_saves.map((item) => [item.id, item.username]).sort()).toEqual(
      [
        [save.id, 'ann'],
        [bensOwn.id, 'ben'],
      ].sort(),
    );
    expect(
      bensView.all_user_states.map((item) => [item.id, item.username, item.is_public]),
    ).toEqual([[state.id, 'ann', true]]);
    expect(bensView.all_user_screenshots.map((item) => item.username)).toEqual(['ann', 'ann']);
    // Ann's own view keeps her assets in user_* and does not show Ben's private save.
    const annsView = (
      await app.inject({ url: `/api/roms/${romId}`, headers: as(ann) })
    ).json<DetailedRom>();
    expect(annsView.user_saves.map((item) => item.id)).toEqual([save.id]);
    expect(annsView.all_user_saves.map((item) => item.id)).toEqual([save.id]);

    const get = (user: TestUser, url: string) => app.inject({ url, headers: as(user) });
    for (const viewer of [ben, admin]) {
      const download = await get(viewer, `/api/saves/${save.id}/content`);
      expect(download.statusCode).toBe(200);
      expect(download.body).toBe('ann-save');
      expect((await get(viewer, `/api/states/${state.id}/content`)).body).toBe('ann-state');
      expect(
        (await get(viewer, `/api/screenshots/${save.screenshot?.id}/content`)).statusCode,
      ).toBe(200);
      // Reading the item itself, listing it, replacing or deleting it stay the owner's (RomM).
      expect((await get(viewer, `/api/saves/${save.id}`)).statusCode).toBe(404);
      expect(
        (await get(viewer, '/api/saves')).json<Save[]>().map((item) => item.user_id),
      ).not.toContain(ann.id);
      const deleted = await app.inject({
        method: 'POST',
        url: '/api/saves/delete',
        headers: as(viewer),
        payload: { saves: [save.id] },
      });
      expect(deleted.json()).toEqual([]);
    }

    // Private again: gone from others' detail, downloads refused.
    for (const [kind, asset] of [
      ['saves', save],
      ['states', state],
    ] as const) {
      const unshared = await put(ann, kind, asset.id, { is_public: false });
      expect(unshared.json<Save>().is_public).toBe(false);
      expect(unshared.json<Save>().screenshot?.is_public).toBe(false);
    }
    const bensAfter = (
      await app.inject({ url: `/api/roms/${romId}`, headers: as(ben) })
    ).json<DetailedRom>();
    expect(bensAfter.all_user_saves.map((item) => item.id)).toEqual([bensOwn.id]);
    expect(bensAfter.all_user_states).toEqual([]);
    expect(bensAfter.all_user_screenshots).toEqual([]);
    for (const viewer of [ben, admin]) {
      for (const url of [
        `/api/saves/${save.id}/content`,
        `/api/states/${state.id}/content`,
        `/api/screenshots/${save.screenshot?.id}/content`,
      ]) {
        expect((await get(viewer, url)).statusCode, `${viewer.username} ${url}`).toBe(404);
      }
    }
    expect((await get(ann, `/api/saves/${save.id}/content`)).body).toBe('ann-save');
  });

  it('a new screenshot sent with a public save is public too', async () => {
    const { app, ann, ben, romId, upload } = await setup();
    const save = (await upload(ann, 'saves', [saveFile('one')])).json<Save>();
    await app.inject({
      method: 'PUT',
      url: `/api/saves/${save.id}/visibility`,
      headers: as(ann),
      payload: { is_public: true },
    });
    const again = await upload(ann, 'saves', [
      saveFile('two'),
      { name: 'screenshotFile', filename: 'x.png', data: PNG },
    ]);
    expect(again.json<Save>()).toMatchObject({ id: save.id, is_public: true });
    expect(again.json<Save>().screenshot?.is_public).toBe(true);
    const bensView = (
      await app.inject({ url: `/api/roms/${romId}`, headers: as(ben) })
    ).json<DetailedRom>();
    expect(bensView.all_user_saves[0]?.screenshot?.file_name).toBe('Game.png');
  });
});

describe('paths in answers are relative, as RomM’s', () => {
  it('never discloses the data or library folder; firmware full_path is library-relative', async () => {
    const { app, ann, romId, upload, config, dataDir } = await setup();
    writeTree(config.libraryDir, { 'bios/nes/disksys.rom': Buffer.alloc(64, 1) });
    await scanLibrary(app, await login(app));
    await upload(ann, 'saves', [
      saveFile('x'),
      { name: 'screenshotFile', filename: 'x.png', data: PNG },
    ]);
    await upload(ann, 'states', [
      { name: 'stateFile', filename: 'G.state', data: Buffer.from('s') },
    ]);
    const firmware = (await app.inject({ url: '/api/firmware', headers: as(ann) })).json<
      Firmware[]
    >();
    expect(firmware.map((file) => [file.file_path, file.full_path])).toEqual([
      ['bios/nes', 'bios/nes/disksys.rom'],
    ]);
    const detail = (
      await app.inject({ url: `/api/roms/${romId}`, headers: as(ann) })
    ).json<DetailedRom>();
    expect(detail.full_path).toBe('roms/nes/Game.nes');
    expect(detail.user_saves[0]?.full_path).toBe(`users/${ann.id}/saves/nes/${romId}/Game.srm`);
    for (const url of [
      '/api/firmware',
      `/api/firmware/${firmware[0]?.id}`,
      '/api/platforms',
      `/api/roms/${romId}`,
      '/api/roms?with_files=true',
      `/api/roms/${romId}/files`,
      '/api/saves',
      '/api/states',
    ]) {
      const body = (await app.inject({ url, headers: as(ann) })).body;
      for (const folder of [dataDir, config.libraryDir, path.resolve(dataDir)]) {
        expect(body.includes(folder), `${url} mentions ${folder}`).toBe(false);
      }
    }
  });
});

describe('PUT /api/saves/{id} with a screenshot alone', () => {
  it('sets the screenshot and leaves the save as it was; an empty form is refused', async () => {
    const { app, ann, ben, upload, tick } = await setup();
    const save = (
      await upload(ann, 'saves', [
        { name: 'saveFile', filename: 'Game.srm', data: Buffer.from('progress') },
      ])
    ).json<Save>();
    expect(save.screenshot).toBeNull();
    tick();
    const put = (user: TestUser, files: FilePart[]) => {
      const body = multipart(files);
      return app.inject({
        method: 'PUT',
        url: `/api/saves/${save.id}`,
        ...body,
        headers: { ...body.headers, ...as(user) },
      });
    };
    const shotOnly = [{ name: 'screenshotFile', filename: 'shot.png', data: PNG }];
    expect((await put(ben, shotOnly)).statusCode).toBe(404);
    const updated = await put(ann, shotOnly);
    expect(updated.statusCode, updated.body).toBe(200);
    const body = updated.json<Save>();
    expect(body).toMatchObject({
      id: save.id,
      file_name: 'Game.srm',
      file_size_bytes: save.file_size_bytes,
      content_hash: save.content_hash,
    });
    expect(body.screenshot?.file_name).toBe('Game.png');
    expect(body.screenshot?.file_size_bytes).toBe(PNG.length);
    const content = await app.inject({ url: `/api/saves/${save.id}/content`, headers: as(ann) });
    expect(content.body).toBe('progress');

    const empty = await put(ann, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: 'Missing the saveFile file' });
    const badImage = await put(ann, [
      { name: 'screenshotFile', filename: 'x.png', data: Buffer.from('not an image') },
    ]);
    expect(badImage.statusCode).toBe(400);
  });
});
