import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type {
  DetailedRom,
  Save,
  Screenshot,
  UploadedScreenshots,
  UserScreenshot,
} from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import { ADMIN, ADMIN_AUTH, basic } from '../../../test/build-test-app.js';
import type { FormFile } from '../../../test/form-bodies.js';
import { multipartForm, pngImage } from '../../../test/form-bodies.js';
import { setupManagedLibrary } from '../../../test/rom-manage-fixtures.js';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

async function setup() {
  const test = await setupManagedLibrary();
  const bob = await addUser(test.app, 'bob', 'viewer');
  const bobAuth = basic(bob.username, bob.password);
  const romId = test.romId('Existing (USA).nes');
  const send = (
    method: 'POST' | 'PUT',
    url: string,
    files: FormFile[],
    authorization = ADMIN_AUTH,
  ) => {
    const form = multipartForm({}, files);
    return test.app.inject({
      method,
      url,
      headers: { authorization, ...form.headers },
      payload: form.payload,
    });
  };
  const image = (data: Buffer, filename: string, name = 'screenshotFile'): FormFile => ({
    name,
    filename,
    type: 'image/png',
    data,
  });
  const detail = async (authorization = ADMIN_AUTH) =>
    (
      await test.app.inject({ url: `/api/roms/${romId}`, headers: { authorization } })
    ).json<DetailedRom>();
  return { ...test, bob, bobAuth, romId, send, image, detail };
}

describe("a game's gallery screenshots (/api/screenshots)", () => {
  it('adds images, lists them as the caller’s screenshots, serves them inline, and shares them on request', async () => {
    const { app, dataDir, bobAuth, romId, send, image, detail } = await setup();
    const png = await pngImage(8, 6);
    const added = await send('POST', `/api/screenshots?rom_id=${romId}`, [
      image(png, 'Title screen.png'),
      // RomM's older clients send `screenshots`; a JPEG named .png keeps a .jpg name.
      image(JPEG, 'Ending.png', 'screenshots'),
    ]);
    expect(added.statusCode, added.body).toBe(200);
    const body = added.json<UploadedScreenshots>();
    expect(body.uploaded).toBe(2);
    expect(body.merged_screenshots).toEqual([]);
    expect(
      body.screenshots.map((shot) => [shot.file_name, shot.is_gallery, shot.is_public]),
    ).toEqual([
      ['Ending.jpg', true, false],
      ['Title screen.png', true, false],
    ]);
    const title = body.screenshots.find((shot) => shot.file_name === 'Title screen.png');
    expect(title).toMatchObject({
      rom_id: romId,
      user_id: 1,
      file_path: `users/1/screenshots/nes/${romId}/gallery`,
      file_size_bytes: png.length,
      file_extension: 'png',
    });
    if (title === undefined) throw new Error('no title screenshot');
    expect(
      readFileSync(path.join(dataDir, 'assets', title.full_path.split('/').join(path.sep))),
    ).toEqual(png);

    const served = await app.inject({
      url: title.download_path,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(png);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const own = await detail();
    expect(own.user_screenshots.map((shot) => shot.id).sort()).toEqual(
      body.screenshots.map((shot) => shot.id).sort(),
    );
    // Bob sees none until one is shared; then it is his to view, not to change.
    expect((await detail(bobAuth)).all_user_screenshots).toEqual([]);
    expect(
      (await app.inject({ url: title.download_path, headers: { authorization: bobAuth } }))
        .statusCode,
    ).toBe(404);
    const shared = await app.inject({
      method: 'PUT',
      url: `/api/screenshots/${title.id}`,
      headers: { authorization: ADMIN_AUTH },
      payload: { is_public: true },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json<Screenshot>()).toMatchObject({
      id: title.id,
      is_public: true,
      is_gallery: true,
    });
    const seen = (await detail(bobAuth)).all_user_screenshots;
    expect(seen.map((shot: UserScreenshot) => [shot.id, shot.username])).toEqual([
      [title.id, ADMIN.username],
    ]);
    expect(
      (await app.inject({ url: title.download_path, headers: { authorization: bobAuth } }))
        .statusCode,
    ).toBe(200);
    const notHis = await app.inject({
      method: 'DELETE',
      url: `/api/screenshots/${title.id}`,
      headers: { authorization: bobAuth },
    });
    expect(notHis.statusCode).toBe(404);
    expect(notHis.json()).toEqual({ detail: `Screenshot with id ${title.id} not found` });
  });

  it('replaces an image, removes one with its file, and never pairs a gallery image with a save', async () => {
    const { app, dataDir, romId, send, image, detail } = await setup();
    const first = (
      await send('POST', `/api/screenshots?rom_id=${romId}`, [
        image(await pngImage(4, 4), 'slot.png'),
      ])
    ).json<UploadedScreenshots>().screenshots[0];
    if (first === undefined) throw new Error('not stored');
    // A save named like the gallery image: its own screenshot is not the gallery's.
    const save = await send('POST', `/api/saves?rom_id=${romId}`, [
      {
        name: 'saveFile',
        filename: 'slot.srm',
        type: 'application/octet-stream',
        data: Buffer.from('sram'),
      },
    ]);
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json<Save>().screenshot).toBeNull();

    const replaced = await send('PUT', `/api/screenshots/${first.id}`, [image(JPEG, 'new.jpg')]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<Screenshot>()).toMatchObject({
      id: first.id,
      file_name: 'slot.jpg',
      file_size_bytes: JPEG.length,
    });
    const folder = path.join(dataDir, 'assets', ...first.file_path.split('/'));
    expect(existsSync(path.join(folder, 'slot.png'))).toBe(false);
    expect(readFileSync(path.join(folder, 'slot.jpg'))).toEqual(JPEG);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/screenshots/${first.id}`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(removed.statusCode).toBe(204);
    expect(existsSync(path.join(folder, 'slot.jpg'))).toBe(false);
    const after = await detail();
    expect(after.user_screenshots).toEqual([]);
    expect(after.user_saves.map((row) => row.file_name)).toEqual(['slot.srm']);
  });

  it('stores nothing when one part is not an image, and answers 404 for an unknown game', async () => {
    const { app, dataDir, romId, send, image, detail } = await setup();
    const mixed = await send('POST', `/api/screenshots?rom_id=${romId}`, [
      image(await pngImage(2, 2), 'fine.png'),
      image(Buffer.from('<svg onload="alert(1)"/>'), 'evil.png'),
    ]);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toEqual({ detail: 'Screenshots must be PNG, JPEG, WebP or GIF images' });
    expect((await detail()).user_screenshots).toEqual([]);
    expect(existsSync(path.join(dataDir, 'assets/users/1/screenshots'))).toBe(false);
    const empty = await send('POST', `/api/screenshots?rom_id=${romId}`, []);
    expect(empty.json()).toEqual({ detail: 'No screenshots were uploaded' });
    const unknown = await send('POST', '/api/screenshots?rom_id=99999', [image(JPEG, 'a.jpg')]);
    expect(unknown.statusCode).toBe(404);
    const noBody = await app.inject({
      method: 'PUT',
      url: '/api/screenshots/1',
      headers: { authorization: ADMIN_AUTH, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(noBody.statusCode).toBe(400);
  });
});
