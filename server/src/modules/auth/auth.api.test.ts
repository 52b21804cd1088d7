import { describe, expect, it } from 'vitest';

import {
  ADMIN,
  basic,
  buildTestApp,
  closeTestApp,
  cookieValue,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../test/build-test-app.js';
import type { Db } from '../../db/database.js';
import { hashToken } from './auth.service.js';

async function withDb<T>(dataDir: string, work: (db: Db) => Promise<T>) {
  const db = await openTestDatabase(dataDir);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

describe('POST /api/login', () => {
  it('answers null and sets the session and CSRF cookies', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { authorization: basic(ADMIN.username, ADMIN.password) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('null');

    const session = response.cookies.find((cookie) => cookie.name === 'romm_session');
    expect(session).toEqual({
      name: 'romm_session',
      value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as unknown,
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 1209600,
    });
    const csrf = response.cookies.find((cookie) => cookie.name === 'romm_csrftoken');
    expect(csrf).toEqual({
      name: 'romm_csrftoken',
      value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as unknown,
      path: '/',
      sameSite: 'Lax',
    });
    const raw = [response.headers['set-cookie']].flat().join('\n');
    expect(raw).not.toMatch(/Secure/);
  });

  it('marks cookies Secure with ROMSHELF_SECURE_COOKIES and honours SESSION_MAX_AGE_SECONDS', async () => {
    const { app } = await buildTestApp({
      env: { ROMSHELF_SECURE_COOKIES: 'true', SESSION_MAX_AGE_SECONDS: '3600' },
    });
    await createFirstAdmin(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { authorization: basic(ADMIN.username, ADMIN.password) },
    });
    const session = response.cookies.find((cookie) => cookie.name === 'romm_session');
    const csrf = response.cookies.find((cookie) => cookie.name === 'romm_csrftoken');
    expect(session).toMatchObject({ secure: true, httpOnly: true, maxAge: 3600 });
    expect(csrf).toMatchObject({ secure: true });
    expect(csrf).not.toHaveProperty('httpOnly');
  });

  it('stores only a hash of the session token', async () => {
    const { app, dataDir } = await buildTestApp();
    await createFirstAdmin(app);
    const { session } = await login(app);
    const rows = await withDb(dataDir, (db) => db.selectFrom('session').selectAll().execute());
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(hashToken(session));
    expect(rows[0]?.id).not.toBe(session);
  });

  it('answers 401 for a wrong password, an unknown user or no credentials', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    for (const authorization of [
      basic(ADMIN.username, 'wrong-pass'),
      basic('nobody', 'whatever'),
      undefined,
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Incorrect username or password' });
      expect(cookieValue(response, 'romm_session')).toBeUndefined();
    }
  });

  it('answers 401 "Disabled user" for a disabled account and ignores its sessions', async () => {
    const { app, dataDir } = await buildTestApp();
    await createFirstAdmin(app);
    const session = await login(app);
    await withDb(dataDir, (db) => db.updateTable('user').set({ enabled: 0 }).execute());
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { authorization: basic(ADMIN.username, ADMIN.password) },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Disabled user' });
    const me = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: session.cookie },
    });
    expect(me.statusCode).toBe(401);
  });

  it('tolerates an empty JSON body', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: {
        authorization: basic(ADMIN.username, ADMIN.password),
        'content-type': 'application/json',
      },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });

  it('slows a username after 5 failed attempts', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const attempt = (username: string, password = 'wrong-pass') =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { authorization: basic(username, password) },
      });
    for (let index = 0; index < 5; index += 1) {
      expect((await attempt(ADMIN.username)).statusCode).toBe(401);
    }
    const blocked = await attempt(ADMIN.username, ADMIN.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ detail: string }>().detail).toMatch(
      /^Too many login attempts, try again in \d+ seconds$/,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another username from the same client is counted separately (the address allows 20).
    expect((await attempt('someone-else')).statusCode).toBe(401);
  });

  it('never blocks successful logins', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    for (let index = 0; index < 12; index += 1) {
      await login(app);
    }
  });
});

