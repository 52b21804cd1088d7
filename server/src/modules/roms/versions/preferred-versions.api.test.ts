import type { Platform, RomListPage } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../../test/accounts.js';
import {
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../../test/build-test-app.js';
import type { Session } from '../../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../../test/library-fixtures.js';

/** Versions grouped by their file-name family (no metadata ids), and two games a DAT joins. */
const SNES = [
  'Zelda (USA).sfc',
  'Zelda (Europe) (En,Fr,De).sfc',
  'Zelda (Japan).sfc',
  'Zelda (USA) (Beta).sfc',
  'Mario (Japan).sfc',
  'Mario (Europe).sfc',
  'Kart (Japan).sfc',
  'Kart (Japan) (En).sfc',
  'Lost Game (USA) (Proto).sfc',
  'Mega Man (USA).sfc',
  'Rockman (Japan).sfc',
];

async function setup() {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  const admin = await login(test.app);
  writeTree(
    test.config.libraryDir,
    Object.fromEntries(SNES.map((name) => [`roms/snes/${name}`, `bytes of ${name}`])),
  );
  await scanLibrary(test.app, admin);
  const platforms = (
    await test.app.inject({ url: '/api/platforms', headers: { cookie: admin.cookie } })
  ).json<Platform[]>();
  const snes = platforms.find((platform) => platform.fs_slug === 'snes')?.id ?? 0;
  return { ...test, admin, snes };
}

async function preferred(
  app: FastifyInstance,
  session: Session,
  query: string,
): Promise<{ names: string[]; total: number | null }> {
  const response = await app.inject({
    url: `/api/roms?preferred_version_only=true&${query}`,
    headers: { cookie: session.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json<RomListPage>();
  return { names: page.items.map((rom) => rom.fs_name), total: page.total };
}

describe('one game, one ROM (preferred_version_only)', () => {
  it('shows one version per game by region, then language priority, without pre-releases', async () => {
    const { app, admin, snes } = await setup();
    // Defaults: USA > World > Europe > Japan, En > Ja.
    expect(await preferred(app, admin, `platform_ids=${String(snes)}`)).toEqual({
      names: [
        'Kart (Japan) (En).sfc',
        'Mario (Europe).sfc',
        'Mega Man (USA).sfc',
        'Rockman (Japan).sfc',
        'Zelda (USA).sfc',
      ],
      total: 5,
    });
    expect(
      (await preferred(app, admin, `platform_ids=${String(snes)}&region_priority=Japan,Europe`))
        .names,
    ).toEqual([
      'Kart (Japan) (En).sfc',
      'Mario (Japan).sfc',
      'Mega Man (USA).sfc',
      'Rockman (Japan).sfc',
      'Zelda (Japan).sfc',
    ]);
    // Japanese first: an untagged Japanese release speaks Japanese.
    expect(
      (
        await preferred(
          app,
          admin,
          `platform_ids=${String(snes)}&region_priority=Japan&language_priority=Ja,En`,
        )
      ).names,
    ).toContain('Kart (Japan).sfc');
    // French speakers get the European release that has French, before the untagged USA one.
    expect(
      (
        await preferred(
          app,
          admin,
          `platform_ids=${String(snes)}&region_priority=&language_priority=Fr`,
        )
      ).names,
    ).toContain('Zelda (Europe) (En,Fr,De).sfc');
    // Pre-releases when asked: a game known only by its prototype appears; releases still win.
    const withPrereleases = await preferred(
      app,
      admin,
      `platform_ids=${String(snes)}&with_prereleases=true`,
    );
    expect(withPrereleases.names).toContain('Lost Game (USA) (Proto).sfc');
    expect(withPrereleases.names).toContain('Zelda (USA).sfc');
    expect(withPrereleases.total).toBe(6);
  });

  it("puts the caller's main version first, and applies filters before choosing", async () => {
    const { app, admin, snes } = await setup();
    await addUser(app, 'viewer', 'viewer');
    const viewer = await login(app, 'viewer', 'viewer-pass');
    const list = (
      await app.inject({
        url: `/api/roms?platform_ids=${String(snes)}&search_term=Zelda`,
        headers: { cookie: viewer.cookie },
      })
    ).json<RomListPage>();
    const japan = list.items.find((rom) => rom.fs_name === 'Zelda (Japan).sfc')?.id ?? 0;
    const props = await app.inject({
      method: 'PUT',
      url: `/api/roms/${String(japan)}/props`,
      headers: { cookie: viewer.cookie, 'x-csrftoken': viewer.csrf },
      payload: { data: { is_main_sibling: true } },
    });
    expect(props.statusCode, props.body).toBe(200);
    expect((await preferred(app, viewer, `platform_ids=${String(snes)}`)).names).toContain(
      'Zelda (Japan).sfc',
    );
    expect((await preferred(app, admin, `platform_ids=${String(snes)}`)).names).toContain(
      'Zelda (USA).sfc',
    );
    // A filter that leaves out the USA release: the best of what it lets through.
    expect(await preferred(app, admin, `platform_ids=${String(snes)}&regions=Europe`)).toEqual({
      names: ['Mario (Europe).sfc', 'Zelda (Europe) (En,Fr,De).sfc'],
      total: 2,
    });
  });

  it("groups a DAT's parent and clones as one game", async () => {
    const { app, admin, snes, dataDir } = await setup();
    const db = await openTestDatabase(dataDir);
    const dat = await db
      .insertInto('dat')
      .values({
        platform_id: snes,
        name: 'Nintendo - Super Nintendo Entertainment System',
        description: 'Nintendo - Super Nintendo Entertainment System',
        version: '20261201',
        author: 'No-Intro',
        homepage: null,
        header_name: 'Nintendo - Super Nintendo Entertainment System',
        format: 'logiqx',
        source: 'upload',
        source_path: null,
        file_name: 'snes.dat',
        file_size_bytes: 1000,
        file_mtime_ms: null,
        game_count: 2,
        rom_count: 2,
        imported_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const games: Record<string, number> = {};
    for (const [name, cloneOf, region] of [
      ['Mega Man (USA)', null, 'USA'],
      ['Rockman (Japan)', 'Mega Man (USA)', 'Japan'],
    ] as const) {
      const game = await db
        .insertInto('dat_game')
        .values({
          dat_id: dat.id,
          name,
          description: name,
          clone_of: cloneOf,
          rom_of: cloneOf,
          region,
          languages: null,
          category: 'Games',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      games[name] = game.id;
    }
    const roms = await db.selectFrom('rom').select(['id', 'fs_name_no_ext']).execute();
    for (const rom of roms) {
      const gameId = games[rom.fs_name_no_ext];
      if (gameId === undefined) continue;
      await db
        .insertInto('rom_dat_status')
        .values({ rom_id: rom.id, dat_id: dat.id, dat_game_id: gameId, status: 'verified' })
        .execute();
    }
    await db.destroy();
    const usaFirst = await preferred(app, admin, `platform_ids=${String(snes)}`);
    expect(usaFirst.names).toContain('Mega Man (USA).sfc');
    expect(usaFirst.names).not.toContain('Rockman (Japan).sfc');
    expect(usaFirst.total).toBe(4);
    const japanFirst = await preferred(
      app,
      admin,
      `platform_ids=${String(snes)}&region_priority=Japan`,
    );
    expect(japanFirst.names).toContain('Rockman (Japan).sfc');
    expect(japanFirst.names).not.toContain('Mega Man (USA).sfc');
  });

  it('refuses unknown regions and languages and repeated ones (422)', async () => {
    const { app, admin } = await setup();
    for (const query of [
      'region_priority=Mars',
      'language_priority=Klingon',
      'region_priority=USA,USA',
    ]) {
      const response = await app.inject({
        url: `/api/roms?preferred_version_only=true&${query}`,
        headers: { cookie: admin.cookie },
      });
      expect(response.statusCode, query).toBe(422);
      expect(typeof response.json<{ detail: unknown }>().detail, query).not.toBe('undefined');
    }
  });
});
