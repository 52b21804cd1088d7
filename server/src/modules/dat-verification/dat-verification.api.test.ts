import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';

import type { RomDatVerification, RomListPage, TaskStatus } from '@romshelf/contract';
import { afterEach, describe, expect, it } from 'vitest';
import yazl from 'yazl';

import {
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../test/build-test-app.js';
import type { Session } from '../../../test/build-test-app.js';
import type { DatFixtureRom } from '../../../test/stored-dats.js';
import { storeDat } from '../../../test/stored-dats.js';
import type { TestDatGame, TestDatRom } from '../../../test/dat-fixtures.js';
import { logiqxDat } from '../../../test/dat-fixtures.js';
import { multipartForm } from '../../../test/form-bodies.js';
import { hashesOf, scanLibrary, writeTree } from '../../../test/library-fixtures.js';
import { asAdmin, runTask } from '../../../test/tasks.js';
import type { Db } from '../../db/database.js';

function zipBuffer(entries: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    for (const [name, content] of Object.entries(entries))
      zip.addBuffer(Buffer.from(content), name);
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A DAT entry for `content` under `name` (every hash, as No-Intro gives them). */
function entry(name: string, content: string): DatFixtureRom {
  const hashes = hashesOf(content);
  return {
    name,
    size: Buffer.byteLength(content),
    crc32: hashes.crc,
    md5: hashes.md5,
    sha1: hashes.sha1,
  };
}

/** An entry of an uploaded DAT for `content`. */
function datRom(name: string, content: string): TestDatRom {
  const { crc, md5, sha1 } = hashesOf(content);
  return { name, size: Buffer.byteLength(content), crc, md5, sha1 };
}

const CUE = 'FILE "Disc (USA) (Track 1).bin" BINARY\r\nFILE "Disc (USA) (Track 2).bin" BINARY\r\n';

let db: Db | null = null;
afterEach(async () => {
  await db?.destroy();
  db = null;
});

async function setup() {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  const session = await login(test.app);
  writeTree(test.config.libraryDir, {
    'roms/gba/Good (USA).gba': 'good dump',
    'roms/gba/my copy.gba': 'renamed dump',
    'roms/gba/Bad (USA).gba': 'bad dump',
    'roms/gba/Packed (Japan).zip': await zipBuffer({ 'Packed (Japan).gba': 'packed dump' }),
    'roms/psx/Disc (USA)/Disc (USA).cue': CUE,
    'roms/psx/Disc (USA)/Disc (USA) (Track 1).bin': 'track one',
    'roms/psx/Disc (USA)/Disc (USA) (Track 2).bin': 'track two, bad',
  });
  await scanLibrary(test.app, session);
  db = await openTestDatabase(test.dataDir);
  const platforms = await db.selectFrom('platform').select(['id', 'slug']).execute();
  const platformId = (slug: string) =>
    platforms.find((platform) => platform.slug === slug)?.id ?? 0;
  const gbaDat = await storeDat(
    db,
    { name: 'Nintendo - Game Boy Advance', platformId: platformId('gba') },
    {
      'Good (USA)': [entry('Good (USA).gba', 'good dump')],
      'Renamed Game (Europe)': [entry('Renamed Game (Europe).gba', 'renamed dump')],
      'Packed (Japan)': [entry('Packed (Japan).gba', 'packed dump')],
      'Later (USA)': [entry('Later (USA).gba', 'added later')],
      'Missing (USA)': [entry('Missing (USA).gba', 'not in the library')],
    },
  );
  const psxDat = await storeDat(
    db,
    { name: 'Sony - PlayStation', platformId: platformId('psx') },
    {
      'Disc (USA)': [
        entry('Disc (USA).cue', CUE),
        entry('Disc (USA) (Track 1).bin', 'track one'),
        entry('Disc (USA) (Track 2).bin', 'track two'),
      ],
    },
  );
  return { ...test, session, db, gbaDat, psxDat };
}

async function romIds(app: Awaited<ReturnType<typeof setup>>['app'], session: Session, query = '') {
  const response = await app.inject({
    url: `/api/roms?limit=100&order_by=fs_name${query}`,
    headers: { cookie: session.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return Object.fromEntries(
    response.json<RomListPage>().items.map((rom) => [rom.fs_name, rom.id]),
  ) as Record<string, number>;
}

async function namesWith(
  app: Awaited<ReturnType<typeof setup>>['app'],
  session: Session,
  query: string,
) {
  return Object.keys(await romIds(app, session, query)).sort();
}

async function verification(
  app: Awaited<ReturnType<typeof setup>>['app'],
  session: Session,
  id: number,
) {
  const response = await app.inject({
    url: `/api/roms/${id}/dat-verification`,
    headers: { cookie: session.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RomDatVerification>();
}

describe('verification against DATs', () => {
  it('gives every game and file a verdict per DAT: verified, renamed, unknown, incomplete', async () => {
    const { app, session, gbaDat, psxDat } = await setup();
    const run = await runTask(app, 'verify_dats');
    expect(run.status).toBe('finished');
    expect(run.meta).toEqual({
      update_stats: {
        platforms: 2,
        dats: 2,
        roms_checked: 5,
        verified: 2,
        renamed: 1,
        unknown: 1,
        incomplete: 1,
      },
    });
    const ids = await romIds(app, session);
    expect(await verification(app, session, ids['Good (USA).gba'] ?? 0)).toEqual({
      rom_id: ids['Good (USA).gba'],
      dats: [
        {
          dat_id: gbaDat,
          dat_name: 'Nintendo - Game Boy Advance',
          dat_version: '20261201-000000',
          status: 'verified',
          game_name: 'Good (USA)',
          files: [
            {
              file_id: expect.any(Number) as number,
              file_name: 'Good (USA).gba',
              verdict: 'verified',
              dat_rom_name: 'Good (USA).gba',
              expected_name: 'Good (USA).gba',
            },
          ],
          rename_to: null,
        },
      ],
    });
    const renamed = await verification(app, session, ids['my copy.gba'] ?? 0);
    expect(renamed.dats.map((dat) => [dat.status, dat.game_name, dat.rename_to])).toEqual([
      ['renamed', 'Renamed Game (Europe)', 'Renamed Game (Europe).gba'],
    ]);
    const bad = await verification(app, session, ids['Bad (USA).gba'] ?? 0);
    expect(bad.dats.map((dat) => [dat.status, dat.game_name, dat.files[0]?.verdict])).toEqual([
      ['unknown', null, 'unknown'],
    ]);
    // Zipped: verified by the member's crc32, without unpacking.
    const packed = await verification(app, session, ids['Packed (Japan).zip'] ?? 0);
    expect(packed.dats[0]?.files).toEqual([
      {
        file_id: expect.any(Number) as number,
        file_name: 'Packed (Japan).zip',
        verdict: 'verified',
        dat_rom_name: 'Packed (Japan).gba',
        expected_name: 'Packed (Japan).zip',
      },
    ]);
    expect(packed.dats[0]?.status).toBe('verified');
    // A disc matches per track: the bad second track makes it incomplete.
    const disc = await verification(app, session, ids['Disc (USA)'] ?? 0);
    expect(disc.dats).toEqual([
      expect.objectContaining({
        dat_id: psxDat,
        status: 'incomplete',
        game_name: 'Disc (USA)',
        rename_to: null,
      }),
    ]);
    expect(disc.dats[0]?.files.map((file) => [file.file_name, file.verdict])).toEqual([
      ['Disc (USA) (Track 1).bin', 'verified'],
      ['Disc (USA) (Track 2).bin', 'unknown'],
      ['Disc (USA).cue', 'verified'],
    ]);
  });

  it('leaves a DAT still importing alone: its entries are only partly written', async () => {
    const { app, session, db, psxDat } = await setup();
    await db.updateTable('dat').set({ importing: 1 }).where('id', '=', psxDat).execute();
    const run = await runTask(app, 'verify_dats');
    expect(run.meta).toEqual({
      update_stats: {
        platforms: 1,
        dats: 1,
        roms_checked: 4,
        verified: 2,
        renamed: 1,
        unknown: 1,
        incomplete: 0,
      },
    });
    const ids = await romIds(app, session);
    expect((await verification(app, session, ids['Disc (USA)'] ?? 0)).dats).toEqual([]);
  });

  it('filters the list by DAT status, by "in set" and by verified (local DATs first)', async () => {
    const { app, session } = await setup();
    // Before any verification, nothing is in a set.
    expect(await namesWith(app, session, '&in_set=true')).toEqual([]);
    await runTask(app, 'verify_dats');
    expect(await namesWith(app, session, '&dat_statuses=renamed')).toEqual(['my copy.gba']);
    expect(await namesWith(app, session, '&dat_statuses=verified&dat_statuses=incomplete')).toEqual(
      ['Disc (USA)', 'Good (USA).gba', 'Packed (Japan).zip'],
    );
    expect(await namesWith(app, session, '&dat_statuses=unknown&dat_statuses_logic=none')).toEqual([
      'Disc (USA)',
      'Good (USA).gba',
      'Packed (Japan).zip',
      'my copy.gba',
    ]);
    expect(await namesWith(app, session, '&in_set=true')).toEqual([
      'Disc (USA)',
      'Good (USA).gba',
      'Packed (Japan).zip',
      'my copy.gba',
    ]);
    expect(await namesWith(app, session, '&in_set=false')).toEqual(['Bad (USA).gba']);
    expect(await namesWith(app, session, '&verified=true')).toEqual([
      'Good (USA).gba',
      'Packed (Japan).zip',
      'my copy.gba',
    ]);
    const invalid = await app.inject({
      url: '/api/roms?dat_statuses=excellent',
      headers: { cookie: session.cookie },
    });
    expect(invalid.statusCode).toBe(422);
  });

  it('renames a renamed game to its DAT name, keeping its id and personal data', async () => {
    const { app, session, config, gbaDat } = await setup();
    await runTask(app, 'verify_dats');
    const id = (await romIds(app, session))['my copy.gba'] ?? 0;
    const note = await app.inject({
      method: 'POST',
      url: `/api/roms/${id}/notes`,
      headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
      payload: { title: 'Mine', content: 'kept' },
    });
    expect(note.statusCode, note.body).toBe(200);
    // The list is kept per data version: it must show the rename at once.
    expect(await namesWith(app, session, '&dat_statuses=renamed')).toEqual(['my copy.gba']);
    const response = await app.inject({
      method: 'POST',
      url: `/api/roms/${id}/dat-verification/rename`,
      headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
      payload: { dat_id: gbaDat },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response.json<RomDatVerification>().dats.map((dat) => [dat.status, dat.rename_to]),
    ).toEqual([['verified', null]]);
    const folder = path.join(config.libraryDir, 'roms', 'gba');
    expect(existsSync(path.join(folder, 'Renamed Game (Europe).gba'))).toBe(true);
    expect(existsSync(path.join(folder, 'my copy.gba'))).toBe(false);
    expect((await romIds(app, session))['Renamed Game (Europe).gba']).toBe(id);
    expect(await namesWith(app, session, '&dat_statuses=renamed')).toEqual([]);
    const notes = await app.inject({
      url: `/api/roms/${id}/notes`,
      headers: { cookie: session.cookie },
    });
    expect(notes.json<{ title: string }[]>().map((kept) => kept.title)).toEqual(['Mine']);

    const again = await app.inject({
      method: 'POST',
      url: `/api/roms/${id}/dat-verification/rename`,
      headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
      payload: { dat_id: gbaDat },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'Nothing to rename: the game is verified against this DAT',
    });
    const unknownDat = await app.inject({
      method: 'POST',
      url: `/api/roms/${id}/dat-verification/rename`,
      headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
      payload: { dat_id: 999 },
    });
    expect(unknownDat.statusCode).toBe(404);
  });

  it('verifies after a scan only the games it added or changed', async () => {
    const { app, session, config } = await setup();
    await runTask(app, 'verify_dats');
    writeTree(config.libraryDir, { 'roms/gba/Later (USA).gba': 'added later' });
    await scanLibrary(app, session);
    const afterScan = async () => {
      const runs = await app.inject({ url: '/api/tasks/status', headers: asAdmin });
      return runs
        .json<TaskStatus[]>()
        .filter((run) => run.task_key === 'verify_dats' && run.trigger === 'scheduled');
    };
    await expect
      .poll(async () => (await afterScan()).map((run) => run.ended_at !== null), {
        timeout: 15_000,
        interval: 50,
      })
      .toEqual([true]);
    const ids = await romIds(app, session);
    const later = await verification(app, session, ids['Later (USA).gba'] ?? 0);
    expect(later.dats.map((dat) => dat.status)).toEqual(['verified']);
    expect((await afterScan()).map((run) => run.meta)).toEqual([
      {
        update_stats: {
          platforms: 2,
          dats: 2,
          roms_checked: 1,
          verified: 1,
          renamed: 0,
          unknown: 0,
          incomplete: 0,
        },
      },
    ]);
  });

  it('follows the DATs: verifies after an upload and a re-import, drops a removed DAT’s verdicts', async () => {
    const test = await buildTestApp();
    await createFirstAdmin(test.app);
    const session = await login(test.app);
    const { app } = test;
    writeTree(test.config.libraryDir, {
      'roms/gba/Good (USA).gba': 'good dump',
      'roms/gba/my copy.gba': 'renamed dump',
    });
    await scanLibrary(app, session);
    const runsEnded = async () => {
      const runs = await app.inject({ url: '/api/tasks/status', headers: asAdmin });
      return runs
        .json<TaskStatus[]>()
        .filter((run) => run.task_key === 'verify_dats' && run.ended_at !== null).length;
    };
    const upload = async (games: TestDatGame[], version: string) => {
      const form = multipartForm({}, [
        {
          name: 'file',
          filename: 'gba.dat',
          type: 'application/octet-stream',
          data: Buffer.from(logiqxDat({ name: 'Nintendo - Game Boy Advance', version }, games)),
        },
      ]);
      const response = await app.inject({
        method: 'POST',
        url: '/api/dats',
        headers: { ...form.headers, ...asAdmin },
        payload: form.payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };
    const good = { name: 'Good (USA)', roms: [datRom('Good (USA).gba', 'good dump')] };
    const other = { name: 'Other (Europe)', roms: [datRom('Other (Europe).gba', 'renamed dump')] };

    await upload([good, other], '1');
    await expect.poll(runsEnded, { timeout: 15_000, interval: 50 }).toBe(1);
    expect(await namesWith(app, session, '&in_set=true')).toEqual([
      'Good (USA).gba',
      'my copy.gba',
    ]);

    // A newer DAT of the set replaces it; the game it no longer holds leaves the set.
    const newer = await upload([good], '2');
    await expect.poll(runsEnded, { timeout: 15_000, interval: 50 }).toBe(2);
    expect(await namesWith(app, session, '&in_set=true')).toEqual(['Good (USA).gba']);
    expect(await namesWith(app, session, '&in_set=false')).toEqual(['my copy.gba']);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/dats/${newer}`,
      headers: asAdmin,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await namesWith(app, session, '&in_set=true')).toEqual([]);
  });

  it('drops the verdict of a file gone from disk: its game becomes incomplete', async () => {
    const { app, session, config } = await setup();
    await runTask(app, 'verify_dats');
    rmSync(path.join(config.libraryDir, 'roms/psx/Disc (USA)/Disc (USA).cue'));
    await scanLibrary(app, session);
    // The scan started the verification of what it changed.
    const id = (await romIds(app, session))['Disc (USA)'] ?? 0;
    const files = async () =>
      (await verification(app, session, id)).dats.map((dat) => [
        dat.status,
        dat.files.map((file) => [file.file_name, file.verdict]),
      ]);
    await expect.poll(files, { timeout: 15_000, interval: 50 }).toEqual([
      [
        'incomplete',
        [
          ['Disc (USA) (Track 1).bin', 'verified'],
          ['Disc (USA) (Track 2).bin', 'unknown'],
        ],
      ],
    ]);
  });
});
