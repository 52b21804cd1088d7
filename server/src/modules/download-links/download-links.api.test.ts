import type { CreatedDownloadLink, DownloadLink, RomListPage } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import {
  ADMIN_AUTH,
  basic,
  buildTestApp,
  createFirstAdmin,
  login,
} from '../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';

const HOUR_MS = 3_600_000;

async function setup() {
  let now = Date.parse('2026-12-03T10:00:00.000Z');
  const test = await buildTestApp({ container: { clock: () => now } });
  await createFirstAdmin(test.app);
  writeTree(test.config.libraryDir, {
    'roms/3ds/Pilotwings (USA).cia': 'pilotwings cia',
    'roms/nes/Pack/One.nes': 'one',
    'roms/nes/Pack/Two.nes': 'two',
  });
  await scanLibrary(test.app, await login(test.app));
  const list = await test.app.inject({ url: '/api/roms', headers: { authorization: ADMIN_AUTH } });
  const ids = new Map(list.json<RomListPage>().items.map((rom) => [rom.fs_name, rom.id]));
  return {
    ...test,
    cia: ids.get('Pilotwings (USA).cia') ?? 0,
    pack: ids.get('Pack') ?? 0,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

async function createLink(
  app: FastifyInstance,
  body: { rom_id: number; expires_in?: number },
  authorization = ADMIN_AUTH,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/download-links',
    headers: { authorization },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedDownloadLink>();
}

describe('download links', () => {
  it('download the ROM without any credentials until they expire', async () => {
    const { app, cia, advance } = await setup();
    const link = await createLink(app, { rom_id: cia });
    expect(link).toEqual({
      id: 1,
      rom_id: cia,
      rom_name: 'Pilotwings',
      file_name: 'Pilotwings (USA).cia',
      expires_at: '2026-12-03T11:00:00.000Z',
      created_at: '2026-12-03T10:00:00.000Z',
      last_used_at: null,
      downloads: 0,
      path: expect.stringMatching(
        /^\/api\/dl\/[A-Za-z0-9_-]{43}\/Pilotwings%20\(USA\)\.cia$/,
      ) as unknown,
    });

    const download = await app.inject({ url: link.path });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('pilotwings cia');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Pilotwings (USA).cia"; filename*=UTF-8''Pilotwings%20%28USA%29.cia`,
    );
    expect(download.headers['referrer-policy']).toBe('no-referrer');
    const range = await app.inject({ url: link.path, headers: { range: 'bytes=4-9' } });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('twings');

    const listed = await app.inject({
      url: `/api/download-links?rom_id=${cia}`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(listed.json<DownloadLink[]>().map((row) => [row.id, row.downloads])).toEqual([[1, 1]]);
    expect(listed.json<DownloadLink[]>()[0]?.last_used_at).toBe('2026-12-03T10:00:00.000Z');

    advance(HOUR_MS);
    const expired = await app.inject({ url: link.path });
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual({
      detail: 'This download link does not exist or has expired',
    });
    const after = await app.inject({
      url: '/api/download-links',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(after.json()).toEqual([]);
  });

  it('send a multi-file ROM as a zip, and a token that was never issued is a 404', async () => {
    const { app, pack } = await setup();
    const link = await createLink(app, { rom_id: pack, expires_in: 900 });
    expect(link.expires_at).toBe('2026-12-03T10:15:00.000Z');
    const download = await app.inject({ url: link.path });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toContain('filename="Pack.zip"');
    const forged = link.path.replace(/\/dl\/[^/]+\//, `/dl/${'A'.repeat(43)}/`);
    expect((await app.inject({ url: forged })).statusCode).toBe(404);
  });

  it('stop working once revoked; only their owner sees and revokes them', async () => {
    const { app, cia } = await setup();
    await addUser(app, 'vera', 'viewer');
    const vera = basic('vera', 'vera-pass');
    const link = await createLink(app, { rom_id: cia }, vera);

    const byAdmin = await app.inject({
      method: 'DELETE',
      url: `/api/download-links/${link.id}`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(byAdmin.statusCode).toBe(404);
    const adminList = await app.inject({
      url: '/api/download-links',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(adminList.json()).toEqual([]);

    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/download-links/${link.id}`,
      headers: { authorization: vera },
    });
    expect(revoked.statusCode).toBe(204);
    expect((await app.inject({ url: link.path })).statusCode).toBe(404);
  });

  it('end with their owner: a disabled user’s links stop working', async () => {
    const { app, cia } = await setup();
    const vera = await addUser(app, 'vera', 'viewer');
    const link = await createLink(app, { rom_id: cia }, basic('vera', 'vera-pass'));
    const disabled = await app.inject({
      method: 'PUT',
      url: `/api/users/${vera.id}`,
      headers: { authorization: ADMIN_AUTH },
      payload: { enabled: false },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await app.inject({ url: link.path })).statusCode).toBe(404);
  });

  it('stop working once their game or its platform is hidden from their owner', async () => {
    const { app, cia, pack } = await setup();
    const vera = await addUser(app, 'vera', 'viewer');
    const gameLink = await createLink(app, { rom_id: cia }, basic('vera', 'vera-pass'));
    const platformLink = await createLink(app, { rom_id: pack }, basic('vera', 'vera-pass'));
    const adminLink = await createLink(app, { rom_id: cia });
    const hide = async (entity: string, entityId: number) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/permissions/hidden',
        headers: { authorization: ADMIN_AUTH },
        payload: { entity, entity_id: entityId, user_id: vera.id },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const platforms = await app.inject({
      url: '/api/platforms',
      headers: { authorization: ADMIN_AUTH },
    });
    const nes = platforms.json<{ id: number; slug: string }[]>().find((p) => p.slug === 'nes');

    await hide('roms', cia);
    await hide('platforms', nes?.id ?? 0);
    const gone = await app.inject({ url: gameLink.path });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: 'This download link does not exist or has expired' });
    expect((await app.inject({ url: platformLink.path })).statusCode).toBe(404);
    // Nothing is hidden from admins: the admin's link to the same game still works.
    expect((await app.inject({ url: adminLink.path })).body).toBe('pilotwings cia');
  });

  it('refuse unknown ROMs, lifetimes out of range and anonymous callers', async () => {
    const { app, cia } = await setup();
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/download-links',
      headers: { authorization: ADMIN_AUTH },
      payload: { rom_id: 999 },
    });
    expect(unknown.statusCode).toBe(404);
    const tooLong = await app.inject({
      method: 'POST',
      url: '/api/download-links',
      headers: { authorization: ADMIN_AUTH },
      payload: { rom_id: cia, expires_in: 604_801 },
    });
    expect(tooLong.statusCode).toBe(422);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/download-links',
      payload: { rom_id: cia },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
