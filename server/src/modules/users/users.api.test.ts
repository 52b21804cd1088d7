import { describe, expect, it } from 'vitest';

import { FULL_SCOPES, UI_SETTINGS_DEFAULTS } from '@romshelf/contract';

import {
  ADMIN,
  basic,
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../test/build-test-app.js';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;

describe('POST /api/users (first admin)', () => {
  it('creates the first admin anonymously, once', async () => {
    const { app } = await buildTestApp();
    const first = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        username: 'Admin',
        password: 'secret-pass',
        email: 'Admin@Example.com',
        role: 'viewer',
      },
    });
    expect(first.statusCode).toBe(201);
    const user = first.json<Record<string, unknown>>();
    expect(user).toEqual({
      id: 1,
      username: 'admin',
      email: 'admin@example.com',
      enabled: true,
      role: 'admin',
      oauth_scopes: [...FULL_SCOPES],
      avatar_path: '',
      last_login: null,
      previous_login: null,
      last_active: null,
      ra_username: null,
      ra_progression: null,
      ui_settings: UI_SETTINGS_DEFAULTS,
      permission_group_id: 3,
      current_device_id: null,
      share_activity: true,
      created_at: expect.stringMatching(ISO_UTC) as unknown,
      updated_at: expect.stringMatching(ISO_UTC) as unknown,
    });
    expect(user).not.toHaveProperty('password_hash');

    const second = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { username: 'intruder', password: 'secret-pass' },
    });
    expect(second.statusCode).toBe(401);
    expect(second.json()).toEqual({ detail: 'Not authenticated' });
  });

  it('lets only one of many concurrent setup requests create an admin', async () => {
    const { app } = await buildTestApp();
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        app.inject({
          method: 'POST',
          url: '/api/users',
          payload: { username: `admin${index}`, password: 'secret-pass' },
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 401, 401, 401, 401, 401]);
    const heartbeat = await app.inject({ method: 'GET', url: '/api/heartbeat' });
    expect(
      heartbeat.json<{ SYSTEM: { SHOW_SETUP_WIZARD: boolean } }>().SYSTEM.SHOW_SETUP_WIZARD,
    ).toBe(false);
  });

  it('stores an argon2id hash, never the password', async () => {
    const { app, dataDir } = await buildTestApp();
    await createFirstAdmin(app);
    const db = await openTestDatabase(dataDir);
    try {
      const row = await db.selectFrom('user').selectAll().executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain(ADMIN.password);
    } finally {
      await db.destroy();
    }
  });

  it('refuses duplicate usernames (any case) and e-mails with 409', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const headers = { authorization: basic(ADMIN.username, ADMIN.password) };
    const sameName = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: { username: 'ADMIN', password: 'secret-pass' },
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ detail: 'Username already exists' });
    const sameEmail = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: { username: 'other', password: 'secret-pass', email: 'ADMIN@example.com' },
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ detail: 'Email already exists' });
  });
});

describe('POST /api/users (signed in)', () => {
  it('lets an admin create users with the requested role', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization: basic(ADMIN.username, ADMIN.password) },
      payload: { username: 'Player_1', password: 'player-pass', role: 'editor', email: '' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ username: 'player_1', role: 'editor', email: null });
  });

  it('answers 403 to users without users.write', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization: basic(ADMIN.username, ADMIN.password) },
      payload: { username: 'viewer', password: 'viewer-pass' },
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization: basic('viewer', 'viewer-pass') },
      payload: { username: 'another', password: 'another-pass' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Forbidden' });
  });
});

describe('request validation', () => {
  it('answers 422 with a detail list naming each bad field', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { username: 'a!', email: 'not-an-email' },
    });
    expect(response.statusCode).toBe(422);
    const { detail } = response.json<{ detail: { loc: unknown[]; msg: string; type: string }[] }>();
    expect(detail).toEqual(
      expect.arrayContaining([
        {
          loc: ['body', 'username'],
          msg: 'Username must be at least 3 characters',
          type: 'too_small',
        },
        {
          loc: ['body', 'username'],
          msg: 'Username may only contain letters, digits, "_" and "-"',
          type: 'invalid_format',
        },
        { loc: ['body', 'password'], msg: 'Field required', type: 'missing' },
      ]),
    );
    expect(detail.some((issue) => issue.loc.join('.') === 'body.email')).toBe(true);
  });

  it('answers 422 for a missing body', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'POST', url: '/api/users' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [{ loc: ['body'], msg: 'Field required', type: 'missing' }],
    });
  });

  it('answers 400 {detail} for malformed JSON', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Malformed JSON body' });
  });

  it('answers 400 {detail} for an unsupported content type', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=admin',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toEqual(expect.any(String));
  });
});

describe('GET /api/users/me', () => {
  it('answers 401 to anonymous callers', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/users/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Not authenticated' });
  });

  it('answers the user with a session cookie', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const session = await login(app);
    const response = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: session.cookie },
    });
    expect(response.statusCode).toBe(200);
    const me = response.json<Record<string, unknown>>();
    expect(me).toMatchObject({
      username: 'admin',
      role: 'admin',
      avatar_path: '',
      oauth_scopes: [...FULL_SCOPES],
    });
    expect(me.last_login).toMatch(ISO_UTC);
  });

  it('keeps the sign-in before the current one, null on the first (Welcome vs Welcome back)', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const me = async (cookie: string) =>
      (await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).json<{
        last_login: string;
        previous_login: string | null;
      }>();
    const first = await me((await login(app)).cookie);
    expect(first.previous_login).toBeNull();
    const second = await me((await login(app)).cookie);
    expect(second.previous_login).toBe(first.last_login);
    expect(second.last_login >= first.last_login).toBe(true);
  });

  it('answers the user with HTTP Basic credentials', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const response = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: basic('ADMIN', ADMIN.password) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'admin' });
  });

  it('answers 401 with a Basic challenge for wrong Basic credentials', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const response = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: basic(ADMIN.username, 'wrong-pass') },
    });
    expect(response.statusCode).toBe(401);
    // Bearer, like RomM: a Basic challenge would make browsers pop up their own login dialog.
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.json()).toEqual({ detail: 'Incorrect username or password' });
  });
});
