import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { RomListPage, TaskStatus } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import { buildTestApp, createFirstAdmin, makeTempDir } from '../../../test/build-test-app.js';
import { startFake } from '../../../test/fakes/fake-server.js';
import { writeTree } from '../../../test/library-fixtures.js';
import { asAdmin } from '../../../test/tasks.js';
import { platformFolderOf } from './library-watcher.js';

async function romNames(app: FastifyInstance): Promise<string[]> {
  const page = (
    await app.inject({ method: 'GET', url: '/api/roms?limit=100', headers: asAdmin })
  ).json<RomListPage>();
  return page.items.map((rom) => rom.fs_name);
}

async function runsOf(app: FastifyInstance, taskKey: string): Promise<TaskStatus[]> {
  const runs = (
    await app.inject({ method: 'GET', url: '/api/tasks/status', headers: asAdmin })
  ).json<TaskStatus[]>();
  return runs.filter((run) => run.task_key === taskKey);
}

describe('filesystem watcher', () => {
  it('scans a platform folder once after the delay when files are dropped into it', async () => {
    const libraryDir = makeTempDir('romshelf-watched-');
    writeTree(libraryDir, { 'roms/snes/Alpha (USA).sfc': 'alpha' });
    const { app } = await buildTestApp({
      env: {
        ROMSHELF_LIBRARY_DIR: libraryDir,
        ENABLE_RESCAN_ON_FILESYSTEM_CHANGE: 'true',
        // 0.3 s
        RESCAN_ON_FILESYSTEM_CHANGE_DELAY: '0.005',
      },
    });
    await createFirstAdmin(app);
    expect(await romNames(app)).toEqual([]);

    // A folder not in the database yet: a scan of new platforms brings it with its games.
    writeFileSync(path.join(libraryDir, 'roms/snes/Beta (USA).sfc'), 'beta');
    await expect
      .poll(() => romNames(app), { timeout: 10_000, interval: 100 })
      .toEqual(['Alpha (USA).sfc', 'Beta (USA).sfc']);
    await expect
      .poll(async () => (await runsOf(app, 'filesystem_watcher')).map((run) => run.status))
      .toEqual(['finished']);

    // Three files at once into a known platform: one quick scan of it.
    for (const name of ['Delta', 'Epsilon', 'Gamma']) {
      writeFileSync(path.join(libraryDir, `roms/snes/${name} (USA).sfc`), name);
    }
    await expect
      .poll(() => romNames(app), { timeout: 10_000, interval: 100 })
      .toEqual([
        'Alpha (USA).sfc',
        'Beta (USA).sfc',
        'Delta (USA).sfc',
        'Epsilon (USA).sfc',
        'Gamma (USA).sfc',
      ]);
    // The games are in the database before the run records its end.
    await expect
      .poll(async () => (await runsOf(app, 'filesystem_watcher')).map((run) => run.status))
      .toEqual(['finished', 'finished']);
    const [quick, first] = await runsOf(app, 'filesystem_watcher');
    expect(first).toMatchObject({
      trigger: 'watcher',
      task_type: 'watcher',
      status: 'finished',
      meta: { scan_stats: { new_platforms: 1, new_roms: 2 } },
    });
    expect(quick).toMatchObject({
      status: 'finished',
      meta: { scan_stats: { scanned_platforms: 1, new_roms: 3 } },
    });
  });

  it.each([
    ['roms/snes/Alpha.sfc', 'snes'],
    [`roms/snes/Disc Game/track 1.bin`, 'snes'],
    ['roms/snes', 'snes'],
    ['roms', null],
    ['bios/snes/bios.bin', null],
    ['roms/.hidden/file', null],
    ['roms/bios/file', null],
    ['config.yml', null],
  ])('finds the platform folder of %j in a roms/{platform} library', (relative, folder) => {
    const libraryDir = makeTempDir('romshelf-layout-');
    mkdirSync(path.join(libraryDir, 'roms'));
    expect(platformFolderOf(libraryDir, relative.split('/').join(path.sep))).toBe(folder);
  });

  it.each([
    ['gba/roms/Game.gba', 'gba'],
    ['gba/bios/gba_bios.bin', null],
    ['gba/Game.gba', null],
    ['gba/roms', 'gba'],
    ['.trash/roms/x', null],
  ])('finds the platform folder of %j in a {platform}/roms library', (relative, folder) => {
    const libraryDir = makeTempDir('romshelf-layout-');
    expect(platformFolderOf(libraryDir, relative.split('/').join(path.sep))).toBe(folder);
  });
});

