import type { Collection } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import type { Caller } from '../../../test/collections-fixtures.js';
import { collectionForm, collectionsLibrary } from '../../../test/collections-fixtures.js';

type Route = {
  name: string;
  call: (caller: Caller, id: number, romId: number) => ReturnType<Caller['get']>;
  write: boolean;
};

/** Every route that takes a collection id, by what it does. */
const ROUTES: Route[] = [
  {
    name: 'GET /api/collections/{id}',
    write: false,
    call: (c, id) => c.get(`/api/collections/${id}`),
  },
  {
    name: 'PUT /api/collections/{id}',
    write: true,
    call: (c, id) =>
      c.send(
        'PUT',
        `/api/collections/${id}`,
        collectionForm({ name: 'Taken over', rom_ids: '[]' }),
      ),
  },
  {
    name: 'PUT /api/collections/{id}/visibility',
    write: true,
    call: (c, id) => c.send('PUT', `/api/collections/${id}/visibility`, { is_public: false }),
  },
  {
    name: 'DELETE /api/collections/{id}',
    write: true,
    call: (c, id) => c.send('DELETE', `/api/collections/${id}`),
  },
  {
    name: 'POST /api/collections/{id}/roms',
    write: true,
    call: (c, id, romId) => c.send('POST', `/api/collections/${id}/roms`, { rom_ids: [romId] }),
  },
  {
    name: 'DELETE /api/collections/{id}/roms',
    write: true,
    call: (c, id, romId) => c.send('DELETE', `/api/collections/${id}/roms`, { rom_ids: [romId] }),
  },
  {
    name: 'GET /api/roms?collection_id',
    write: false,
    call: (c, id) => c.get(`/api/roms?collection_id=${id}`),
  },
  {
    name: 'GET /api/roms/random?collection_id',
    write: false,
    call: (c, id) => c.get(`/api/roms/random?collection_id=${id}`),
  },
  {
    name: 'GET /api/roms/download?collection_id',
    write: false,
    call: (c, id) => c.get(`/api/roms/download?collection_id=${id}`),
  },
];

describe('collection ownership, route by route and user by user', () => {
  it("hides others' private collections (404, admins too), lets them read public ones, never write", async () => {
    const { app, admin, alice, bob, romId } = await collectionsLibrary();
    const alpha = romId('Alpha (USA).nes');
    const bravo = romId('Bravo (USA).nes');
    const fresh = async (isPublic: boolean) => {
      const made = await alice.create(
        `List ${Math.random().toString(36).slice(2)}`,
        `?is_public=${String(isPublic)}`,
      );
      await alice.send('POST', `/api/collections/${made.id}/roms`, { rom_ids: [alpha, bravo] });
      return made.id;
    };
    const unchanged = async (id: number, isPublic: boolean) => {
      const seen = (await alice.get(`/api/collections/${id}`)).json<Collection>();
      expect(seen).toMatchObject({ rom_ids: [alpha, bravo], is_public: isPublic });
      expect(seen.name).toMatch(/^List /);
    };

    for (const route of ROUTES) {
      for (const stranger of [bob, admin]) {
        const secret = await fresh(false);
        const hidden = await route.call(stranger, secret, alpha);
        expect(hidden.statusCode, `${route.name} as ${stranger.user.username}, private`).toBe(404);
        expect(hidden.json()).toEqual({ detail: `Collection ${secret} not found` });
        await unchanged(secret, false);

        const shared = await fresh(true);
        const open = await route.call(stranger, shared, alpha);
        const label = `${route.name} as ${stranger.user.username}, public`;
        if (route.write) {
          expect(open.statusCode, label).toBe(403);
          expect(open.json()).toEqual({ detail: 'Only the owner can change this collection' });
          await unchanged(shared, true);
        } else {
          expect(open.statusCode, label).toBe(200);
        }
      }
      const own = await fresh(false);
      const mine = await route.call(alice, own, alpha);
      expect(mine.statusCode, `${route.name} as the owner`).toBe(200);

      const anonymous = await app.inject({ url: `/api/collections/${own}` });
      expect(anonymous.statusCode).toBe(401);
    }

    // Lists and identifiers leave out others' private collections.
    const aliceIds = (await alice.get('/api/collections/identifiers')).json<number[]>();
    const bobIds = (await bob.get('/api/collections/identifiers')).json<number[]>();
    const publicIds = (await alice.get('/api/collections'))
      .json<Collection[]>()
      .filter((collection) => collection.is_public)
      .map((collection) => collection.id);
    expect(bobIds).toEqual(publicIds.sort((a, b) => a - b));
    expect(aliceIds.length).toBeGreaterThan(bobIds.length);
    const bobList = (await bob.get('/api/collections')).json<Collection[]>();
    expect(bobList.every((collection) => collection.is_public)).toBe(true);
    expect(bobList.map((collection) => collection.id).sort((a, b) => a - b)).toEqual(bobIds);
  });

  it('decides access before reading the body: a stranger gets 404 / 403 even for a malformed one', async () => {
    const { alice, bob } = await collectionsLibrary();
    const secret = await alice.create('Secret');
    const shared = await alice.create('Shared', '?is_public=true');
    const broken = {
      payload: Buffer.from('{"rom_ids": ['),
      headers: { 'content-type': 'application/json' },
    };
    expect((await bob.send('POST', `/api/collections/${secret.id}/roms`, broken)).statusCode).toBe(
      404,
    );
    expect((await bob.send('POST', `/api/collections/${shared.id}/roms`, broken)).statusCode).toBe(
      403,
    );
    expect(
      (await alice.send('POST', `/api/collections/${shared.id}/roms`, broken)).statusCode,
    ).toBe(400);
  });

  it('needs the collections scopes: a token without them is refused', async () => {
    const { app, alice } = await collectionsLibrary();
    const token = await app.inject({
      method: 'POST',
      url: '/api/token',
      payload: {
        grant_type: 'password',
        username: 'alice',
        password: alice.user.password,
        scope: 'roms.read',
      },
      headers: { 'content-type': 'application/json' },
    });
    expect(token.statusCode, token.body).toBe(200);
    const bearer = `Bearer ${token.json<{ access_token: string }>().access_token}`;
    const list = await app.inject({ url: '/api/collections', headers: { authorization: bearer } });
    expect(list.statusCode).toBe(403);
    const create = await app.inject({
      method: 'POST',
      url: '/api/collections',
      payload: { name: 'No scope' },
      headers: { authorization: bearer },
    });
    expect(create.statusCode).toBe(403);
  });
});
