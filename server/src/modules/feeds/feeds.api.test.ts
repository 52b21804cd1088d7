import type { Platform, RomListPage } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { ADMIN_AUTH, buildTestApp, createFirstAdmin, login } from '../../../test/build-test-app.js';
import { listenOnce, scanLibrary, writeTree } from '../../../test/library-fixtures.js';
import type { RommShape } from '../../../test/romm-shape.js';
import { expectRommShape } from '../../../test/romm-shape.js';

/*
 * RomM's feed models (`backend/endpoints/responses/feeds.py`), with the optional (NotRequired)
 * keys RomShelf sends for this library.
 */
const ROMM_TINFOIL_TITLE: RommShape = {
  id: 'str',
  name: 'str',
  description: 'str',
  region: 'str',
  publisher: 'str',
  releaseDate: 'int',
  size: 'int',
  version: 'int',
  rating: 'int',
  rank: 'int',
};
const ROMM_TINFOIL_FEED: RommShape = {
  files: { listOf: { url: 'str', size: 'int' } },
  directories: 'list',
  titledb: 'object',
  success: 'str',
};
const ROMM_WEBRCADE_ITEM: RommShape = {
  title: 'str',
  description: 'str',
  type: 'str',
  props: { rom: 'str' },
};
const ROMM_FPKGI_ITEM: RommShape = {
  name: 'str',
  size: 'int',
  title_id: 'str',
  region: 'str?',
  version: 'str?',
  release: 'str?',
  min_fw: 'str?',
  cover_url: 'str?',
};

const ORIGIN = 'http://localhost:80';
const LIBRARY = {
  'roms/switch/Zelda (USA) [01007EF00011E000].nsp': 'switch-zelda',
  'roms/switch/Readme.txt': 'not a game',
  'roms/psvita/Gravity Rush (USA) [PCSA-00011]/Gravity Rush (USA) [PCSA-00011].pkg': 'vita-game',
  'roms/psvita/Gravity Rush (USA) [PCSA-00011]/dlc/Costume Pack [PCSA-00011].pkg': 'vita-dlc',
  'roms/psp/Loco Roco (Europe).pkg': 'psp-game',
  'roms/psx/Ape Escape (USA).pkg': 'psx-game',
  'roms/ps4/Bloodborne (Europe).pkg': 'ps4-bloodborne',
  'roms/nds/Mario Kart DS (USA, Europe).nds': 'nds-mario',
  'roms/nes/Tetris "Deluxe" (USA).nes': 'nes-tetris',
};

async function setup(env: Record<string, string> = {}) {
  const test = await buildTestApp({ env });
  await createFirstAdmin(test.app);
  writeTree(test.config.libraryDir, LIBRARY);
  await scanLibrary(test.app, await login(test.app));
  const platforms = (
    await test.app.inject({ url: '/api/platforms', headers: { authorization: ADMIN_AUTH } })
  ).json<Platform[]>();
  const romsOf = async (slug: string) => {
    const platform = platforms.find((item) => item.fs_slug === slug);
    const page = await test.app.inject({
      url: `/api/roms?platform_ids=${platform?.id ?? 0}&with_files=true`,
      headers: { authorization: ADMIN_AUTH },
    });
    return page.json<RomListPage>().items;
  };
  return { ...test, romsOf };
}

async function get(app: FastifyInstance, url: string, authorization = ADMIN_AUTH) {
  return app.inject({ url, headers: { authorization } });
}

async function createToken(app: FastifyInstance, scopes: string[]): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/client-tokens',
    headers: { authorization: ADMIN_AUTH },
    payload: { name: 'Vita', scopes },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ raw_token: string }>().raw_token;
}

