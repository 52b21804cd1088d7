import path from 'node:path';

import type {
  DetailedRom,
  Heartbeat,
  RomListPage,
  SearchCoverResult,
  SearchRom,
} from '@romshelf/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import {
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../test/build-test-app.js';
import type { Session } from '../../../test/build-test-app.js';
import { startFakeHashServices } from '../../../test/fakes/hash-services.js';
import { startFakeIgdb } from '../../../test/fakes/igdb.js';
import { startFakeScreenScraper } from '../../../test/fakes/screenscraper.js';
import { startFakeSteamGridDb } from '../../../test/fakes/steamgriddb.js';
import { hashesOf, scanLibrary, writeTree } from '../../../test/library-fixtures.js';

const SNES = 19;

async function setup() {
  const igdb = await startFakeIgdb(
    [
      {
        id: 1001,
        name: 'Super Metroid',
        platforms: [SNES],
        summary: 'Samus returns',
        genres: ['Platform'],
      },
      { id: 1002, name: 'Metroid', platforms: [18] },
      { id: 1040, name: 'Chrono Trigger', platforms: [SNES], genres: ['Role-playing (RPG)'] },
      { id: 1041, name: 'Chrono Trigger', platforms: [20] },
      { id: 1090, name: 'Mega Man X', platforms: [SNES] },
      { id: 1091, name: 'Mega Man X2', platforms: [SNES] },
    ],
    { failingTerms: ['broken'] },
  );
  const ss = await startFakeScreenScraper([
    { id: 4821, systemId: 4, names: [{ region: 'us', text: 'Mega Man X' }] },
  ]);
  const hashes = await startFakeHashServices([
    {
      md5: hashesOf('super metroid bytes').md5,
      hasheousId: 60211,
      name: 'Super Metroid',
      igdbId: 1001,
      raId: 7311,
    },
  ]);
  const sgdb = await startFakeSteamGridDb([{ id: 36120, name: 'Super Metroid' }]);
  const test = await buildTestApp({
    env: {
      IGDB_CLIENT_ID: 'client',
      IGDB_CLIENT_SECRET: 'secret',
      IGDB_BASE_URL: igdb.origin,
      TWITCH_OAUTH_URL: `${igdb.origin}/oauth2/token`,
      SCREENSCRAPER_USER: 'user',
      SCREENSCRAPER_PASSWORD: 'pass',
      SCREENSCRAPER_BASE_URL: ss.origin,
      HASHEOUS_API_ENABLED: 'true',
      HASHEOUS_BASE_URL: `${hashes.origin}/hasheous`,
      HASHEOUS_CLIENT_API_KEY: 'client-key',
      PLAYMATCH_API_ENABLED: 'true',
      PLAYMATCH_BASE_URL: `${hashes.origin}/playmatch`,
      STEAMGRIDDB_API_KEY: 'sgdb-key',
      STEAMGRIDDB_BASE_URL: sgdb.origin,
      METADATA_REQUEST_TIMEOUT_MS: '2000',
    },
  });
  await createFirstAdmin(test.app);
  const session = await login(test.app);
  writeTree(test.config.libraryDir, {
    'roms/snes/Super Metroid (USA).sfc': 'super metroid bytes',
    'roms/snes/Chrono Trigger (USA).sfc': 'chrono bytes',
    'roms/snes/Mega Man X (USA).sfc': 'mega man bytes',
    'roms/snes/Broken Game (USA).sfc': 'broken bytes',
  });
  return { ...test, session, igdb, ss, hashes, sgdb };
}

