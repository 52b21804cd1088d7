import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import type { RomListPage, SmartCollection, UserNote } from '@romshelf/contract';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';

import type { TestUser } from '../../../../test/accounts.js';
import type { CollectionLibrary } from '../../../../test/collection-library.js';
import { buildCollectionLibrary } from '../../../../test/collection-library.js';
import { collectionForm } from '../../../../test/collections-fixtures.js';

/*
 * A page asked for again while nothing it shows has changed is sent as it was compressed the
 * first time; every write it shows (ROM data, the caller's own data, notes, a smart
 * collection's criteria) gives the next request a fresh page, and each caller sees their own.
 */
let lib: CollectionLibrary;
let alice: TestUser;
let bob: TestUser;
beforeEach(async () => {
  lib = await buildCollectionLibrary();
  ({ alice, bob } = lib.users);
});

/** The first three NES games by name, with the A–Z index. */
const nesPage = () =>
  `/api/roms?platform_ids=${String(lib.platformId('nes'))}&order_by=name&limit=3&with_char_index=true`;

/** The body of a list answer, decoded from the encoding it was sent in. */
function pageOf(response: LightMyRequestResponse): RomListPage {
  expect(response.statusCode, response.body).toBe(200);
  const encoding = response.headers['content-encoding'];
  const raw = response.rawPayload;
  const json =
    encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
  return JSON.parse(json.toString('utf8')) as RomListPage;
}

const listAs = (user: TestUser, encoding: string, url = nesPage()) =>
  lib.as(user, 'GET', url, undefined, { 'accept-encoding': encoding });

