import type { Platform, RomFilters, RomListPage, SimpleRom } from '@romshelf/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import {
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../../test/library-fixtures.js';

const FILES = {
  'roms/nes/Alpha (USA).nes': 'alpha-usa',
  'roms/nes/Alpha (Japan).nes': 'alpha-japan',
  'roms/nes/Beta (Japan).nes': 'beta',
  'roms/nes/Gamma (USA, Europe) (En,Fr).nes': 'gamma',
  'roms/nes/Delta (Europe) (Beta).nes': 'delta',
  'roms/switch/Zeta (USA).nsp': 'zeta',
};

/** What the metadata writer would store for each identified ROM (ids + merged metadatum). */
const METADATA: Record<string, { ids: Record<string, number>; metadatum: object }> = {
  'Alpha (USA).nes': {
    ids: { igdb_id: 1 },
    metadatum: {
      genres: ['RPG', 'Action'],
      franchises: ['Saga'],
      collections: ['Gold'],
      companies: ['Square'],
      game_modes: ['Single player'],
      age_ratings: ['E'],
      player_count: '1',
    },
  },
  'Alpha (Japan).nes': {
    ids: { igdb_id: 1, ra_id: 7 },
    metadatum: { genres: ['RPG', 'Action'], franchises: ['Saga'], player_count: '1' },
  },
  'Beta (Japan).nes': {
    ids: { igdb_id: 2, hasheous_id: 5 },
    metadatum: {
      genres: ['RPG'],
      companies: ['Enix', 'Square'],
      age_ratings: ['T'],
      player_count: '2',
    },
  },
  'Gamma (USA, Europe) (En,Fr).nes': {
    ids: { ss_id: 3 },
    metadatum: { genres: ['Puzzle'], collections: ['Gold'], player_count: '1-2' },
  },
};

