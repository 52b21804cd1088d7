import type { Platform, RomFilters, Save, SaveSummary } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../test/accounts.js';
import {
  ADMIN_AUTH,
  basic,
  buildTestApp,
  createFirstAdmin,
  login,
} from '../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../test/library-fixtures.js';

/**
 * RomM 5's fixed sub-paths of the families that also have a `/{id}` route: each must reach its
 * own handler, not the `/{id}` one (which would answer 422 or 404 for a word as id).
 */
const ROMM_FIXED_SUB_PATHS = [
  '/api/roms/identifiers',
  '/api/roms/filters',
  '/api/platforms/identifiers',
  '/api/platforms/filesystem',
  '/api/saves/identifiers',
  '/api/saves/summary?rom_id=1',
  '/api/states/identifiers',
  '/api/firmware/identifiers',
  '/api/users/identifiers',
  '/api/collections/identifiers',
  '/api/collections/virtual',
  '/api/collections/virtual/identifiers',
  '/api/collections/smart',
  '/api/collections/smart/identifiers',
] as const;

function saveUpload(fileName: string) {
  const boundary = '----romshelf-fixed-paths';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="saveFile"; filename="${fileName}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      Buffer.alloc(64, 1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function libraryWithOneOfEach() {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  writeTree(test.config.libraryDir, {
    'roms/nes/Zelda (USA) [T-En].nes': 'zelda',
    'roms/snes/Mario (Europe) (Fr,De).sfc': 'mario',
    'bios/nes/disksys.rom': 'bios',
  });
  await scanLibrary(test.app, await login(test.app));
  return test;
}

describe("RomM's fixed sub-paths", () => {
  it('each answers from its own route, never from /{id}', async () => {
    const { app } = await libraryWithOneOfEach();
    for (const url of ROMM_FIXED_SUB_PATHS) {
      const response = await app.inject({ url, headers: { authorization: ADMIN_AUTH } });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it('identifiers list every id the caller can see', async () => {
    const { app } = await libraryWithOneOfEach();
    const viewer = await addUser(app, 'viewer', 'viewer');
    const asViewer = { authorization: basic(viewer.username, viewer.password) };
    const upload = saveUpload('Zelda.srm');
    const saved = await app.inject({
      method: 'POST',
      url: '/api/saves?rom_id=1',
      payload: upload.payload,
      headers: { ...asViewer, 'content-type': upload.contentType },
    });
    expect(saved.statusCode).toBe(200);
    const save = saved.json<Save>();

    const ids = async (url: string, headers = asViewer) =>
      (await app.inject({ url, headers })).json<unknown>();
    expect(await ids('/api/roms/identifiers')).toEqual([1, 2]);
    expect(await ids('/api/platforms/identifiers')).toEqual([1, 2]);
    expect(await ids('/api/firmware/identifiers')).toEqual([1]);
    expect(await ids('/api/saves/identifiers')).toEqual([save.id]);
    expect(await ids('/api/saves/identifiers', { authorization: ADMIN_AUTH })).toEqual([]);
    expect(await ids('/api/states/identifiers')).toEqual([]);
    expect(await ids('/api/users/identifiers', { authorization: ADMIN_AUTH })).toEqual([1, 2]);

    const summary = await app.inject({ url: '/api/saves/summary?rom_id=1', headers: asViewer });
    expect(summary.json<SaveSummary>()).toEqual({
      total_count: 1,
      slots: [{ slot: null, count: 1, latest: save }],
    });
    const otherRom = await app.inject({ url: '/api/saves/summary?rom_id=2', headers: asViewer });
    expect(otherRom.json<SaveSummary>()).toEqual({ total_count: 0, slots: [] });
  });

  it('keeps the scopes of their family', async () => {
    const { app } = await libraryWithOneOfEach();
    const viewer = await addUser(app, 'viewer', 'viewer');
    const users = await app.inject({
      url: '/api/users/identifiers',
      headers: { authorization: basic(viewer.username, viewer.password) },
    });
    expect(users.statusCode).toBe(403);
    for (const url of ROMM_FIXED_SUB_PATHS) {
      expect((await app.inject({ url })).statusCode, url).toBe(401);
    }
    const summaryWithoutRom = await app.inject({
      url: '/api/saves/summary',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(summaryWithoutRom.statusCode).toBe(422);
  });

  it('filters carry the values of the whole library', async () => {
    const { app } = await libraryWithOneOfEach();
    const response = await app.inject({
      url: '/api/roms/filters',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(response.json<RomFilters>()).toEqual({
      genres: [],
      franchises: [],
      collections: [],
      companies: [],
      game_modes: [],
      age_ratings: [],
      player_counts: [],
      regions: ['Europe', 'USA'],
      languages: ['French', 'German'],
      tags: ['T-En'],
      platforms: [1, 2],
    });
  });

  it('filesystem lists platform folders without a platform yet', async () => {
    const { app, config } = await libraryWithOneOfEach();
    writeTree(config.libraryDir, { 'roms/gba/.keep': '' });
    const response = await app.inject({
      url: '/api/platforms/filesystem',
      headers: { authorization: ADMIN_AUTH },
    });
    const platforms = response.json<Platform[]>();
    expect(
      platforms.map(({ id, slug, fs_slug, name, rom_count }) => ({
        id,
        slug,
        fs_slug,
        name,
        rom_count,
      })),
    ).toEqual([{ id: -1, slug: 'gba', fs_slug: 'gba', name: 'Game Boy Advance', rom_count: 0 }]);
  });
});
