import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

import type { Save, SaveHistorySettings, SaveVersion } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import type { TestUser } from '../../../test/accounts.js';
import {
  ADMIN,
  basic,
  buildTestApp,
  createFirstAdmin,
  login,
} from '../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';

const as = (user: TestUser) => ({ authorization: basic(user.username, user.password) });

function multipart(field: string, filename: string, data: Buffer) {
  const boundary = '----romshelf-history-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const START = Date.parse('2026-12-04T10:00:00.000Z');
const at = (seconds: number) =>
  new Date(START + seconds * 1000).toISOString().replace('Z', '+00:00');

/** One NES game, two viewers (ann, ben), on a clock the test moves. */
async function setup(env: Record<string, string> = {}) {
  let now = START;
  const test = await buildTestApp({ env, container: { clock: () => now } });
  await createFirstAdmin(test.app);
  const ann = await addUser(test.app, 'ann', 'viewer');
  const ben = await addUser(test.app, 'ben', 'viewer');
  writeTree(test.config.libraryDir, { 'roms/nes/Game.nes': 'game' });
  await scanLibrary(test.app, await login(test.app));
  const { app } = test;
  const romId = 1;

  async function upload(
    user: TestUser,
    data: Buffer,
    options: { kind?: 'saves' | 'states'; name?: string; query?: string } = {},
  ) {
    const kind = options.kind ?? 'saves';
    const body = multipart(
      kind === 'saves' ? 'saveFile' : 'stateFile',
      options.name ?? 'Game.srm',
      data,
    );
    const response = await app.inject({
      method: 'POST',
      url: `/api/${kind}?rom_id=${romId}&emulator=fceumm${options.query ?? ''}`,
      payload: body.payload,
      headers: { 'content-type': body.contentType, ...as(user) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Save>();
  }
  async function versions(user: TestUser, id: number, kind = 'saves') {
    const response = await app.inject({ url: `/api/${kind}/${id}/versions`, headers: as(user) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SaveVersion[]>();
  }
  async function content(user: TestUser, url: string) {
    const response = await app.inject({ url, headers: as(user) });
    expect(response.statusCode, response.body).toBe(200);
    return response.rawPayload;
  }
  async function setLimits(user: TestUser, limits: object) {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/save-history/settings',
      headers: as(user),
      payload: limits,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SaveHistorySettings>();
  }
  function historyFiles(): string[] {
    const root = path.join(test.dataDir, 'assets');
    if (!existsSync(root)) return [];
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter(
        (entry) => entry.isFile() && entry.parentPath.includes(`${path.sep}history${path.sep}`),
      )
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  }
  return {
    ...test,
    ann,
    ben,
    romId,
    upload,
    versions,
    content,
    setLimits,
    historyFiles,
    tick: (seconds: number) => {
      now += seconds * 1000;
    },
  };
}

const bytes = (fill: number) => Buffer.alloc(256, fill);

describe('save history', () => {
  it('keeps the content an upload of the same name replaces, with its time and device', async () => {
    const { app, ann, upload, versions, content, tick, historyFiles } = await setup();
    const device = await app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: as(ann),
      payload: { name: 'Steam Deck', platform: 'linux', client: 'argosy' },
    });
    expect(device.statusCode, device.body).toBe(201);
    const deviceId = device.json<{ device_id: string }>().device_id;

    const first = await upload(ann, bytes(1), { query: `&device_id=${deviceId}` });
    tick(60);
    const second = await upload(ann, bytes(2));
    expect(second.id).toBe(first.id);
    tick(60);
    // The same bytes again are no new version.
    await upload(ann, bytes(2));

    const kept = await versions(ann, first.id);
    expect(kept).toEqual([
      {
        id: 1,
        asset_id: first.id,
        kind: 'save',
        file_name: 'Game.srm',
        file_size_bytes: 256,
        content_hash: first.content_hash,
        emulator: 'fceumm',
        device_id: deviceId,
        device_name: 'Steam Deck',
        saved_at: at(0),
        replaced_at: at(60),
        download_path: `/api/saves/${first.id}/versions/1/content`,
      },
    ]);
    expect(await content(ann, kept[0]?.download_path ?? '')).toEqual(bytes(1));
    expect(await content(ann, `/api/saves/${first.id}/content`)).toEqual(bytes(2));
    expect(historyFiles()).toEqual([
      expect.stringMatching(/^users\/2\/history\/saves\/1\/[0-9a-f-]{36}\.srm$/) as string,
    ]);
  });

  it('restores a version in one call: its bytes become the newest, the replaced ones are kept', async () => {
    const { app, ann, upload, versions, content, tick } = await setup();
    const save = await upload(ann, bytes(1));
    tick(10);
    await upload(ann, bytes(2));
    tick(10);
    await upload(ann, bytes(3));
    const before = await versions(ann, save.id);
    expect(before.map((version) => version.saved_at)).toEqual([at(10), at(0)]);
    const oldest = before[1];

    tick(10);
    const restored = await app.inject({
      method: 'POST',
      url: `/api/saves/${save.id}/versions/${oldest?.id}/restore`,
      headers: as(ann),
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<Save>()).toMatchObject({
      id: save.id,
      file_name: 'Game.srm',
      content_hash: save.content_hash,
      updated_at: at(30),
    });
    expect(await content(ann, `/api/saves/${save.id}/content`)).toEqual(bytes(1));
    const after = await versions(ann, save.id);
    expect(after.map((version) => [version.saved_at, version.replaced_at])).toEqual([
      [at(20), at(30)],
      [at(10), at(20)],
    ]);
    expect(await content(ann, after[0]?.download_path ?? '')).toEqual(bytes(3));
    expect(await content(ann, after[1]?.download_path ?? '')).toEqual(bytes(2));
  });

  it('keeps versions of states and of a save replaced by id (PUT) too', async () => {
    const { app, ann, upload, versions, content } = await setup();
    const state = await upload(ann, bytes(1), { kind: 'states', name: 'Game.state' });
    await upload(ann, bytes(2), { kind: 'states', name: 'Game.state' });
    const stateVersions = await versions(ann, state.id, 'states');
    expect(stateVersions.map((version) => [version.kind, version.download_path])).toEqual([
      ['state', `/api/states/${state.id}/versions/1/content`],
    ]);
    expect(await content(ann, `/api/states/${state.id}/versions/1/content`)).toEqual(bytes(1));

    const save = await upload(ann, bytes(5), { name: 'Slot.srm' });
    const body = multipart('saveFile', 'ignored.srm', bytes(6));
    const replaced = await app.inject({
      method: 'PUT',
      url: `/api/saves/${save.id}`,
      payload: body.payload,
      headers: { 'content-type': body.contentType, ...as(ann) },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const saveVersions = await versions(ann, save.id);
    expect(saveVersions.map((version) => version.file_name)).toEqual(['Slot.srm']);
    expect(await content(ann, saveVersions[0]?.download_path ?? '')).toEqual(bytes(5));
  });

  it('prunes by count on write and by age, from the server default or the user setting', async () => {
    const { ann, upload, versions, setLimits, tick, historyFiles } = await setup({
      SAVE_HISTORY_VERSIONS: '3',
      SAVE_HISTORY_DAYS: '2',
    });
    const save = await upload(ann, bytes(0));
    for (let fill = 1; fill <= 4; fill += 1) {
      tick(60);
      await upload(ann, bytes(fill));
    }
    // Five contents: the current one and the newest three earlier ones.
    expect((await versions(ann, save.id)).map((version) => version.saved_at)).toEqual([
      at(180),
      at(120),
      at(60),
    ]);
    expect(historyFiles()).toHaveLength(3);

    expect(await setLimits(ann, { max_versions: 1, max_age_days: null })).toEqual({
      max_versions: 1,
      max_age_days: null,
      default_max_versions: 3,
      default_max_age_days: 2,
    });
    expect((await versions(ann, save.id)).map((version) => version.saved_at)).toEqual([at(180)]);
    expect(historyFiles()).toHaveLength(1);

    // Two days after it was replaced, the version goes with the next write.
    tick(2 * 24 * 3600 + 1);
    await upload(ann, bytes(9), { name: 'Other.srm' });
    await upload(ann, bytes(8), { name: 'Other.srm' });
    expect(await versions(ann, save.id)).toEqual([]);
    expect(historyFiles()).toHaveLength(1);

    await setLimits(ann, { max_versions: 0, max_age_days: 0 });
    await upload(ann, bytes(10), { name: 'Other.srm' });
    expect(historyFiles()).toEqual([]);
  });

  it('prunes every user in the scheduled task', async () => {
    const { app, ann, ben, upload, versions, tick } = await setup({ SAVE_HISTORY_DAYS: '1' });
    const annSave = await upload(ann, bytes(1));
    await upload(ann, bytes(2));
    const benSave = await upload(ben, bytes(3));
    await upload(ben, bytes(4));
    tick(24 * 3600 + 1);
    const run = await app.inject({
      method: 'POST',
      url: '/api/tasks/run/prune_save_history',
      headers: { authorization: basic(ADMIN.username, ADMIN.password) },
    });
    expect(run.statusCode, run.body).toBeLessThan(300);
    await expect.poll(async () => (await versions(ann, annSave.id)).length).toBe(0);
    expect(await versions(ben, benSave.id)).toEqual([]);
  });

  it("never shows, serves or restores another user's versions", async () => {
    const { app, ann, ben, upload, versions } = await setup();
    const save = await upload(ann, bytes(1));
    await upload(ann, bytes(2));
    const [version] = await versions(ann, save.id);
    for (const request of [
      { method: 'GET' as const, url: `/api/saves/${save.id}/versions` },
      { method: 'GET' as const, url: `/api/saves/${save.id}/versions/${version?.id}/content` },
      { method: 'POST' as const, url: `/api/saves/${save.id}/versions/${version?.id}/restore` },
      { method: 'GET' as const, url: `/api/states/${save.id}/versions` },
    ]) {
      const response = await app.inject({ ...request, headers: as(ben) });
      expect(response.statusCode, request.url).toBe(404);
    }
    // Ben's own save of the same name has its own history.
    const own = await upload(ben, bytes(7));
    expect(await versions(ben, own.id)).toEqual([]);
    const missing = await app.inject({
      method: 'POST',
      url: `/api/saves/${save.id}/versions/999/restore`,
      headers: as(ann),
    });
    expect(missing.json()).toEqual({ detail: 'Version 999 not found' });
  });

  it('deletes the versions with their save', async () => {
    const { app, ann, upload, historyFiles } = await setup();
    const save = await upload(ann, bytes(1));
    await upload(ann, bytes(2));
    expect(historyFiles()).toHaveLength(1);
    const deleted = await app.inject({
      method: 'POST',
      url: '/api/saves/delete',
      headers: as(ann),
      payload: { saves: [save.id] },
    });
    expect(deleted.json()).toEqual([save.id]);
    expect(historyFiles()).toEqual([]);
  });

  it('answers the limits and refuses out-of-range ones', async () => {
    const { app, ann } = await setup();
    const initial = await app.inject({ url: '/api/save-history/settings', headers: as(ann) });
    expect(initial.json()).toEqual({
      max_versions: null,
      max_age_days: null,
      default_max_versions: 10,
      default_max_age_days: 90,
    });
    for (const payload of [
      { max_versions: 101, max_age_days: null },
      { max_versions: -1, max_age_days: null },
      { max_versions: 5, max_age_days: 3651 },
      { max_versions: 1.5, max_age_days: 1 },
    ]) {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/save-history/settings',
        headers: as(ann),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
  });
});
