import { describe, expect, it } from 'vitest';

import {
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../test/build-test-app.js';
import {
  CASES,
  CATALOGUE,
  MOBY_OFFSET,
  MOBY_PLATFORMS,
  SS_OFFSET,
  SS_SYSTEMS,
} from '../../../test/fakes/accuracy-catalogue.js';
import { startFake } from '../../../test/fakes/fake-server.js';
import { startFakeIgdb } from '../../../test/fakes/igdb.js';
import { startFakeScreenScraper } from '../../../test/fakes/screenscraper.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';
import { buildMetadataService } from '../../../test/metadata-service.js';
import { IgdbClient } from './providers/igdb/igdb.client.js';
import { MobyGamesClient } from './providers/moby/moby.client.js';
import { ScreenScraperClient } from './providers/ss/ss.client.js';

function mobyFake(origin: () => string) {
  return startFake((_request, _body, url) => {
    const platform = Number(url.searchParams.get('platform'));
    const words = (url.searchParams.get('title') ?? '').toLowerCase().split(/[^a-z0-9]+/);
    const games = CATALOGUE.filter((game) =>
      game.platforms.some((id) => MOBY_PLATFORMS[id] === platform),
    )
      .filter((game) => words.some((word) => word !== '' && game.name.toLowerCase().includes(word)))
      .map((game) => ({
        game_id: game.id + MOBY_OFFSET,
        title: game.name,
        moby_score: 8,
        alternate_titles: (game.alternative_names ?? []).map((title) => ({ title })),
        platforms: game.platforms.map((id) => ({
          platform_id: MOBY_PLATFORMS[id] ?? 0,
          platform_name: 'P',
          first_release_date: '1994',
        })),
        sample_cover: { image: `${origin()}/images/moby-${game.id}.png` },
      }));
    return { body: JSON.stringify({ games }) };
  });
}

describe('metadata accuracy fixture', () => {
  it(`matches ${CASES.length} ROM names on 7 platforms with decoys through IGDB, ScreenScraper and MobyGames: ≥95% right, none cross-platform`, async () => {
    const igdb = await startFakeIgdb(CATALOGUE);
    const ss = await startFakeScreenScraper(
      CATALOGUE.map((game) => ({
        id: game.id + SS_OFFSET,
        systemId: SS_SYSTEMS[game.platforms[0] ?? 0] ?? 0,
        names: [game.name, ...(game.alternative_names ?? [])].map((text, index) => ({
          region: index === 0 ? 'ss' : 'jp',
          text,
        })),
      })),
    );
    let mobyOrigin = '';
    const moby = await mobyFake(() => mobyOrigin);
    mobyOrigin = moby.origin;
    const { app, config, dataDir } = await buildTestApp();
    await createFirstAdmin(app);
    const session = await login(app);
    const files: Record<string, string> = {};
    for (const [folder, name] of CASES) files[`roms/${folder}/${name}`] = `${folder}/${name}`;
    writeTree(config.libraryDir, files);
    await scanLibrary(app, session);

    const db = await openTestDatabase(dataDir);
    const fast = { timeoutMs: 5000, minIntervalMs: 0 };
    try {
      const service = buildMetadataService(
        db,
        dataDir,
        {
          igdb: new IgdbClient({
            baseUrl: igdb.origin,
            oauthUrl: `${igdb.origin}/oauth2/token`,
            clientId: 'client',
            clientSecret: 'secret',
            ...fast,
          }),
          ss: new ScreenScraperClient({
            baseUrl: ss.origin,
            user: 'u',
            password: 'p',
            devId: null,
            devPassword: null,
            ...fast,
          }),
          moby: new MobyGamesClient({ baseUrl: moby.origin, apiKey: 'k', ...fast }),
        },
        [igdb.origin, ss.origin, moby.origin],
      );
      const ids = (await db.selectFrom('rom').select('id').execute()).map((row) => row.id);
      expect(ids).toHaveLength(CASES.length);
      for (const source of ['igdb', 'ss', 'moby'] as const) {
        for (const id of ids) await service.identifyRom(id, [source], 'new');
      }

      const rows = await db
        .selectFrom('rom')
        .innerJoin('platform', 'platform.id', 'rom.platform_id')
        .select(['rom.fs_name', 'rom.igdb_id', 'rom.ss_id', 'rom.moby_id', 'platform.slug'])
        .execute();
      const byName = new Map(rows.map((row) => [row.fs_name, row]));
      const twins: Record<string, number[]> = { snes: [19, 58], nes: [18, 99] };
      const igdbPlatform: Record<string, number> = {
        genesis: 29,
        n64: 4,
        gba: 24,
        psx: 7,
        ps2: 8,
      };
      const report: Record<string, { wrong: string[]; crossPlatform: number }> = {};
      for (const [source, offset] of [
        ['igdb', 0],
        ['ss', SS_OFFSET],
        ['moby', MOBY_OFFSET],
      ] as const) {
        const wrong: string[] = [];
        let crossPlatform = 0;
        for (const [folder, name, expected] of CASES) {
          const row = byName.get(name);
          const got = row?.[`${source}_id`] ?? null;
          const want = expected === null ? null : expected + offset;
          if (got !== want) wrong.push(`${folder}/${name}: expected ${want}, got ${got}`);
          if (got !== null && row !== undefined) {
            const allowed = twins[row.slug] ?? [igdbPlatform[row.slug] ?? -1];
            const game = CATALOGUE.find((entry) => entry.id === got - offset);
            if (!game?.platforms.some((id) => allowed.includes(id))) crossPlatform += 1;
          }
        }
        report[source] = { wrong, crossPlatform };
        const accuracy = (CASES.length - wrong.length) / CASES.length;
        console.info(
          `${source} accuracy: ${(accuracy * 100).toFixed(1)}% of ${CASES.length}`,
          wrong,
        );
      }
      for (const { wrong, crossPlatform } of Object.values(report)) {
        expect(crossPlatform).toBe(0);
        expect((CASES.length - wrong.length) / CASES.length).toBeGreaterThanOrEqual(0.95);
      }
      // Every case asserts its expected id with IGDB.
      expect(report.igdb?.wrong).toEqual([]);
    } finally {
      await db.destroy();
    }
  }, 60_000);

  it('never gives two different dumps with different titles one id by a fuzzy name match', async () => {
    const fake = await startFakeIgdb([{ id: 2030, name: 'Double Dragon', platforms: [18] }]);
    const { app, config, dataDir } = await buildTestApp();
    await createFirstAdmin(app);
    writeTree(config.libraryDir, {
      'roms/nes/Double Dragoon (USA).nes': 'dragoon',
      'roms/nes/Double Dragon (USA).nes': 'dragon',
      'roms/nes/Double Dragon (Europe).nes': 'dragon europe',
    });
    await scanLibrary(app, await login(app));
    const db = await openTestDatabase(dataDir);
    try {
      const service = buildMetadataService(
        db,
        dataDir,
        {
          igdb: new IgdbClient({
            baseUrl: fake.origin,
            oauthUrl: `${fake.origin}/oauth2/token`,
            clientId: 'client',
            clientSecret: 'secret',
            timeoutMs: 5000,
            minIntervalMs: 0,
          }),
        },
        [fake.origin],
      );
      const ids = async () =>
        new Map(
          (await db.selectFrom('rom').select(['id', 'fs_name', 'igdb_id']).execute()).map((row) => [
            row.fs_name,
            row,
          ]),
        );
      const rows = await ids();
      const idOf = (name: string) => rows.get(name)?.id ?? 0;
      // The near-miss title claims the id first (fuzzy); the exact title then takes it over.
      expect(await service.identifyRom(idOf('Double Dragoon (USA).nes'), ['igdb'], 'new')).toBe(
        true,
      );
      expect(await service.identifyRom(idOf('Double Dragon (USA).nes'), ['igdb'], 'new')).toBe(
        true,
      );
      // Another region of the same title shares the game: same title, not a collapse.
      expect(await service.identifyRom(idOf('Double Dragon (Europe).nes'), ['igdb'], 'new')).toBe(
        true,
      );
      // The near miss cannot take it back.
      expect(await service.identifyRom(idOf('Double Dragoon (USA).nes'), ['igdb'], 'update')).toBe(
        false,
      );
      const after = await ids();
      expect(after.get('Double Dragon (USA).nes')?.igdb_id).toBe(2030);
      expect(after.get('Double Dragon (Europe).nes')?.igdb_id).toBe(2030);
      expect(after.get('Double Dragoon (USA).nes')?.igdb_id).toBeNull();
    } finally {
      await db.destroy();
    }
  });
});
