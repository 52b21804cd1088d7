import type { DetailedRom, RomListPage } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { ADMIN_AUTH, buildTestApp, createFirstAdmin, login } from '../../../test/build-test-app.js';
import { collectionForm } from '../../../test/collections-fixtures.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';
import {
  ROMM_DETAILED_ROM,
  ROMM_ROM_FILTERS,
  ROMM_ROM_PAGE,
  ROMM_SIMPLE_ROM,
  ROMSHELF_ROM_FILE,
  ROMSHELF_ROM_USER,
} from '../../../test/romm-models.js';
import { expectRommShape } from '../../../test/romm-shape.js';

const headers = { authorization: ADMIN_AUTH };

/** A single-file game and a game folder of two discs, one of them noted, rated and collected. */
async function setup() {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  writeTree(test.config.libraryDir, {
    'roms/nes/Zelda (USA).nes': 'zelda',
    'roms/psx/Saga (Europe)/Saga (Disc 1).bin': 'disc-1',
    'roms/psx/Saga (Europe)/Saga (Disc 2).bin': 'disc-2',
  });
  await scanLibrary(test.app, await login(test.app));
  const { app } = test;
  const page = (await app.inject({ url: '/api/roms', headers })).json<RomListPage>();
  const saga = page.items.find((rom) => rom.fs_name === 'Saga (Europe)')?.id ?? 0;
  await app.inject({
    method: 'PUT',
    url: `/api/roms/${saga}/props`,
    headers,
    payload: { data: { rating: 8, status: 'finished' }, update_last_played: true },
  });
  await app.inject({
    method: 'POST',
    url: `/api/roms/${saga}/notes`,
    headers,
    payload: { title: 'Tips', content: 'Save often', is_public: true, tags: [] },
  });
  const form = collectionForm({ name: 'Favourite RPGs', rom_ids: JSON.stringify([saga]) });
  const collection = await app.inject({
    method: 'POST',
    url: '/api/collections',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  expect(collection.statusCode, collection.body).toBe(200);
  await app.inject({
    method: 'PUT',
    url: `/api/collections/${collection.json<{ id: number }>().id}`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  return { app, saga };
}

describe('ROM answers carry RomM 5 fields, names, types and nullability', () => {
  it('the list page (with files), the simple and the detailed ROM, files and props', async () => {
    const { app, saga } = await setup();
    const page = await app.inject({ url: '/api/roms?with_files=true', headers });
    expectRommShape(page.json(), ROMM_ROM_PAGE, 'GET /api/roms');
    expect(
      page
        .json<RomListPage>()
        .items.map((rom) => rom.files.length)
        .sort(),
    ).toEqual([1, 2]);
    const filters = await app.inject({ url: '/api/roms/filters', headers });
    expectRommShape(filters.json(), ROMM_ROM_FILTERS, 'GET /api/roms/filters');

    const simple = await app.inject({ url: `/api/roms/${saga}/simple`, headers });
    expectRommShape(simple.json(), ROMM_SIMPLE_ROM, 'GET /api/roms/{id}/simple');

    const detailed = await app.inject({ url: `/api/roms/${saga}`, headers });
    expectRommShape(detailed.json(), ROMM_DETAILED_ROM, 'GET /api/roms/{id}');
    expect(detailed.json<DetailedRom>()).toMatchObject({
      has_notes: true,
      has_multiple_files: true,
      rom_user: { rating: 8, status: 'finished' },
      user_collections: [{ name: 'Favourite RPGs', is_smart: false }],
    });
    expect(detailed.json<DetailedRom>().all_user_notes).toHaveLength(1);

    const fileId = detailed.json<DetailedRom>().files[0]?.id ?? 0;
    const file = await app.inject({ url: `/api/roms/${fileId}/files`, headers });
    expectRommShape(file.json(), ROMSHELF_ROM_FILE, 'GET /api/roms/{file_id}/files');

    const props = await app.inject({
      method: 'PUT',
      url: `/api/roms/${saga}/props`,
      headers,
      payload: { data: { completion: 50 } },
    });
    expectRommShape(props.json(), ROMSHELF_ROM_USER, 'PUT /api/roms/{id}/props');
  });
});
