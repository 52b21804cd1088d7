import path from 'node:path';

import pino from 'pino';
import { describe, expect, it } from 'vitest';

import { buildTestApp, createFirstAdmin, login } from '../../../test/build-test-app.js';
import { CASES, CATALOGUE } from '../../../test/fakes/accuracy-catalogue.js';
import { startFakeIgdb } from '../../../test/fakes/igdb.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';
import { openDatabase } from '../../db/database.js';
import { LibraryConfigService } from '../library/library-config.service.js';
import { RomResources } from '../roms/rom-resources.js';
import { RomsRepository } from '../roms/roms.repository.js';
import { MetadataRepository } from './metadata.repository.js';
import { MetadataService } from './metadata.service.js';
import { IgdbClient } from './providers/igdb/igdb.client.js';

describe('metadata accuracy fixture', () => {
  it(`matches ${CASES.length} ROM names across platforms with decoys: ≥95% right, none cross-platform`, async () => {
    const fake = await startFakeIgdb(CATALOGUE);
    const { app, config, dataDir } = await buildTestApp();
    await createFirstAdmin(app);
    const session = await login(app);
    const files: Record<string, string> = {};
    for (const [folder, name] of CASES) files[`roms/${folder}/${name}`] = `${folder}/${name}`;
    writeTree(config.libraryDir, files);
    await scanLibrary(app, session);

    const db = openDatabase(dataDir);
    const log = pino({ level: 'silent' });
    try {
      const roms = new RomsRepository(db);
      const service = new MetadataService(
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
        roms,
        new MetadataRepository(db),
        new LibraryConfigService(dataDir, log),
        new RomResources(path.join(dataDir, 'resources')),
        { trustedOrigins: new Set([fake.origin]), timeoutMs: 5000, maxScreenshots: 0 },
        log,
      );
      const rows = await db
        .selectFrom('rom')
        .innerJoin('platform', 'platform.id', 'rom.platform_id')
        .select(['rom.id', 'rom.fs_name', 'platform.fs_slug'])
        .execute();
      expect(rows).toHaveLength(CASES.length);
      for (const row of rows) await service.identifyRom(row.id, ['igdb'], 'new');

      const byName = new Map(
        (await db.selectFrom('rom').select(['fs_name', 'igdb_id', 'platform_id']).execute()).map(
          (row) => [row.fs_name, row],
        ),
      );
      const platformOf = new Map(
        (await db.selectFrom('platform').select(['id', 'igdb_id', 'slug']).execute()).map((p) => [
          p.id,
          p,
        ]),
      );
      const twins: Record<number, number[]> = { 19: [19, 58], 18: [18, 99] };
      const wrong: string[] = [];
      let crossPlatform = 0;
      for (const [folder, name, expected] of CASES) {
        const row = byName.get(name);
        const got = row?.igdb_id ?? null;
        if (got !== expected) wrong.push(`${folder}/${name}: expected ${expected}, got ${got}`);
        if (got !== null && row !== undefined) {
          const platformIgdb = platformOf.get(row.platform_id)?.igdb_id ?? -1;
          const allowed = twins[platformIgdb] ?? [platformIgdb];
          const game = CATALOGUE.find((entry) => entry.id === got);
          if (!game?.platforms.some((id) => allowed.includes(id))) crossPlatform += 1;
        }
      }
      const accuracy = (CASES.length - wrong.length) / CASES.length;
      console.info(`metadata accuracy: ${(accuracy * 100).toFixed(1)}% of ${CASES.length}`, wrong);
      expect(crossPlatform).toBe(0);
      expect(accuracy).toBeGreaterThanOrEqual(0.95);
      expect(wrong).toEqual([]);
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
    const db = openDatabase(dataDir);
    const log = pino({ level: 'silent' });
    try {
      const service = new MetadataService(
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
        new RomsRepository(db),
        new MetadataRepository(db),
        new LibraryConfigService(dataDir, log),
        new RomResources(path.join(dataDir, 'resources')),
        { trustedOrigins: new Set([fake.origin]), timeoutMs: 5000, maxScreenshots: 0 },
        log,
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
