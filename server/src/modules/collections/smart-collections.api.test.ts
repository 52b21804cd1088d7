import type { RomListPage, SimpleRom, SmartCollection } from '@romshelf/contract';
import { SmartCollectionSchema } from '@romshelf/contract';
import type { LightMyRequestResponse } from 'fastify';
import yauzl from 'yauzl';
import { beforeEach, describe, expect, it } from 'vitest';

import type { TestUser } from '../../../test/accounts.js';
import type { CollectionLibrary } from '../../../test/collection-library.js';
import { buildCollectionLibrary } from '../../../test/collection-library.js';
import { collectionForm } from '../../../test/collections-fixtures.js';
import { writeTree } from '../../../test/library-fixtures.js';
import { RomResources } from '../roms/resources/rom-resources.js';

let lib: CollectionLibrary;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
beforeEach(async () => {
  lib = await buildCollectionLibrary();
  ({ alice, bob, admin } = lib.users);
});

/** Creates a smart collection as RomM's web app does (multipart, flags in the query). */
function create(user: TestUser, fields: Record<string, string>, query = '') {
  const form = collectionForm(fields);
  return lib.as(user, 'POST', `/api/collections/smart${query}`, form.payload, form.headers);
}

async function created(user: TestUser, fields: Record<string, string>, query = '') {
  const response = await create(user, fields, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SmartCollection>();
}

function update(user: TestUser, id: number, fields: Record<string, string>, query = '') {
  const form = collectionForm(fields);
  return lib.as(user, 'PUT', `/api/collections/smart/${id}${query}`, form.payload, form.headers);
}

/** Member ids as smart collections list them: in name order. */
const byName = (...names: string[]) =>
  names.sort((a, b) => a.localeCompare(b)).map((name) => lib.romId(name));
const detail = (response: LightMyRequestResponse) => response.json<{ detail: unknown }>().detail;

describe('POST and GET /api/collections/smart', () => {
  it("saves a filter and answers RomM's shape with the live members", async () => {
    const criteria = '{"genres": ["Action"], "regions": ["USA"], "matched": true}';
    const smart = await created(alice, { name: ' Action USA ', filter_criteria: criteria });
    expect(SmartCollectionSchema.strict().parse(smart)).toEqual(smart);
    const betaCover = `/assets/romm/resources/${RomResources.coverPath(
      lib.platformId('nes'),
      lib.romId('Beta (USA).nes'),
      'small',
    )}?ts=${encodeURIComponent('2026-11-01T00:00:00.000Z')}`;
    expect(smart).toEqual({
      id: smart.id,
      name: 'Action USA',
      description: '',
      rom_ids: byName('Alpha (USA).nes', 'Beta (USA).nes'),
      rom_count: 2,
      path_cover_small: null,
      path_cover_large: null,
      path_covers_small: [betaCover],
      path_covers_large: [betaCover.replace('/small.webp', '/big.webp')],
      is_public: false,
      is_favorite: false,
      is_virtual: false,
      is_smart: true,
      created_at: smart.created_at,
      updated_at: smart.created_at,
      filter_criteria: { genres: ['Action'], regions: ['USA'], matched: true },
      filter_summary: '{"genres": ["Action"], "regions": ["USA"], "matched": true}',
      user_id: alice.id,
      owner_username: 'alice',
    });
    const read = await lib.as(alice, 'GET', `/api/collections/smart/${smart.id}`);
    expect(read.json<SmartCollection>()).toEqual(smart);
  });

  it('reads JSON values as the query string would carry them, and accepts a JSON body', async () => {
    const nes = lib.platformId('nes');
    const smart = await created(alice, {
      name: 'NES Enix',
      filter_criteria: JSON.stringify({ platform_ids: [nes], companies: ['Enix'], missing: null }),
    });
    expect(smart.rom_ids).toEqual(byName('Delta (Japan).nes', 'Gamma (Europe).nes'));
    expect(smart.filter_criteria).toEqual({ platform_ids: [nes], companies: ['Enix'] });
    const json = await lib.as(alice, 'POST', '/api/collections/smart?is_public=true', {
      name: 'Everything',
      filter_criteria: {},
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json<SmartCollection>().rom_count).toBe(6);
    expect(json.json<SmartCollection>().is_public).toBe(true);
  });

  it('keeps a value the library does not have: it matches nothing until a ROM has it', async () => {
    const smart = await created(alice, {
      name: 'Racing',
      filter_criteria: '{"genres": ["Racing"]}',
    });
    expect(smart.rom_ids).toEqual([]);
    const page = await lib.as(alice, 'GET', `/api/roms?smart_collection_id=${smart.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json<RomListPage>().items).toEqual([]);
  });

  it('refuses criteria that are not ROM filters: 400 for bad JSON, 422 otherwise', async () => {
    const bad = await create(alice, { name: 'Bad', filter_criteria: '{"genres": [' });
    expect(bad.statusCode).toBe(400);
    expect(detail(bad)).toBe('Invalid JSON for filter_criteria field');
    for (const criteria of [
      '["Action"]',
      '"Action"',
      '{"genre": ["Action"]}',
      '{"statuses": ["bogus"]}',
      '{"platform_ids": ["nes"]}',
      '{"smart_collection_id": 1}',
      '{"genres_logic": "sometimes"}',
    ]) {
      const response = await create(alice, { name: 'Bad', filter_criteria: criteria });
      expect(response.statusCode, criteria).toBe(422);
      expect(JSON.stringify(detail(response)), criteria).toContain('filter_criteria');
    }
    const nameless = await create(alice, { name: '  ', filter_criteria: '{}' });
    expect(nameless.statusCode).toBe(422);
    const list = await lib.as(alice, 'GET', '/api/collections/smart');
    expect(list.json<SmartCollection[]>()).toEqual([]);
  });

  it('refuses a name the owner already uses (409); another user may use it', async () => {
    await created(alice, { name: 'Mine', filter_criteria: '{}' });
    const again = await create(alice, { name: 'Mine', filter_criteria: '{"genres": ["Action"]}' });
    expect(again.statusCode).toBe(409);
    expect(detail(again)).toBe('A smart collection named "Mine" already exists');
    expect((await create(bob, { name: 'Mine', filter_criteria: '{}' })).statusCode).toBe(200);
  });

  it("lists the caller's own and everyone's public ones, with their identifiers", async () => {
    const own = await created(alice, { name: 'B own', filter_criteria: '{}' });
    const publicOfBob = await created(
      bob,
      { name: 'A public', filter_criteria: '{}' },
      '?is_public=true',
    );
    await created(bob, { name: 'C private', filter_criteria: '{}' });
    const list = await lib.as(alice, 'GET', '/api/collections/smart');
    expect(
      list.json<SmartCollection[]>().map((smart) => [smart.name, smart.owner_username]),
    ).toEqual([
      ['A public', 'bob'],
      ['B own', 'alice'],
    ]);
    const identifiers = await lib.as(alice, 'GET', '/api/collections/smart/identifiers');
    expect(identifiers.json<number[]>()).toEqual([own.id, publicOfBob.id]);
    const future = await lib.as(
      alice,
      'GET',
      '/api/collections/smart?updated_after=2999-01-01T00:00:00Z',
    );
    expect(future.json<SmartCollection[]>()).toEqual([]);
  });
});

describe('PUT and DELETE /api/collections/smart/{id}', () => {
  it('replaces the fields given and recomputes the members', async () => {
    const smart = await created(alice, {
      name: 'Action',
      filter_criteria: '{"genres": ["Action"]}',
    });
    const response = await update(
      alice,
      smart.id,
      { filter_criteria: '{"genres": ["Jeu de rôle"]}', description: 'French RPGs' },
      '?is_public=true',
    );
    expect(response.statusCode, response.body).toBe(200);
    const changed = response.json<SmartCollection>();
    expect(changed.name).toBe('Action');
    expect(changed.description).toBe('French RPGs');
    expect(changed.is_public).toBe(true);
    expect(changed.rom_ids).toEqual(
      byName('Alpha (USA).nes', 'Delta (Japan).nes', 'Zeta (USA).sfc'),
    );
    expect(changed.filter_summary).toBe('{"genres": ["Jeu de r\\u00f4le"]}');
    const renamed = (await update(alice, smart.id, { name: 'RPG' })).json<SmartCollection>();
    expect([renamed.name, renamed.is_public, renamed.description]).toEqual([
      'RPG',
      true,
      'French RPGs',
    ]);
    await created(alice, { name: 'Other', filter_criteria: '{}' });
    const clash = await update(alice, smart.id, { name: 'Other' });
    expect(clash.statusCode).toBe(409);
    const invalid = await update(alice, smart.id, { filter_criteria: '{"nope": 1}' });
    expect(invalid.statusCode).toBe(422);
  });

  it('shares and unshares it through /visibility (RomM), leaving the rest', async () => {
    const smart = await created(alice, {
      name: 'Action',
      filter_criteria: '{"genres": ["Action"]}',
    });
    const url = `/api/collections/smart/${smart.id}/visibility`;
    const shared = await lib.as(alice, 'PUT', url, { is_public: true });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json<SmartCollection>()).toMatchObject({
      is_public: true,
      name: 'Action',
      rom_ids: smart.rom_ids,
      filter_criteria: smart.filter_criteria,
    });
    expect((await lib.as(bob, 'GET', `/api/collections/smart/${smart.id}`)).statusCode).toBe(200);
    expect((await lib.as(bob, 'PUT', url, { is_public: false })).statusCode).toBe(403);
    const unshared = await lib.as(alice, 'PUT', url, { is_public: false });
    expect(unshared.json<SmartCollection>().is_public).toBe(false);
    expect((await lib.as(bob, 'GET', `/api/collections/smart/${smart.id}`)).statusCode).toBe(404);
    expect((await lib.as(bob, 'PUT', url, { is_public: true })).statusCode).toBe(404);
    expect((await lib.as(alice, 'PUT', url, { is_public: 'yes' })).statusCode).toBe(422);
  });

  it('deletes it and keeps the ROMs', async () => {
    const smart = await created(alice, {
      name: 'Action',
      filter_criteria: '{"genres": ["Action"]}',
    });
    const deleted = await lib.as(alice, 'DELETE', `/api/collections/smart/${smart.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ msg: 'Smart collection deleted' });
    expect((await lib.as(alice, 'GET', `/api/collections/smart/${smart.id}`)).statusCode).toBe(404);
    const roms = await lib.as(alice, 'GET', '/api/roms?with_total=true');
    expect(roms.json<RomListPage>().total).toBe(6);
  });
});

describe('who may see and change a smart collection', () => {
  it('hides a private one from everyone else (404), admins included, on every route', async () => {
    const smart = await created(alice, {
      name: 'Private',
      filter_criteria: '{"genres": ["Action"]}',
    });
    const form = collectionForm({ name: 'Taken over' });
    for (const user of [bob, admin]) {
      const requests = [
        lib.as(user, 'GET', `/api/collections/smart/${smart.id}`),
        lib.as(user, 'PUT', `/api/collections/smart/${smart.id}`, form.payload, form.headers),
        // Refused before the body is read: a malformed body still answers 404.
        lib.as(user, 'PUT', `/api/collections/smart/${smart.id}`, '{not json', {
          'content-type': 'application/json',
        }),
        lib.as(user, 'PUT', `/api/collections/smart/${smart.id}/visibility`, {
          is_public: true,
        }),
        lib.as(user, 'DELETE', `/api/collections/smart/${smart.id}`),
        lib.as(user, 'GET', `/api/roms?smart_collection_id=${smart.id}`),
        lib.as(user, 'GET', `/api/roms/random?smart_collection_id=${smart.id}`),
        lib.as(user, 'GET', `/api/roms/download?smart_collection_id=${smart.id}`),
      ];
      for (const response of await Promise.all(requests)) {
        expect(response.statusCode, `${user.username}: ${response.body}`).toBe(404);
        expect(detail(response)).toEqual(expect.any(String));
      }
      const list = await lib.as(user, 'GET', '/api/collections/smart');
      expect(list.json<SmartCollection[]>()).toEqual([]);
      const identifiers = await lib.as(user, 'GET', '/api/collections/smart/identifiers');
      expect(identifiers.json<number[]>()).toEqual([]);
    }
    const unchanged = await lib.as(alice, 'GET', `/api/collections/smart/${smart.id}`);
    expect(unchanged.json<SmartCollection>().name).toBe('Private');
  });

  it('lets others read a public one and its scope, never change it (403)', async () => {
    const smart = await created(
      alice,
      { name: 'Public', filter_criteria: '{"genres": ["Action"]}' },
      '?is_public=true',
    );
    const read = await lib.as(bob, 'GET', `/api/collections/smart/${smart.id}`);
    expect(read.statusCode).toBe(200);
    const page = await lib.as(bob, 'GET', `/api/roms?smart_collection_id=${smart.id}`);
    expect(page.json<RomListPage>().items.map((rom) => rom.id)).toEqual(smart.rom_ids);
    const form = collectionForm({ name: 'Taken over' });
    for (const response of [
      await lib.as(bob, 'PUT', `/api/collections/smart/${smart.id}`, form.payload, form.headers),
      await lib.as(bob, 'DELETE', `/api/collections/smart/${smart.id}`),
      await lib.as(admin, 'DELETE', `/api/collections/smart/${smart.id}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(detail(response)).toBe(`Smart collection with id ${smart.id} belongs to another user`);
    }
    expect(
      (await lib.as(alice, 'GET', `/api/collections/smart/${smart.id}`)).json<SmartCollection>()
        .name,
    ).toBe('Public');
  });

  it("evaluates the filter for its owner: the owner's favourites, whoever looks", async () => {
    const alpha = lib.romId('Alpha (USA).nes');
    const favourite = await lib.as(alice, 'PUT', `/api/roms/${alpha}/props`, {
      data: { is_favorite: true },
    });
    expect(favourite.statusCode, favourite.body).toBe(200);
    const smart = await created(
      alice,
      { name: 'Loved', filter_criteria: '{"favorite": true}' },
      '?is_public=true',
    );
    expect(smart.rom_ids).toEqual([alpha]);
    const asBob = await lib.as(bob, 'GET', `/api/collections/smart/${smart.id}`);
    expect(asBob.json<SmartCollection>().rom_ids).toEqual([alpha]);
    const page = await lib.as(bob, 'GET', `/api/roms?smart_collection_id=${smart.id}`);
    expect(page.json<RomListPage>().items.map((rom) => rom.id)).toEqual([alpha]);

    // Members are kept between reads: a new favourite must show on the next one.
    const beta = lib.romId('Beta (USA).nes');
    await lib.as(alice, 'PUT', `/api/roms/${beta}/props`, { data: { is_favorite: true } });
    const again = await lib.as(bob, 'GET', `/api/collections/smart/${smart.id}`);
    expect(again.json<SmartCollection>().rom_ids).toEqual([alpha, beta]);
  });

  it('needs the collections scopes', async () => {
    const anonymous = await lib.app.inject({ url: '/api/collections/smart' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the smart_collection_id scope', () => {
  it('scopes the list (with other filters), the random ROM and the download', async () => {
    const smart = await created(alice, {
      name: 'Action',
      filter_criteria: '{"genres": ["Action"]}',
    });
    const scoped = (query: string) =>
      lib.as(alice, 'GET', `/api/roms?smart_collection_id=${smart.id}${query}`);
    const all = (await scoped('&with_total=true')).json<RomListPage>();
    expect(all.items.map((rom) => rom.fs_name)).toEqual([
      'Alpha (USA).nes',
      'Beta (USA).nes',
      'Gamma (Europe).nes',
    ]);
    expect(all.total).toBe(3);
    const europe = (await scoped('&regions=Europe')).json<RomListPage>();
    expect(europe.items.map((rom) => rom.fs_name)).toEqual(['Gamma (Europe).nes']);
    const random = await lib.as(alice, 'GET', `/api/roms/random?smart_collection_id=${smart.id}`);
    expect(smart.rom_ids).toContain(random.json<SimpleRom>().id);
    const zip = await lib.as(alice, 'GET', `/api/roms/download?smart_collection_id=${smart.id}`);
    expect(zip.statusCode, zip.body).toBe(200);
    expect(await zipEntries(zip.rawPayload)).toEqual([
      'roms/nes/Alpha (USA).nes',
      'roms/nes/Beta (USA).nes',
      'roms/nes/Gamma (Europe).nes',
    ]);
    const missing = await lib.as(alice, 'GET', '/api/roms?smart_collection_id=999');
    expect(missing.statusCode).toBe(404);
  });

  it('follows saves at once when its filter looks at them (the A–Z index too)', async () => {
    const smart = await created(alice, { name: 'Saved', filter_criteria: '{"has_saves": true}' });
    const gallery = async () =>
      (await lib.as(alice, 'GET', `/api/roms?smart_collection_id=${smart.id}`)).json<RomListPage>();
    expect((await gallery()).char_index).toEqual({});
    const boundary = '----smart-save';
    const upload = await lib.as(
      alice,
      'POST',
      `/api/saves?rom_id=${lib.romId('Beta (USA).nes')}`,
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="saveFile"; filename="Beta.srm"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        Buffer.alloc(64, 1),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
    );
    expect(upload.statusCode, upload.body).toBe(200);
    const after = await gallery();
    expect(after.items.map((rom) => rom.fs_name)).toEqual(['Beta (USA).nes']);
    expect(after.char_index).toEqual({ b: 0 });
  });

  it('takes up a newly scanned game that matches, at once', async () => {
    const nes = lib.platformId('nes');
    const smart = await created(alice, {
      name: 'NES USA',
      filter_criteria: JSON.stringify({ platform_id: nes, regions: ['USA'] }),
    });
    expect(smart.rom_count).toBe(3);
    writeTree(lib.config.libraryDir, { 'roms/nes/Eta (USA).nes': 'eta' });
    await lib.rescan();
    const after = await lib.as(alice, 'GET', `/api/collections/smart/${smart.id}`);
    const page = await lib.as(alice, 'GET', `/api/roms?smart_collection_id=${smart.id}`);
    const items = page.json<RomListPage>().items;
    expect(items.map((rom) => rom.fs_name)).toEqual([
      'Alpha (USA).nes',
      'Beta (USA).nes',
      'Epsilon (USA).nes',
      'Eta (USA).nes',
    ]);
    expect(after.json<SmartCollection>().rom_ids).toEqual(items.map((rom) => rom.id));
  });
});

/** Entry names of a zip, sorted. */
function zipEntries(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error !== null) {
        reject(error);
        return;
      }
      const entries: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(entries.sort()));
      zip.readEntry();
    });
  });
}
