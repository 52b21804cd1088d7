import type { Collection, SmartCollection } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { collectionForm, collectionsLibrary } from '../../../test/collections-fixtures.js';
import { ROMM_COLLECTION, ROMM_SMART_COLLECTION } from '../../../test/romm-models.js';
import { expectRommShape } from '../../../test/romm-shape.js';

describe('collection answers carry RomM 5 fields, names, types and nullability', () => {
  it('manual and smart collections: created, listed and read one by one', async () => {
    const { alice, romId } = await collectionsLibrary();
    const manual = await alice.create('Couch co-op', '?is_public=true');
    expectRommShape(manual, ROMM_COLLECTION, 'POST /api/collections');
    const added = await alice.send('POST', `/api/collections/${manual.id}/roms`, {
      rom_ids: [romId('Alpha (USA).nes')],
    });
    expectRommShape(added.json(), ROMM_COLLECTION, 'POST /api/collections/{id}/roms');
    expect(added.json<Collection>().rom_ids).toEqual([romId('Alpha (USA).nes')]);

    const smart = await alice.send(
      'POST',
      '/api/collections/smart',
      collectionForm({ name: 'Europe', filter_criteria: '{"regions": ["Europe"]}' }),
    );
    expect(smart.statusCode, smart.body).toBe(200);
    expectRommShape(smart.json(), ROMM_SMART_COLLECTION, 'POST /api/collections/smart');
    expect(smart.json<SmartCollection>().rom_ids).toEqual([romId('Charlie (Europe).nes')]);

    for (const [url, shape] of [
      ['/api/collections', ROMM_COLLECTION],
      ['/api/collections/smart', ROMM_SMART_COLLECTION],
    ] as const) {
      const list = (await alice.get(url)).json<object[]>();
      expect(list.length, url).toBeGreaterThan(0);
      for (const item of list) expectRommShape(item, shape, `GET ${url}[]`);
    }
    expectRommShape(
      (await alice.get(`/api/collections/${manual.id}`)).json(),
      ROMM_COLLECTION,
      'GET /api/collections/{id}',
    );
    expectRommShape(
      (await alice.get(`/api/collections/smart/${smart.json<SmartCollection>().id}`)).json(),
      ROMM_SMART_COLLECTION,
      'GET /api/collections/smart/{id}',
    );
  });
});