describe('console feeds', () => {
  it("Tinfoil: the Switch platform's installable files and their titles, as RomM's model", async () => {
    const { app, romsOf } = await setup();
    const files = (await romsOf('switch')).flatMap((rom) => rom.files);
    const file = files.find((item) => item.file_name.endsWith('.nsp'));
    const response = await get(app, '/api/feeds/tinfoil');
    expect(response.statusCode, response.body).toBe(200);
    const feed = response.json<Record<string, unknown>>();
    expectRommShape(feed, ROMM_TINFOIL_FEED, 'tinfoil');
    expect(feed).toEqual({
      files: [
        {
          url: `${ORIGIN}/api/roms/${file?.id}/files/content/Zelda%20(USA)%20%5B01007EF00011E000%5D.nsp`,
          size: 12,
        },
      ],
      directories: [],
      success: 'RomShelf Switch Library',
      titledb: {
        '01007EF00011E000': {
          id: '01007EF00011E000',
          name: 'Zelda',
          description: '',
          region: 'US',
          publisher: '',
          releaseDate: 19700101,
          size: 12,
          version: 0,
          rating: 0,
          rank: 0,
        },
      },
    });
    expectRommShape(
      (feed.titledb as Record<string, unknown>)['01007EF00011E000'],
      ROMM_TINFOIL_TITLE,
      'titledb',
    );
    const other = await get(app, '/api/feeds/tinfoil?slug=wiiu');
    expect(other.json()).toEqual({
      files: [],
      directories: [],
      error: 'Nintendo Switch platform not found',
    });
  });

  it("Tinfoil greets with TINFOIL_WELCOME_MESSAGE, as RomM's setting", async () => {
    const { app } = await setup({ TINFOIL_WELCOME_MESSAGE: 'Welcome to the shelf' });
    const feed = (await get(app, '/api/feeds/tinfoil')).json<{ success: string }>();
    expect(feed.success).toBe('Welcome to the shelf');
  });

  it('webRcade: a category per platform it plays, each game downloadable whole', async () => {
    const { app, romsOf } = await setup();
    const [tetris] = await romsOf('nes');
    const [ape] = await romsOf('psx');
    const response = await get(app, '/api/feeds/webrcade');
    expect(response.statusCode, response.body).toBe(200);
    const feed = response.json<{ categories: { items: unknown[] }[] }>();
    expect(feed).toEqual({
      title: 'RomShelf Feed',
      longTitle: 'Custom RomShelf Feed',
      description: 'Custom feed from your RomShelf library',
      thumbnail: `${ORIGIN}/logo.svg`,
      background: `${ORIGIN}/logo.svg`,
      categories: [
        {
          title: 'Nintendo Entertainment System',
          longTitle: 'Nintendo Entertainment System Games',
          items: [
            {
              title: 'Tetris "Deluxe"',
              description: '',
              type: 'nes',
              props: {
                rom: `${ORIGIN}/api/roms/${tetris?.id}/content/Tetris%20%22Deluxe%22%20(USA).nes`,
              },
            },
          ],
        },
        {
          title: 'PlayStation',
          longTitle: 'PlayStation Games',
          items: [
            {
              title: 'Ape Escape',
              description: '',
              type: 'psx',
              props: { rom: `${ORIGIN}/api/roms/${ape?.id}/content/Ape%20Escape%20(USA).pkg` },
            },
          ],
        },
      ],
    });
    expectRommShape(feed.categories[0]?.items[0], ROMM_WEBRCADE_ITEM, 'webrcade item');
  });

  it('PKGi: CSV lines of the .pkg files of one content type; bad types 400, other platforms 404', async () => {
    const { app, romsOf } = await setup();
    const [gravity] = await romsOf('psvita');
    const game = gravity?.files.find((item) => item.category === 'game');
    const dlc = gravity?.files.find((item) => item.category === 'dlc');
    const games = await get(app, '/api/feeds/pkgi/psvita/game');
    expect(games.statusCode, games.body).toBe(200);
    expect(games.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(games.headers['content-disposition']).toBe('filename=pkgi_game.txt');
    expect(games.body).toBe(
      `UP9644-PCSA00011_00-0000000000000000,0,"Gravity Rush",,,"${ORIGIN}/api/roms/${game?.id}/files/content/Gravity%20Rush%20(USA)%20%5BPCSA-00011%5D.pkg",9,${game?.sha1_hash}`,
    );
    const dlcs = await get(app, '/api/feeds/pkgi/psvita/dlc');
    expect(dlcs.body).toBe(
      `UP9644-PCSA00011_00-0000000000000000,0,"Costume Pack",,,"${ORIGIN}/api/roms/${dlc?.id}/files/content/Costume%20Pack%20%5BPCSA-00011%5D.pkg",8,${dlc?.sha1_hash}`,
    );
    const [loco] = await romsOf('psp');
    const psp = await get(app, '/api/feeds/pkgi/psp/game');
    const locoFile = loco?.files[0];
    expect(psp.body).toBe(
      `UP9644-${String(locoFile?.id).padStart(9, '0')}_00-0000000000000000,1,"Loco Roco",,,"${ORIGIN}/api/roms/${locoFile?.id}/files/content/Loco%20Roco%20(Europe).pkg",8,${locoFile?.sha1_hash}`,
    );
    expect((await get(app, '/api/feeds/pkgi/psp/hack')).json()).toEqual({
      detail: 'Invalid content type: hack',
    });
    expect((await get(app, '/api/feeds/pkgi/ps3/game')).json()).toEqual({
      detail: 'PlayStation 3 platform not found',
    });
    expect((await get(app, '/api/feeds/pkgi/n64/game')).statusCode).toBe(404);
  });

  it('pkgj: TSV lists with their header row, for PS Vita, PSP and PS games and DLC', async () => {
    const { app, romsOf } = await setup();
    const [gravity] = await romsOf('psvita');
    const game = gravity?.files.find((item) => item.category === 'game');
    const response = await get(app, '/api/feeds/pkgj/psvita/games');
    expect(response.statusCode, response.body).toBe(200);
    const [header, row, ...rest] = response.body.split('\n');
    expect(rest).toEqual([]);
    expect(header?.split('\t')).toEqual([
      'Title ID',
      'Region',
      'Name',
      'PKG direct link',
      'zRIF',
      'Content ID',
      'Last Modification Date',
      'Original Name',
      'File Size',
      'SHA256',
      'Required FW',
      'App Version',
    ]);
    const cells = row?.split('\t') ?? [];
    expect(cells).toHaveLength(12);
    expect(cells.slice(0, 6)).toEqual([
      'PCSA00011',
      'US',
      'Gravity Rush',
      `${ORIGIN}/api/roms/${game?.id}/files/content/Gravity%20Rush%20(USA)%20%5BPCSA-00011%5D.pkg`,
      '',
      'UP9644-PCSA00011_00-0000000000000000',
    ]);
    expect(cells[6]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(cells.slice(7)).toEqual(['Gravity Rush', '9', '', '', '']);

    const dlc = (await get(app, '/api/feeds/pkgj/psvita/dlc')).body.split('\n');
    expect(dlc).toHaveLength(2);
    expect(dlc[1]?.split('\t').slice(0, 3)).toEqual(['PCSA00011', 'US', 'Gravity Rush']);
    const psp = (await get(app, '/api/feeds/pkgj/psp/games')).body.split('\n');
    expect(psp[0]?.split('\t')[2]).toBe('Type');
    expect(psp[1]?.split('\t').slice(1, 4)).toEqual(['EU', 'PSP', 'Loco Roco']);
    const psx = (await get(app, '/api/feeds/pkgj/psx/games')).body.split('\n');
    expect(psx).toHaveLength(2);
    expect((await get(app, '/api/feeds/pkgj/psp/dlc')).body.split('\n')).toHaveLength(1);
  });

  it('FPKGi: games keyed by their download link; Kekatsu: tab-separated lines after its header', async () => {
    const { app, romsOf } = await setup();
    const [bloodborne] = await romsOf('ps4');
    const fpkgi = await get(app, '/api/feeds/fpkgi/ps4');
    expect(fpkgi.statusCode, fpkgi.body).toBe(200);
    const link = `${ORIGIN}/api/roms/${bloodborne?.id}/content/Bloodborne%20(Europe).pkg`;
    const data = fpkgi.json<{ DATA: Record<string, unknown> }>().DATA;
    expect(data).toEqual({
      [link]: {
        name: 'Bloodborne',
        size: 14,
        title_id: `ROMM${String(bloodborne?.id).padStart(5, '0')}`,
        region: 'Europe',
        version: null,
        release: null,
        min_fw: null,
        cover_url: null,
      },
    });
    expectRommShape(data[link], ROMM_FPKGI_ITEM, 'fpkgi item');
    expect((await get(app, '/api/feeds/fpkgi/ps5')).json()).toEqual({
      detail: 'Platform ps5 not found',
    });

    const [mario] = await romsOf('nds');
    const kekatsu = await get(app, '/api/feeds/kekatsu/nds');
    expect(kekatsu.headers['content-disposition']).toBe('filename=kekatsu_nds.txt');
    expect(kekatsu.body).toBe(
      [
        '1',
        '\t',
        [
          'Mario Kart DS',
          'nds',
          'USA',
          '1.0.0',
          'RomShelf',
          `${ORIGIN}/api/roms/${mario?.id}/content/Mario%20Kart%20DS%20(USA%2C%20Europe).nds`,
          'Mario Kart DS (USA, Europe).nds',
          '9',
          '',
        ].join('\t'),
      ].join('\n'),
    );
  });

  it('a console app with only a client token in the URL reads the feed and downloads through its links', async () => {
    const { app } = await setup();
    const token = await createToken(app, ['roms.read']);
    // Over real HTTP, as a console would: the links name the address the feed was asked at.
    const base = await listenOnce(app);
    const feed = await fetch(`${base}/api/feeds/pkgj/psvita/games?token=${token}`);
    expect(feed.status).toBe(200);
    const link = (await feed.text()).split('\n')[1]?.split('\t')[3] ?? '';
    expect(link.startsWith(`${base}/api/roms/`)).toBe(true);
    expect(link.endsWith(`?token=${token}`)).toBe(true);
    const download = await fetch(link);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('Gravity');
    expect(await download.text()).toBe('vita-game');
    expect((await fetch(link.split('?')[0] ?? '')).status).toBe(401);

    const bearerFeed = await get(app, '/api/feeds/kekatsu/nds', `Bearer ${token}`);
    const romLink = bearerFeed.body.split('\n')[2]?.split('\t')[5] ?? '';
    expect(romLink).not.toContain('token=');
    const bearerDownload = await get(app, romLink.slice(ORIGIN.length), `Bearer ${token}`);
    expect(bearerDownload.body).toBe('nds-mario');

    // A token the request did not sign in with stays out of the links.
    const withBasic = await get(app, `/api/feeds/kekatsu/nds?token=${token}`);
    expect(withBasic.body).not.toContain('token=');
    const wrong = await app.inject({ url: '/api/feeds/webrcade?token=rmm_not-a-token' });
    expect(wrong.statusCode).toBe(401);
    const narrow = await createToken(app, ['me.read']);
    expect((await app.inject({ url: `/api/feeds/webrcade?token=${narrow}` })).statusCode).toBe(403);
    // Elsewhere a token in the URL is not a credential.
    expect((await app.inject({ url: `/api/platforms?token=${token}` })).statusCode).toBe(401);
  });
});
