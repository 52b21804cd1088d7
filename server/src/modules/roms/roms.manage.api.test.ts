import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import type { DeleteRomsResponse, DetailedRom, RomListPage, RomUser } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import { ADMIN_AUTH, basic } from '../../../test/build-test-app.js';
import {
  filesUnder,
  multipart,
  setupManagedLibrary,
  uploadRom,
} from '../../../test/rom-manage-fixtures.js';

describe('manuals', () => {
  it('stores a PDF, serves it inline with safe headers, and refuses other content', async () => {
    const { app, dataDir, nes, romId } = await setupManagedLibrary();
    const id = romId('Existing (USA).nes');
    const pdf = Buffer.from('%PDF-1.4\n%fake manual\n%%EOF\n');
    const send = (content: Buffer | string) => {
      const { body, contentType } = multipart(content, 'file', 'manual.pdf');
      return app.inject({
        method: 'POST',
        url: `/api/roms/${id}/manuals`,
        headers: { authorization: ADMIN_AUTH, 'content-type': contentType },
        payload: body,
      });
    };
    const html = await send('<html><script>alert(1)</script></html>');
    expect(html.statusCode).toBe(415);
    expect(html.json()).toEqual({ detail: 'Manuals must be PDF files' });
    const stored = await send(pdf);
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.json<DetailedRom>()).toMatchObject({
      has_manual: true,
      path_manual: `roms/${nes}/${id}/manual/${id}.pdf`,
    });
    expect(
      readFileSync(path.join(dataDir, `resources/roms/${nes}/${id}/manual/${id}.pdf`)),
    ).toEqual(pdf);
    const served = await app.inject({
      url: `/api/roms/${id}/manual`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(pdf);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(
      /^inline; filename="Existing \(USA\)\.pdf"/,
    );
    expect(served.headers['content-security-policy']).toMatch(/^sandbox;/);
    const download = await app.inject({
      url: `/api/roms/${id}/manual?download=1`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    const anonymous = await app.inject({ url: `/api/roms/${id}/manual` });
    expect(anonymous.statusCode).toBe(401);
    const none = await app.inject({
      url: `/api/roms/${romId('Disc Game (USA)')}/manual`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(none.statusCode).toBe(404);
  });

  it('removes a manual: file gone, has_manual false, a second removal is a 404', async () => {
    const { app, dataDir, nes, romId } = await setupManagedLibrary();
    const id = romId('Existing (USA).nes');
    const { body, contentType } = multipart(Buffer.from('%PDF-1.4\n%%EOF\n'), 'file', 'm.pdf');
    const stored = await app.inject({
      method: 'POST',
      url: `/api/roms/${id}/manuals`,
      headers: { authorization: ADMIN_AUTH, 'content-type': contentType },
      payload: body,
    });
    expect(stored.statusCode).toBe(201);
    const file = path.join(dataDir, `resources/roms/${nes}/${id}/manual/${id}.pdf`);
    expect(existsSync(file)).toBe(true);

    const remove = () =>
      app.inject({
        method: 'DELETE',
        url: `/api/roms/${id}/manuals`,
        headers: { authorization: ADMIN_AUTH },
      });
    const removed = await remove();
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<DetailedRom>()).toMatchObject({ has_manual: false, path_manual: null });
    expect(existsSync(file)).toBe(false);
    const served = await app.inject({
      url: `/api/roms/${id}/manual`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(served.statusCode).toBe(404);
    const again = await remove();
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: `ROM with id ${id} has no manual` });
  });
});

describe('PUT /api/roms/{id}', () => {
  function form(fields: Record<string, string>, artwork?: Buffer) {
    const boundary = '----romshelf-edit';
    const parts: Buffer[] = [];
    for (const [name, value] of Object.entries(fields)) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
      );
    }
    if (artwork !== undefined) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="artwork"; filename="cover.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        artwork,
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return {
      payload: Buffer.concat(parts),
      contentType: `multipart/form-data; boundary=${boundary}`,
    };
  }

  function edit(
    app: FastifyInstance,
    id: number,
    fields: Record<string, string>,
    artwork?: Buffer,
    query = '',
  ) {
    const { payload, contentType } = form(fields, artwork);
    return app.inject({
      method: 'PUT',
      url: `/api/roms/${id}${query}`,
      headers: { authorization: ADMIN_AUTH, 'content-type': contentType },
      payload,
    });
  }

  it('edits name, summary and provider ids, recording hand-edited fields', async () => {
    const { app, romId } = await setupManagedLibrary();
    const id = romId('Existing (USA).nes');
    const response = await edit(app, id, {
      name: 'The Real Name',
      summary: 'A **fine** game',
      igdb_id: '1234',
      moby_id: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DetailedRom>()).toMatchObject({
      name: 'The Real Name',
      name_sort_key: 'real name',
      summary: 'A **fine** game',
      igdb_id: 1234,
      moby_id: null,
      is_identified: true,
    });
    const search = await app.inject({
      url: '/api/roms?search_term=real%20name',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(search.json<RomListPage>().items.map((rom) => rom.id)).toEqual([id]);
    const unmatched = await edit(app, id, {}, undefined, '?unmatch_metadata=true');
    expect(unmatched.json<DetailedRom>()).toMatchObject({
      name: 'Existing',
      igdb_id: null,
      summary: null,
      is_identified: false,
    });
    const bad = await edit(app, id, { igdb_id: 'abc' });
    expect(bad.statusCode).toBe(422);
  });

  it('renames a file ROM on disk and refuses collisions and path tricks', async () => {
    const { app, config, romId, nes } = await setupManagedLibrary();
    const id = romId('Existing (USA).nes');
    await uploadRom(app, nes, 'Other.nes', 'other');
    const renamed = await edit(app, id, { fs_name: 'Renamed (Japan).nes' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<DetailedRom>()).toMatchObject({
      fs_name: 'Renamed (Japan).nes',
      regions: ['Japan'],
      name: 'Existing',
      files: [expect.objectContaining({ file_name: 'Renamed (Japan).nes', file_path: 'roms/nes' })],
    });
    const nesDir = path.join(config.libraryDir, 'roms/nes');
    expect(filesUnder(nesDir)).toEqual(['Other.nes', 'Renamed (Japan).nes']);
    const collision = await edit(app, id, { fs_name: 'Other.nes' });
    expect(collision.statusCode).toBe(409);
    expect(collision.json()).toEqual({
      detail: 'A ROM named Other.nes already exists on this platform',
    });
    for (const name of ['../escape.nes', '../../x', '/etc/passwd', 'C:\\x', 'a\u0000b', '..']) {
      const response = await edit(app, id, { fs_name: name });
      expect(response.statusCode, name).toBe(400);
    }
    expect(filesUnder(nesDir)).toEqual(['Other.nes', 'Renamed (Japan).nes']);
    const download = await app.inject({
      url: `/api/roms/${id}/content/${encodeURIComponent('Renamed (Japan).nes')}`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(download.body).toBe('existing-bytes');
  });

  it('renames a folder ROM with its nested files', async () => {
    const { app, config, romId } = await setupManagedLibrary();
    const id = romId('Disc Game (USA)');
    const response = await edit(app, id, { fs_name: 'Disc Game (Europe)' });
    expect(response.statusCode, response.body).toBe(200);
    const rom = response.json<DetailedRom>();
    expect(rom.files.map((file) => `${file.file_path}/${file.file_name}`).sort()).toEqual([
      'roms/psx/Disc Game (Europe)/Disc Game (Disc 1).bin',
      'roms/psx/Disc Game (Europe)/Disc Game (Disc 1).cue',
      'roms/psx/Disc Game (Europe)/extras/readme.txt',
    ]);
    expect(filesUnder(path.join(config.libraryDir, 'roms/psx'))).toEqual([
      'Disc Game (Europe)/Disc Game (Disc 1).bin',
      'Disc Game (Europe)/Disc Game (Disc 1).cue',
      'Disc Game (Europe)/extras/readme.txt',
    ]);
  });

  it('re-encodes uploaded artwork to WebP at two widths and serves it with safe headers', async () => {
    const { app, dataDir, romId, nes } = await setupManagedLibrary();
    const id = romId('Existing (USA).nes');
    const png = await sharp({
      create: { width: 1000, height: 1500, channels: 3, background: '#884422' },
    })
      .png()
      .toBuffer();
    const response = await edit(app, id, {}, png);
    expect(response.statusCode, response.body).toBe(200);
    const rom = response.json<DetailedRom>();
    expect(rom.path_cover_small).toMatch(
      new RegExp(`^/assets/romm/resources/roms/${nes}/${id}/cover/small\\.webp\\?ts=`),
    );
    const small = await sharp(
      path.join(dataDir, `resources/roms/${nes}/${id}/cover/small.webp`),
    ).metadata();
    const big = await sharp(
      path.join(dataDir, `resources/roms/${nes}/${id}/cover/big.webp`),
    ).metadata();
    expect([small.format, small.width, small.height]).toEqual(['webp', 264, 396]);
    expect([big.format, big.width, big.height]).toEqual(['webp', 528, 792]);
    const served = await app.inject({
      url: rom.path_cover_large,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect((await app.inject({ url: rom.path_cover_large })).statusCode).toBe(401);
    const traversal = await app.inject({
      url: '/assets/romm/resources/..%2f..%2fromshelf.db',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(traversal.statusCode).toBe(404);
    const notImage = await edit(app, id, {}, Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toEqual({ detail: 'Artwork must be a PNG, JPEG, WebP or GIF image' });
    const removed = await edit(app, id, {}, undefined, '?remove_cover=true');
    expect(removed.json<DetailedRom>().path_cover_small).toBe('');
    expect(existsSync(path.join(dataDir, `resources/roms/${nes}/${id}/cover/small.webp`))).toBe(
      false,
    );
  });

  it('refuses url_cover pointing at loopback or private addresses, also through redirects', async () => {
    const { app, romId } = await setupManagedLibrary();
    const id = romId('Existing (USA).nes');
    const server = await imageServer();
    const { port } = server.address() as AddressInfo;
    for (const url of [
      `http://127.0.0.1:${port}/cover.png`,
      `http://localhost:${port}/cover.png`,
      `http://[::1]:${port}/cover.png`,
      `http://[::ffff:127.0.0.1]:${port}/cover.png`,
      'http://10.0.0.1/cover.png',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/cover.png',
      'file:///etc/passwd',
      'ftp://example.com/cover.png',
    ]) {
      const response = await edit(app, id, { url_cover: url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ detail: string }>().detail, url).toMatch(/^Cannot fetch the cover: /);
    }
  });

  it('fetches url_cover through the guard when the policy allows the address, redirects re-checked', async () => {
    const server = await imageServer();
    const { port } = server.address() as AddressInfo;
    const allowLoopbackPort = (address: string) => address === '127.0.0.1';
    const { app, romId } = await setupManagedLibrary({
      container: { coverFetch: { policy: allowLoopbackPort, timeoutMs: 5000, maxRedirects: 2 } },
    });
    const id = romId('Existing (USA).nes');
    const ok = await edit(app, id, { url_cover: `http://127.0.0.1:${port}/redirect` });
    expect(ok.statusCode, ok.body).toBe(200);
    const covered = ok.json<DetailedRom>();
    expect(covered.url_cover).toBe(`http://127.0.0.1:${port}/redirect`);
    expect(covered.path_cover_small).toMatch(/cover\/small\.webp\?ts=/);
    // A redirect to an address the policy refuses is refused.
    const refused = await edit(app, id, { url_cover: `http://127.0.0.1:${port}/to-ipv6` });
    expect(refused.statusCode).toBe(400);
    const notImage = await edit(app, id, { url_cover: `http://127.0.0.1:${port}/page.html` });
    expect(notImage.json()).toEqual({ detail: 'Artwork must be a PNG, JPEG, WebP or GIF image' });
  });
});

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    await new Promise((resolve) => server.close(resolve));
  }
});

async function imageServer(): Promise<Server> {
  const png = await sharp({
    create: { width: 600, height: 900, channels: 3, background: '#224488' },
  })
    .png()
    .toBuffer();
  const server = createServer((request, response) => {
    const port = (server.address() as AddressInfo).port;
    if (request.url === '/cover.png')
      response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (request.url === '/redirect') {
      response.writeHead(302, { location: `http://127.0.0.1:${port}/cover.png` }).end();
    } else if (request.url === '/to-ipv6') {
      response.writeHead(302, { location: `http://[::1]:${port}/cover.png` }).end();
    } else response.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('POST /api/roms/delete', () => {
  it('removes rows only, or files too for delete_from_fs; reports unknown ids', async () => {
    const { app, config, romId } = await setupManagedLibrary();
    const file = romId('Existing (USA).nes');
    const folder = romId('Disc Game (USA)');
    const keep = await app.inject({
      method: 'POST',
      url: '/api/roms/delete',
      headers: { authorization: ADMIN_AUTH },
      payload: { roms: [file], delete_from_fs: [] },
    });
    expect(keep.json<DeleteRomsResponse>()).toEqual({
      msg: '1 ROM deleted successfully!',
      successful_items: 1,
      failed_ids: [],
      errors: [],
    });
    expect(existsSync(path.join(config.libraryDir, 'roms/nes/Existing (USA).nes'))).toBe(true);
    const gone = await app.inject({
      method: 'POST',
      url: '/api/roms/delete',
      headers: { authorization: ADMIN_AUTH },
      payload: { roms: [folder, 9999], delete_from_fs: [folder] },
    });
    expect(gone.json<DeleteRomsResponse>()).toEqual({
      msg: '1 ROM deleted successfully!',
      successful_items: 1,
      failed_ids: [9999],
      errors: ['ROM with id 9999 not found'],
    });
    expect(existsSync(path.join(config.libraryDir, 'roms/psx/Disc Game (USA)'))).toBe(false);
    expect(existsSync(path.join(config.libraryDir, 'roms/psx'))).toBe(true);
    const list = await app.inject({ url: '/api/roms', headers: { authorization: ADMIN_AUTH } });
    expect(list.json<RomListPage>().total).toBe(0);
    expect(statSync(path.join(config.libraryDir, 'roms/nes')).isDirectory()).toBe(true);
  });
});

describe('personal data (props)', () => {
  it('round-trips every field, stamps and clears last play, and feeds the rails', async () => {
    const { app, romId, nes } = await setupManagedLibrary();
    const first = romId('Existing (USA).nes');
    const second = romId('Disc Game (USA)');
    const third = (await uploadRom(app, nes, 'Third.nes', 'third')).json<DetailedRom>().id;
    const props = (id: number, payload: unknown, query = '') =>
      app.inject({
        method: 'PUT',
        url: `/api/roms/${id}/props${query}`,
        headers: { authorization: ADMIN_AUTH },
        payload: payload as Record<string, unknown>,
      });
    const saved = await props(first, {
      data: {
        status: 'finished',
        is_favorite: true,
        rating: 9,
        difficulty: 4,
        completion: 75,
      },
      update_last_played: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const romUser = saved.json<RomUser>();
    expect(romUser).toMatchObject({
      rom_id: first,
      user_id: 1,
      status: 'finished',
      backlogged: false,
      now_playing: false,
      hidden: false,
      is_favorite: true,
      rating: 9,
      difficulty: 4,
      completion: 75,
    });
    expect(romUser).not.toHaveProperty('notes');
    expect(romUser.id).toBeGreaterThan(0);
    expect(Date.parse(romUser.last_played ?? '')).toBeGreaterThan(Date.now() - 60_000);

    // RomM's bare body with flags in the query; its booleans map onto the single status.
    const bare = await props(second, { now_playing: true }, '?update_last_played=true');
    expect(bare.json<RomUser>()).toMatchObject({ status: 'now_playing', now_playing: true });
    // The next play must fall on a later millisecond for the order below.
    const bareLastPlayed = Date.parse(bare.json<RomUser>().last_played ?? '');
    await expect.poll(() => Date.now(), { interval: 1 }).toBeGreaterThan(bareLastPlayed);
    await props(third, { data: {}, update_last_played: true });

    const detail = await app.inject({
      url: `/api/roms/${first}`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(detail.json<DetailedRom>()).toMatchObject({ rom_user: romUser, has_notes: false });

    // The personal note moved to /api/roms/{id}/notes: a body still carrying it is refused.
    for (const body of [{ notes: 'text' }, { data: { notes: 'text' } }]) {
      const moved = await props(first, body);
      expect(moved.statusCode).toBe(400);
      expect(moved.json()).toEqual({ detail: 'Notes moved: use POST /api/roms/{id}/notes' });
    }

    const rail = await app.inject({
      url: '/api/roms?order_by=last_played&order_dir=desc&limit=15',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(rail.json<RomListPage>().items.map((rom) => rom.id)).toEqual([third, second, first]);
    const recent = await app.inject({
      url: '/api/roms?order_by=id&order_dir=desc&limit=15',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(recent.json<RomListPage>().items[0]?.id).toBe(third);

    const cleared = await props(second, { data: {}, remove_last_played: true });
    expect(cleared.json<RomUser>().last_played).toBeNull();
    const rail2 = await app.inject({
      url: '/api/roms?order_by=last_played&order_dir=desc',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(rail2.json<RomListPage>().items.map((rom) => rom.id)).toEqual([third, first]);

    const favourites = await app.inject({
      url: '/api/roms?favourite=true',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(favourites.json<RomListPage>().items.map((rom) => rom.id)).toEqual([first]);
    const finished = await app.inject({
      url: '/api/roms?selected_status=finished',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(finished.json<RomListPage>().items.map((rom) => rom.id)).toEqual([first]);

    // Hidden ROMs leave the gallery unless asked for.
    await props(third, { data: { status: 'hidden' } });
    const gallery = await app.inject({ url: '/api/roms', headers: { authorization: ADMIN_AUTH } });
    expect(gallery.json<RomListPage>().items.map((rom) => rom.id)).not.toContain(third);
    expect(gallery.json<RomListPage>().total).toBe(2);
    const hidden = await app.inject({
      url: '/api/roms?selected_status=hidden',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(hidden.json<RomListPage>().items.map((rom) => rom.id)).toEqual([third]);

    const invalid = await props(first, { data: { rating: 11 } });
    expect(invalid.statusCode).toBe(422);
    const badStatus = await props(first, { data: { status: 'playing' } });
    expect(badStatus.statusCode).toBe(422);
  });

  it('keeps each user to their own data; viewers set props but cannot edit, upload or delete', async () => {
    const { app, romId, nes } = await setupManagedLibrary();
    const id = romId('Existing (USA).nes');
    const viewer = await addUser(app, 'viewer1', 'viewer');
    const viewerAuth = basic(viewer.username, viewer.password);
    const own = await app.inject({
      method: 'PUT',
      url: `/api/roms/${id}/props`,
      headers: { authorization: viewerAuth },
      payload: { data: { status: 'retired', is_favorite: true } },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<RomUser>()).toMatchObject({ user_id: viewer.id, status: 'retired' });

    const adminView = await app.inject({
      url: `/api/roms/${id}`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(adminView.json<DetailedRom>().rom_user).toMatchObject({
      id: -1,
      user_id: 1,
      status: null,
      is_favorite: false,
    });
    const adminFavourites = await app.inject({
      url: '/api/roms?favourite=true',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(adminFavourites.json<RomListPage>().items).toEqual([]);

    const editAttempt = await app.inject({
      method: 'PUT',
      url: `/api/roms/${id}`,
      headers: { authorization: viewerAuth },
      payload: { name: 'hacked' },
    });
    expect(editAttempt.statusCode).toBe(403);
    expect((await uploadRom(app, nes, 'Viewer.nes', 'v', viewerAuth)).statusCode).toBe(403);
    const deleteAttempt = await app.inject({
      method: 'POST',
      url: '/api/roms/delete',
      headers: { authorization: viewerAuth },
      payload: { roms: [id], delete_from_fs: [id] },
    });
    expect(deleteAttempt.statusCode).toBe(403);
    const manualAttempt = await app.inject({
      method: 'POST',
      url: `/api/roms/${id}/manuals`,
      headers: { authorization: viewerAuth },
    });
    expect(manualAttempt.statusCode).toBe(403);
  });
});
