import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

import type { Save, State } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import type { TestUser } from '../../../test/accounts.js';
import { basic, buildTestApp, createFirstAdmin, login } from '../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';

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

/** One NES game, an admin, two viewers (ann, ben). */
async function setup() {
  const test = await buildTestApp();
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
  return { ...test, ann, ben, admin, romId, upload, storedFiles };
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
