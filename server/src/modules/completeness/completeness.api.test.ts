import type { CompletenessSet, MissingGamesPage, Platform } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';

import type { DatGameStatus } from '../../db/schema-dats.js';
import { addUser } from '../../../test/accounts.js';
import {
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../test/build-test-app.js';
import type { Session } from '../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';

const TRICKY = 'Zeta, "the" <Game> & more (USA)';

/** DAT games: name, region, languages, BIOS, the library's status for it (by its ROM file). */
const GAMES: [string, string | null, string | null, number, DatGameStatus | null][] = [
  ['Alpha (USA)', 'USA', null, 0, 'verified'],
  ['Beta (Europe) (En,Fr)', 'Europe', 'En,Fr', 0, 'renamed'],
  ['Gamma (USA, Europe)', 'USA, Europe', null, 0, null],
  ['Delta (Japan)', 'Japan', null, 0, null],
  ['Epsilon (USA)', 'USA', null, 0, 'incomplete'],
  ['Hidden (USA)', 'USA', null, 0, 'verified'],
  [TRICKY, 'USA', null, 0, null],
  ['[BIOS] Game Boy Advance (World)', 'World', null, 1, null],
];

async function setup() {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  const admin = await login(test.app);
  const files = ['Alpha (USA).gba', 'Beta.gba', 'Epsilon (USA).gba', 'Hidden (USA).gba'];
  writeTree(
    test.config.libraryDir,
    Object.fromEntries(files.map((name) => [`roms/gba/${name}`, `bytes of ${name}`])),
  );
  await scanLibrary(test.app, admin);
  const platforms = (
    await test.app.inject({ url: '/api/platforms', headers: { cookie: admin.cookie } })
  ).json<Platform[]>();
  const gba = platforms.find((platform) => platform.fs_slug === 'gba')?.id ?? 0;
  const db = await openTestDatabase(test.dataDir);
  const dat = await db
    .insertInto('dat')
    .values({
      platform_id: gba,
      name: 'Nintendo - Game Boy Advance',
      description: 'Nintendo - Game Boy Advance',
      version: '20261129-000000',
      author: 'No-Intro',
      homepage: null,
      header_name: 'Nintendo - Game Boy Advance',
      format: 'logiqx',
      source: 'upload',
      source_path: null,
      file_name: 'gba.dat',
      file_size_bytes: 1000,
      file_mtime_ms: null,
      game_count: GAMES.length,
      rom_count: GAMES.length + 1,
      imported_at: '2026-11-29T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const roms = await db.selectFrom('rom').select(['id', 'fs_name']).execute();
  const romIds: Record<string, number> = {};
  for (const [index, [name, region, languages, isBios, status]] of GAMES.entries()) {
    const game = await db
      .insertInto('dat_game')
      .values({
        dat_id: dat.id,
        name,
        description: name,
        clone_of: null,
        rom_of: null,
        region,
        languages,
        is_bios: isBios,
        category: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tracks = name.startsWith('Epsilon') ? ['Track 1', 'Track 2'] : [''];
    for (const [track, suffix] of tracks.entries()) {
      await db
        .insertInto('dat_rom')
        .values({
          dat_id: dat.id,
          dat_game_id: game.id,
          name: `${name}${suffix === '' ? '' : ` (${suffix})`}.gba`,
          size: 1000 * (index + 1) + track,
          crc32: (0x10000000 + index * 16 + track).toString(16),
          md5: null,
          sha1: index === 2 ? 'a'.repeat(40) : null,
          status: null,
        })
        .execute();
    }
    if (status === null) continue;
    const stem = name.startsWith('Beta') ? 'Beta' : name;
    const rom = roms.find((row) => row.fs_name === `${stem}.gba`);
    if (rom === undefined) throw new Error(`no ROM for ${name}`);
    romIds[name] = rom.id;
    await db
      .insertInto('rom_dat_status')
      .values({ rom_id: rom.id, dat_id: dat.id, dat_game_id: game.id, status })
      .execute();
  }
  await db.destroy();
  const viewerUser = await addUser(test.app, 'viewer', 'viewer');
  const viewer = await login(test.app, 'viewer', 'viewer-pass');
  return { ...test, admin, viewer, viewerUser, gba, datId: dat.id, romIds };
}

async function get(app: FastifyInstance, session: Session, url: string) {
  const response = await app.inject({ url, headers: { cookie: session.cookie } });
  return response;
}

async function sets(app: FastifyInstance, session: Session, query = '') {
  const response = await get(app, session, `/api/completeness${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CompletenessSet[]>();
}

const figure = (set: CompletenessSet | undefined) =>
  set && { games: set.games, owned: set.owned, missing: set.missing, incomplete: set.incomplete };

describe('completeness against bound DATs', () => {
  it('counts the games of the set the library has, by region and language', async () => {
    const { app, admin, gba, datId } = await setup();
    const [whole] = await sets(app, admin);
    expect(whole).toEqual({
      dat_id: datId,
      platform_id: gba,
      dat_name: 'Nintendo - Game Boy Advance',
      dat_version: '20261129-000000',
      region: null,
      language: null,
      games: 7,
      owned: 3,
      missing: 4,
      incomplete: 1,
      regions: [
        { value: 'USA', count: 5 },
        { value: 'Europe', count: 2 },
        { value: 'Japan', count: 1 },
      ],
      languages: [
        { value: 'En', count: 1 },
        { value: 'Fr', count: 1 },
      ],
    });
    expect(figure((await sets(app, admin, `?platform_id=${String(gba)}&region=USA`))[0])).toEqual({
      games: 5,
      owned: 2,
      missing: 3,
      incomplete: 1,
    });
    // English: tagged En, or untagged from a region that speaks it.
    expect(figure((await sets(app, admin, '?language=En'))[0])).toEqual({
      games: 6,
      owned: 3,
      missing: 3,
      incomplete: 1,
    });
    expect(figure((await sets(app, admin, '?language=Ja'))[0])).toEqual({
      games: 1,
      owned: 0,
      missing: 1,
      incomplete: 0,
    });
    expect(await sets(app, admin, `?platform_id=${String(gba + 1000)}`)).toEqual([]);
  });

  it('leaves out a DAT still importing (its entries are only partly written)', async () => {
    const { app, admin, gba, datId, dataDir } = await setup();
    const db = await openTestDatabase(dataDir);
    await db
      .insertInto('dat')
      .values({
        platform_id: gba,
        name: 'Nintendo - Game Boy Advance',
        description: null,
        version: '20261130-000000',
        author: null,
        homepage: null,
        header_name: 'Nintendo - Game Boy Advance',
        format: 'logiqx',
        source: 'upload',
        source_path: null,
        file_name: 'gba-newer.dat',
        file_size_bytes: 2000,
        file_mtime_ms: null,
        game_count: 0,
        rom_count: 0,
        imported_at: '2026-11-30T00:00:00.000Z',
        importing: 1,
      })
      .execute();
    await db.destroy();
    expect((await sets(app, admin)).map((set) => set.dat_id)).toEqual([datId]);
  });

  it('lists, searches and pages the missing games by name', async () => {
    const { app, admin, datId } = await setup();
    const url = `/api/completeness/${String(datId)}/missing`;
    const page = (await get(app, admin, url)).json<MissingGamesPage>();
    expect(page.total).toBe(4);
    expect(page.items.map((game) => [game.name, game.incomplete, game.file_count])).toEqual([
      ['Delta (Japan)', false, 1],
      ['Epsilon (USA)', true, 2],
      ['Gamma (USA, Europe)', false, 1],
      [TRICKY, false, 1],
    ]);
    expect(page.items[2]).toEqual({
      id: page.items[2]?.id,
      name: 'Gamma (USA, Europe)',
      region: 'USA, Europe',
      languages: null,
      size: 3000,
      file_count: 1,
      incomplete: false,
    });
    const second = (await get(app, admin, `${url}?limit=2&offset=2`)).json<MissingGamesPage>();
    expect(second.items.map((game) => game.name)).toEqual(['Gamma (USA, Europe)', TRICKY]);
    expect(second.total).toBe(4);
    const searched = (
      await get(app, admin, `${url}?search=AMM&region=USA`)
    ).json<MissingGamesPage>();
    expect(searched.items.map((game) => game.name)).toEqual(['Gamma (USA, Europe)']);
    expect(searched.total).toBe(1);
    expect((await get(app, admin, '/api/completeness/999/missing')).statusCode).toBe(404);
    expect((await get(app, admin, `${url}?limit=0`)).statusCode).toBe(422);
  });

  it('exports the missing games as CSV and as a fixdat that parses back', async () => {
    const { app, admin, datId } = await setup();
    const csv = await get(app, admin, `/api/completeness/${String(datId)}/missing.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toBe(
      'Name,Region,Languages,Size (bytes),Files,Status\n' +
        '"Gamma (USA, Europe)","USA, Europe",,3000,1,missing\n' +
        'Delta (Japan),Japan,,4000,1,missing\n' +
        'Epsilon (USA),USA,,10001,2,incomplete\n' +
        '"Zeta, ""the"" <Game> & more (USA)",USA,,7000,1,missing\n',
    );

    const fixdat = await get(app, admin, `/api/completeness/${String(datId)}/fixdat?region=USA`);
    expect(fixdat.statusCode).toBe(200);
    expect(fixdat.headers['content-disposition']).toContain('Fix_Nintendo - Game Boy Advance.dat');
    const parsed = parseLogiqx(fixdat.body);
    expect(parsed.header).toEqual({
      name: 'Fix_Nintendo - Game Boy Advance',
      description: 'Nintendo - Game Boy Advance (missing games)',
      version: '20261129-000000',
      author: 'RomShelf',
    });
    expect(parsed.games).toEqual([
      {
        name: 'Gamma (USA, Europe)',
        roms: [
          { name: 'Gamma (USA, Europe).gba', size: '3000', crc: '10000020', sha1: 'a'.repeat(40) },
        ],
      },
      {
        name: 'Epsilon (USA)',
        roms: [
          { name: 'Epsilon (USA) (Track 1).gba', size: '5000', crc: '10000040' },
          { name: 'Epsilon (USA) (Track 2).gba', size: '5001', crc: '10000041' },
        ],
      },
      { name: TRICKY, roms: [{ name: `${TRICKY}.gba`, size: '7000', crc: '10000060' }] },
    ]);
  });

  it('counts a game only its hidden ROM has as missing, and hides a hidden platform’s sets', async () => {
    const { app, admin, viewer, viewerUser, gba, datId, romIds } = await setup();
    const hide = async (entity: string, entityId: number) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/permissions/hidden',
        headers: { cookie: admin.cookie, 'x-csrftoken': admin.csrf },
        payload: { entity, entity_id: entityId, user_id: viewerUser.id },
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
    };
    await hide('roms', romIds['Hidden (USA)'] ?? 0);
    expect(figure((await sets(app, viewer))[0])).toEqual({
      games: 7,
      owned: 2,
      missing: 5,
      incomplete: 1,
    });
    expect(figure((await sets(app, admin))[0])?.owned).toBe(3);
    await hide('platforms', gba);
    expect(await sets(app, viewer)).toEqual([]);
    const missing = await get(app, viewer, `/api/completeness/${String(datId)}/missing`);
    expect(missing.statusCode).toBe(404);
    expect((await get(app, viewer, `/api/completeness/${String(datId)}/fixdat`)).statusCode).toBe(
      404,
    );
  });
});

/** A Logiqx datafile's header fields and games with their ROM attributes. */
function parseLogiqx(text: string) {
  const parser = new SaxesParser();
  const header: Record<string, string> = {};
  const games: { name: string; roms: Record<string, string>[] }[] = [];
  const path: string[] = [];
  parser.on('opentag', (tag) => {
    path.push(tag.name);
    const attributes: Record<string, string> = { ...tag.attributes };
    if (tag.name === 'game') games.push({ name: attributes.name ?? '', roms: [] });
    if (tag.name === 'rom') games.at(-1)?.roms.push(attributes);
  });
  parser.on('text', (value) => {
    const [parent, field] = path.slice(-2);
    if (parent === 'header' && field !== undefined && field !== 'date' && value.trim() !== '') {
      header[field] = value;
    }
  });
  parser.on('closetag', () => path.pop());
  parser.write(text).close();
  return { header, games };
}
