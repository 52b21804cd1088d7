import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

import type { ExportPlatformSummary, Platform, RomListPage } from '@romshelf/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { seedRoles } from '../../../test/accounts.js';
import {
  ADMIN_AUTH,
  basic,
  buildTestApp,
  login,
  openTestDatabase,
} from '../../../test/build-test-app.js';
import { parseGamelist, parsePegasus } from '../../../test/export-parsers.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';

const TOM = 'Tom & Jerry (USA).sfc';
const DQ = 'ドラゴンクエスト (Japan).sfc';
const PLAIN = 'Plain.sfc';
const TOM_NAME = `Tom & Jerry <"Rock'n'Roll">`;

async function setup() {
  const test = await buildTestApp();
  const users = await seedRoles(test.app);
  writeTree(test.config.libraryDir, {
    [`roms/snes/${TOM}`]: 'tom',
    [`roms/snes/${DQ}`]: 'dq',
    [`roms/snes/${PLAIN}`]: 'plain',
    'roms/gba/Metroid.gba': 'metroid',
  });
  const session = await login(test.app);
  await scanLibrary(test.app, session);
  const platforms = (
    await test.app.inject({ url: '/api/platforms', headers: { authorization: ADMIN_AUTH } })
  ).json<Platform[]>();
  const snes = platforms.find((platform) => platform.fs_slug === 'snes') as Platform;
  const page = (
    await test.app.inject({ url: '/api/roms?limit=100', headers: { authorization: ADMIN_AUTH } })
  ).json<RomListPage>();
  const romId = (fsName: string) => page.items.find((rom) => rom.fs_name === fsName)?.id ?? 0;
  const db = await openTestDatabase(test.dataDir);
  try {
    const metadatum = {
      genres: ['Action', 'Platform'],
      companies: ['Hudson', 'Hi Tech'],
      player_count: '1-2',
      first_release_date: Date.UTC(1993, 10, 5),
      average_rating: 85,
    };
    await sql`UPDATE rom SET igdb_id = 77, name = ${TOM_NAME},
      summary = ${'Line one\nLine two\n\nPara two\u0001'},
      metadatum = ${JSON.stringify(metadatum)}, youtube_video_id = 'yt-1',
      cover_updated_at = '2026-11-01T00:00:00.000Z' WHERE fs_name = ${TOM}`.execute(db);
  } finally {
    await db.destroy();
  }
  const tomId = romId(TOM);
  writeTree(test.dataDir, {
    [`resources/roms/${String(snes.id)}/${String(tomId)}/cover/big.webp`]: 'cover-bytes',
  });
  const snesFolder = path.join(test.config.libraryDir, 'roms', 'snes');
  return { ...test, ...users, session, snes, romId, tomId, snesFolder };
}

type Setup = Awaited<ReturnType<typeof setup>>;

function post(t: Setup, format: string, query: string, auth = ADMIN_AUTH) {
  return t.app.inject({
    method: 'POST',
    url: `/api/export/${format}?${query}`,
    headers: { authorization: auth },
  });
}

function gamesByName(games: Record<string, string>[]) {
  return new Map(games.map((game) => [game.name, game]));
}

