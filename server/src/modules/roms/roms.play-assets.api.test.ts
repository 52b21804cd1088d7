import type { DetailedRom, RomListPage, Save, Screenshot, State, User } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import type { TestUser } from '../../../test/accounts.js';
import { basic, buildTestApp, createFirstAdmin, login } from '../../../test/build-test-app.js';
import { listenOnce, scanLibrary, writeTree } from '../../../test/library-fixtures.js';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);

const STATE_NAME = 'Game [2026-11-22 10-00-00].state';

/** A library with two NES ROMs and two viewers, served over a real loopback HTTP server. */
async function setup() {
  const { app, config } = await buildTestApp();
  await createFirstAdmin(app);
  const alice = await addUser(app, 'alice', 'viewer');
  const bob = await addUser(app, 'bob', 'viewer');
  writeTree(config.libraryDir, { 'roms/nes/Game.nes': 'game', 'roms/nes/Other.nes': 'other' });
  await scanLibrary(app, await login(app));
  const baseUrl = await listenOnce(app);

  async function call(user: TestUser, url: string, init: RequestInit = {}) {
    return fetch(`${baseUrl}${url}`, {
      ...init,
      headers: {
        ...(init.headers as Record<string, string> | undefined),
        authorization: basic(user.username, user.password),
      },
    });
  }
  async function json<T>(user: TestUser, url: string, init: RequestInit = {}): Promise<T> {
    const response = await call(user, url, init);
    expect(response.status, `${url}: ${await response.clone().text()}`).toBe(200);
    return (await response.json()) as T;
  }
  async function upload<T>(
    user: TestUser,
    kind: 'saves' | 'states',
    romId: number,
    file: { field: string; name: string; bytes: Buffer },
    screenshot?: { name: string; bytes: Buffer },
  ): Promise<T> {
    const form = new FormData();
    form.append(file.field, new Blob([file.bytes]), file.name);
    if (screenshot !== undefined) {
      form.append('screenshotFile', new Blob([screenshot.bytes]), screenshot.name);
    }
    return json<T>(user, `/api/${kind}?rom_id=${romId}&emulator=fceumm`, {
      method: 'POST',
      body: form,
    });
  }

  const page = await json<RomListPage>(alice, '/api/roms');
  const idOf = (fsName: string) => page.items.find((rom) => rom.fs_name === fsName)?.id ?? 0;
  return { alice, bob, call, json, upload, page, game: idOf('Game.nes'), other: idOf('Other.nes') };
}

