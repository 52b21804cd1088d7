import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

import type { DeleteRomsResponse, DetailedRom, Platform, RomListPage } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';

import {
  ADMIN_AUTH,
  buildTestApp,
  createFirstAdmin,
  login,
} from '../../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../../test/library-fixtures.js';

const CUE =
  'FILE "Game (USA) (Track 1).bin" BINARY\n  TRACK 01 MODE2/2352\nFILE "Game (USA) (Track 2).bin" BINARY\n';

async function setup(files: Record<string, string>) {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  writeTree(test.config.libraryDir, { 'roms/nes/Other.nes': 'nes', ...files });
  await scanLibrary(test.app, await login(test.app));
  const platforms = (
    await test.app.inject({ url: '/api/platforms', headers: { authorization: ADMIN_AUTH } })
  ).json<Platform[]>();
  const psx = platforms.find((platform) => platform.fs_slug === 'psx')?.id ?? 0;
  return { ...test, psx, psxDir: path.join(test.config.libraryDir, 'roms/psx') };
}

async function romsOf(app: FastifyInstance, platformId: number): Promise<DetailedRom[]> {
  const list = await app.inject({
    url: `/api/roms?platform_ids=${platformId}&limit=100&order_by=fs_name`,
    headers: { authorization: ADMIN_AUTH },
  });
  expect(list.statusCode, list.body).toBe(200);
  const details: DetailedRom[] = [];
  for (const item of list.json<RomListPage>().items) {
    const detail = await app.inject({
      url: `/api/roms/${item.id}`,
      headers: { authorization: ADMIN_AUTH },
    });
    details.push(detail.json<DetailedRom>());
  }
  return details;
}

function zipEntries(buffer: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error !== null) return reject(error);
      const entries: Record<string, string> = {};
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError !== null) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries[entry.fileName] = Buffer.concat(chunks).toString();
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

const LOOSE_GAME = {
  'roms/psx/Game (USA).cue': CUE,
  'roms/psx/Game (USA) (Track 1).bin': 'track-one',
  'roms/psx/Game (USA) (Track 2).bin': 'track-2',
  'roms/psx/Game (USA) (Track 3).bin': 'not named by the sheet',
};