describe('scheduled rescan', () => {
  it('runs a quick scan of the library on its schedule', async () => {
    const libraryDir = makeTempDir('romshelf-scheduled-');
    writeTree(libraryDir, {
      'roms/gba/Gamma (USA).gba': 'gamma',
      'roms/gba/Delta (USA).gba': 'delta',
    });
    const { app } = await buildTestApp({
      env: {
        ROMSHELF_LIBRARY_DIR: libraryDir,
        ENABLE_SCHEDULED_RESCAN: 'true',
        SCHEDULED_RESCAN_CRON: '* * * * * *',
      },
    });
    await createFirstAdmin(app);
    await expect
      .poll(() => romNames(app), { timeout: 10_000, interval: 100 })
      .toEqual(['Delta (USA).gba', 'Gamma (USA).gba']);
    // The games are in the database before the run records its end; later runs may follow.
    await expect
      .poll(async () => (await runsOf(app, 'scan_library')).at(-1)?.status)
      .toBe('finished');
    const runs = await runsOf(app, 'scan_library');
    expect(runs.at(-1)).toMatchObject({
      task_name: 'Scheduled rescan',
      trigger: 'scheduled',
      status: 'finished',
      meta: { scan_stats: { new_platforms: 1, new_roms: 2 } },
    });
  });
});

describe('RetroAchievements progress sync', () => {
  it("pulls every linked user's progression on its schedule and counts the failures", async () => {
    const ra = await startFake((_request, _body, url) => {
      if (url.searchParams.get('u') !== 'Blue') return { status: 404, body: '{}' };
      return {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          Count: 1,
          Total: 1,
          Results: [
            {
              GameID: 1448,
              Title: 'Mega Man',
              ConsoleName: 'NES/Famicom',
              MaxPossible: 52,
              NumAwarded: 10,
              NumAwardedHardcore: 0,
              MostRecentAwardedDate: '2023-03-01T12:00:00+00:00',
              HighestAwardKind: null,
            },
          ],
        }),
      };
    });
    const { app } = await buildTestApp({
      env: {
        RETROACHIEVEMENTS_API_KEY: 'ra-key',
        RETROACHIEVEMENTS_BASE_URL: ra.origin,
        ENABLE_SCHEDULED_RETROACHIEVEMENTS_PROGRESS_SYNC: 'true',
        SCHEDULED_RETROACHIEVEMENTS_PROGRESS_SYNC_CRON: '* * * * * *',
      },
    });
    await createFirstAdmin(app);
    const ann = await addUser(app, 'ann', 'viewer');
    await addUser(app, 'bob', 'viewer');
    for (const [id, name] of [
      [1, 'Blue'],
      [ann.id, 'Nobody'],
    ] as const) {
      await app.inject({
        method: 'PUT',
        url: `/api/users/${String(id)}`,
        headers: asAdmin,
        payload: { ra_username: name },
      });
    }
    await expect
      .poll(
        async () =>
          (await runsOf(app, 'sync_retroachievements_progress')).some(
            (run) => run.meta.update_stats?.total === 2,
          ),
        { timeout: 10_000, interval: 100 },
      )
      .toBe(true);
    const run = (await runsOf(app, 'sync_retroachievements_progress')).find(
      (candidate) => candidate.meta.update_stats?.total === 2,
    );
    expect(run).toMatchObject({
      task_name: 'Scheduled RetroAchievements progress sync',
      trigger: 'scheduled',
      status: 'finished',
      meta: { update_stats: { processed: 2, failed: 1, total: 2 } },
    });
    const admin = (
      await app.inject({ method: 'GET', url: '/api/users/1', headers: asAdmin })
    ).json<{ ra_progression: { results: { rom_ra_id: number; num_awarded: number }[] } }>();
    expect(admin.ra_progression.results).toMatchObject([{ rom_ra_id: 1448, num_awarded: 10 }]);
  });
});
