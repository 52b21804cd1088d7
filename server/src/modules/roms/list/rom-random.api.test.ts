import type { SimpleRom } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import {
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../../test/build-test-app.js';
import { fillPlanLibrary } from '../../../../test/list-plan-library.js';

const DRAWS = 400;

/**
 * A 3,000-ROM library over 3 platforms with 4 ROMs of the second platform flagged missing (the
 * scope: that platform and `missing`, 4 ids spread over the whole id range) and 4 missing ROMs
 * of the other platforms (outside it).
 */
async function setup() {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  const { cookie } = await login(test.app);
  const db = await openTestDatabase(test.dataDir);
  try {
    await fillPlanLibrary(db, 3000, 3);
    const platforms = await db.selectFrom('platform').select('id').orderBy('id').execute();
    const platformId = platforms[1]?.id ?? 0;
    const idsOf = async (inScope: boolean) =>
      (
        await db
          .selectFrom('rom')
          .select('id')
          .where('platform_id', inScope ? '=' : '<>', platformId)
          .orderBy('id')
          .execute()
      )
        .filter((_, index) => index % 250 === 0)
        .slice(0, 4)
        .map((row) => row.id);
    const scope = await idsOf(true);
    const outside = await idsOf(false);
    await db
      .updateTable('rom')
      .set({ missing_from_fs: 1 })
      .where('id', 'in', [...scope, ...outside])
      .execute();
    const draw = async () => {
      const response = await test.app.inject({
        method: 'GET',
        url: `/api/roms/random?platform_ids=${String(platformId)}&missing=true`,
        headers: { cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SimpleRom>().id;
    };
    return { draw, scope };
  } finally {
    await db.destroy();
  }
}

describe('GET /api/roms/random over a filtered scope', () => {
  it('picks each member of a small scope about as often as the others, and nothing outside it', async () => {
    const { draw, scope } = await setup();
    expect(scope).toHaveLength(4);
    const counts = new Map<number, number>(scope.map((id) => [id, 0]));
    for (let index = 0; index < DRAWS; index += 1) {
      const id = await draw();
      expect(scope).toContain(id);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    // 100 expected each; over 4 standard deviations (8.7) either way.
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(60);
      expect(count).toBeLessThan(140);
    }
  }, 120_000);
});