describe('a loose disc sheet game', () => {
  it('downloads as a zip named after the game holding the sheet and its tracks', async () => {
    const { app, psx } = await setup(LOOSE_GAME);
    const game = (await romsOf(app, psx)).find((rom) => rom.fs_name === 'Game (USA).cue');
    const response = await app.inject({
      url: `/api/roms/${game?.id ?? 0}/content/${encodeURIComponent('Game (USA).cue')}`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''Game%20%28USA%29.zip`,
    );
    expect(await zipEntries(response.rawPayload)).toEqual({
      'Game (USA) (Track 1).bin': 'track-one',
      'Game (USA) (Track 2).bin': 'track-2',
      'Game (USA).cue': CUE,
      // As in RomM, a multi-file game's zip without a playlist gets one naming its cue sheets.
      'Game (USA).m3u': 'Game (USA).cue\n',
    });
  });

  it('sends the discs the player asks for by file id with their names as on disk', async () => {
    const { app, psx } = await setup({
      'roms/psx/Multi.m3u': 'Multi (Disc 1).cue\nMulti (Disc 2).cue\n',
      'roms/psx/Multi (Disc 1).cue': 'FILE "Multi (Disc 1).bin" BINARY\n',
      'roms/psx/Multi (Disc 1).bin': 'disc-one',
      'roms/psx/Multi (Disc 2).cue': 'FILE "Multi (Disc 2).bin" BINARY\n',
      'roms/psx/Multi (Disc 2).bin': 'disc-two',
    });
    const [game] = await romsOf(app, psx);
    const secondDisc = (game?.files ?? [])
      .filter((file) => file.file_name.startsWith('Multi (Disc 2)'))
      .map((file) => file.id);
    const response = await app.inject({
      url: `/api/roms/${game?.id ?? 0}/content/Multi.m3u?file_ids=${secondDisc.join(',')}`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''Multi.zip`);
    expect(await zipEntries(response.rawPayload)).toEqual({
      'Multi (Disc 2).bin': 'disc-two',
      'Multi (Disc 2).cue': 'FILE "Multi (Disc 2).bin" BINARY\n',
    });
  });

  it('deletes from disk the sheet and its tracks, nothing else', async () => {
    const { app, psx, psxDir } = await setup(LOOSE_GAME);
    const game = (await romsOf(app, psx)).find((rom) => rom.fs_name === 'Game (USA).cue');
    const response = await app.inject({
      method: 'POST',
      url: '/api/roms/delete',
      headers: { authorization: ADMIN_AUTH },
      payload: { roms: [game?.id ?? 0], delete_from_fs: [game?.id ?? 0] },
    });
    expect(response.json<DeleteRomsResponse>()).toMatchObject({ successful_items: 1, errors: [] });
    expect(readdirSync(psxDir)).toEqual(['Game (USA) (Track 3).bin']);
    expect((await romsOf(app, psx)).map((rom) => rom.fs_name)).toEqual([
      'Game (USA) (Track 3).bin',
    ]);
  });

  it('refuses a rename, which would break the names the sheet refers to', async () => {
    const { app, psx, psxDir } = await setup(LOOSE_GAME);
    const game = (await romsOf(app, psx)).find((rom) => rom.fs_name === 'Game (USA).cue');
    const boundary = '----romshelf-edit';
    const response = await app.inject({
      method: 'PUT',
      url: `/api/roms/${game?.id ?? 0}`,
      headers: {
        authorization: ADMIN_AUTH,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="fs_name"\r\n\r\nRenamed.cue\r\n` +
        `--${boundary}--\r\n`,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ detail: string }>().detail).toMatch(
      /^Game \(USA\)\.cue is a disc sheet whose tracks lie beside it/,
    );
    expect(existsSync(path.join(psxDir, 'Game (USA).cue'))).toBe(true);
    expect(existsSync(path.join(psxDir, 'Renamed.cue'))).toBe(false);
  });
});

describe('uploading a disc sheet with its tracks', () => {
  function upload(app: FastifyInstance, platformId: number, fileName: string, content: string) {
    const boundary = '----romshelf-upload';
    return app.inject({
      method: 'POST',
      url: '/api/roms',
      headers: {
        authorization: ADMIN_AUTH,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-upload-platform': String(platformId),
        'x-upload-filename': encodeURIComponent(fileName),
      },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n${content}\r\n--${boundary}--\r\n`,
    });
  }

  const shape = (roms: DetailedRom[]) =>
    roms.map((rom) => ({
      fs_name: rom.fs_name,
      size: rom.fs_size_bytes,
      files: rom.files.map((file) => file.file_name).sort(),
    }));

  const ONE_GAME = [
    {
      fs_name: 'Game (USA).cue',
      size: Buffer.byteLength(CUE) + 9 + 7,
      files: ['Game (USA) (Track 1).bin', 'Game (USA) (Track 2).bin', 'Game (USA).cue'],
    },
  ];

  it.each([
    ['sheet first', ['Game (USA).cue', 'Game (USA) (Track 1).bin', 'Game (USA) (Track 2).bin']],
    ['tracks first', ['Game (USA) (Track 1).bin', 'Game (USA) (Track 2).bin', 'Game (USA).cue']],
  ])('yields one game whatever the order (%s)', async (_order, names) => {
    const { app, psx } = await setup({ 'roms/psx/Stray.bin': 'stray' });
    const contents: Record<string, string> = {
      'Game (USA).cue': CUE,
      'Game (USA) (Track 1).bin': 'track-one',
      'Game (USA) (Track 2).bin': 'track-2',
    };
    const ids: number[] = [];
    for (const name of names) {
      const response = await upload(app, psx, name, contents[name] ?? '');
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json<DetailedRom>().id);
    }
    const roms = (await romsOf(app, psx)).filter((rom) => rom.fs_name !== 'Stray.bin');
    expect(shape(roms)).toEqual(ONE_GAME);
    expect(ids.at(-1)).toBe(roms[0]?.id);
    expect(roms[0]?.has_multiple_files).toBe(true);
  });
});
