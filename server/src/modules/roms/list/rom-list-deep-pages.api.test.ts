import type { RomListPage } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import {
  ADMIN_AUTH,
  buildTestApp,
  createFirstAdmin,
  openTestDatabase,
} from '../../../../test/build-test-app.js';
import { fillPlanLibrary } from '../../../../test/list-plan-library.js';
import { KEPT_ORDER_FROM_OFFSET } from './rom-order-cache.js';

const ROMS = 3000;
const PAGE = 72;
/** The first page boundary from which deep pages are slices of a kept order. */
const DEEP = Math.ceil(KEPT_ORDER_FROM_OFFSET / PAGE) * PAGE;

/** A 3,000-ROM library over 3 platforms and the ids of a list order, read from the database. */
async function setup() {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  const db = await openTestDatabase(test.dataDir);
  try {
    await fillPlanLibrary(db, ROMS, 3);
    const platforms = await db.selectFrom('platform').select('id').orderBy('id').execute();
    const platformId = platforms[1]?.id ?? 0;
    const byName = (
      await db.selectFrom('rom').select('id').orderBy('name_sort_key').orderBy('id').execute()
    ).map((row) => row.id);
    const bySizeDesc = (
      await db
        .selectFrom('rom')
        .select('id')
        .orderBy('fs_size_bytes', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((row) => row.id);
    const platformByName = (
      await db
        .selectFrom('rom')
        .select('id')
        .where('platform_id', '=', platformId)
        .orderBy('name_sort_key')
        .orderBy('id')
        .execute()
    ).map((row) => row.id);
    const page = async (query: string) => {
      const response = await test.app.inject({
        method: 'GET',
        url: `/api/roms?limit=${String(PAGE)}&${query}`,
        headers: { authorization: ADMIN_AUTH },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<RomListPage>();
    };
    return { app: test.app, page, platformId, byName, bySizeDesc, platformByName };
  } finally {
    await db.destroy();
  }
}

describe('GET /api/roms deep pages of the whole library and of platforms', () => {
  it('answers each deep page in list order with its total, and the pages before it', async () => {
    const { page, platformId, byName, bySizeDesc, platformByName } = await setup();
    for (const offset of [DEEP - PAGE, DEEP, DEEP + 7 * PAGE]) {
      const named = await page(
        `order_by=name&order_dir=asc&offset=${String(offset)}&with_total=true`,
      );
      expect(named.items.map((rom) => rom.id)).toEqual(byName.slice(offset, offset + PAGE));
      expect(named.total).toBe(ROMS);
      const sized = await page(`order_by=fs_size_bytes&order_dir=desc&offset=${String(offset)}`);
      expect(sized.items.map((rom) => rom.id)).toEqual(bySizeDesc.slice(offset, offset + PAGE));
    }
    const last = await page(
      `platform_ids=${String(platformId)}&order_by=name&offset=${String(DEEP)}&with_total=true`,
    );
    expect(last.items.map((rom) => rom.id)).toEqual(platformByName.slice(DEEP, DEEP + PAGE));
    expect(last.total).toBe(ROMS / 3);
  }, 60_000);

  it('shows a deleted ROM gone from the deep pages asked for before', async () => {
    const { app, page, byName } = await setup();
    const query = `order_by=name&order_dir=asc&offset=${String(DEEP)}&with_total=true`;
    expect((await page(query)).items.map((rom) => rom.id)).toEqual(byName.slice(DEEP, DEEP + PAGE));
    const gone = byName[DEEP - 1] ?? 0;
    const deleted = await app.inject({
      method: 'POST',
      url: '/api/roms/delete',
      headers: { authorization: ADMIN_AUTH },
      payload: { roms: [gone] },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await page(query);
    // Every ROM after the deleted one moved up by one place.
    expect(after.items.map((rom) => rom.id)).toEqual(byName.slice(DEEP + 1, DEEP + 1 + PAGE));
    expect(after.total).toBe(ROMS - 1);
  }, 60_000);
});