describe('GET /api/roms pages asked for again', () => {
  it('sends the same compressed page in each encoding, equal to the uncompressed one', async () => {
    const identity = pageOf(await listAs(alice, 'identity'));
    expect(identity.items.map((item) => item.fs_name)).toEqual([
      'Alpha (USA).nes',
      'Beta (USA).nes',
      'Delta (Japan).nes',
    ]);
    for (const encoding of ['br', 'gzip', 'gzip, deflate, br']) {
      const first = await listAs(alice, encoding);
      const again = await listAs(alice, encoding);
      expect(first.headers['content-encoding']).toBe(encoding === 'gzip' ? 'gzip' : 'br');
      expect(first.headers.vary).toBe('accept-encoding');
      expect(again.headers['content-encoding']).toBe(first.headers['content-encoding']);
      expect(Number(again.headers['content-length'])).toBe(again.rawPayload.length);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(pageOf(again)).toStrictEqual(identity);
    }
  });

  it("shows the caller's new rating, note and favourite, and no one else's", async () => {
    const alphaId = lib.romId('Alpha (USA).nes');
    const alphaOf = async (user: TestUser) =>
      pageOf(await listAs(user, 'br')).items.find((item) => item.id === alphaId);
    expect(await alphaOf(alice)).toMatchObject({ has_notes: false, rom_user: { rating: 0 } });
    expect(await alphaOf(bob)).toMatchObject({ has_notes: false, rom_user: { rating: 0 } });

    const rated = await lib.as(alice, 'PUT', `/api/roms/${String(alphaId)}/props`, {
      data: { rating: 9 },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(await alphaOf(alice)).toMatchObject({ rom_user: { rating: 9 } });
    expect(await alphaOf(bob)).toMatchObject({ rom_user: { rating: 0 } });

    const noted = await lib.as(alice, 'POST', `/api/roms/${String(alphaId)}/notes`, {
      title: 'Boss order',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    // A private note: only its author's page says the game has notes.
    expect(await alphaOf(alice)).toMatchObject({ has_notes: true });
    expect(await alphaOf(bob)).toMatchObject({ has_notes: false });

    const noteId = noted.json<UserNote>().id;
    const removed = await lib.as(
      alice,
      'DELETE',
      `/api/roms/${String(alphaId)}/notes/${String(noteId)}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await alphaOf(alice)).toMatchObject({ has_notes: false });

    const favourites = `${nesPage()}&favorite=true`;
    expect(pageOf(await listAs(alice, 'br', favourites)).items).toEqual([]);
    const favourite = await lib.as(alice, 'PUT', `/api/roms/${String(alphaId)}/props`, {
      data: { is_favorite: true },
    });
    expect(favourite.statusCode, favourite.body).toBe(200);
    expect(pageOf(await listAs(alice, 'br', favourites)).items.map((item) => item.id)).toEqual([
      alphaId,
    ]);
    expect(pageOf(await listAs(bob, 'br', favourites)).items).toEqual([]);
  });

  it("keeps games' shared fields across a note, and shows a renamed game and platform", async () => {
    const { admin } = lib.users;
    const alphaId = lib.romId('Alpha (USA).nes');
    const alphaOf = async () =>
      pageOf(await listAs(alice, 'br')).items.find((item) => item.id === alphaId);
    expect(await alphaOf()).toMatchObject({
      name: 'Alpha',
      platform_display_name: 'Nintendo Entertainment System',
      has_notes: false,
    });
    const noted = await lib.as(alice, 'POST', `/api/roms/${String(alphaId)}/notes`, {
      title: 'Route',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(await alphaOf()).toMatchObject({ name: 'Alpha', has_notes: true });

    const edit = collectionForm({ name: 'Alpha Redux' });
    const edited = await lib.as(
      admin,
      'PUT',
      `/api/roms/${String(alphaId)}`,
      edit.payload,
      edit.headers,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await alphaOf()).toMatchObject({ name: 'Alpha Redux', has_notes: true });

    const renamed = await lib.as(admin, 'PUT', `/api/platforms/${String(lib.platformId('nes'))}`, {
      custom_name: 'Famicom',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await alphaOf()).toMatchObject({
      name: 'Alpha Redux',
      platform_display_name: 'Famicom',
      platform_custom_name: 'Famicom',
    });
  });

  it("follows a collection's members in its filter values", async () => {
    const form = collectionForm({ name: 'Picks' });
    const created = await lib.as(alice, 'POST', '/api/collections', form.payload, form.headers);
    expect(created.statusCode, created.body).toBe(200);
    const collectionId = created.json<{ id: number }>().id;
    const add = async (fsName: string) => {
      const added = await lib.as(alice, 'POST', `/api/collections/${String(collectionId)}/roms`, {
        rom_ids: [lib.romId(fsName)],
      });
      expect(added.statusCode, added.body).toBe(200);
    };
    const regions = async () =>
      pageOf(
        await listAs(
          alice,
          'br',
          `/api/roms?collection_id=${String(collectionId)}&with_filter_values=true`,
        ),
      ).filter_values.regions;
    await add('Alpha (USA).nes');
    expect(await regions()).toEqual(['USA']);
    await add('Delta (Japan).nes');
    expect(await regions()).toEqual(['Japan', 'USA']);
  });

  it("follows a smart collection's new criteria under the same address", async () => {
    const form = collectionForm({ name: 'Japan', filter_criteria: '{"regions": ["Japan"]}' });
    const created = await lib.as(alice, 'POST', '/api/collections/smart', form.payload, {
      ...form.headers,
    });
    expect(created.statusCode, created.body).toBe(200);
    const smartId = created.json<SmartCollection>().id;
    const url = `/api/roms?smart_collection_id=${String(smartId)}&order_by=name`;
    const names = async () =>
      pageOf(await listAs(alice, 'br', url)).items.map((item) => item.fs_name);
    expect(await names()).toEqual(['Delta (Japan).nes']);

    const edit = collectionForm({ filter_criteria: '{"regions": ["Europe"]}' });
    const edited = await lib.as(
      alice,
      'PUT',
      `/api/collections/smart/${String(smartId)}`,
      edit.payload,
      edit.headers,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await names()).toEqual(['Gamma (Europe).nes']);
  });

  it('decides access before a kept page is sent', async () => {
    const form = collectionForm({ name: 'Mine', filter_criteria: '{"regions": ["USA"]}' });
    const created = await lib.as(alice, 'POST', '/api/collections/smart', form.payload, {
      ...form.headers,
    });
    const smartId = created.json<SmartCollection>().id;
    const url = `/api/roms?smart_collection_id=${String(smartId)}`;
    expect((await listAs(alice, 'br', url)).statusCode).toBe(200);
    const refused = await listAs(bob, 'br', url);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ detail: expect.any(String) as string });
  });
});
