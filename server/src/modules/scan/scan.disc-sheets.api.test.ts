import { rmSync } from 'node:fs';
import path from 'node:path';

import type { DetailedRom, RomListPage } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { buildTestApp, createFirstAdmin, login } from '../../../test/build-test-app.js';
import type { Session } from '../../../test/build-test-app.js';
import { hashesOf, scanLibrary, writeTree } from '../../../test/library-fixtures.js';

async function setup() {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  const session = await login(test.app);
  return { ...test, session, library: test.config.libraryDir };
}

async function roms(app: Awaited<ReturnType<typeof setup>>['app'], session: Session) {
  const response = await app.inject({
    url: '/api/roms?limit=100&order_by=fs_name',
    headers: { cookie: session.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  const details: DetailedRom[] = [];
  for (const item of response.json<RomListPage>().items) {
    const detail = await app.inject({
      url: `/api/roms/${item.id}`,
      headers: { cookie: session.cookie },
    });
    details.push(detail.json<DetailedRom>());
  }
  return details;
}

/** fs_name → [name, kind flag, size, files (name, size, missing)], to compare exactly. */
function summary(items: DetailedRom[]) {
  return Object.fromEntries(
    items.map((rom) => [
      rom.fs_name,
      {
        name: rom.name,
        multi: rom.has_multiple_files,
        size: rom.fs_size_bytes,
        missing: rom.missing_from_fs,
        files: rom.files
          .map(
            (file) =>
              `${file.file_path}/${file.file_name}:${file.file_size_bytes}${file.missing_from_fs ? ':missing' : ''}`,
          )
          .sort(),
      },
    ]),
  );
}

const DISC_LIBRARY = {
  'roms/psx/Game (USA).cue':
    'FILE "Game (USA) (Track 1).bin" BINARY\r\n  TRACK 01 MODE2/2352\r\nFILE "Game (USA) (Track 2).bin" BINARY\r\n',
  'roms/psx/Game (USA) (Track 1).bin': 'track-one',
  'roms/psx/Game (USA) (Track 2).bin': 'track-2',
  'roms/psx/Multi (Europe).m3u':
    '#EXTM3U\nMulti (Europe) (Disc 1).cue\nMulti (Europe) (Disc 2).cue\n',
  'roms/psx/Multi (Europe) (Disc 1).cue': 'FILE "Multi (Europe) (Disc 1).bin" BINARY\n',
  'roms/psx/Multi (Europe) (Disc 1).bin': 'disc-one',
  'roms/psx/Multi (Europe) (Disc 2).cue':
    'FILE "multi (europe) (disc 2).BIN" BINARY\nFILE "../outside.bin" BINARY\n',
  'roms/psx/Multi (Europe) (Disc 2).bin': 'disc-two!',
  'roms/psx/Broken (Japan).cue':
    'FILE "Broken (Japan) (Track 1).bin" BINARY\nFILE "Broken (Japan) (Track 2).bin" BINARY\n',
  'roms/psx/Broken (Japan) (Track 1).bin': 'b1',
  'roms/psx/Stray.bin': 'stray',
  'roms/outside.bin': 'not in the platform folder',
  'roms/psx/Folder Game/Folder Game.cue': 'FILE "Folder Game.bin" BINARY\n',
  'roms/psx/Folder Game/Folder Game.bin': 'folder-bin',
  'roms/dc/Dream (USA).gdi':
    '3\n1 0 4 2352 track01.bin 0\n2 756 0 2352 "track 02.raw" 0\n3 45000 4 2352 track03.bin 0\n',
  'roms/dc/track01.bin': 't01',
  'roms/dc/track 02.raw': 't002',
  'roms/dc/track03.bin': 't0003',
};

/** `roms/<folder>/<name>:<bytes>` of a fixture file, as summary() lists it. */
function sized(relative: keyof typeof DISC_LIBRARY): string {
  return `${relative}:${Buffer.byteLength(DISC_LIBRARY[relative])}`;
}

function total(...relatives: (keyof typeof DISC_LIBRARY)[]): number {
  return relatives.reduce((sum, relative) => sum + Buffer.byteLength(DISC_LIBRARY[relative]), 0);
}

const EXPECTED = {
  'Broken (Japan).cue': {
    name: 'Broken',
    multi: true,
    size: total('roms/psx/Broken (Japan) (Track 1).bin', 'roms/psx/Broken (Japan).cue'),
    missing: false,
    files: [sized('roms/psx/Broken (Japan) (Track 1).bin'), sized('roms/psx/Broken (Japan).cue')],
  },
  'Dream (USA).gdi': {
    name: 'Dream',
    multi: true,
    size: total(
      'roms/dc/Dream (USA).gdi',
      'roms/dc/track 02.raw',
      'roms/dc/track01.bin',
      'roms/dc/track03.bin',
    ),
    missing: false,
    files: [
      sized('roms/dc/Dream (USA).gdi'),
      sized('roms/dc/track 02.raw'),
      sized('roms/dc/track01.bin'),
      sized('roms/dc/track03.bin'),
    ],
  },
  'Folder Game': {
    name: 'Folder Game',
    multi: true,
    size: total('roms/psx/Folder Game/Folder Game.bin', 'roms/psx/Folder Game/Folder Game.cue'),
    missing: false,
    files: [
      sized('roms/psx/Folder Game/Folder Game.bin'),
      sized('roms/psx/Folder Game/Folder Game.cue'),
    ],
  },
  'Game (USA).cue': {
    name: 'Game',
    multi: true,
    size: total(
      'roms/psx/Game (USA) (Track 1).bin',
      'roms/psx/Game (USA) (Track 2).bin',
      'roms/psx/Game (USA).cue',
    ),
    missing: false,
    files: [
      sized('roms/psx/Game (USA) (Track 1).bin'),
      sized('roms/psx/Game (USA) (Track 2).bin'),
      sized('roms/psx/Game (USA).cue'),
    ],
  },
  'Multi (Europe).m3u': {
    name: 'Multi',
    multi: true,
    size: total(
      'roms/psx/Multi (Europe) (Disc 1).bin',
      'roms/psx/Multi (Europe) (Disc 1).cue',
      'roms/psx/Multi (Europe) (Disc 2).bin',
      'roms/psx/Multi (Europe) (Disc 2).cue',
      'roms/psx/Multi (Europe).m3u',
    ),
    missing: false,
    files: [
      sized('roms/psx/Multi (Europe) (Disc 1).bin'),
      sized('roms/psx/Multi (Europe) (Disc 1).cue'),
      sized('roms/psx/Multi (Europe) (Disc 2).bin'),
      sized('roms/psx/Multi (Europe) (Disc 2).cue'),
      sized('roms/psx/Multi (Europe).m3u'),
    ],
  },
  'Stray.bin': {
    name: 'Stray',
    multi: false,
    size: total('roms/psx/Stray.bin'),
    missing: false,
    files: [sized('roms/psx/Stray.bin')],
  },
};

describe('scan: loose disc sheets', () => {
  it('folds the files a cue, gdi or m3u sheet names into one game; the rest stay separate', async () => {
    const { app, session, library } = await setup();
    writeTree(library, DISC_LIBRARY);
    const stats = await scanLibrary(app, session);
    expect(stats).toMatchObject({ total_roms: 6, new_roms: 6, missing_roms: 0 });
    expect(summary(await roms(app, session))).toEqual(EXPECTED);

    const game = (await roms(app, session)).find((rom) => rom.fs_name === 'Game (USA).cue');
    const combined = hashesOf(
      Buffer.concat(
        ['Game (USA) (Track 1).bin', 'Game (USA) (Track 2).bin', 'Game (USA).cue'].map((name) =>
          Buffer.from(DISC_LIBRARY[`roms/psx/${name}` as keyof typeof DISC_LIBRARY]),
        ),
      ),
    );
    expect(game?.md5_hash).toBe(combined.md5);
    expect(game?.files.map((file) => file.md5_hash).sort()).toEqual(
      ['Game (USA) (Track 1).bin', 'Game (USA) (Track 2).bin', 'Game (USA).cue']
        .map((name) => hashesOf(DISC_LIBRARY[`roms/psx/${name}` as keyof typeof DISC_LIBRARY]).md5)
        .sort(),
    );

    const again = await scanLibrary(app, session);
    expect(again).toMatchObject({
      total_roms: 6,
      new_roms: 0,
      updated_roms: 0,
      missing_roms: 0,
      hashed_files: 0,
    });
    expect(summary(await roms(app, session))).toEqual(EXPECTED);
  });

  it('folds a track stored as its own game once its sheet appears, flagging that row missing', async () => {
    const { app, session, library } = await setup();
    writeTree(library, {
      'roms/psx/Game (USA) (Track 1).bin': 'track-one',
      'roms/psx/Game (USA) (Track 2).bin': 'track-2',
    });
    await scanLibrary(app, session);
    expect(Object.keys(summary(await roms(app, session)))).toEqual([
      'Game (USA) (Track 1).bin',
      'Game (USA) (Track 2).bin',
    ]);

    writeTree(library, { 'roms/psx/Game (USA).cue': DISC_LIBRARY['roms/psx/Game (USA).cue'] });
    const stats = await scanLibrary(app, session);
    expect(stats).toMatchObject({ new_roms: 1, missing_roms: 2 });
    const after = summary(await roms(app, session));
    expect(after['Game (USA).cue']).toEqual(EXPECTED['Game (USA).cue']);
    expect(after['Game (USA) (Track 1).bin']?.missing).toBe(true);
    expect(after['Game (USA) (Track 2).bin']?.missing).toBe(true);

    // A track gone from disk: the game stays, with what is left.
    rmSync(path.join(library, 'roms/psx/Game (USA) (Track 2).bin'));
    await scanLibrary(app, session);
    const left = summary(await roms(app, session))['Game (USA).cue'];
    expect(left).toMatchObject({
      missing: false,
      size: total('roms/psx/Game (USA).cue', 'roms/psx/Game (USA) (Track 1).bin'),
    });
    expect(left?.files).toEqual([
      sized('roms/psx/Game (USA) (Track 1).bin'),
      `${sized('roms/psx/Game (USA) (Track 2).bin')}:missing`,
      sized('roms/psx/Game (USA).cue'),
    ]);
    expect((await scanLibrary(app, session)).updated_roms).toBe(0);
  });
});
