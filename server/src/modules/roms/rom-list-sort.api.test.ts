import type { RomListPage } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { buildCollectionLibrary } from '../../../test/collection-library.js';

describe('GET /api/roms order_by=first_release_date', () => {
  it('sorts by the release date of the merged metadata, games without one first ascending', async () => {
    const lib = await buildCollectionLibrary();
    await lib.identify({
      'Alpha (USA).nes': { first_release_date: 820_454_400_000 },
      'Beta (USA).nes': { first_release_date: 504_921_600_000 },
      'Gamma (Europe).nes': { first_release_date: 662_688_000_000 },
    });
    const nes = `platform_ids=${String(lib.platformId('nes'))}`;
    const names = async (query: string) => {
      const response = await lib.as(lib.users.admin, 'GET', `/api/roms?${nes}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<RomListPage>().items.map((rom) => rom.name);
    };
    // Ties go by id in the same direction (Delta was scanned before Epsilon).
    expect(await names('order_by=first_release_date&order_dir=desc')).toEqual([
      'Alpha',
      'Gamma',
      'Beta',
      'Epsilon',
      'Delta',
    ]);
    expect(await names('order_by=first_release_date&order_dir=asc')).toEqual([
      'Delta',
      'Epsilon',
      'Beta',
      'Gamma',
      'Alpha',
    ]);
    // A search reads its page in one statement of its own: the same order.
    expect(
      await names('order_by=first_release_date&order_dir=desc&search_term=beta|alpha|delta|gamma'),
    ).toEqual(['Alpha', 'Gamma', 'Beta', 'Delta']);
  });
});