async function setup() {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  const session = await login(test.app);
  writeTree(test.config.libraryDir, FILES);
  await scanLibrary(test.app, session);
  // Identification results written as the metadata writer does (one UPDATE per ROM).
  const db = await openTestDatabase(test.dataDir);
  try {
    for (const [fsName, { ids, metadatum }] of Object.entries(METADATA)) {
      const columns = Object.entries(ids).map(([column, id]) => sql`${sql.ref(column)} = ${id}`);
      await sql`UPDATE rom SET ${sql.join(columns)}, metadatum = ${JSON.stringify(metadatum)}
        WHERE fs_name = ${fsName}`.execute(db);
    }
    const verified = JSON.stringify({
      hasheous: { raw: { nointro_match: true, tosec_match: false } },
    });
    await sql`UPDATE rom SET metadata_results = ${verified} WHERE fs_name = 'Beta (Japan).nes'`.execute(
      db,
    );
  } finally {
    await db.destroy();
  }
  const get = (url: string) => test.app.inject({ url, headers: { cookie: session.cookie } });
  const page = async (query: string): Promise<RomListPage> => {
    const response = await get(`/api/roms?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RomListPage>();
  };
  /** File names of the list, in name order. */
  const names = async (query: string) =>
    (await page(`${query}&limit=100`)).items.map((rom) => rom.fs_name);
  const all = (await page('')).items;
  const romId = (fsName: string) => all.find((rom) => rom.fs_name === fsName)?.id ?? 0;
  const platforms = (await get('/api/platforms')).json<Platform[]>();
  const platform = (slug: string) => platforms.find((p) => p.fs_slug === slug)?.id ?? 0;
  const props = (id: number, data: object) =>
    test.app.inject({
      method: 'PUT',
      url: `/api/roms/${id}/props`,
      headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
      payload: { data },
    });
  return { ...test, session, get, page, names, romId, platform, props };
}

const A_USA = 'Alpha (USA).nes';
const A_JP = 'Alpha (Japan).nes';
const BETA = 'Beta (Japan).nes';
const GAMMA = 'Gamma (USA, Europe) (En,Fr).nes';
const DELTA = 'Delta (Europe) (Beta).nes';
const ZETA = 'Zeta (USA).nsp';

describe('GET /api/roms filters', () => {
  it('combines the values of each facet filter by any, all and none', async () => {
    const { names } = await setup();
    expect(await names('genres=RPG')).toEqual([A_JP, A_USA, BETA]);
    expect(await names('genres=RPG&genres=Puzzle')).toEqual([A_JP, A_USA, BETA, GAMMA]);
    expect(await names('genres=RPG&genres=Action&genres_logic=all')).toEqual([A_JP, A_USA]);
    expect(await names('genres=RPG&genres=Puzzle&genres_logic=all')).toEqual([]);
    expect(await names('genres=RPG&genres_logic=none')).toEqual([DELTA, GAMMA, ZETA]);
    expect(await names('selected_genre=Puzzle')).toEqual([GAMMA]);

    expect(await names('franchises=Saga')).toEqual([A_JP, A_USA]);
    expect(await names('franchises=Saga&franchises_logic=none')).toEqual([
      BETA,
      DELTA,
      GAMMA,
      ZETA,
    ]);
    expect(await names('collections=Gold')).toEqual([A_USA, GAMMA]);
    expect(await names('companies=Square&companies=Enix&companies_logic=all')).toEqual([BETA]);
    expect(await names('companies=Square&companies=Enix')).toEqual([A_USA, BETA]);
    expect(await names('age_ratings=E&age_ratings=T&age_ratings_logic=none')).toEqual([
      A_JP,
      DELTA,
      GAMMA,
      ZETA,
    ]);
    // A ROM has one player count: `all` acts like `any`.
    expect(await names('player_counts=1&player_counts=2&player_counts_logic=all')).toEqual([
      A_JP,
      A_USA,
      BETA,
    ]);
    expect(await names('player_counts=1-2')).toEqual([GAMMA]);

    expect(await names('regions=USA')).toEqual([A_USA, GAMMA, ZETA]);
    expect(await names('regions=USA&regions=Europe&regions_logic=all')).toEqual([GAMMA]);
    expect(await names('regions=Japan&regions_logic=none')).toEqual([A_USA, DELTA, GAMMA, ZETA]);
    expect(await names('languages=French')).toEqual([GAMMA]);
    expect(await names('tags=Beta')).toEqual([DELTA]);
    expect(await names('tags=Beta&tags_logic=none&regions=Europe')).toEqual([GAMMA]);
  });

  it('filters by metadata providers and by every flag', async () => {
    const { names, romId, props, platform } = await setup();
    expect(await names('metadata_providers=igdb')).toEqual([A_JP, A_USA, BETA]);
    expect(
      await names('metadata_providers=igdb&metadata_providers=ra&metadata_providers_logic=all'),
    ).toEqual([A_JP]);
    expect(
      await names('metadata_providers=igdb&metadata_providers=ss&metadata_providers_logic=none'),
    ).toEqual([DELTA, ZETA]);
    expect(await names('metadata_providers=flashpoint')).toEqual([]);

    expect(await names('matched=true')).toEqual([A_JP, A_USA, BETA, GAMMA]);
    expect(await names('matched=false')).toEqual([DELTA, ZETA]);
    expect(await names('duplicate=true')).toEqual([A_JP, A_USA]);
    expect(await names('duplicate=false')).toEqual([BETA, DELTA, GAMMA, ZETA]);
    expect(await names('has_ra=1')).toEqual([A_JP]);
    expect(await names('verified=true')).toEqual([BETA]);
    expect(await names(`verified=false&platform_ids=${platform('nes')}`)).toEqual([
      A_JP,
      A_USA,
      DELTA,
      GAMMA,
    ]);
    // nes has EmulatorJS cores; switch has none.
    expect(await names('playable=true')).toEqual([A_JP, A_USA, BETA, DELTA, GAMMA]);
    expect(await names('playable=false')).toEqual([ZETA]);
    expect(await names('missing=true')).toEqual([]);
    expect(await names('has_soundtrack=true')).toEqual([]);
    expect(await names('has_saves=true')).toEqual([]);
    expect(await names('has_states=false&regions=USA')).toEqual([A_USA, GAMMA, ZETA]);
    expect(await names('updated_after=2000-01-01T00:00:00Z&regions=Japan')).toEqual([A_JP, BETA]);
    expect(await names('updated_after=2999-01-01T00:00:00Z')).toEqual([]);

    expect((await props(romId(BETA), { is_favorite: true })).statusCode).toBe(200);
    expect((await props(romId(GAMMA), { status: 'finished' })).statusCode).toBe(200);
    expect((await props(romId(A_USA), { status: 'now_playing' })).statusCode).toBe(200);
    expect(await names('favorite=true')).toEqual([BETA]);
    expect(await names('favourite=false&genres=RPG')).toEqual([A_JP, A_USA]);
    expect(await names('statuses=finished&statuses=now_playing')).toEqual([A_USA, GAMMA]);
    expect(await names('statuses=finished&statuses=now_playing&statuses_logic=all')).toEqual([]);
    expect(await names('statuses=now_playing&statuses_logic=all')).toEqual([A_USA]);
    expect(
      await names(`statuses=finished&statuses_logic=none&platform_ids=${platform('nes')}`),
    ).toEqual([A_JP, A_USA, BETA, DELTA]);
    expect(await names('last_played=true')).toEqual([]);
  });

  it('leaves out ROMs the caller hid unless the statuses ask for hidden', async () => {
    const { names, romId, props } = await setup();
    // Listed before the ROM is hidden: whether the caller hid any is looked up again after.
    expect(await names('regions=Europe')).toEqual([DELTA, GAMMA]);
    expect((await props(romId(DELTA), { status: 'hidden' })).statusCode).toBe(200);
    expect(await names('regions=Europe')).toEqual([GAMMA]);
    expect(await names('statuses=hidden')).toEqual([DELTA]);
    expect(await names('statuses=hidden&statuses=finished&regions=Europe')).toEqual([DELTA]);
    expect(await names('statuses=hidden&statuses_logic=none')).toEqual([
      A_JP,
      A_USA,
      BETA,
      GAMMA,
      ZETA,
    ]);
  });

  it('pages of a filtered or searched list follow writes made after its first page', async () => {
    const { app, session, page, names, romId } = await setup();
    const pageNames = async (query: string) => (await page(query)).items.map((rom) => rom.fs_name);
    expect(await names('genres=RPG')).toEqual([A_JP, A_USA, BETA]);
    expect(await pageNames('genres=RPG&limit=1&offset=2')).toEqual([BETA]);
    expect(await names('search_term=alpha')).toEqual([A_JP, A_USA]);
    expect((await page('search_term=alpha&limit=1')).char_index).toEqual({ a: 0 });

    const removed = await app.inject({
      method: 'POST',
      url: '/api/roms/delete',
      headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
      payload: { roms: [romId(A_JP)], delete_from_fs: [] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await names('genres=RPG')).toEqual([A_USA, BETA]);
    const deeper = await page('genres=RPG&limit=1&offset=1');
    expect(deeper.items.map((rom) => rom.fs_name)).toEqual([BETA]);
    expect(deeper.total).toBe(2);
    expect(deeper.char_index).toEqual({ a: 0, b: 1 });
    expect(await names('search_term=alpha')).toEqual([A_USA]);
  });
});

describe('filter_values', () => {
  it('lists the values of the platform and search scope with counts, and GET /api/roms/filters the library', async () => {
    const { page, get, platform } = await setup();
    const nes = platform('nes');
    const sw = platform('switch');
    const library = await page('limit=1');
    const expected: RomFilters = {
      genres: ['Action', 'Puzzle', 'RPG'],
      franchises: ['Saga'],
      collections: ['Gold'],
      companies: ['Enix', 'Square'],
      game_modes: ['Single player'],
      age_ratings: ['E', 'T'],
      player_counts: ['1', '1-2', '2'],
      regions: ['Europe', 'Japan', 'USA'],
      languages: ['English', 'French'],
      tags: ['Beta'],
      platforms: [nes, sw].sort((a, b) => a - b),
    };
    expect(library.filter_values).toEqual(expected);
    expect(library.filter_value_counts.genres).toEqual({ Action: 2, Puzzle: 1, RPG: 3 });
    expect(library.filter_value_counts.regions).toEqual({ Europe: 2, Japan: 2, USA: 3 });
    expect(library.filter_value_counts.platforms).toEqual({ [nes]: 5, [sw]: 1 });
    // Other filters do not narrow the values (RomM): the drawer keeps its choices.
    expect((await page('genres=Puzzle&limit=1')).filter_values).toEqual(expected);

    const filters = await get('/api/roms/filters');
    expect(filters.statusCode).toBe(200);
    expect(filters.json()).toEqual(expected);

    const switchOnly = await page(`platform_ids=${sw}`);
    expect(switchOnly.filter_values).toMatchObject({
      genres: [],
      regions: ['USA'],
      platforms: [sw],
    });
    const searched = await page('search_term=alpha');
    expect(searched.filter_values).toMatchObject({
      genres: ['Action', 'RPG'],
      regions: ['Japan', 'USA'],
      platforms: [nes],
    });

    const bare = await page(
      'with_filter_values=false&with_char_index=false&with_total=false&with_rom_id_index=true&regions=USA',
    );
    expect(bare.filter_values.genres).toEqual([]);
    expect(bare.filter_value_counts.genres).toEqual({});
    expect(bare.char_index).toEqual({});
    expect(bare.total).toBeNull();
    expect(bare.rom_id_index).toEqual(bare.items.map((rom) => rom.id));
    expect(bare.rom_id_index).toHaveLength(3);
  });

  it('follows writes: an edited name re-derives the tags, a deleted ROM leaves the values', async () => {
    const { app, session, page, romId } = await setup();
    const boundary = 'filters-boundary';
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/roms/${romId(DELTA)}`,
      headers: {
        cookie: session.cookie,
        'x-csrftoken': session.csrf,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="fs_name"\r\n\r\n` +
        `Delta (Brazil) (Proto).nes\r\n--${boundary}--\r\n`,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await page('limit=1');
    expect(after.filter_values.regions).toEqual(['Brazil', 'Europe', 'Japan', 'USA']);
    expect(after.filter_value_counts.regions).toEqual({ Brazil: 1, Europe: 1, Japan: 2, USA: 3 });
    expect(after.filter_values.tags).toEqual(['Proto']);
    const removed = await app.inject({
      method: 'POST',
      url: '/api/roms/delete',
      headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
      payload: { roms: [romId(BETA)], delete_from_fs: [] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const left = await page('limit=1');
    expect(left.filter_values.companies).toEqual(['Square']);
    expect(left.filter_values.age_ratings).toEqual(['E']);
  });
});

describe('GET /api/roms/random', () => {
  it('picks a ROM of the filtered scope, or null when none matches', async () => {
    const { get, platform } = await setup();
    const seen = new Set<string>();
    for (let round = 0; round < 30; round += 1) {
      const response = await get(`/api/roms/random?platform_ids=${platform('nes')}&genres=RPG`);
      expect(response.statusCode).toBe(200);
      const rom = response.json<SimpleRom>();
      expect([A_JP, A_USA, BETA]).toContain(rom.fs_name);
      expect(rom.platform_slug).toBe('nes');
      seen.add(rom.fs_name);
    }
    expect(seen.size).toBeGreaterThan(1);
    const none = await get(`/api/roms/random?platform_ids=${platform('switch')}&genres=RPG`);
    expect(none.statusCode).toBe(200);
    expect(none.body).toBe('null');
    const unknown = await get('/api/roms/random?genres=Racing');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe('null');
  });
});

describe('filter values the library does not have', () => {
  it('match nothing, as in RomM: an empty page, not an error', async () => {
    const { page, names } = await setup();
    const empty = await page('genres=Racing&with_total=true');
    expect(empty.items).toEqual([]);
    expect(empty.total).toBe(0);
    expect(await names('genres=RPG&genres=Racing')).toEqual([A_JP, A_USA, BETA]);
    expect(await names('genres=RPG&genres=Racing&genres_logic=all')).toEqual([]);
    expect(await names('regions=Atlantis&regions_logic=none')).toHaveLength(
      (await page('limit=100')).items.length,
    );
  });
});

describe('bad filter input', () => {
  it('answers 422 with a detail, never 500', async () => {
    const { get } = await setup();
    for (const query of [
      'genres=RPG&genres_logic=some',
      'matched=maybe',
      'metadata_providers=myspace',
      'statuses=paused',
      'updated_after=yesterday',
      `regions=${Array.from({ length: 10_000 }, () => 'USA').join('&regions=')}`,
      'platform_ids=abc',
    ]) {
      const response = await get(`/api/roms?${query}`);
      expect(response.statusCode, query.slice(0, 40)).toBe(422);
      expect(response.json<{ detail: unknown }>().detail, query.slice(0, 40)).toBeTruthy();
    }
  });
});
