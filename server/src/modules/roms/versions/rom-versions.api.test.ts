import { writeFileSync } from 'node:fs';

import type { DetailedRom, Platform, RomListPage } from '@romshelf/contract';
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
import { configFilePath } from '../../library/library-config.service.js';

/** SNES files and the provider ids they get: versions share an id on one platform. */
const SNES: Record<string, { igdb_id?: number; ss_id?: number }> = {
  'Zelda (USA).sfc': { igdb_id: 1 },
  'Zelda (Europe).sfc': { igdb_id: 1 },
  'Zelda (Japan).sfc': { igdb_id: 1 },
  'Zelda (USA) (Beta).sfc': { igdb_id: 1 },
  'Mario (Japan).sfc': { ss_id: 7 },
  'Mario (Europe).sfc': { ss_id: 7 },
  'Solo (USA).sfc': {},
};

async function setup() {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  const admin = await login(test.app);
  const files: Record<string, string> = { 'roms/nes/Zelda (USA).nes': 'nes zelda' };
  for (const name of Object.keys(SNES)) files[`roms/snes/${name}`] = `bytes of ${name}`;
  writeTree(test.config.libraryDir, files);
  await scanLibrary(test.app, admin);
  const db = await openTestDatabase(test.dataDir);
  for (const [name, ids] of Object.entries(SNES)) {
    if (Object.keys(ids).length === 0) continue;
    await db.updateTable('rom').set(ids).where('fs_name', '=', name).execute();
  }
  // The same id on another platform is another game.
  await db
    .updateTable('rom')
    .set({ igdb_id: 1 })
    .where('fs_name', '=', 'Zelda (USA).nes')
    .execute();
  const rows = await db.selectFrom('rom').select(['id', 'fs_name', 'platform_id']).execute();
  await db.destroy();
  const platforms = (
    await test.app.inject({ url: '/api/platforms', headers: { cookie: admin.cookie } })
  ).json<Platform[]>();
  const snes = platforms.find((platform) => platform.fs_slug === 'snes')?.id ?? 0;
  const id = (fsName: string) =>
    rows.find((row) => row.fs_name === fsName && row.platform_id === snes)?.id ?? 0;
  await addUser(test.app, 'viewer', 'viewer');
  const viewer = await login(test.app, 'viewer', 'viewer-pass');
  return { ...test, admin, viewer, snes, id };
}