describe('GET /api/roms/{id}: the caller’s saves, states and screenshots', () => {
  it('lists the owner’s own assets of that ROM, and none of them to anyone else', async () => {
    const { alice, bob, call, json, upload, page, game, other } = await setup();
    expect(game).toBeGreaterThan(0);
    expect(other).toBeGreaterThan(0);

    const save = await upload<Save>(
      alice,
      'saves',
      game,
      { field: 'saveFile', name: 'Game.srm', bytes: Buffer.alloc(8192, 3) },
      { name: 'Game.png', bytes: PNG },
    );
    const state = await upload<State>(
      alice,
      'states',
      game,
      { field: 'stateFile', name: STATE_NAME, bytes: Buffer.from('state-bytes') },
      { name: 'whatever.png', bytes: PNG },
    );
    // Neither another ROM's save nor another user's save may leak into the lists.
    const otherRomSave = await upload<Save>(alice, 'saves', other, {
      field: 'saveFile',
      name: 'Other.srm',
      bytes: Buffer.from('other-save'),
    });
    const bobsOtherSave = await upload<Save>(bob, 'saves', other, {
      field: 'saveFile',
      name: 'Bob.srm',
      bytes: Buffer.from('bob-save'),
    });
    const saveShot = save.screenshot as Screenshot;
    const stateShot = state.screenshot as Screenshot;
    expect(saveShot.file_name).toBe('Game.png');
    expect(stateShot.file_name).toBe('Game [2026-11-22 10-00-00].png');

    const detail = await json<DetailedRom>(alice, `/api/roms/${game}`);
    expect(detail.user_saves.map((item) => [item.id, item.file_name])).toEqual([
      [save.id, 'Game.srm'],
    ]);
    expect(detail.user_states.map((item) => [item.id, item.file_name])).toEqual([
      [state.id, STATE_NAME],
    ]);
    // Exactly what the saves/states API answers (same mapping, same screenshot).
    expect(detail.user_saves).toEqual([save]);
    expect(detail.user_states).toEqual([state]);
    expect(detail.user_saves).toEqual(await json<Save[]>(alice, `/api/saves?rom_id=${game}`));
    expect(detail.user_states).toEqual(await json<State[]>(alice, `/api/states?rom_id=${game}`));
    expect(detail.user_saves[0]).toMatchObject({
      rom_id: game,
      user_id: alice.id,
      file_size_bytes: 8192,
      emulator: 'fceumm',
      file_path: `users/${alice.id}/saves/nes/${game}`,
      is_public: false,
      slot: null,
    });
    expect(detail.user_saves[0]?.download_path).toMatch(
      new RegExp(`^/api/saves/${save.id}/content\\?timestamp=`),
    );
    // The screenshots sent with them, newest first.
    expect(detail.user_screenshots).toEqual([stateShot, saveShot]);

    // Nothing is shared yet: the "all users" lists are the caller's own, with owner fields.
    const me = await json<User>(alice, '/api/users/me');
    const owner = { username: 'alice', user_avatar_path: '', user_updated_at: me.updated_at };
    expect(detail.all_user_saves).toEqual([{ ...save, ...owner }]);
    expect(detail.all_user_states).toEqual([{ ...state, ...owner }]);
    expect(detail.all_user_screenshots).toEqual([
      { ...stateShot, ...owner },
      { ...saveShot, ...owner },
    ]);

    // Bob has nothing for this ROM and must not see Alice's.
    const bobsView = await call(bob, `/api/roms/${game}`);
    expect(bobsView.status).toBe(200);
    const bobsText = await bobsView.text();
    const bobsDetail = JSON.parse(bobsText) as DetailedRom;
    expect(bobsDetail.id).toBe(game);
    for (const list of [
      'user_saves',
      'user_states',
      'user_screenshots',
      'all_user_saves',
      'all_user_states',
      'all_user_screenshots',
    ] as const) {
      expect(bobsDetail[list], list).toEqual([]);
    }
    expect(bobsText).not.toContain('Game.srm');
    expect(bobsText).not.toContain('.state');

    // On the other ROM each sees only their own save.
    const alicesOther = await json<DetailedRom>(alice, `/api/roms/${other}`);
    expect(alicesOther.user_saves.map((item) => item.id)).toEqual([otherRomSave.id]);
    expect(alicesOther.all_user_saves.map((item) => item.id)).toEqual([otherRomSave.id]);
    expect(alicesOther.user_states).toEqual([]);
    expect(alicesOther.user_screenshots).toEqual([]);
    const bobsOther = await json<DetailedRom>(bob, `/api/roms/${other}`);
    expect(bobsOther.user_saves).toEqual([bobsOtherSave]);
    expect(bobsOther.all_user_saves).toEqual([
      expect.objectContaining({ id: bobsOtherSave.id, username: 'bob', user_id: bob.id }),
    ]);

    // A deleted save (and its screenshot) leaves the detail.
    const deleted = await json<number[]>(alice, '/api/saves/delete', {
      method: 'POST',
      body: JSON.stringify({ saves: [save.id] }),
      headers: { 'content-type': 'application/json' },
    });
    expect(deleted).toEqual([save.id]);
    const after = await json<DetailedRom>(alice, `/api/roms/${game}`);
    expect(after.user_saves).toEqual([]);
    expect(after.user_states).toEqual([state]);
    expect(after.user_screenshots).toEqual([stateShot]);

    // Lists stay light: their items carry no save/state lists.
    expect(page.items[0]).not.toHaveProperty('user_saves');
    expect(page.items[0]).not.toHaveProperty('all_user_states');
  });
});
