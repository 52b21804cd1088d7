import { describe, expect, it } from 'vitest';

import { startFake } from '../../../../test/fakes/fake-server.js';
import { startFakeHashServices } from '../../../../test/fakes/hash-services.js';
import { startFakeIgdb } from '../../../../test/fakes/igdb.js';
import { startFakeScreenScraper } from '../../../../test/fakes/screenscraper.js';
import { startFakeSteamGridDb } from '../../../../test/fakes/steamgriddb.js';
import { ProviderError } from '../provider-http.js';
import { HasheousClient } from './hasheous/hasheous.client.js';
import { IgdbClient } from './igdb/igdb.client.js';
import { MobyGamesClient } from './moby/moby.client.js';
import { PlaymatchClient } from './playmatch/playmatch.client.js';
import type { ProviderPlatform, RomLookup } from './provider.js';
import { RetroAchievementsClient } from './ra/ra.client.js';
import { SteamGridDbClient } from './sgdb/sgdb.client.js';
import { ScreenScraperClient } from './ss/ss.client.js';

const SNES: ProviderPlatform = {
  id: 1,
  slug: 'snes',
  igdbIds: [19, 58],
  ssId: 4,
  mobyId: 15,
  raId: 3,
  launchboxName: 'Super Nintendo Entertainment System',
};

function rom(md5: string | null): RomLookup {
  return {
    romId: 1,
    fsName: 'Super Metroid (USA).sfc',
    fsNameNoTags: 'Super Metroid',
    fsSizeBytes: 3_145_728,
    crc: '3a1f9c0e',
    md5,
    sha1: null,
    raHash: md5,
    regions: ['us'],
    platform: SNES,
  };
}

const fast = { timeoutMs: 300, minIntervalMs: 0, backoffMs: 10 };

function igdbClient(origin: string, secret = 'secret') {
  return new IgdbClient({
    baseUrl: origin,
    oauthUrl: `${origin}/oauth2/token`,
    clientId: 'client',
    clientSecret: secret,
    ...fast,
  });
}