async function list(app: FastifyInstance, session: Session, query: string): Promise<RomListPage> {
  const response = await app.inject({
    url: `/api/roms?${query}`,
    headers: { cookie: session.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RomListPage>();
}

const names = (page: RomListPage) => page.items.map((rom) => rom.fs_name);

async function setProps(
  app: FastifyInstance,
  session: Session,
  id: number,
  data: Record<string, unknown>,
) {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/roms/${id}/props`,
    headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
    payload: { data },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('versions grouped by metadata id', () => {
  it('lists one ROM per group: release before pre-release, region priority, then name; with the versions of each', async () => {
    const { app, admin, snes } = await setup();
    const all = await list(app, admin, `platform_ids=${snes}`);
    expect(all.total).toBe(7);

    const grouped = await list(app, admin, `platform_ids=${snes}&group_by_meta_id=true`);
    // Default region priority us, wor, ss, eu, jp: the USA release wins over its beta.
    expect(names(grouped)).toEqual(['Mario (Europe).sfc', 'Solo (USA).sfc', 'Zelda (USA).sfc']);
    expect(grouped.total).toBe(3);
    expect(grouped.char_index).toEqual({ m: 0, s: 1, z: 2 });
    const versions = Object.fromEntries(
      grouped.items.map((rom) => [rom.fs_name, rom.sibling_roms.map((s) => s.fs_name_no_ext)]),
    );
    expect(versions).toEqual({
      'Mario (Europe).sfc': ['Mario (Japan)'],
      'Solo (USA).sfc': [],
      'Zelda (USA).sfc': ['Zelda (Europe)', 'Zelda (Japan)', 'Zelda (USA) (Beta)'],
    });

    // Descending order and paging work on groups too.
    const desc = await list(
      app,
      admin,
      `platform_ids=${snes}&group_by_meta_id=true&order_dir=desc&limit=2&offset=1`,
    );
    expect(names(desc)).toEqual(['Solo (USA).sfc', 'Mario (Europe).sfc']);
    expect(desc.total).toBe(3);

    // The same id on another platform is another game: the whole library has 4 groups.
    const library = await list(app, admin, 'group_by_meta_id=true');
    expect(library.total).toBe(4);
    expect(names(library)).toEqual([
      'Mario (Europe).sfc',
      'Solo (USA).sfc',
      'Zelda (USA).nes',
      'Zelda (USA).sfc',
    ]);
  });

  it("shows each caller's main version; one main version per game and user", async () => {
    const { app, admin, viewer, snes, id } = await setup();
    const grouped = `platform_ids=${snes}&group_by_meta_id=true`;
    await setProps(app, viewer, id('Zelda (Japan).sfc'), { is_main_sibling: true });
    expect(names(await list(app, viewer, grouped))).toContain('Zelda (Japan).sfc');
    expect(names(await list(app, admin, grouped))).toContain('Zelda (USA).sfc');

    // Even a pre-release wins when chosen; the previous choice is cleared.
    await setProps(app, viewer, id('Zelda (USA) (Beta).sfc'), { is_main_sibling: true });
    expect(names(await list(app, viewer, grouped))).toEqual([
      'Mario (Europe).sfc',
      'Solo (USA).sfc',
      'Zelda (USA) (Beta).sfc',
    ]);
    const detail = (
      await app.inject({
        url: `/api/roms/${id('Zelda (USA).sfc')}`,
        headers: { cookie: viewer.cookie },
      })
    ).json<DetailedRom>();
    expect(
      detail.sibling_roms.map(({ fs_name_no_ext, is_main_sibling }) => ({
        fs_name_no_ext,
        is_main_sibling,
      })),
    ).toEqual([
      { fs_name_no_ext: 'Zelda (Europe)', is_main_sibling: false },
      { fs_name_no_ext: 'Zelda (Japan)', is_main_sibling: false },
      { fs_name_no_ext: 'Zelda (USA) (Beta)', is_main_sibling: true },
    ]);
    expect(detail.sibling_roms[0]).toEqual({
      id: id('Zelda (Europe).sfc'),
      name: 'Zelda',
      fs_name_no_tags: 'Zelda',
      fs_name_no_ext: 'Zelda (Europe)',
      is_main_sibling: false,
      sort_comparator: 'zelda',
    });

    // Unsetting it brings back the default winner.
    await setProps(app, viewer, id('Zelda (USA) (Beta).sfc'), { is_main_sibling: false });
    expect(names(await list(app, viewer, grouped))).toContain('Zelda (USA).sfc');
  });

  it('groups after filtering: a hidden or filtered-out winner gives way to the next version', async () => {
    const { app, admin, snes, id } = await setup();
    const grouped = `platform_ids=${snes}&group_by_meta_id=true`;
    await setProps(app, admin, id('Zelda (USA).sfc'), { status: 'hidden' });
    expect(names(await list(app, admin, grouped))).toEqual([
      'Mario (Europe).sfc',
      'Solo (USA).sfc',
      'Zelda (Europe).sfc',
    ]);
    // Only the favourite versions are left to group: the Japanese one stands for Zelda.
    await setProps(app, admin, id('Zelda (Japan).sfc'), { is_favorite: true });
    await setProps(app, admin, id('Mario (Japan).sfc'), { is_favorite: true });
    await setProps(app, admin, id('Mario (Europe).sfc'), { is_favorite: true });
    const favourites = await list(app, admin, `${grouped}&favorite=true`);
    expect(names(favourites)).toEqual(['Mario (Europe).sfc', 'Zelda (Japan).sfc']);
    expect(favourites.total).toBe(2);
    expect(favourites.char_index).toEqual({ m: 0, z: 1 });
    const searched = await list(app, admin, `${grouped}&search_term=zelda`);
    expect(names(searched)).toEqual(['Zelda (Europe).sfc']);
    expect(searched.total).toBe(1);
  });

  it('ranks regions by scan.priority.region', async () => {
    const { app, admin, snes, dataDir } = await setup();
    writeFileSync(
      configFilePath(dataDir),
      'scan:\n  priority:\n    region:\n      - jp\n      - eu\n',
    );
    const grouped = await list(app, admin, `platform_ids=${snes}&group_by_meta_id=true`);
    expect(names(grouped)).toEqual(['Mario (Japan).sfc', 'Solo (USA).sfc', 'Zelda (Japan).sfc']);
  });

  it('an unknown ROM has no versions to show', async () => {
    const { app, viewer } = await setup();
    const response = await app.inject({
      method: 'PUT',
      url: '/api/roms/999999/props',
      headers: { cookie: viewer.cookie, 'x-csrftoken': viewer.csrf },
      payload: { data: { is_main_sibling: true } },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'ROM with id 999999 not found' });
  });
});

describe('versions grouped by file-name family (no metadata)', () => {
  it('groups ROMs without provider ids by their name without tags, per platform', async () => {
    const test = await buildTestApp();
    await createFirstAdmin(test.app);
    const admin = await login(test.app);
    writeTree(test.config.libraryDir, {
      'roms/nes/Tetris (USA).nes': 'nes tetris',
      'roms/gb/Tetris (World) (Rev 1).gb': 'gb tetris rev 1',
      'roms/gb/Tetris (Japan) (Beta).gb': 'gb tetris beta',
      'roms/gb/tetris (Europe).gb': 'gb tetris europe',
      'roms/gb/Tetris Plus (USA).gb': 'gb tetris plus',
    });
    await scanLibrary(test.app, admin);
    const grouped = await list(test.app, admin, 'group_by_meta_id=true');
    expect(grouped.total).toBe(3);
    expect(
      Object.fromEntries(
        grouped.items.map((rom) => [rom.fs_name, rom.sibling_roms.map((s) => s.fs_name_no_ext)]),
      ),
    ).toEqual({
      'Tetris (USA).nes': [],
      'Tetris (World) (Rev 1).gb': ['Tetris (Japan) (Beta)', 'tetris (Europe)'],
      'Tetris Plus (USA).gb': [],
    });
    const beta = (await list(test.app, admin, 'limit=10')).items.find(
      (rom) => rom.fs_name === 'Tetris (Japan) (Beta).gb',
    );
    const detail = (
      await test.app.inject({
        url: `/api/roms/${beta?.id ?? 0}`,
        headers: { cookie: admin.cookie },
      })
    ).json<DetailedRom>();
    expect(detail.sibling_roms.map((s) => s.fs_name_no_ext)).toEqual([
      'Tetris (World) (Rev 1)',
      'tetris (Europe)',
    ]);
  });
});
