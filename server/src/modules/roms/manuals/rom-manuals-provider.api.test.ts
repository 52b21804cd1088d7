import type { DetailedRom, RomListPage } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../../test/accounts.js';
import {
  ADMIN_AUTH,
  basic,
  buildTestApp,
  createFirstAdmin,
  login,
} from '../../../../test/build-test-app.js';
import { startFakeScreenScraper } from '../../../../test/fakes/screenscraper.js';
import { scanLibrary, writeTree } from '../../../../test/library-fixtures.js';

const MANUAL = Buffer.from('%PDF-1.4\n% Mega Man X instruction booklet\n%%EOF\n');

async function setup() {
  const ss = await startFakeScreenScraper([
    { id: 4821, systemId: 4, names: [{ region: 'us', text: 'Mega Man X' }], manualPdf: MANUAL },
    { id: 4822, systemId: 4, names: [{ region: 'us', text: 'Chrono Trigger' }] },
  ]);
  const test = await buildTestApp({
    env: {
      SCREENSCRAPER_USER: 'user',
      SCREENSCRAPER_PASSWORD: 'pass',
      SCREENSCRAPER_BASE_URL: ss.origin,
      METADATA_REQUEST_TIMEOUT_MS: '2000',
    },
  });
  await createFirstAdmin(test.app);
  writeTree(test.config.libraryDir, {
    'roms/snes/Mega Man X (USA).sfc': 'mega man bytes',
    'roms/snes/Chrono Trigger (USA).sfc': 'chrono bytes',
  });
  await scanLibrary(test.app, await login(test.app), { apis: ['ss'] });
  const page = (
    await test.app.inject({ url: '/api/roms?limit=10', headers: { authorization: ADMIN_AUTH } })
  ).json<RomListPage>();
  const romId = (fsName: string) => page.items.find((rom) => rom.fs_name === fsName)?.id ?? 0;
  return { ...test, ss, romId };
}

describe("a game's manual from its metadata provider", () => {
  it('is kept by URL, downloaded at the scan, stays removed by rescans, and is downloaded again on request', async () => {
    const { app, ss, romId } = await setup();
    const id = romId('Mega Man X (USA).sfc');
    const detail = async () =>
      (
        await app.inject({ url: `/api/roms/${id}`, headers: { authorization: ADMIN_AUTH } })
      ).json<DetailedRom>();
    const manual = () =>
      app.inject({ url: `/api/roms/${id}/manual`, headers: { authorization: ADMIN_AUTH } });

    expect(await detail()).toMatchObject({
      ss_id: 4821,
      has_manual: true,
      url_manual: `${ss.origin}/medias/manuel/4821.pdf`,
    });
    expect((await manual()).rawPayload).toEqual(MANUAL);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/roms/${id}/manuals`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(removed.json<DetailedRom>().has_manual).toBe(false);
    expect((await manual()).statusCode).toBe(404);
    const listed = async () =>
      (await app.inject({ url: '/api/roms?limit=10', headers: { authorization: ADMIN_AUTH } }))
        .json<RomListPage>()
        .items.find((rom) => rom.id === id)?.has_manual;
    // A complete rescan (which asks ScreenScraper again) does not bring a removed manual back.
    const lookups = () => ss.requests.filter((request) => request.path.endsWith('.php')).length;
    const before = lookups();
    await scanLibrary(app, await login(app), { apis: ['ss'], type: 'complete' });
    expect(lookups()).toBeGreaterThan(before);
    expect((await detail()).has_manual).toBe(false);
    // Read (and so kept) before the re-download, which must move the page's data version.
    expect(await listed()).toBe(false);

    const again = await app.inject({
      method: 'POST',
      url: `/api/roms/${id}/manuals/redownload`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<DetailedRom>()).toMatchObject({ id, has_manual: true });
    expect(await listed()).toBe(true);
    const served = await manual();
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(MANUAL);
    expect(served.headers['content-type']).toBe('application/pdf');
    // Once at the scan, once on request.
    const fetched = ss.requests.filter((request) => request.path.startsWith('/medias/manuel/'));
    expect(fetched).toHaveLength(2);
    // Downloaded again on request, the manual follows the provider once more.
    await scanLibrary(app, await login(app), { apis: ['ss'], type: 'complete' });
    expect((await detail()).has_manual).toBe(true);
  });

  it('answers 400 without a provider manual, 404 for an unknown game, 403 without roms.write', async () => {
    const { app, romId } = await setup();
    const redownload = (id: number, authorization = ADMIN_AUTH) =>
      app.inject({
        method: 'POST',
        url: `/api/roms/${id}/manuals/redownload`,
        headers: { authorization },
      });
    const none = await redownload(romId('Chrono Trigger (USA).sfc'));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ detail: 'No scraped manual URL available for this ROM' });
    const unknown = await redownload(99_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'ROM with id 99999 not found' });
    const viewer = await addUser(app, 'viewer', 'viewer');
    const denied = await redownload(
      romId('Mega Man X (USA).sfc'),
      basic(viewer.username, viewer.password),
    );
    expect(denied.statusCode).toBe(403);
  });
});
