import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { ACCOUNT_ERRORS } from '@romshelf/contract';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';

import { addUser, seedRoles } from '../../../test/accounts.js';
import {
  ADMIN,
  basic,
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../test/build-test-app.js';
import { multipartForm, pngImage } from '../../../test/form-bodies.js';
import { UsersRepository } from './users.repository.js';

const asAdmin = { authorization: basic(ADMIN.username, ADMIN.password) };
const as = (user: { username: string; password: string }) => ({
  authorization: basic(user.username, user.password),
});

describe('GET /api/users and /api/users/{id}', () => {
  it('lists everyone for admins, in id order', async () => {
    const { app } = await buildTestApp();
    await seedRoles(app);
    const response = await app.inject({ method: 'GET', url: '/api/users', headers: asAdmin });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json<{ id: number; username: string; role: string }[]>()
        .map((user) => [user.id, user.username, user.role]),
    ).toEqual([
      [1, 'admin', 'admin'],
      [2, 'viewer', 'viewer'],
      [3, 'editor', 'editor'],
    ]);
  });

  it("keeps users out of each other's records", async () => {
    const { app } = await buildTestApp();
    const { viewer, editor } = await seedRoles(app);
    const peek = await app.inject({
      method: 'GET',
      url: `/api/users/${editor.id}`,
      headers: as(viewer),
    });
    expect(peek.statusCode).toBe(403);
    expect(peek.json()).toEqual({ detail: 'Forbidden' });
    // Unknown ids answer the same, so ids cannot be probed.
    const probe = await app.inject({ method: 'GET', url: '/api/users/999', headers: as(viewer) });
    expect(probe.statusCode).toBe(403);
    const change = await app.inject({
      method: 'PUT',
      url: `/api/users/${editor.id}`,
      headers: as(viewer),
      payload: { email: 'stolen@example.com', password: 'taken-over' },
    });
    expect(change.statusCode).toBe(403);
    const own = await app.inject({
      method: 'GET',
      url: `/api/users/${viewer.id}`,
      headers: as(viewer),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: viewer.id, username: 'viewer', role: 'viewer' });
    const missing = await app.inject({ method: 'GET', url: '/api/users/999', headers: asAdmin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'User not found' });
  });

  it('answers 422 for malformed ids', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/users/${id}`,
        headers: asAdmin,
      });
      expect(response.statusCode, id).toBe(422);
    }
  });
});

describe('PUT /api/users/{id}', () => {
  it('lets users edit their own profile (JSON)', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const response = await app.inject({
      method: 'PUT',
      url: `/api/users/${viewer.id}`,
      headers: as(viewer),
      payload: {
        email: 'Viewer@Example.com',
        ra_username: 'RetroFan',
        ui_settings: '{"theme":"dark"}',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: 'viewer@example.com',
      ra_username: 'RetroFan',
      ui_settings: { theme: 'dark' },
      role: 'viewer',
    });
  });

  it('accepts RomM-style multipart and url-encoded forms', async () => {
    const { app } = await buildTestApp();
    const { editor } = await seedRoles(app);
    const form = multipartForm({ username: 'Editor2', enabled: 'true', role: 'viewer', email: '' });
    const viaMultipart = await app.inject({
      method: 'PUT',
      url: `/api/users/${editor.id}`,
      headers: { ...asAdmin, ...form.headers },
      payload: form.payload,
    });
    expect(viaMultipart.statusCode).toBe(200);
    expect(viaMultipart.json()).toMatchObject({ username: 'editor2', role: 'viewer', email: null });
    const viaForm = await app.inject({
      method: 'PUT',
      url: `/api/users/${editor.id}`,
      headers: { ...asAdmin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'enabled=false&ra_username=',
    });
    expect(viaForm.statusCode).toBe(200);
    expect(viaForm.json()).toMatchObject({ enabled: false, ra_username: null });
  });

  it('needs the current password to change your own, not for admins changing others', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const url = `/api/users/${viewer.id}`;
    const without = await app.inject({
      method: 'PUT',
      url,
      headers: as(viewer),
      payload: { password: 'new-password' },
    });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual({ detail: ACCOUNT_ERRORS.currentPasswordRequired });
    const wrong = await app.inject({
      method: 'PUT',
      url,
      headers: as(viewer),
      payload: { password: 'new-password', current_password: 'not-it' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: ACCOUNT_ERRORS.wrongCurrentPassword });
    const byAdmin = await app.inject({
      method: 'PUT',
      url,
      headers: asAdmin,
      payload: { password: 'set-by-admin' },
    });
    expect(byAdmin.statusCode).toBe(200);
    const me = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: basic('viewer', 'set-by-admin') },
    });
    expect(me.statusCode).toBe(200);
  });

  it('keeps role and enabled changes for users.write holders', async () => {
    const { app } = await buildTestApp();
    const { viewer, editor } = await seedRoles(app);
    for (const [user, payload] of [
      [viewer, { role: 'admin' }],
      [viewer, { role: 'editor' }],
      [editor, { role: 'admin' }],
      [editor, { enabled: false }],
    ] as const) {
      const response = await app.inject({
        method: 'PUT',
        url: `/api/users/${user.id}`,
        headers: as(user),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(403);
      expect(response.json()).toEqual({ detail: 'Forbidden' });
    }
    // Sending the current values is not a change.
    const same = await app.inject({
      method: 'PUT',
      url: `/api/users/${viewer.id}`,
      headers: as(viewer),
      payload: { role: 'viewer', enabled: true },
    });
    expect(same.statusCode).toBe(200);
  });

  it('refuses self-demotion and self-disabling', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const demote = await app.inject({
      method: 'PUT',
      url: '/api/users/1',
      headers: asAdmin,
      payload: { role: 'viewer' },
    });
    expect(demote.statusCode).toBe(400);
    expect(demote.json()).toEqual({ detail: ACCOUNT_ERRORS.selfRole });
    const disable = await app.inject({
      method: 'PUT',
      url: '/api/users/1',
      headers: asAdmin,
      payload: { enabled: 'false' },
    });
    expect(disable.statusCode).toBe(400);
    expect(disable.json()).toEqual({ detail: ACCOUNT_ERRORS.selfDisable });
  });

  it('lets an admin promote and demote others', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const promote = await app.inject({
      method: 'PUT',
      url: `/api/users/${viewer.id}`,
      headers: asAdmin,
      payload: { role: 'admin' },
    });
    expect(promote.json()).toMatchObject({ role: 'admin' });
    const demote = await app.inject({
      method: 'PUT',
      url: `/api/users/${viewer.id}`,
      headers: asAdmin,
      payload: { role: 'editor' },
    });
    expect(demote.json()).toMatchObject({ role: 'editor' });
  });

  it('renames you with the rules of registration, keeping this session and ending the others', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const here = await login(app, viewer.username, viewer.password);
    const elsewhere = await login(app, viewer.username, viewer.password);
    const url = `/api/users/${viewer.id}`;
    const fromSession = { cookie: here.cookie, 'x-csrftoken': here.csrf };
    const tooShort = await app.inject({
      method: 'PUT',
      url,
      headers: fromSession,
      payload: { username: 'ab' },
    });
    expect(tooShort.statusCode).toBe(422);
    expect(tooShort.json()).toMatchObject({
      detail: [{ loc: ['body', 'username'], msg: 'Username must be at least 3 characters' }],
    });
    const renamed = await app.inject({
      method: 'PUT',
      url,
      headers: fromSession,
      payload: { username: 'Night_Owl' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: viewer.id, username: 'night_owl' });
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: fromSession });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'night_owl' });
    const other = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: elsewhere.cookie },
    });
    expect(other.statusCode).toBe(401);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/users/me',
          headers: { authorization: basic('night_owl', viewer.password) },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/api/users/me', headers: as(viewer) })).statusCode,
    ).toBe(401);
  });

  it('answers 409 for taken usernames and e-mails and 422 for bad fields', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const url = `/api/users/${viewer.id}`;
    const name = await app.inject({
      method: 'PUT',
      url,
      headers: as(viewer),
      payload: { username: 'EDITOR' },
    });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toEqual({ detail: 'Username already exists' });
    await app.inject({
      method: 'PUT',
      url: '/api/users/1',
      headers: asAdmin,
      payload: { email: 'boss@example.com' },
    });
    const email = await app.inject({
      method: 'PUT',
      url,
      headers: as(viewer),
      payload: { email: 'BOSS@example.com' },
    });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({ detail: 'Email already exists' });
    const bad = await app.inject({
      method: 'PUT',
      url,
      headers: as(viewer),
      payload: { email: 'nope', role: 'overlord', enabled: 'maybe', username: 'a b' },
    });
    expect(bad.statusCode).toBe(422);
    const locs = bad
      .json<{ detail: { loc: string[] }[] }>()
      .detail.map((issue) => issue.loc.join('.'));
    expect(new Set(locs)).toEqual(
      new Set(['body.email', 'body.role', 'body.enabled', 'body.username']),
    );
    const array = await app.inject({
      method: 'PUT',
      url,
      headers: { ...as(viewer), 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(array.statusCode).toBe(400);
  });
});

describe('avatars', () => {
  it('re-encodes uploads to a WebP of at most 256×256 and serves it safely', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const form = multipartForm({}, [
      { name: 'avatar', filename: 'me.png', type: 'image/png', data: await pngImage(800, 600) },
    ]);
    const response = await app.inject({
      method: 'PUT',
      url: `/api/users/${viewer.id}`,
      headers: { ...as(viewer), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(200);
    const avatarPath = response.json<{ avatar_path: string }>().avatar_path;
    expect(avatarPath).toMatch(new RegExp(`^/api/users/${viewer.id}/avatar\\?ts=\\d+$`));
    const image = await app.inject({ method: 'GET', url: avatarPath, headers: as(viewer) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-disposition']).toBe('inline; filename="avatar.webp"');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    // Other signed-in users see avatars; anonymous callers do not.
    expect(
      (await app.inject({ method: 'GET', url: avatarPath, headers: asAdmin })).statusCode,
    ).toBe(200);
    expect((await app.inject({ method: 'GET', url: avatarPath })).statusCode).toBe(401);
  });

  it('refuses anything but PNG, JPEG, WebP and GIF, and oversized files', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const upload = (data: Buffer, type: string) => {
      const form = multipartForm({}, [{ name: 'avatar', filename: 'x', type, data }]);
      return app.inject({
        method: 'PUT',
        url: `/api/users/${viewer.id}`,
        headers: { ...as(viewer), ...form.headers },
        payload: form.payload,
      });
    };
    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/svg+xml',
    );
    expect(svg.statusCode).toBe(400);
    expect(svg.json()).toEqual({ detail: 'Avatar must be a PNG, JPEG, WebP or GIF image' });
    const html = await upload(Buffer.from('<html><body>hi</body></html>'), 'image/png');
    expect(html.statusCode).toBe(400);
    const truncated = await upload((await pngImage(64, 64)).subarray(0, 40), 'image/png');
    expect(truncated.statusCode).toBe(400);
    const mid = await upload(
      Buffer.concat([await pngImage(8, 8), Buffer.alloc(2 * 1024 * 1024)]),
      'image/png',
    );
    expect(mid.statusCode).toBe(200);
    const big = await upload(
      Buffer.concat([await pngImage(8, 8), Buffer.alloc(5 * 1024 * 1024 + 10)]),
      'image/png',
    );
    expect(big.statusCode).toBe(413);
    expect(big.json<{ detail: string }>().detail).toEqual(expect.any(String));
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deletes others, never yourself', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const self = await app.inject({ method: 'DELETE', url: '/api/users/1', headers: asAdmin });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ detail: ACCOUNT_ERRORS.selfDelete });
    const byViewer = await app.inject({
      method: 'DELETE',
      url: '/api/users/3',
      headers: as(viewer),
    });
    expect(byViewer.statusCode).toBe(403);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/users/${viewer.id}`,
      headers: asAdmin,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ msg: 'User deleted' });
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/users/${viewer.id}`,
      headers: asAdmin,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('last admin guard', () => {
  it('never leaves the database without an enabled admin', async () => {
    const { app, dataDir } = await buildTestApp();
    await createFirstAdmin(app);
    const second = await addUser(app, 'second', 'admin');
    const db = await openTestDatabase(dataDir);
    try {
      const repository = new UsersRepository(db);
      expect((await repository.updateChecked(second.id, { enabled: 0 })).outcome).toBe('updated');
      expect((await repository.updateChecked(1, { role: 'viewer' })).outcome).toBe('last-admin');
      expect((await repository.updateChecked(1, { enabled: 0 })).outcome).toBe('last-admin');
      expect(await repository.deleteChecked(1)).toBe('last-admin');
      expect((await repository.findById(1))?.role).toBe('admin');
      expect(await repository.deleteChecked(second.id)).toBe('deleted');
      // Without any enabled admin (edited in the database), other updates still work.
      await db.updateTable('user').set({ enabled: 0 }).where('id', '=', 1).execute();
      expect((await repository.updateChecked(1, { email: 'x@example.com' })).outcome).toBe(
        'updated',
      );
    } finally {
      await db.destroy();
    }
  });
});

describe('POST /api/users/{id}/ra/refresh', () => {
  const servers: { close: () => void }[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });

  it('explains that RetroAchievements is not configured', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/1/ra/refresh',
      headers: asAdmin,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'RetroAchievements is not configured: set RETROACHIEVEMENTS_API_KEY on the server',
    });
  });

  it('stores the progression read from the RetroAchievements API', async () => {
    const seen: URL[] = [];
    const server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      seen.push(url);
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          Count: 1,
          Total: 1,
          Results: [
            {
              GameID: 1448,
              Title: 'Mega Man',
              ImageIcon: '/Images/024519.png',
              ConsoleID: 7,
              ConsoleName: 'NES/Famicom',
              MaxPossible: 52,
              NumAwarded: 52,
              NumAwardedHardcore: 52,
              MostRecentAwardedDate: '2023-03-01T12:00:00+00:00',
              HighestAwardKind: 'mastered',
              HighestAwardDate: '2023-03-01T12:00:00+00:00',
            },
          ],
        }),
      );
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const { app } = await buildTestApp({
      env: {
        RETROACHIEVEMENTS_API_KEY: 'ra-key',
        RETROACHIEVEMENTS_BASE_URL: `http://127.0.0.1:${port}`,
      },
    });
    await createFirstAdmin(app);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/users/1/ra/refresh',
      headers: asAdmin,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ detail: 'Set a RetroAchievements username first' });
    await app.inject({
      method: 'PUT',
      url: '/api/users/1',
      headers: asAdmin,
      payload: { ra_username: 'Blue' },
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/1/ra/refresh',
      headers: asAdmin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ ra_progression: unknown }>().ra_progression).toEqual({
      total: 1,
      results: [
        {
          rom_ra_id: 1448,
          title: 'Mega Man',
          console_name: 'NES/Famicom',
          max_possible: 52,
          num_awarded: 52,
          num_awarded_hardcore: 52,
          most_recent_awarded_date: '2023-03-01T12:00:00+00:00',
          highest_award_kind: 'mastered',
        },
      ],
    });
    expect(seen[0]?.pathname).toBe('/API/API_GetUserCompletionProgress.php');
    expect(Object.fromEntries(seen[0]?.searchParams ?? [])).toEqual({
      u: 'Blue',
      c: '500',
      o: '0',
      y: 'ra-key',
    });
  });
});
