import { ACCOUNT_ERRORS } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { addUser, seedRoles } from '../../../test/accounts.js';
import {
  ADMIN,
  basic,
  buildTestApp,
  createFirstAdmin,
  openTestDatabase,
} from '../../../test/build-test-app.js';

const asAdmin = { authorization: basic(ADMIN.username, ADMIN.password) };

async function invite(
  app: Awaited<ReturnType<typeof buildTestApp>>['app'],
  role: string,
  headers = asAdmin,
) {
  return app.inject({ method: 'POST', url: `/api/users/invite-link?role=${role}`, headers });
}

function register(
  app: Awaited<ReturnType<typeof buildTestApp>>['app'],
  token: string,
  username = 'newcomer',
) {
  return app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: { username, email: `${username}@example.com`, password: 'newcomer-pass', token },
  });
}

describe('invites and registration', () => {
  it('makes a single-use link that creates an account with the invited role', async () => {
    const { app } = await buildTestApp({
      env: { ROMSHELF_BASE_URL: 'https://games.example.com/' },
    });
    await createFirstAdmin(app);
    const link = await invite(app, 'editor');
    expect(link.statusCode).toBe(201);
    const { token, url } = link.json<{ token: string; url: string }>();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`https://games.example.com/register?token=${token}`);

    const created = await register(app, token, 'NewComer');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      username: 'newcomer',
      email: 'newcomer@example.com',
      role: 'editor',
      enabled: true,
    });
    const me = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: basic('newcomer', 'newcomer-pass') },
    });
    expect(me.statusCode).toBe(200);

    const reused = await register(app, token, 'second');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: ACCOUNT_ERRORS.inviteUsed });
  });

  it('uses the request origin without ROMSHELF_BASE_URL', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const link = await app.inject({
      method: 'POST',
      url: '/api/users/invite-link?role=viewer',
      headers: { ...asAdmin, host: 'romshelf.lan:3000' },
    });
    expect(link.json<{ url: string }>().url).toMatch(
      /^http:\/\/romshelf\.lan:3000\/register\?token=/,
    );
  });

  it('refuses forged and expired tokens with distinct messages', async () => {
    const { app, dataDir } = await buildTestApp();
    await createFirstAdmin(app);
    const forged = await register(app, 'forged-token');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ detail: ACCOUNT_ERRORS.inviteInvalid });
    const { token } = (await invite(app, 'viewer')).json<{ token: string }>();
    const db = await openTestDatabase(dataDir);
    try {
      await db
        .updateTable('one_time_token')
        .set({ expires_at: '2000-01-01T00:00:00.000+00:00' })
        .execute();
    } finally {
      await db.destroy();
    }
    const expired = await register(app, token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ detail: ACCOUNT_ERRORS.inviteExpired });
  });

  it('honours INVITE_TOKEN_EXPIRY_SECONDS and ?expiration=', async () => {
    const { app, dataDir } = await buildTestApp({ env: { INVITE_TOKEN_EXPIRY_SECONDS: '120' } });
    await createFirstAdmin(app);
    await invite(app, 'viewer');
    await app.inject({
      method: 'POST',
      url: '/api/users/invite-link?role=viewer&expiration=3600',
      headers: asAdmin,
    });
    const db = await openTestDatabase(dataDir);
    try {
      const rows = await db
        .selectFrom('one_time_token')
        .selectAll()
        .orderBy('created_at')
        .execute();
      const lifetimes = rows.map((row) =>
        Math.round((Date.parse(row.expires_at) - Date.parse(row.created_at)) / 1000),
      );
      expect(lifetimes.sort((a, b) => a - b)).toEqual([120, 3600]);
      // Only a hash of the token is stored.
      expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.id))).toBe(true);
    } finally {
      await db.destroy();
    }
  });

  it('keeps the link usable when registration fails (taken username)', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const { token } = (await invite(app, 'viewer')).json<{ token: string }>();
    const taken = await register(app, token, 'admin');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: 'Username already exists' });
    expect((await register(app, token, 'fresh')).statusCode).toBe(201);
  });

  it('lets only one of two concurrent registrations use a link', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const { token } = (await invite(app, 'viewer')).json<{ token: string }>();
    const results = await Promise.all([
      register(app, token, 'racer1'),
      register(app, token, 'racer2'),
    ]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([201, 400]);
  });

  it('refuses invites from viewers and editors, whatever the role', async () => {
    const { app } = await buildTestApp();
    const { viewer, editor } = await seedRoles(app);
    for (const user of [viewer, editor]) {
      for (const role of ['viewer', 'editor', 'admin']) {
        const response = await invite(app, role, {
          authorization: basic(user.username, user.password),
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ detail: 'Forbidden' });
      }
    }
    expect((await invite(app, 'overlord')).statusCode).toBe(422);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/users/invite-link?role=viewer',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('voids the invites of an inviter who lost the admin role', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const second = await addUser(app, 'second', 'admin');
    const secondAuth = { authorization: basic(second.username, second.password) };
    const { token } = (await invite(app, 'admin', secondAuth)).json<{ token: string }>();
    const demote = await app.inject({
      method: 'PUT',
      url: `/api/users/${second.id}`,
      headers: asAdmin,
      payload: { role: 'editor' },
    });
    expect(demote.statusCode).toBe(200);
    const response = await register(app, token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: ACCOUNT_ERRORS.inviteInvalid });
  });

  it('validates the registration body', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { username: 'x', password: '1', token: '' },
    });
    expect(response.statusCode).toBe(422);
  });
});
