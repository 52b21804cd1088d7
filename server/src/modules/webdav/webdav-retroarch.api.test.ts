import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import { buildTestApp, createFirstAdmin } from '../../../test/build-test-app.js';
import { handheldToken } from '../../../test/handheld.js';
import { RetroArchDevice } from '../../../test/retroarch-cloud-sync.js';
import { DavStore } from './dav-store.js';

/** A listening app with one user holding a client token, recording every /dav request. */
async function davServer() {
  const { app, dataDir } = await buildTestApp();
  const requests: string[] = [];
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    response.on('finish', () => {
      if (request.url?.startsWith('/dav/') === true) {
        requests.push(`${request.method ?? ''} ${request.url} ${String(response.statusCode)}`);
      }
    });
  });
  await createFirstAdmin(app);
  const user = await addUser(app, 'mario', 'viewer');
  const token = await handheldToken(app, user);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${String(port)}/dav/mario`;
  const device = () => new RetroArchDevice(baseUrl, 'mario', token);
  const store = new DavStore({ root: path.join(dataDir, 'webdav'), maxFileBytes: 1024 });
  return { app, user, token, requests, device, store };
}

async function serverManifest(app: FastifyInstance, token: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/dav/mario/manifest.server',
    headers: { authorization: `Basic ${Buffer.from(`mario:${token}`).toString('base64')}` },
  });
  return response.body;
}

describe('RetroArch cloud sync against /dav/<user>/', () => {
  it('first sync uploads saves and states with the exact requests RetroArch sends', async () => {
    const { requests, device } = await davServer();
    const handheld = device();
    handheld.files.set('saves/Super Mario Bros. (World).srm', Buffer.from('SRAM-1'));
    handheld.files.set('states/Nestopia/Super Mario Bros. (World).state1', Buffer.from('STATE-1'));

    const outcome = await handheld.sync();

    expect(outcome).toEqual({
      fetched: [],
      uploaded: [
        'saves/Super Mario Bros. (World).srm',
        'states/Nestopia/Super Mario Bros. (World).state1',
      ],
      deletedOnServer: [],
      conflicts: [],
    });
    await expect
      .poll(() => requests)
      .toEqual([
        'OPTIONS /dav/mario/ 200',
        'GET /dav/mario/manifest.server 404',
        'MKCOL /dav/mario/saves 201',
        'PUT /dav/mario/saves/Super%20Mario%20Bros.%20%28World%29.srm 201',
        'MKCOL /dav/mario/states 201',
        'MKCOL /dav/mario/states/Nestopia 201',
        'PUT /dav/mario/states/Nestopia/Super%20Mario%20Bros.%20%28World%29.state1 201',
        'PUT /dav/mario/manifest.server 201',
      ]);
  });

  it('a second device downloads them; a save changed there goes back up; the first gets it', async () => {
    const { requests, device } = await davServer();
    const handheld = device();
    handheld.files.set('saves/Zelda.srm', Buffer.from('HANDHELD-1'));
    await handheld.sync();

    const desktop = device();
    requests.length = 0;
    expect(await desktop.sync()).toEqual({
      fetched: ['saves/Zelda.srm'],
      uploaded: [],
      deletedOnServer: [],
      conflicts: [],
    });
    await expect
      .poll(() => requests)
      .toEqual([
        'OPTIONS /dav/mario/ 200',
        'GET /dav/mario/manifest.server 200',
        'GET /dav/mario/saves/Zelda.srm 200',
      ]);
    expect(desktop.files.get('saves/Zelda.srm')?.toString()).toBe('HANDHELD-1');

    desktop.files.set('saves/Zelda.srm', Buffer.from('DESKTOP-2'));
    expect((await desktop.sync()).uploaded).toEqual(['saves/Zelda.srm']);
    expect((await handheld.sync()).fetched).toEqual(['saves/Zelda.srm']);
    expect(handheld.files.get('saves/Zelda.srm')?.toString()).toBe('DESKTOP-2');
  });

  it('reports a conflict when both devices changed a save, and loses neither version', async () => {
    const { device } = await davServer();
    const handheld = device();
    const desktop = device();
    handheld.files.set('saves/Metroid.srm', Buffer.from('BASE'));
    await handheld.sync();
    await desktop.sync();
    handheld.files.set('saves/Metroid.srm', Buffer.from('HANDHELD'));
    desktop.files.set('saves/Metroid.srm', Buffer.from('DESKTOP'));

    await handheld.sync();
    const outcome = await desktop.sync();

    expect(outcome.conflicts).toEqual(['saves/Metroid.srm']);
    expect(desktop.files.get('saves/Metroid.srm')?.toString()).toBe('DESKTOP');
    const fresh = device();
    await fresh.sync();
    expect(fresh.files.get('saves/Metroid.srm')?.toString()).toBe('HANDHELD');
  });

  it('moves a locally deleted save to deleted/ (non-destructive sync) and marks it in the manifest', async () => {
    const { app, token, requests, device } = await davServer();
    const handheld = device();
    handheld.files.set('saves/Kirby.srm', Buffer.from('KIRBY'));
    await handheld.sync();
    handheld.files.delete('saves/Kirby.srm');
    requests.length = 0;

    const when = new Date(2026, 10, 29, 9, 5, 7);
    expect((await handheld.sync(when)).deletedOnServer).toEqual(['saves/Kirby.srm']);

    await expect
      .poll(() => requests)
      .toEqual([
        'OPTIONS /dav/mario/ 200',
        'GET /dav/mario/manifest.server 200',
        'MKCOL /dav/mario/deleted 201',
        'MKCOL /dav/mario/deleted/saves 201',
        'MOVE /dav/mario/saves/Kirby.srm 201',
        'PUT /dav/mario/manifest.server 204',
      ]);
    expect(await serverManifest(app, token)).toBe(
      '[\n  {\n    "path": "saves/Kirby.srm",\n    "hash": ""\n  }\n]\n',
    );
    const moved = await app.inject({
      method: 'GET',
      url: '/dav/mario/deleted/saves/Kirby.srm-261129-090507',
      headers: { authorization: `Basic ${Buffer.from(`mario:${token}`).toString('base64')}` },
    });
    expect(moved.body).toBe('KIRBY');
  });

  it("fetches a save RomShelf wrote, even when a device's sync was running meanwhile", async () => {
    const { user, device, store } = await davServer();
    const handheld = device();
    handheld.files.set('saves/Tetris.srm', Buffer.from('OLD'));
    await handheld.sync();

    // The browser player saved Tetris; RomShelf writes it for RetroArch.
    await store.writeFromServer(user.id, 'saves/Tetris.srm', Buffer.from('FROM-BROWSER'));
    // Another device uploads a state; RomShelf writes Pac-Man while that sync runs, so the
    // manifest the device sends at its end was built without it.
    const other = device();
    await other.sync();
    other.files.set('states/Dr. Mario.state', Buffer.from('STATE'));
    const during = await other.sync(new Date(), {
      afterManifestRead: () =>
        store.writeFromServer(user.id, 'saves/Pac-Man.srm', Buffer.from('PAC')),
    });
    expect(during.uploaded).toEqual(['states/Dr. Mario.state']);

    const outcome = await handheld.sync();
    expect(outcome.fetched).toEqual([
      'saves/Pac-Man.srm',
      'saves/Tetris.srm',
      'states/Dr. Mario.state',
    ]);
    expect(handheld.files.get('saves/Tetris.srm')?.toString()).toBe('FROM-BROWSER');
    expect(handheld.files.get('saves/Pac-Man.srm')?.toString()).toBe('PAC');
  });
});