type App = Awaited<ReturnType<typeof setup>>['app'];

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- typed JSON replies
async function call<T = unknown>(
  app: App,
  session: Session,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await app.inject({
    method,
    url,
    headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json<T>() };
}

async function romsByName(
  app: App,
  session: Session,
): Promise<Map<string, RomListPage['items'][number]>> {
  const { body } = await call<RomListPage>(app, session, 'GET', '/api/roms?limit=50');
  return new Map(body.items.map((rom) => [rom.fs_name, rom]));
}

describe('metadata identification', () => {
  it('identifies by hash then name on the platform, stores WebP covers, keeps hand edits, survives a failing provider', async () => {
    const { app, session, dataDir, igdb } = await setup();
    const stats = await scanLibrary(app, session, {
      apis: ['igdb', 'ss', 'hasheous', 'sgdb', 'unknown-source'],
    });
    expect(stats.new_roms).toBe(4);
    expect(stats.identified_roms).toBe(3);

    const roms = await romsByName(app, session);
    const metroid = roms.get('Super Metroid (USA).sfc');
    expect(metroid).toMatchObject({
      igdb_id: 1001,
      hasheous_id: 60211,
      tgdb_id: 4242,
      sgdb_id: 36120,
      name: 'Super Metroid',
      summary: 'Samus returns',
      is_identified: true,
      is_unidentified: false,
    });
    expect(metroid?.metadatum.genres).toEqual(['Platform']);
    expect(metroid?.metadatum.average_rating).toBe(80.5);
    expect(metroid?.igdb_metadata).toMatchObject({ total_rating: '80.50' });
    expect(metroid?.hasheous_metadata).toMatchObject({ nointro_match: true });
    expect(metroid?.path_cover_small).toMatch(
      /^\/assets\/romm\/resources\/roms\/\d+\/\d+\/cover\/small\.webp\?ts=/,
    );

    expect(roms.get('Chrono Trigger (USA).sfc')).toMatchObject({
      igdb_id: 1040,
      name: 'Chrono Trigger',
    });
    expect(roms.get('Mega Man X (USA).sfc')).toMatchObject({ igdb_id: 1090, ss_id: 4821 });
    const broken = roms.get('Broken Game (USA).sfc');
    expect(broken).toMatchObject({
      igdb_id: null,
      is_identified: false,
      is_unidentified: true,
      path_cover_small: '',
    });

    // Covers: WebP at exact sizes (source 600×840), served with cache headers.
    if (metroid === undefined) throw new Error('no metroid');
    const coverDir = path.join(
      dataDir,
      'resources',
      'roms',
      String(metroid.platform_id),
      String(metroid.id),
      'cover',
    );
    const small = await sharp(path.join(coverDir, 'small.webp')).metadata();
    const big = await sharp(path.join(coverDir, 'big.webp')).metadata();
    expect([small.format, small.width, small.height]).toEqual(['webp', 264, 370]);
    expect([big.format, big.width, big.height]).toEqual(['webp', 528, 739]);
    const served = await app.inject({
      method: 'GET',
      url: metroid.path_cover_small,
      headers: { cookie: session.cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('max-age');
    expect(metroid.merged_screenshots).toEqual([]);
    const chrono = await call<DetailedRom>(
      app,
      session,
      'GET',
      `/api/roms/${roms.get('Chrono Trigger (USA).sfc')?.id}`,
    );
    expect(chrono.body.merged_screenshots).toEqual([]);

    // Secrets never reach the browser.
    const everything = JSON.stringify([...roms.values()]);
    expect(everything).not.toContain('secret');
    expect(everything).not.toContain('token-');

    // A hand-edited name survives an update scan; the ids are refreshed.
    const db = await openTestDatabase(dataDir);
    await db
      .updateTable('rom')
      .set({ name: 'My Metroid', manual_fields: '["name"]' })
      .where('id', '=', metroid.id)
      .execute();
    await db.destroy();
    const before = igdb.requests.length;
    const update = await scanLibrary(app, session, { type: 'update', apis: ['igdb'] });
    expect(update.identified_roms).toBe(3);
    expect(igdb.requests.length).toBeGreaterThan(before);
    const after = await romsByName(app, session);
    expect(after.get('Super Metroid (USA).sfc')).toMatchObject({
      name: 'My Metroid',
      igdb_id: 1001,
    });
    expect(after.get('Broken Game (USA).sfc')?.is_identified).toBe(false);

    // `unidentified` only touches unidentified ROMs (the broken one): its IGDB search fails again.
    const unidentified = await scanLibrary(app, session, { type: 'unidentified', apis: ['igdb'] });
    expect(unidentified.identified_roms).toBe(0);
  }, 40_000);

  it('searches candidates, matches by hand, unmatches per source and searches SteamGridDB covers', async () => {
    const { app, session } = await setup();
    await scanLibrary(app, session, { apis: ['igdb'] });
    const broken = (await romsByName(app, session)).get('Broken Game (USA).sfc');
    if (broken === undefined) throw new Error('no broken rom');

    const search = await call<SearchRom[]>(
      app,
      session,
      'GET',
      `/api/search/roms?rom_id=${broken.id}&search_term=chrono%20trigger`,
    );
    expect(search.status).toBe(200);
    expect(search.body[0]).toMatchObject({
      igdb_id: 1040,
      name: 'Chrono Trigger',
      platform_id: broken.platform_id,
    });
    expect(search.body[0]?.igdb_url_cover).toContain('/t_1080p/');
    expect(search.body.some((item) => item.igdb_id === 1041)).toBe(false);
    const byId = await call<SearchRom[]>(
      app,
      session,
      'GET',
      `/api/search/roms?rom_id=${broken.id}&search_term=1090&search_by=id`,
    );
    expect(byId.body.map((item) => item.igdb_id)).toEqual([1090]);
    expect((await call(app, session, 'GET', '/api/search/roms?rom_id=999999')).status).toBe(404);

    const matched = await call<DetailedRom>(app, session, 'POST', `/api/roms/${broken.id}/match`, {
      source: 'igdb',
      id: 1040,
    });
    expect(matched.status).toBe(200);
    expect(matched.body).toMatchObject({
      igdb_id: 1040,
      name: 'Chrono Trigger',
      is_identified: true,
    });
    expect(matched.body.path_cover_large).toContain('/cover/big.webp');
    expect(
      (
        await call(app, session, 'POST', `/api/roms/${broken.id}/match`, {
          source: 'igdb',
          id: 5555,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(app, session, 'POST', `/api/roms/${broken.id}/match`, { source: 'moby', id: 1 }))
        .status,
    ).toBe(400);

    expect(matched.body.metadatum.genres).toEqual(['Role-playing (RPG)']);
    // The edit endpoint's `unmatch_metadata` hides every source's metadata too.
    const cleared = await app.inject({
      method: 'PUT',
      url: `/api/roms/${broken.id}?unmatch_metadata=true`,
      headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
      payload: {},
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<DetailedRom>()).toMatchObject({
      igdb_id: null,
      igdb_metadata: null,
      metadatum: expect.objectContaining({ genres: [] }) as unknown,
    });
    await call(app, session, 'POST', `/api/roms/${broken.id}/match`, { source: 'igdb', id: 1040 });

    const unmatched = await call<DetailedRom>(
      app,
      session,
      'DELETE',
      `/api/roms/${broken.id}/match?source=igdb`,
    );
    expect(unmatched.status).toBe(200);
    expect(unmatched.body).toMatchObject({
      igdb_id: null,
      is_identified: false,
      name: 'Broken Game',
      path_cover_small: '',
    });

    const covers = await call<SearchCoverResult[]>(
      app,
      session,
      'GET',
      '/api/search/cover?search_term=Super%20Metroid',
    );
    expect(covers.status).toBe(200);
    expect(covers.body[0]?.name).toBe('Super Metroid');
    expect(covers.body[0]?.resources).toHaveLength(1);
    expect(covers.body[0]?.resources[0]).toMatchObject({ type: 'static', width: 600, height: 900 });

    const health = async (source: string) =>
      (
        await app.inject({ method: 'GET', url: `/api/heartbeat/metadata/${source}` })
      ).json<boolean>();
    expect(await health('igdb')).toBe(true);
    expect(await health('sgdb')).toBe(false); // the fake has no game 1
    expect(await health('moby')).toBe(false); // not configured
    expect(await health('flashpoint')).toBe(false);
    expect(await health('__proto__')).toBe(false);
    const heartbeat = await call<Heartbeat>(app, session, 'GET', '/api/heartbeat');
    expect(heartbeat.body.METADATA_SOURCES).toMatchObject({
      ANY_SOURCE_ENABLED: true,
      IGDB_API_ENABLED: true,
      SS_API_ENABLED: true,
      HASHEOUS_API_ENABLED: true,
      PLAYMATCH_API_ENABLED: true,
      STEAMGRIDDB_API_ENABLED: true,
      MOBY_API_ENABLED: false,
      LAUNCHBOX_API_ENABLED: false,
    });
  }, 40_000);

  it('identifies an uploaded ROM in the background with every enabled source', async () => {
    const { app, session } = await setup();
    await scanLibrary(app, session);
    const snes = (await romsByName(app, session)).get('Chrono Trigger (USA).sfc')?.platform_id;
    const boundary = '----metadata-upload';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.sfc"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      Buffer.from('uploaded mega man x2'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/roms',
      headers: {
        cookie: session.cookie,
        'x-csrftoken': session.csrf,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-upload-platform': String(snes),
        'x-upload-filename': 'Mega Man X2 (USA).sfc',
      },
      payload: body,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json<DetailedRom>().id;
    await expect
      .poll(async () => (await call<DetailedRom>(app, session, 'GET', `/api/roms/${id}`)).body, {
        timeout: 30_000,
        interval: 100,
      })
      .toMatchObject({ igdb_id: 1091, name: 'Mega Man X2', is_identified: true });
  }, 40_000);
});