describe('POST /api/logout', () => {
  it('ends the session and clears the cookies', async () => {
    const { app, dataDir } = await buildTestApp();
    await createFirstAdmin(app);
    const session = await login(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('null');
    const cleared = response.cookies.find((cookie) => cookie.name === 'romm_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.maxAge).toBe(0);
    expect(await withDb(dataDir, (db) => db.selectFrom('session').selectAll().execute())).toEqual(
      [],
    );

    const me = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: session.cookie },
    });
    expect(me.statusCode).toBe(401);
  });

  it('answers 200 without a session', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'POST', url: '/api/logout' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('null');
  });
});

describe('sessions', () => {
  it('survive an app restart on the same data folder', async () => {
    const first = await buildTestApp();
    await createFirstAdmin(first.app);
    const session = await login(first.app);
    await closeTestApp(first.app);

    const second = await buildTestApp({ dataDir: first.dataDir });
    const me = await second.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: session.cookie },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'admin' });
  });

  it('are ignored and deleted once expired', async () => {
    const { app, dataDir } = await buildTestApp();
    await createFirstAdmin(app);
    const session = await login(app);
    await withDb(dataDir, (db) =>
      db.updateTable('session').set({ expires_at: '2000-01-01T00:00:00.000+00:00' }).execute(),
    );
    const me = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: session.cookie },
    });
    expect(me.statusCode).toBe(401);
    expect(await withDb(dataDir, (db) => db.selectFrom('session').selectAll().execute())).toEqual(
      [],
    );
  });

  it('ignore unknown tokens', async () => {
    const { app } = await buildTestApp();
    const me = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: 'romm_session=forged' },
    });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ detail: 'Not authenticated' });
  });
});

describe('CSRF protection', () => {
  const newUser = { username: 'player', password: 'player-pass' };

  it('refuses a session-authenticated POST without the header', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const session = await login(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: session.cookie },
      payload: newUser,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'CSRF token verification failed' });
  });

  it('refuses a wrong header, and a header matching a forged cookie', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const session = await login(app);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: session.cookie, 'x-csrftoken': 'nope' },
      payload: newUser,
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: 'CSRF token verification failed' });

    const forged = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: {
        cookie: `romm_session=${session.session}; romm_csrftoken=forged`,
        'x-csrftoken': 'forged',
      },
      payload: newUser,
    });
    expect(forged.statusCode).toBe(403);
  });

  it('accepts the right header', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const session = await login(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
      payload: newUser,
    });
    expect(response.statusCode).toBe(201);
  });

  it('exempts requests with an Authorization header', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const session = await login(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: session.cookie, authorization: basic(ADMIN.username, ADMIN.password) },
      payload: newUser,
    });
    expect(response.statusCode).toBe(201);
  });

  it('hands out a CSRF cookie when missing, bound to the session when signed in', async () => {
    const { app } = await buildTestApp();
    const anonymous = await app.inject({ method: 'GET', url: '/api/heartbeat' });
    const anonymousToken = cookieValue(anonymous, 'romm_csrftoken');
    expect(anonymousToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await app.inject({
      method: 'GET',
      url: '/api/heartbeat',
      headers: { cookie: `romm_csrftoken=${anonymousToken ?? ''}` },
    });
    expect(cookieValue(again, 'romm_csrftoken')).toBeUndefined();

    await createFirstAdmin(app);
    const session = await login(app);
    expect(session.csrf).not.toBe(anonymousToken);
    // After the web app deletes the CSRF cookie (403 flow), a heartbeat gives the bound one back.
    const refreshed = await app.inject({
      method: 'GET',
      url: '/api/heartbeat',
      headers: { cookie: `romm_session=${session.session}` },
    });
    expect(cookieValue(refreshed, 'romm_csrftoken')).toBe(session.csrf);
  });
});
