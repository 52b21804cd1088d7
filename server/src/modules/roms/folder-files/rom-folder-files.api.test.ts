import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { DetailedRom, RomFile } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../../test/accounts.js';
import { ADMIN_AUTH, basic, login } from '../../../../test/build-test-app.js';
import { pngImage } from '../../../../test/form-bodies.js';
import { scanLibrary } from '../../../../test/library-fixtures.js';
import { multipart, setupManagedLibrary } from '../../../../test/rom-manage-fixtures.js';

const PDF = Buffer.from('%PDF-1.4\n% booklet\n%%EOF\n');
const GAME_FOLDER = 'roms/psx/Disc Game (USA)';

async function setup() {
  const test = await setupManagedLibrary();
  const disc = test.romId('Disc Game (USA)');
  const add = (
    id: number,
    base: 'manuals/files' | 'screenshots',
    content: Buffer | string,
    fileName: string,
    headers: Record<string, string> = { 'x-upload-filename': fileName },
  ) => {
    const { body, contentType } = multipart(content, fileName, fileName);
    return test.app.inject({
      method: 'POST',
      url: `/api/roms/${id}/${base}`,
      headers: { authorization: ADMIN_AUTH, 'content-type': contentType, ...headers },
      payload: body,
    });
  };
  const remove = (id: number, base: string, fileId: number, authorization = ADMIN_AUTH) =>
    test.app.inject({
      method: 'DELETE',
      url: `/api/roms/${id}/${base}/${fileId}`,
      headers: { authorization },
    });
  const files = async (id: number) =>
    (
      await test.app.inject({ url: `/api/roms/${id}`, headers: { authorization: ADMIN_AUTH } })
    ).json<DetailedRom>().files;
  return { ...test, disc, add, remove, files };
}

describe("files added to a game's folder", () => {
  it('stores manuals in manual/ and screenshots in screenshots/, lists them as the game’s files, and a rescan keeps them', async () => {
    const { app, config, disc, add, files } = await setup();
    const manual = await add(disc, 'manuals/files', PDF, 'Booklet (USA).pdf');
    expect(manual.statusCode, manual.body).toBe(201);
    expect(manual.json<RomFile>()).toMatchObject({
      rom_id: disc,
      file_name: 'Booklet (USA).pdf',
      file_path: `${GAME_FOLDER}/manual`,
      file_size_bytes: PDF.length,
      category: 'manual',
      is_top_level: false,
    });
    const png = await pngImage(4, 3);
    // Named by the part alone (no header): the web client's way.
    const shot = await add(disc, 'screenshots', png, 'Boss fight.png', {});
    expect(shot.statusCode, shot.body).toBe(201);
    expect(shot.json<RomFile>()).toMatchObject({
      file_path: `${GAME_FOLDER}/screenshots`,
      category: 'screenshot',
    });
    const library = config.libraryDir;
    expect(readFileSync(path.join(library, GAME_FOLDER, 'manual/Booklet (USA).pdf'))).toEqual(PDF);
    expect(readFileSync(path.join(library, GAME_FOLDER, 'screenshots/Boss fight.png'))).toEqual(
      png,
    );

    const listed = (await files(disc)).filter((file) => file.category !== 'game');
    expect(listed.map((file) => [file.full_path, file.category]).sort()).toEqual([
      [`${GAME_FOLDER}/extras/readme.txt`, null],
      [`${GAME_FOLDER}/manual/Booklet (USA).pdf`, 'manual'],
      [`${GAME_FOLDER}/screenshots/Boss fight.png`, 'screenshot'],
    ]);
    const ids = listed.map((file) => file.id).sort();

    // A replacement keeps the file's row; a rescan finds the same files.
    const replaced = await add(disc, 'manuals/files', `${PDF.toString()}v2`, 'Booklet (USA).pdf');
    expect(replaced.json<RomFile>().id).toBe(manual.json<RomFile>().id);
    await scanLibrary(app, await login(app));
    const rescanned = (await files(disc)).filter((file) => file.category !== 'game');
    expect(rescanned.map((file) => file.id).sort()).toEqual(ids);
    expect(rescanned.every((file) => !file.full_path.includes('..'))).toBe(true);

    // Served back by the file's id.
    const content = await app.inject({
      url: `/api/roms/${manual.json<RomFile>().id}/files/content/Booklet.pdf`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(content.body).toBe(`${PDF.toString()}v2`);
  });

  it('removes one file from disk and the game, only of its kind and game, for roms.write', async () => {
    const { app, config, disc, romId, add, remove, files } = await setup();
    const manual = (await add(disc, 'manuals/files', PDF, 'Booklet.pdf')).json<RomFile>();
    const onDisk = path.join(config.libraryDir, GAME_FOLDER, 'manual/Booklet.pdf');
    const wrongKind = await remove(disc, 'screenshots', manual.id);
    expect(wrongKind.statusCode).toBe(404);
    expect(wrongKind.json()).toEqual({ detail: 'Screenshot file not found' });
    const wrongGame = await remove(romId('Existing (USA).nes'), 'manuals/files', manual.id);
    expect(wrongGame.statusCode).toBe(404);
    expect(wrongGame.json()).toEqual({ detail: 'Manual file not found' });
    const viewer = await addUser(app, 'viewer', 'viewer');
    const denied = await remove(
      disc,
      'manuals/files',
      manual.id,
      basic(viewer.username, viewer.password),
    );
    expect(denied.statusCode).toBe(403);
    expect(existsSync(onDisk)).toBe(true);

    const removed = await remove(disc, 'manuals/files', manual.id);
    expect(removed.statusCode).toBe(204);
    expect(existsSync(onDisk)).toBe(false);
    expect((await files(disc)).some((file) => file.id === manual.id)).toBe(false);
    expect((await remove(disc, 'manuals/files', manual.id)).statusCode).toBe(404);
  });

  it('refuses single-file games, other types, content that is not what it says, and unsafe names', async () => {
    const { config, disc, romId, add } = await setup();
    const refusals = [
      [
        await add(romId('Existing (USA).nes'), 'manuals/files', PDF, 'Booklet.pdf'),
        'Manuals can only be added to a game kept in a folder; convert it to a folder first',
      ],
      [
        await add(disc, 'manuals/files', 'MZ', 'setup.exe'),
        'Unsupported file type. Allowed: .pdf, .txt, .md',
      ],
      [
        await add(disc, 'manuals/files', '<html></html>', 'Booklet.pdf'),
        'The file is not a PDF document',
      ],
      [
        await add(disc, 'screenshots', PDF, 'shot.png'),
        'Screenshots must be PNG, JPEG, WebP or GIF images',
      ],
      [
        await add(disc, 'manuals/files', PDF, '../escape.pdf', {
          'x-upload-filename': '../escape.pdf',
        }),
        'Invalid file name: "../escape.pdf"',
      ],
    ] as const;
    for (const [response, detail] of refusals) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ detail });
    }
    expect(existsSync(path.join(config.libraryDir, GAME_FOLDER, 'manual'))).toBe(false);
    expect(existsSync(path.join(config.libraryDir, 'roms/psx/escape.pdf'))).toBe(false);
  });
});
