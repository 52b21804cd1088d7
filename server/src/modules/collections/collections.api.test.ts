import type { Collection, DetailedRom, RomUser } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { collectionForm, collectionsLibrary } from '../../../test/collections-fixtures.js';

/** RomM 5's CollectionSchema fields (backend/endpoints/responses/collection.py). */
const ROMM_COLLECTION_KEYS = [
  'created_at',
  'description',
  'id',
  'is_favorite',
  'is_public',
  'is_smart',
  'is_virtual',
  'name',
  'owner_username',
  'path_cover_large',
  'path_cover_small',
  'path_covers_large',
  'path_covers_small',
  'rom_count',
  'rom_ids',
  'updated_at',
  'url_cover',
  'user_id',
];

describe('/api/collections', () => {
  it("creates, reads, edits and deletes a collection in RomM's shape; deleting it keeps the ROMs", async () => {
    const { alice, romId } = await collectionsLibrary();
    const created = await alice.create('  Couch co-op  ', '?is_public=true', {
      description: ' Games for two ',
    });
    expect(Object.keys(created).sort()).toEqual(ROMM_COLLECTION_KEYS);
    expect(created).toMatchObject({
      name: 'Couch co-op',
      description: 'Games for two',
      rom_ids: [],
      rom_count: 0,
      path_cover_small: null,
      path_cover_large: null,
      path_covers_small: [],
      path_covers_large: [],
      url_cover: '',
      is_public: true,
      is_favorite: false,
      is_virtual: false,
      is_smart: false,
      user_id: alice.user.id,
      owner_username: 'alice',
    });

    const alpha = romId('Alpha (USA).nes');
    const delta = romId('Delta (USA).sfc');
    const edited = await alice.send(
      'PUT',
      `/api/collections/${created.id}?is_public=false`,
      collectionForm({ name: 'Two players', rom_ids: JSON.stringify([delta, alpha]) }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Collection>()).toMatchObject({
      name: 'Two players',
      description: 'Games for two',
      is_public: false,
      rom_ids: [alpha, delta].sort((a, b) => a - b),
      rom_count: 2,
    });

    const shared = await alice.send('PUT', `/api/collections/${created.id}/visibility`, {
      is_public: true,
    });
    expect(shared.json<Collection>()).toMatchObject({ is_public: true, rom_count: 2 });
    const unshared = await alice.send('PUT', `/api/collections/${created.id}/visibility`, {
      is_public: false,
    });
    expect(unshared.json<Collection>().is_public).toBe(false);

    const listed = (await alice.get('/api/collections')).json<Collection[]>();
    expect(listed.map((collection) => collection.name)).toEqual(['Two players']);
    expect((await alice.get(`/api/collections/${created.id}`)).json()).toEqual(unshared.json());
    expect((await alice.get('/api/collections/identifiers')).json()).toEqual([created.id]);

    const deleted = await alice.send('DELETE', `/api/collections/${created.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await alice.get(`/api/collections/${created.id}`)).statusCode).toBe(404);
    expect(await alice.romIds('')).toHaveLength(5);
  });

  it('lists own collections first, then public ones of others; updated_after narrows', async () => {
    const { alice, bob } = await collectionsLibrary();
    await alice.create('Zeta');
    await alice.create('alpha');
    await bob.create('Shared', '?is_public=true');
    await bob.create('Secret');
    const names = async (caller: typeof alice, query = '') =>
      (await caller.get(`/api/collections${query}`)).json<Collection[]>().map((c) => c.name);
    expect(await names(alice)).toEqual(['alpha', 'Zeta', 'Shared']);
    expect(await names(bob)).toEqual(['Secret', 'Shared']);
    expect(await names(alice, '?updated_after=2999-01-01T00:00:00Z')).toEqual([]);
    const bad = await alice.get('/api/collections?updated_after=yesterday');
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ detail: unknown }>().detail).toBeDefined();
  });

  it('refuses a name the user already has (409), an empty or too long one (422); others may reuse it', async () => {
    const { alice, bob } = await collectionsLibrary();
    const kids = await alice.create('Kids');
    const again = await alice.send('POST', '/api/collections', collectionForm({ name: ' Kids ' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'You already have a collection named "Kids"' });
    expect((await bob.create('Kids')).name).toBe('Kids');

    const other = await alice.create('Other');
    const rename = await alice.send(
      'PUT',
      `/api/collections/${other.id}`,
      collectionForm({ name: 'Kids' }),
    );
    expect(rename.statusCode).toBe(409);
    const blank = await alice.send('POST', '/api/collections', collectionForm({ name: '   ' }));
    expect(blank.statusCode).toBe(422);
    expect(blank.json<{ detail: unknown }>().detail).toBeDefined();
    const long = await alice.send(
      'POST',
      '/api/collections',
      collectionForm({ name: 'x'.repeat(201) }),
    );
    expect(long.statusCode).toBe(422);
    const json = await alice.send('POST', '/api/collections', { name: 'From JSON' });
    expect(json.statusCode).toBe(200);
    expect((await alice.get(`/api/collections/${kids.id}`)).json<Collection>().name).toBe('Kids');
  });

  it('adds and removes ROMs atomically: one unknown id adds nothing', async () => {
    const { alice, romId } = await collectionsLibrary();
    const list = await alice.create('Best of');
    const alpha = romId('Alpha (USA).nes');
    const bravo = romId('Bravo (USA).nes');
    const echo = romId('Echo (Japan).sfc');
    const url = `/api/collections/${list.id}/roms`;

    const unknown = await alice.send('POST', url, { rom_ids: [alpha, 999_999] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'ROM with id 999999 not found' });
    expect((await alice.get(`/api/collections/${list.id}`)).json<Collection>().rom_ids).toEqual([]);

    const added = await alice.send('POST', url, { rom_ids: [echo, alpha, bravo, alpha] });
    expect(added.statusCode).toBe(200);
    expect(added.json<Collection>()).toMatchObject({
      rom_ids: [alpha, bravo, echo],
      rom_count: 3,
    });
    const addedAgain = await alice.send('POST', url, { rom_ids: [alpha] });
    expect(addedAgain.json<Collection>().rom_count).toBe(3);
    expect(await alice.romIds(`collection_id=${list.id}`)).toEqual([alpha, bravo, echo]);
    const removed = await alice.send('DELETE', url, { rom_ids: [bravo, 999_999] });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<Collection>().rom_ids).toEqual([alpha, echo]);
    // The gallery follows at once (its kept order belongs to the previous membership).
    expect(await alice.romIds(`collection_id=${list.id}`)).toEqual([alpha, echo]);
    const page = (
      await alice.get(`/api/roms?collection_id=${list.id}&with_rom_id_index=true`)
    ).json<{
      total: number;
      rom_id_index: number[];
    }>();
    expect(page).toMatchObject({ total: 2, rom_id_index: [alpha, echo] });
    for (const body of [{ rom_ids: [] }, { rom_ids: ['1'] }, {}]) {
      const invalid = await alice.send('POST', url, body);
      expect(invalid.statusCode, JSON.stringify(body)).toBe(422);
    }
    const badForm = await alice.send(
      'PUT',
      `/api/collections/${list.id}`,
      collectionForm({ rom_ids: '[1,' }),
    );
    expect(badForm.statusCode).toBe(422);
    expect(badForm.json()).toEqual({ detail: 'rom_ids must be a JSON array of ROM ids' });
  });

  it('scopes GET /api/roms, /random and /download to a collection, with the other filters', async () => {
    const { alice, romId } = await collectionsLibrary();
    const list = await alice.create('Mixed');
    const alpha = romId('Alpha (USA).nes');
    const charlie = romId('Charlie (Europe).nes');
    const delta = romId('Delta (USA).sfc');
    await alice.send('POST', `/api/collections/${list.id}/roms`, {
      rom_ids: [alpha, charlie, delta],
    });
    expect(await alice.romIds(`collection_id=${list.id}`)).toEqual([alpha, charlie, delta]);
    expect(await alice.romIds(`collection_id=${list.id}&selected_region=USA`)).toEqual([
      alpha,
      delta,
    ]);
    const page = (
      await alice.get(
        `/api/roms?collection_id=${list.id}&with_char_index=true&with_filter_values=true`,
      )
    ).json<{
      total: number;
      char_index: Record<string, number>;
      filter_values: { regions: string[] };
    }>();
    expect(page.total).toBe(3);
    expect(page.char_index).toEqual({ a: 0, c: 1, d: 2 });
    expect(page.filter_values.regions).toEqual(['Europe', 'USA']);

    for (let draw = 0; draw < 5; draw += 1) {
      const random = (await alice.get(`/api/roms/random?collection_id=${list.id}`)).json<{
        id: number;
      }>();
      expect([alpha, charlie, delta]).toContain(random.id);
    }
    const empty = await alice.create('Empty');
    expect((await alice.get(`/api/roms/random?collection_id=${empty.id}`)).json()).toBeNull();

    const zip = await alice.get(`/api/roms/download?collection_id=${list.id}&filename=Mixed`);
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(/filename="Mixed\.zip"/);
    for (const name of [
      'roms/nes/Alpha (USA).nes',
      'roms/nes/Charlie (Europe).nes',
      'roms/snes/Delta (USA).sfc',
    ]) {
      expect(zip.rawPayload.includes(Buffer.from(name)), name).toBe(true);
    }
    expect(zip.rawPayload.includes(Buffer.from('Bravo'))).toBe(false);
    const none = await alice.get(`/api/roms/download?collection_id=${empty.id}`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: 'The collection has no ROMs' });
  });

  it("lists the caller's collections holding a ROM in user_collections", async () => {
    const { alice, bob, romId } = await collectionsLibrary();
    const alpha = romId('Alpha (USA).nes');
    const mine = await alice.create('Mine', '?is_public=true');
    const other = await alice.create('Another');
    await alice.send('POST', `/api/collections/${mine.id}/roms`, { rom_ids: [alpha] });
    await alice.send('POST', `/api/collections/${other.id}/roms`, { rom_ids: [alpha] });
    const detail = (await alice.get(`/api/roms/${alpha}`)).json<DetailedRom>();
    expect(detail.user_collections).toEqual([
      { id: other.id, name: 'Another', is_smart: false },
      { id: mine.id, name: 'Mine', is_smart: false },
    ]);
    expect((await bob.get(`/api/roms/${alpha}`)).json<DetailedRom>().user_collections).toEqual([]);
  });

  it('deleting a ROM removes it from every collection', async () => {
    const { admin, alice, romId } = await collectionsLibrary();
    const alpha = romId('Alpha (USA).nes');
    const bravo = romId('Bravo (USA).nes');
    const list = await alice.create('Doomed');
    await alice.send('POST', `/api/collections/${list.id}/roms`, { rom_ids: [alpha, bravo] });
    await alice.send('PUT', `/api/roms/${alpha}/props`, { data: { is_favorite: true } });
    const deleted = await admin.send('POST', '/api/roms/delete', { roms: [alpha] });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await alice.get(`/api/collections/${list.id}`)).json<Collection>().rom_ids).toEqual([
      bravo,
    ]);
    const favourites = (await alice.get('/api/collections'))
      .json<Collection[]>()
      .find((collection) => collection.is_favorite);
    expect(favourites?.rom_ids).toEqual([]);
  });
});

describe('favourites', () => {
  it('are the membership of the owner’s favourites collection, made on first use', async () => {
    const { alice, bob, romId } = await collectionsLibrary();
    const alpha = romId('Alpha (USA).nes');
    const echo = romId('Echo (Japan).sfc');
    expect((await alice.get('/api/collections')).json()).toEqual([]);

    const props = await alice.send('PUT', `/api/roms/${alpha}/props`, {
      data: { is_favorite: true },
    });
    expect(props.statusCode).toBe(200);
    expect(props.json<RomUser>().is_favorite).toBe(true);
    const [favourites] = (await alice.get('/api/collections')).json<Collection[]>();
    expect(favourites).toMatchObject({
      name: 'Favourites',
      is_favorite: true,
      is_public: false,
      rom_ids: [alpha],
    });
    const id = favourites?.id ?? 0;

    // A RomM client favourites by adding to the collection; the ROM answers follow.
    await alice.send('POST', `/api/collections/${id}/roms`, { rom_ids: [echo] });
    expect((await alice.get(`/api/roms/${echo}`)).json<DetailedRom>().rom_user.is_favorite).toBe(
      true,
    );
    expect(await alice.romIds('favorite=true')).toEqual([alpha, echo]);
    expect(await alice.romIds('favourite=false')).toHaveLength(3);
    expect(await bob.romIds('favorite=true')).toEqual([]);

    await alice.send('PUT', `/api/roms/${alpha}/props`, { data: { is_favorite: false } });
    expect(await alice.romIds('favorite=true')).toEqual([echo]);

    const rename = await alice.send(
      'PUT',
      `/api/collections/${id}`,
      collectionForm({ name: 'Faves' }),
    );
    expect(rename.statusCode).toBe(400);
    expect(rename.json()).toEqual({ detail: 'The favourites collection cannot be renamed' });
    const share = await alice.send(
      'PUT',
      `/api/collections/${id}?is_public=true`,
      collectionForm({ name: 'Favourites', description: 'Mine' }),
    );
    expect(share.json<Collection>()).toMatchObject({ is_public: true, description: 'Mine' });
    const remove = await alice.send('DELETE', `/api/collections/${id}`);
    expect(remove.statusCode).toBe(400);
    expect(remove.json()).toEqual({ detail: 'The favourites collection cannot be deleted' });
    const second = await alice.send(
      'POST',
      '/api/collections?is_favorite=true',
      collectionForm({ name: 'More favourites' }),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ detail: 'You already have a favourites collection' });
  });

  it('a RomM client may create the favourites collection itself; a taken name is avoided', async () => {
    const { alice, bob, romId } = await collectionsLibrary();
    const made = await alice.create('Favourites', '?is_favorite=true');
    expect(made.is_favorite).toBe(true);
    await alice.send('PUT', `/api/roms/${romId('Bravo (USA).nes')}/props`, {
      data: { is_favorite: true },
    });
    expect((await alice.get(`/api/collections/${made.id}`)).json<Collection>().rom_count).toBe(1);

    await bob.create('Favourites');
    await bob.send('PUT', `/api/roms/${romId('Bravo (USA).nes')}/props`, {
      data: { is_favorite: true },
    });
    const names = (await bob.get('/api/collections'))
      .json<Collection[]>()
      .map((collection) => [collection.name, collection.is_favorite]);
    expect(names).toEqual([
      ['Favourites (2)', true],
      ['Favourites', false],
    ]);
  });
});
