import type { RomListPage, SimpleRom } from '@romshelf/contract';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';

import {
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../../test/library-fixtures.js';
import type { Db } from '../../../db/database.js';
import { CONSTANT_FIELDS } from './listed-rom-row.js';
import { RomListJsonStore } from './rom-list-json-store.js';

/** The stored JSON of each ROM that has one, by ROM id, as objects. */
async function storedJson(db: Db): Promise<Map<number, Record<string, unknown>>> {
  const rows = await db.selectFrom('rom_list_json').select(['rom_id', 'json']).execute();
  return new Map(rows.map((row) => [row.rom_id, parsed(row.json)]));
}

/** A stored text as the object lists show, with the fields every ROM has alike. */
const parsed = (json: string | undefined): Record<string, unknown> =>
  JSON.parse(`${json ?? ''}${CONSTANT_FIELDS}}`) as Record<string, unknown>;

const ascending = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

/** A listed ROM without the caller's fields (those are written per request). */
function sharedFields(rom: SimpleRom): Record<string, unknown> {
  const { has_notes, rom_user, files, sibling_roms, ...shared } = rom;
  expect([has_notes, rom_user.is_favorite, files, sibling_roms]).toEqual([false, false, [], []]);
  return shared;
}

describe('rom_list_json: each ROM list JSON kept in the database', () => {
  it('stores what lists show, and drops it when the ROM or its platform row changes, whoever writes', async () => {
    const { app, config, dataDir } = await buildTestApp();
    await createFirstAdmin(app);
    const session = await login(app);
    writeTree(config.libraryDir, {
      'roms/nes/Alpha (USA).nes': 'a',
      'roms/nes/Beta (USA).nes': 'b',
      'roms/snes/Gamma (Japan).sfc': 'g',
    });
    await scanLibrary(app, session);
    const page = await app.inject({ url: '/api/roms', headers: { cookie: session.cookie } });
    const [alpha, beta, gamma] = page.json<RomListPage>().items;
    if (alpha === undefined || beta === undefined || gamma === undefined) {
      throw new Error('three ROMs listed');
    }
    // Closed, so that no pass of its filler runs between the writes below and their checks.
    await app.close();
    const db = await openTestDatabase(dataDir);
    try {
      const stored = await storedJson(db);
      expect(ascending(stored.keys())).toEqual(ascending([alpha.id, beta.id, gamma.id]));
      for (const rom of [alpha, beta, gamma]) expect(stored.get(rom.id)).toEqual(sharedFields(rom));

      // Written without the app: the trigger still drops the ROM's text.
      await sql`UPDATE rom SET name = 'Aardvark' WHERE id = ${alpha.id}`.execute(db);
      expect(ascending((await storedJson(db)).keys())).toEqual(ascending([beta.id, gamma.id]));
      const store = new RomListJsonStore(db);
      const written = await store.jsonOf([alpha.id, beta.id]);
      expect(parsed(written.get(alpha.id)?.json)).toEqual({
        ...sharedFields(alpha),
        name: 'Aardvark',
      });
      expect((await storedJson(db)).get(alpha.id)).toMatchObject({ name: 'Aardvark' });

      await sql`UPDATE platform SET custom_name = 'Famicom' WHERE slug = 'nes'`.execute(db);
      expect([...(await storedJson(db)).keys()]).toEqual([gamma.id]);
      const renamed = await store.jsonOf([beta.id]);
      expect(parsed(renamed.get(beta.id)?.json)).toMatchObject({
        platform_custom_name: 'Famicom',
        platform_display_name: 'Famicom',
      });

      await sql`DELETE FROM rom WHERE id = ${gamma.id}`.execute(db);
      expect([...(await storedJson(db)).keys()]).toEqual([beta.id]);
      expect([...(await store.jsonOf([gamma.id])).keys()]).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it("writes every ROM's text once ROM writes pause, none listed", async () => {
    const { app, config, dataDir } = await buildTestApp();
    await createFirstAdmin(app);
    const session = await login(app);
    const tree: Record<string, string> = {};
    for (let index = 0; index < 230; index += 1)
      tree[`roms/gba/Game ${index} (USA).gba`] = `${index}`;
    writeTree(config.libraryDir, tree);
    await scanLibrary(app, session);
    const db = await openTestDatabase(dataDir);
    try {
      const ids = (await db.selectFrom('rom').select('id').execute()).map((row) => row.id);
      expect(ids).toHaveLength(230);
      await vi.waitFor(
        async () => {
          expect(ascending((await storedJson(db)).keys())).toEqual(ascending(ids));
        },
        { timeout: 20_000, interval: 100 },
      );
    } finally {
      await db.destroy();
    }
  });
});
