import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { DetailedRom, RomListPage } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import { buildTestApp, createFirstAdmin, login } from '../../../test/build-test-app.js';
import type { Session } from '../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';
import { REPO_ROOT } from '../../config/paths.js';
import { discOfName } from './disc-combine.js';
import { parseRomFileName } from '../roms/names/rom-filename.js';

const FF7 = 'Final Fantasy VII (USA)';

describe('discOfName', () => {
  it('reads the disc number and the name without the disc tag', () => {
    expect(discOfName(`${FF7} (Disc 2)`)).toEqual({ disc: 2, family: FF7 });
    expect(discOfName('Game (Europe) (Disk 1 of 2) (Rev 1)')).toEqual({
      disc: 1,
      family: 'Game (Europe) (Rev 1)',
    });
    expect(discOfName('Game (Japan) (CD 3)')).toEqual({ disc: 3, family: 'Game (Japan)' });
    expect(discOfName('Discworld (Europe)')).toBeNull();
  });

  it('on 3,572 real No-Intro names finds the one numbered disc, not "(Disk Writer)"', () => {
    const file = path.join(REPO_ROOT, 'server', 'test', 'fixtures', 'nointro-names-sample.tsv');
    const discs = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => parseRomFileName(line.split('\t')[1] ?? '').fs_name_no_ext)
      .flatMap((name) => {
        const disc = discOfName(name);
        return disc === null ? [] : [{ name, ...disc }];
      });
    expect(discs).toEqual([
      { name: "Kind Gal's (Japan) (Disk 2) (Unl)", disc: 2, family: "Kind Gal's (Japan) (Unl)" },
    ]);
  });
});

describe('POST /api/roms/{id}/combine-discs', () => {
  it('writes an .m3u of the loose discs and stores them as one multi-disc game', async () => {
    const { app, config } = await buildTestApp();
    await createFirstAdmin(app);
    const admin = await login(app);
    writeTree(config.libraryDir, {
      [`roms/psx/${FF7} (Disc 1).chd`]: 'disc one',
      [`roms/psx/${FF7} (Disc 2).chd`]: 'disc two',
      [`roms/psx/${FF7} (Disc 3).chd`]: 'disc three',
      'roms/psx/Lonely (USA) (Disc 1).chd': 'lonely',
      'roms/psx/Solo (USA).chd': 'solo',
      'roms/psx/Saga (Europe) (Disc 1).cue': 'FILE "Saga (Europe) (Disc 1).bin" BINARY\r\n',
      'roms/psx/Saga (Europe) (Disc 1).bin': 'saga one',
      'roms/psx/Saga (Europe) (Disc 2).cue': 'FILE "Saga (Europe) (Disc 2).bin" BINARY\r\n',
      'roms/psx/Saga (Europe) (Disc 2).bin': 'saga two',
    });
    await scanLibrary(app, admin);
    const listed = async () =>
      (
        await app.inject({ url: '/api/roms?order_by=fs_name', headers: { cookie: admin.cookie } })
      ).json<RomListPage>().items;
    const idOf = async (fsName: string) =>
      (await listed()).find((rom) => rom.fs_name === fsName)?.id ?? 0;
    const combine = (id: number, session: Session) =>
      app.inject({
        method: 'POST',
        url: `/api/roms/${id}/combine-discs`,
        headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
      });

    await addUser(app, 'viewer', 'viewer');
    const viewer = await login(app, 'viewer', 'viewer-pass');
    const disc2 = await idOf(`${FF7} (Disc 2).chd`);
    expect((await combine(disc2, viewer)).statusCode).toBe(403);
    const solo = await combine(await idOf('Solo (USA).chd'), admin);
    expect([solo.statusCode, solo.json()]).toEqual([
      400,
      { detail: 'This game is not a loose disc file' },
    ]);
    const lonely = await combine(await idOf('Lonely (USA) (Disc 1).chd'), admin);
    expect([lonely.statusCode, lonely.json()]).toEqual([
      400,
      { detail: 'No other disc of this game was found' },
    ]);
    const unknown = await combine(999999, admin);
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      { detail: 'ROM with id 999999 not found' },
    ]);

    const response = await combine(disc2, admin);
    expect(response.statusCode, response.body).toBe(201);
    const game = response.json<DetailedRom>();
    expect({
      fs_name: game.fs_name,
      multi: game.has_multiple_files,
      files: game.files.map((file) => file.file_name),
    }).toEqual({
      fs_name: `${FF7}.m3u`,
      multi: true,
      files: [`${FF7} (Disc 1).chd`, `${FF7} (Disc 2).chd`, `${FF7} (Disc 3).chd`, `${FF7}.m3u`],
    });
    expect(readFileSync(path.join(config.libraryDir, `roms/psx/${FF7}.m3u`), 'utf8')).toBe(
      `${FF7} (Disc 1).chd\n${FF7} (Disc 2).chd\n${FF7} (Disc 3).chd\n`,
    );
    // Discs that are cue sheets go into the playlist with their tracks.
    const saga = await combine(await idOf('Saga (Europe) (Disc 2).cue'), admin);
    expect(saga.statusCode, saga.body).toBe(201);
    expect(saga.json<DetailedRom>().files.map((file) => file.file_name)).toEqual([
      'Saga (Europe) (Disc 1).bin',
      'Saga (Europe) (Disc 1).cue',
      'Saga (Europe) (Disc 2).bin',
      'Saga (Europe) (Disc 2).cue',
      'Saga (Europe).m3u',
    ]);
    expect((await listed()).map((rom) => [rom.fs_name, rom.missing_from_fs])).toEqual([
      [`${FF7}.m3u`, false],
      ['Lonely (USA) (Disc 1).chd', false],
      ['Saga (Europe).m3u', false],
      ['Solo (USA).chd', false],
    ]);
    // The discs' own ROMs are gone; a rescan agrees with what was stored.
    expect((await combine(disc2, admin)).statusCode).toBe(404);
    expect(await scanLibrary(app, admin)).toMatchObject({
      total_roms: 4,
      new_roms: 0,
      missing_roms: 0,
    });
  });
});