describe('POST /api/export/gamelist-xml', () => {
  it('writes a gamelist.xml ES-DE reads into the platform folder, with local paths and media copied', async () => {
    const t = await setup();
    expect(existsSync(path.join(t.snesFolder, 'gamelist.xml'))).toBe(false);
    const response = await post(
      t,
      'gamelist-xml',
      `platform_ids=${String(t.snes.id)}&local_export=true`,
    );
    expect(response.statusCode, response.body).toBe(200);

    const xml = readFileSync(path.join(t.snesFolder, 'gamelist.xml'), 'utf8');
    const games = gamesByName(parseGamelist(xml));
    expect([...games.keys()].sort()).toEqual(['Plain', TOM_NAME, 'ドラゴンクエスト'].sort());
    expect(games.get(TOM_NAME)).toEqual({
      path: `./${TOM}`,
      name: TOM_NAME,
      sortname: 'Tom & Jerry',
      desc: 'Line one\nLine two\n\nPara two',
      rating: '0.85',
      releasedate: '19931105T000000',
      developer: 'Hudson',
      publisher: 'Hi Tech',
      genre: 'Action, Platform',
      players: '1-2',
      region: 'USA',
      thumbnail: './assets/covers/Tom & Jerry (USA).webp',
      video: 'https://www.youtube.com/embed/yt-1',
      scrap: 'RomShelf',
    });
    expect(games.get('Plain')).toEqual({ path: './Plain.sfc', name: 'Plain', scrap: 'RomShelf' });
    expect(games.get('ドラゴンクエスト')).toEqual({
      path: `./${DQ}`,
      name: 'ドラゴンクエスト',
      region: 'Japan',
      scrap: 'RomShelf',
    });
    expect(xml).toContain('<name>Tom &amp; Jerry &lt;&quot;Rock&apos;n&apos;Roll&quot;&gt;</name>');
    expect(
      readFileSync(path.join(t.snesFolder, 'assets', 'covers', 'Tom & Jerry (USA).webp'), 'utf8'),
    ).toBe('cover-bytes');
    // Only the finished file: nothing half-written is left beside it.
    expect(readdirSync(t.snesFolder).sort()).toEqual(
      [DQ, PLAIN, TOM, 'assets', 'gamelist.xml'].sort(),
    );
  });

  it('writes URLs without local_export, replaces the old file whole, and a rescan ignores both', async () => {
    const t = await setup();
    writeFileSync(path.join(t.snesFolder, 'gamelist.xml'), '<gameList>old</gameList>');
    const response = await post(t, 'gamelist-xml', `platform_ids=${String(t.snes.id)}`);
    expect(response.statusCode, response.body).toBe(200);
    const games = gamesByName(
      parseGamelist(readFileSync(path.join(t.snesFolder, 'gamelist.xml'), 'utf8')),
    );
    const tom = games.get(TOM_NAME);
    expect(tom?.path).toBe(
      `http://localhost:80/api/roms/${String(t.tomId)}/content/${encodeURIComponent(TOM)}`,
    );
    expect(tom?.thumbnail).toBe(
      `http://localhost:80/assets/romm/resources/roms/${String(t.snes.id)}/${String(t.tomId)}/cover/big.webp`,
    );
    const stats = await scanLibrary(t.app, t.session, { platforms: [t.snes.id] });
    expect(stats.new_roms).toBe(0);
  });

  it('exports several platforms at once, each into its own folder', async () => {
    const t = await setup();
    const gba = t.romId('Metroid.gba');
    expect(gba).toBeGreaterThan(0);
    const platforms = (
      await t.app.inject({ url: '/api/platforms', headers: { authorization: ADMIN_AUTH } })
    ).json<Platform[]>();
    const ids = platforms.map((platform) => `platform_ids=${String(platform.id)}`).join('&');
    const response = await post(t, 'gamelist-xml', `${ids}&local_export=1`);
    expect(response.statusCode, response.body).toBe(200);
    const metroid = parseGamelist(
      readFileSync(path.join(t.config.libraryDir, 'roms', 'gba', 'gamelist.xml'), 'utf8'),
    );
    expect(metroid).toEqual([{ path: './Metroid.gba', name: 'Metroid', scrap: 'RomShelf' }]);
  });

  it('answers 400 without platforms, 404 for an unknown one (writing nothing), 401 signed out', async () => {
    const t = await setup();
    const none = await post(t, 'gamelist-xml', 'local_export=true');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ detail: 'At least one platform ID must be provided' });
    const unknown = await post(
      t,
      'gamelist-xml',
      `platform_ids=${String(t.snes.id)}&platform_ids=999`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Platform with ID 999 not found' });
    expect(existsSync(path.join(t.snesFolder, 'gamelist.xml'))).toBe(false);
    const malformed = await post(t, 'gamelist-xml', 'platform_ids=abc');
    expect(malformed.statusCode).toBe(422);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/export/gamelist-xml?platform_ids=${String(t.snes.id)}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses media folders that lead out of the library (400) and leaves the old file', async () => {
    const t = await setup();
    const outside = path.join(t.dataDir, 'outside');
    mkdirSync(outside);
    mkdirSync(path.join(t.snesFolder, 'assets'));
    symlinkSync(outside, path.join(t.snesFolder, 'assets', 'covers'));
    writeFileSync(path.join(t.snesFolder, 'gamelist.xml'), 'old');
    const response = await post(
      t,
      'gamelist-xml',
      `platform_ids=${String(t.snes.id)}&local_export=true`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Folder roms/snes/assets/covers lies outside its root folder',
    });
    expect(readdirSync(outside)).toEqual([]);
    expect(readFileSync(path.join(t.snesFolder, 'gamelist.xml'), 'utf8')).toBe('old');
  });

  it('lets a viewer export (roms.read, as RomM)', async () => {
    const t = await setup();
    const auth = basic(t.viewer.username, t.viewer.password);
    const response = await post(t, 'gamelist-xml', `platform_ids=${String(t.snes.id)}`, auth);
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('POST /api/export/pegasus', () => {
  it('writes a metadata.pegasus.txt that follows the grammar, with local paths', async () => {
    const t = await setup();
    const response = await post(
      t,
      'pegasus',
      `platform_ids=${String(t.snes.id)}&local_export=true`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const text = readFileSync(path.join(t.snesFolder, 'metadata.pegasus.txt'), 'utf8');
    const { collection, games } = parsePegasus(text);
    expect(collection).toEqual({
      collection: ['Super Nintendo Entertainment System'],
      shortname: ['snes'],
    });
    const byName = new Map(games.map((game) => [game.game?.[0], game]));
    expect(byName.get(TOM_NAME)).toEqual({
      game: [TOM_NAME],
      file: [TOM],
      'sort-by': ['Tom & Jerry'],
      developer: ['Hudson'],
      publisher: ['Hi Tech'],
      genres: ['Action', 'Platform'],
      players: ['1-2'],
      description: ['Line one', 'Line two', '', 'Para two'],
      release: ['1993-11-05'],
      rating: ['85%'],
      'assets.box_front': ['assets/covers/Tom & Jerry (USA).webp'],
      'assets.video': ['https://www.youtube.com/embed/yt-1'],
      'x-region': ['USA'],
      'x-romm-id': [String(t.tomId)],
    });
    expect(byName.get('Plain')).toEqual({
      game: ['Plain'],
      file: ['Plain.sfc'],
      'x-romm-id': [String(t.romId(PLAIN))],
    });
    expect(byName.get('ドラゴンクエスト')).toEqual({
      game: ['ドラゴンクエスト'],
      file: [DQ],
      'x-region': ['Japan'],
      'x-romm-id': [String(t.romId(DQ))],
    });
  });
});

describe('GET /api/export/{format}', () => {
  it('downloads a platform’s gamelist.xml as an attachment without writing it', async () => {
    const t = await setup();
    const response = await t.app.inject({
      url: `/api/export/gamelist-xml?platform_id=${String(t.snes.id)}&local_export=true`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="gamelist.xml"; filename*=UTF-8''gamelist.xml`,
    );
    const tom = gamesByName(parseGamelist(response.body)).get(TOM_NAME);
    expect(tom?.path).toBe(`./${TOM}`);
    expect(tom?.thumbnail).toBe(
      `http://localhost:80/assets/romm/resources/roms/${String(t.snes.id)}/${String(t.tomId)}/cover/big.webp`,
    );
    expect(existsSync(path.join(t.snesFolder, 'gamelist.xml'))).toBe(false);
    expect(existsSync(path.join(t.snesFolder, 'assets'))).toBe(false);
  });

  it('downloads a Pegasus file, and answers 404 for an unknown platform', async () => {
    const t = await setup();
    const response = await t.app.inject({
      url: `/api/export/pegasus?platform_id=${String(t.snes.id)}`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const { games } = parsePegasus(response.body);
    expect(games.map((game) => game.file?.[0]).sort()).toEqual(
      [TOM, DQ, PLAIN]
        .map(
          (name) =>
            `http://localhost:80/api/roms/${String(t.romId(name))}/content/${encodeURIComponent(name)}`,
        )
        .sort(),
    );
    const unknown = await t.app.inject({
      url: '/api/export/pegasus?platform_id=999',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Platform with ID 999 not found' });
  });
});

describe('GET /api/export/summary', () => {
  it('counts the games on disk an export would list, and names the folder it is written to', async () => {
    const t = await setup();
    await import('node:fs/promises').then(({ rm }) => rm(path.join(t.snesFolder, PLAIN)));
    await scanLibrary(t.app, t.session, { platforms: [t.snes.id] });
    const response = await t.app.inject({
      url: `/api/export/summary?platform_ids=${String(t.snes.id)}`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<ExportPlatformSummary[]>()).toEqual([
      {
        platform_id: t.snes.id,
        platform_name: 'Super Nintendo Entertainment System',
        games: 2,
        folder: 'roms/snes',
      },
    ]);
  });
});

describe('config.yml scan.gamelist.export and scan.pegasus.export', () => {
  it('writes both files into each scanned platform folder after a scan', async () => {
    const t = await setup();
    expect(existsSync(path.join(t.snesFolder, 'gamelist.xml'))).toBe(false);
    writeFileSync(
      path.join(t.dataDir, 'config', 'config.yml'),
      'scan:\n  gamelist:\n    export: true\n  pegasus:\n    export: true\n',
    );
    await scanLibrary(t.app, t.session, { platforms: [t.snes.id] });
    const games = parseGamelist(readFileSync(path.join(t.snesFolder, 'gamelist.xml'), 'utf8'));
    expect(games.map((game) => game.path).sort()).toEqual(
      [`./${DQ}`, './Plain.sfc', `./${TOM}`].sort(),
    );
    const { games: pegasus } = parsePegasus(
      readFileSync(path.join(t.snesFolder, 'metadata.pegasus.txt'), 'utf8'),
    );
    expect(pegasus).toHaveLength(3);
    expect(existsSync(path.join(t.config.libraryDir, 'roms', 'gba', 'gamelist.xml'))).toBe(false);
  });
});
