import { readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import type { Collection, DetailedRom } from '@romshelf/contract';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';

import type { Caller } from '../../../test/collections-fixtures.js';
import { collectionForm, collectionsLibrary } from '../../../test/collections-fixtures.js';

const png = (color: { r: number; g: number; b: number }, width = 300, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

async function served(caller: Caller, url: string | null) {
  expect(url).not.toBeNull();
  const response = await caller.get(url ?? '');
  expect(response.statusCode, url ?? '').toBe(200);
  expect(response.headers['content-type']).toBe('image/webp');
  return { bytes: response.rawPayload, meta: await sharp(response.rawPayload).metadata() };
}

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe('collection covers', () => {
  it('re-encodes an uploaded artwork (never the bytes received); refuses what is not an image', async () => {
    const { alice } = await collectionsLibrary();
    const upload = await png({ r: 200, g: 30, b: 30 }, 800, 1000);
    const created = await alice.send(
      'POST',
      '/api/collections',
      collectionForm({ name: 'Red' }, upload),
    );
    expect(created.statusCode, created.body).toBe(200);
    const collection = created.json<Collection>();
    expect(collection.path_cover_small).toMatch(
      new RegExp(`^/assets/romm/resources/collections/${collection.id}/cover/small\\.webp\\?ts=`),
    );
    const small = await served(alice, collection.path_cover_small);
    const large = await served(alice, collection.path_cover_large);
    expect(small.meta).toMatchObject({ format: 'webp', width: 264 });
    expect(large.meta).toMatchObject({ format: 'webp', width: 528 });
    expect(small.bytes.equals(upload)).toBe(false);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const refused = await alice.send(
      'POST',
      '/api/collections',
      collectionForm({ name: 'Svg' }, svg),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: 'Artwork must be a PNG, JPEG, WebP or GIF image' });
    const names = (await alice.get('/api/collections')).json<Collection[]>().map((c) => c.name);
    expect(names).toEqual(['Red']);
  });

  it('never shows a created collection without the cover its request carried', async () => {
    const { alice } = await collectionsLibrary();
    // Many pixels in few bytes: re-encoding takes a while, and a crash could strike meanwhile.
    const upload = await png({ r: 90, g: 160, b: 60 }, 2400, 3200);
    const progress = { done: false };
    const creating = alice
      .send('POST', '/api/collections', collectionForm({ name: 'Big' }, upload))
      .finally(() => (progress.done = true));
    const seen: (string | null)[] = [];
    let polls = 0;
    while (!progress.done) {
      polls += 1;
      const listed = (await alice.get('/api/collections')).json<Collection[]>();
      for (const collection of listed) seen.push(collection.path_cover_large);
      // SQLite answers synchronously: let the encoder's finished work in between polls.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await creating).statusCode).toBe(200);
    expect(polls).toBeGreaterThan(0);
    expect(seen.filter((cover) => cover === null)).toEqual([]);
  });

  it("serves a private collection's cover files to its owner only; public ones to everyone", async () => {
    const { alice, bob, admin } = await collectionsLibrary();
    const created = await alice.send(
      'POST',
      '/api/collections',
      collectionForm({ name: 'Secret' }, await png({ r: 20, g: 90, b: 200 })),
    );
    const collection = created.json<Collection>();
    const cover = collection.path_cover_large ?? '';
    expect((await alice.get(cover)).statusCode).toBe(200);
    for (const other of [bob, admin]) {
      const refused = await other.get(cover);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ detail: 'Not found' });
    }
    const shared = await alice.send('PUT', `/api/collections/${collection.id}/visibility`, {
      is_public: true,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect((await bob.get(cover)).statusCode).toBe(200);
  });

  it('without its own cover, shows a collage of up to four member covers and five thumbnails', async () => {
    const { admin, alice, romId, dataDir } = await collectionsLibrary();
    const games = [
      'Alpha (USA).nes',
      'Bravo (USA).nes',
      'Charlie (Europe).nes',
      'Delta (USA).sfc',
      'Echo (Japan).sfc',
    ].map(romId);
    const colors = [
      { r: 255, g: 0, b: 0 },
      { r: 0, g: 255, b: 0 },
      { r: 0, g: 0, b: 255 },
      { r: 255, g: 255, b: 0 },
      { r: 0, g: 255, b: 255 },
    ];
    for (const [index, id] of games.entries()) {
      const edit = await admin.send(
        'PUT',
        `/api/roms/${id}`,
        collectionForm({}, await png(colors[index] ?? { r: 0, g: 0, b: 0 })),
      );
      expect(edit.statusCode, edit.body).toBe(200);
    }
    const list = await alice.create('Rainbow');
    const one = await alice.send('POST', `/api/collections/${list.id}/roms`, {
      rom_ids: [games[0] ?? 0],
    });
    const single = one.json<Collection>();
    expect(single.path_cover_small).toMatch(
      new RegExp(
        `^/assets/romm/resources/collections/${list.id}/collage/[0-9a-f]{16}-small\\.webp$`,
      ),
    );

    const all = await alice.send('POST', `/api/collections/${list.id}/roms`, { rom_ids: games });
    const collection = all.json<Collection>();
    expect(collection.path_cover_small).not.toBe(single.path_cover_small);
    const covers = (await Promise.all(games.map((id) => admin.get(`/api/roms/${id}`)))).map(
      (response) => response.json<DetailedRom>(),
    );
    expect(collection.path_covers_small).toEqual(covers.map((rom) => rom.path_cover_small));
    expect(collection.path_covers_large).toEqual(covers.map((rom) => rom.path_cover_large));

    const collage = await served(alice, collection.path_cover_large);
    expect(collage.meta).toMatchObject({ width: 528, height: 704 });
    // Four cells: red, green / blue, yellow (the fifth cover is a thumbnail only).
    const pixel = async (left: number, top: number) => {
      const { data } = await sharp(collage.bytes)
        .extract({ left, top, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return [...data.subarray(0, 3)].map((value) => Math.round(value / 255));
    };
    expect(await pixel(100, 100)).toEqual([1, 0, 0]);
    expect(await pixel(400, 100)).toEqual([0, 1, 0]);
    expect(await pixel(100, 600)).toEqual([0, 0, 1]);
    expect(await pixel(400, 600)).toEqual([1, 1, 0]);

    // Readers arriving together share one new collage; older ones are removed.
    await alice.send('DELETE', `/api/collections/${list.id}/roms`, { rom_ids: [games[0] ?? 0] });
    const together = await Promise.all(
      [1, 2, 3, 4, 5].map(() => alice.get(`/api/collections/${list.id}`)),
    );
    const paths = together.map((response) => response.json<Collection>().path_cover_small);
    expect(new Set(paths).size).toBe(1);
    expect(paths[0]).not.toBe(collection.path_cover_small);
    const folder = path.join(dataDir, 'resources', 'collections', String(list.id), 'collage');
    expect(readdirSync(folder).sort()).toEqual(
      [paths[0] ?? '', (paths[0] ?? '').replace('-small', '-big')]
        .map((url) => url.split('/').pop() ?? '')
        .sort(),
    );
    await alice.send('POST', `/api/collections/${list.id}/roms`, { rom_ids: [games[0] ?? 0] });

    // An own cover wins; removing it goes back to the collage.
    const own = await alice.send(
      'PUT',
      `/api/collections/${list.id}`,
      collectionForm({}, await png({ r: 10, g: 10, b: 10 })),
    );
    expect(own.json<Collection>().path_cover_small).toMatch(/\/cover\/small\.webp\?ts=/);
    const back = await alice.send('PUT', `/api/collections/${list.id}?remove_cover=true`, {});
    expect(back.json<Collection>().path_cover_small).toBe(collection.path_cover_small);
  });

  it('fetches url_cover through the outbound guard: private addresses are refused', async () => {
    const server = createServer((_request, response) => {
      void png({ r: 1, g: 2, b: 3 }).then((bytes) => {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(bytes);
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/cover.png`;

    const strict = await collectionsLibrary();
    const refused = await strict.alice.send(
      'POST',
      '/api/collections',
      collectionForm({ name: 'Local', url_cover: url }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ detail: string }>().detail).toMatch(/^Cannot fetch the cover: /);
    expect((await strict.alice.get('/api/collections')).json()).toEqual([]);

    const allowed = await collectionsLibrary({
      container: {
        coverFetch: {
          policy: (address) => address === '127.0.0.1',
          timeoutMs: 5000,
          maxRedirects: 1,
        },
      },
    });
    const fetched = await allowed.alice.send(
      'POST',
      '/api/collections',
      collectionForm({ name: 'Fetched', url_cover: url }),
    );
    expect(fetched.statusCode, fetched.body).toBe(200);
    const collection = fetched.json<Collection>();
    expect(collection.url_cover).toBe(url);
    expect((await served(allowed.alice, collection.path_cover_small)).meta.width).toBe(264);
  });
});