describe('IGDB client', () => {
  it('caches the Twitch token, renews it once on 401 and retries 429/5xx', async () => {
    const fake = await startFakeIgdb([{ id: 41007, name: 'Super Metroid', platforms: [19] }]);
    const client = igdbClient(fake.origin);
    expect((await client.search('super metroid', SNES, false)).map((g) => g.id)).toEqual([41007]);
    await client.search('super metroid', SNES, false);
    expect(fake.tokens).toBe(1);

    fake.revoke();
    expect((await client.byId(41007))?.name).toBe('Super Metroid');
    expect(fake.tokens).toBe(2);

    fake.enqueue({ status: 429, body: 'Too Many Requests' }, { status: 503, body: '' });
    expect((await client.byId(41007))?.id).toBe(41007);

    const body = fake.requests.find((r) => r.path === '/games')?.body ?? '';
    expect(body).toContain('where (platforms=[19] | platforms=[58]) & game_type=(10,0,11,8,9,4)');
    expect(body).toContain('search "super metroid"');
  });

  it('fails with a ProviderError on refused credentials, timeouts and malformed bodies', async () => {
    const fake = await startFakeIgdb([]);
    await expect(igdbClient(fake.origin, 'wrong').byId(1)).rejects.toThrow(/token refused/);
    const client = igdbClient(fake.origin);
    expect(await client.search('nothing here', SNES, false)).toEqual([]);
    fake.enqueue({ body: '{not json' });
    await expect(client.byId(1)).rejects.toThrow(/malformed JSON/);
    fake.enqueue({ hang: true }, { hang: true }, { hang: true });
    const error = await client.byId(1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(/timed out/);
    expect((error as Error).message).not.toContain('secret');
  });
});

describe('ScreenScraper client', () => {
  const games = [
    { id: 4821, systemId: 4, names: [{ region: 'ss', text: 'Super Metroid' }], md5: 'aa11' },
    { id: 99, systemId: 4, names: [{ region: 'ss', text: 'ZZZ(NOTGAME) Demo disc' }] },
    { id: 5000, systemId: 1, names: [{ region: 'ss', text: 'Super Metroid' }], md5: 'bb22' },
  ];
  const client = (origin: string) =>
    new ScreenScraperClient({
      baseUrl: origin,
      user: 'user',
      password: 'pass',
      devId: null,
      devPassword: null,
      ...fast,
    });

  it('reads string-typed replies, hash lookups on the system only, `jeux:[{}]` and not-a-game entries', async () => {
    const fake = await startFakeScreenScraper(games);
    const ss = client(fake.origin);
    const hit = await ss.byHash(rom('aa11'));
    expect(hit).toMatchObject({ id: 4821, name: 'Super Metroid', rating: 80, playerCount: '1-2' });
    expect(hit?.urlCover).toContain('/images/ss/4821.png?media=box-2D');
    expect(hit?.urlCover).not.toContain('sspassword');
    expect(ss.mediaUrl(hit?.urlCover ?? '')).toContain('ssid=user&sspassword=pass');
    expect(ss.mediaUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(hit?.raw).toMatchObject({ ss_score: '8', player_count: '1-2' });
    expect(await ss.byHash(rom('bb22'))).toBeNull();
    expect(await ss.search('nothing', SNES, false)).toEqual([]);
    expect((await ss.search('super metroid demo', SNES, false)).map((g) => g.id)).toEqual([4821]);
    const sent = fake.requests.find((r) => r.path === '/jeuInfos.php');
    expect(sent).toBeDefined();
  });

  it('repairs invalid escapes, maps plain-text Latin-1 errors and opens its breaker', async () => {
    const fake = await startFakeScreenScraper(games, { mode: 'bad-escape' });
    const ss = client(fake.origin);
    expect((await ss.byId(4821, SNES))?.summary).toContain('Games About');

    fake.setMode('plain-400');
    await expect(ss.byHash(rom('aa11'))).rejects.toThrow(/Champ crc, md5 ou sha1 erroné/);

    fake.setMode('quota');
    await expect(ss.byHash(rom('aa11'))).rejects.toThrow(/disabled for this scan: HTTP 430/);
    fake.setMode('ok');
    await expect(ss.byHash(rom('aa11'))).rejects.toThrow(/disabled for this scan/);
    ss.reset();
    expect((await ss.byHash(rom('aa11')))?.id).toBe(4821);

    fake.setMode('login-error');
    await expect(ss.search('super metroid', SNES, false)).rejects.toThrow(/Erreur de login/);
  });
});

describe('hash services', () => {
  it('Hasheous: array body with client key, ids case-insensitively, 404 = no match', async () => {
    const fake = await startFakeHashServices([
      { md5: 'aa11', hasheousId: 60211, name: 'Super Metroid', igdbId: 41007, raId: 7311 },
    ]);
    const hasheous = new HasheousClient({
      baseUrl: `${fake.origin}/hasheous`,
      clientKey: 'k',
      ...fast,
    });
    const match = await hasheous.lookup(rom('aa11'));
    expect(match?.ids).toEqual({ hasheous: 60211, igdb: 41007, ra: 7311, tgdb: 4242 });
    expect(match?.raw).toMatchObject({ nointro_match: true, redump_match: false });
    expect(match?.cover).toBe(`${fake.origin}/images/5B2C0F0E8D7A6B5C4D3E2F1A0B9C8D7E6F5A4B3C`);
    expect(JSON.parse(fake.requests[0]?.body ?? '')).toEqual([{ mD5: 'aa11', crc: '3a1f9c0e' }]);
    expect(await hasheous.lookup(rom('ffff'))).toBeNull();
    const noKey = new HasheousClient({
      baseUrl: `${fake.origin}/hasheous`,
      clientKey: null,
      ...fast,
    });
    await expect(noKey.lookup(rom('aa11'))).rejects.toThrow(/HTTP 401/);
  });

  it('Playmatch: provider ids, failed mappings ignored, NoMatch with a null id', async () => {
    const fake = await startFakeHashServices([
      { md5: 'aa11', playmatch: { igdb: 41007, ss: 4821, launchbox: 98765 } },
    ]);
    const playmatch = new PlaymatchClient({ baseUrl: `${fake.origin}/playmatch`, ...fast });
    expect(await playmatch.lookup(rom('aa11'))).toEqual({
      igdb: 41007,
      ss: 4821,
      launchbox: 98765,
    });
    expect(await playmatch.lookup(rom('ffff'))).toBeNull();
  });
});

describe('other providers', () => {
  it('SteamGridDB: bearer key, autocomplete, DMCA-locked grids dropped, 401 refused', async () => {
    const fake = await startFakeSteamGridDb([{ id: 36120, name: 'Super Metroid' }]);
    const sgdb = new SteamGridDbClient({ baseUrl: fake.origin, apiKey: 'sgdb-key', ...fast });
    expect(await sgdb.autocomplete('super metroid')).toEqual([
      { id: 36120, name: 'Super Metroid' },
    ]);
    const grids = await sgdb.grids(36120);
    expect(grids.map((grid) => grid.url)).toEqual([`${fake.origin}/images/sgdb/36120-1.png`]);
    expect(await sgdb.grids(1)).toEqual([]);
    const bad = new SteamGridDbClient({ baseUrl: fake.origin, apiKey: 'nope', ...fast });
    await expect(bad.autocomplete('x')).rejects.toThrow(/HTTP 401/);
  });

  it('MobyGames: api_key query parameter never in errors; normal games mapped', async () => {
    const fake = await startFake((_request, _body, url) => {
      if (url.searchParams.get('api_key') !== 'moby-key') {
        return {
          status: 401,
          body: JSON.stringify({ code: 401, error: 'Authorization required' }),
        };
      }
      return {
        body: JSON.stringify({
          games: [
            {
              game_id: 5120,
              title: 'Super Metroid',
              moby_score: 8.7,
              description: '<p>Samus</p>',
              genres: [{ genre_name: 'Platform' }],
              platforms: [
                { platform_id: 15, platform_name: 'SNES', first_release_date: '1994-03-19' },
              ],
              sample_cover: { image: `${url.origin}/images/moby.png` },
            },
          ],
        }),
      };
    });
    const moby = new MobyGamesClient({ baseUrl: fake.origin, apiKey: 'moby-key', ...fast });
    const [game] = await moby.search('super metroid', SNES, false);
    expect(game).toMatchObject({ id: 5120, rating: 87, firstReleaseDate: Date.UTC(1994, 2, 19) });
    const wrong = new MobyGamesClient({ baseUrl: fake.origin, apiKey: 'leaked-key', ...fast });
    const error: unknown = await wrong.byId(1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(/HTTP 401/);
    expect((error as Error).message).not.toContain('leaked-key');
  });

  it('RetroAchievements: hash library per console, `[]` for an unknown id', async () => {
    const fake = await startFake((_request, _body, url) => {
      if (url.pathname === '/API/API_GetGameList.php') {
        return {
          body: JSON.stringify([
            { ID: 7311, Title: 'Super Metroid', ConsoleID: 3, Hashes: ['AA11'] },
          ]),
        };
      }
      if (url.searchParams.get('i') === '7311') {
        return {
          body: JSON.stringify({
            ID: 7311,
            Title: 'Super Metroid',
            ConsoleID: 3,
            ImageBoxArt: '/Images/061125.png',
            Genre: 'Action Adventure',
            Released: '1994-03-19',
            Achievements: {
              '90121': {
                ID: 90121,
                Title: 'Morph Ball',
                Points: 3,
                BadgeName: '151002',
                type: 'progression',
              },
            },
          }),
        };
      }
      return { body: '[]' };
    });
    const ra = new RetroAchievementsClient({
      baseUrl: fake.origin,
      apiKey: 'ra-key',
      ...fast,
    });
    expect(await ra.idForHash(3, 'aa11')).toBe(7311);
    expect(await ra.idForHash(3, 'ffff')).toBeNull();
    expect(fake.requests.filter((r) => r.path === '/API/API_GetGameList.php')).toHaveLength(1);
    const game = await ra.byId(7311);
    expect(game?.urlCover).toBe(`${fake.origin}/Images/061125.png`);
    expect(game?.raw.achievements).toEqual([
      expect.objectContaining({
        title: 'Morph Ball',
        badge_url: `${fake.origin}/Badge/151002.png`,
      }),
    ]);
    expect(await ra.byId(1)).toBeNull();
  });
});
