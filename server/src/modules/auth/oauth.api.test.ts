import { EDIT_SCOPES, WRITE_SCOPES } from '@romshelf/contract';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';

import {
  addUser,
  bearer,
  passwordTokens,
  seedRoles,
  tokenRequest,
} from '../../../test/accounts.js';
import {
  ADMIN,
  basic,
  buildTestApp,
  closeTestApp,
  createFirstAdmin,
  login,
} from '../../../test/build-test-app.js';

describe('POST /api/token (password grant)', () => {
  it('answers a bearer pair with RomM claims', async () => {
    const { app } = await buildTestApp();
    const { editor } = await seedRoles(app);
    const before = Math.floor(Date.now() / 1000);
    const pair = await passwordTokens(app, editor);
    expect(pair).toEqual({
      access_token: expect.any(String) as unknown,
      refresh_token: expect.any(String) as unknown,
      token_type: 'bearer',
      expires: 1800,
      refresh_expires: 604800,
    });
    const access = decodeJwt(pair.access_token);
    expect(access).toMatchObject({
      sub: 'editor',
      iss: 'romm:oauth',
      type: 'access',
      scopes: EDIT_SCOPES.join(' '),
      jti: expect.any(String) as unknown,
    });
    expect((access.exp ?? 0) - before).toBeGreaterThanOrEqual(1800);
    expect((access.exp ?? 0) - before).toBeLessThanOrEqual(1802);
    const refresh = decodeJwt(pair.refresh_token);
    expect(refresh).toMatchObject({ sub: 'editor', iss: 'romm:oauth', type: 'refresh' });
    expect((refresh.exp ?? 0) - before).toBeGreaterThanOrEqual(604800);
  });

  it('honours the expiry settings', async () => {
    const { app } = await buildTestApp({
      env: { OAUTH_ACCESS_TOKEN_EXPIRE_SECONDS: '120', OAUTH_REFRESH_TOKEN_EXPIRE_SECONDS: '3600' },
    });
    await createFirstAdmin(app);
    const pair = await passwordTokens(app, ADMIN);
    expect([pair.expires, pair.refresh_expires]).toEqual([120, 3600]);
  });

  it('grants a requested subset of scopes and refuses more than the user holds', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const narrow = await passwordTokens(app, viewer, 'me.read roms.read');
    expect(decodeJwt(narrow.access_token).scopes).toBe('me.read roms.read');
    const me = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: bearer(narrow.access_token) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ oauth_scopes: string[] }>().oauth_scopes).toEqual(['me.read', 'roms.read']);
    // The token lacks me.write even though the role has it.
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/users/${viewer.id}`,
      headers: { authorization: bearer(narrow.access_token) },
      payload: { ra_username: 'someone' },
    });
    expect(edit.statusCode).toBe(403);
    const tooMuch = await tokenRequest(app, {
      grant_type: 'password',
      username: viewer.username,
      password: viewer.password,
      scope: 'me.read users.write',
    });
    expect(tooMuch.statusCode).toBe(403);
    expect(tooMuch.json()).toEqual({ detail: 'Requested scopes exceed the user scopes' });
  });

  it('refuses wrong credentials, missing fields and other grants', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const wrong = await tokenRequest(app, { username: 'admin', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'Incorrect username or password' });
    const missing = await tokenRequest(app, { grant_type: 'password', username: 'admin' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ detail: 'Missing username or password' });
    const client = await tokenRequest(app, {
      grant_type: 'client_credentials',
      client_id: 'x',
      client_secret: 'y',
    });
    expect(client.statusCode).toBe(400);
    expect(client.json()).toEqual({ detail: 'Unsupported grant type: client_credentials' });
    const garbage = await app.inject({
      method: 'POST',
      url: '/api/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '%%%&&&===',
    });
    expect(garbage.statusCode).toBeGreaterThanOrEqual(400);
    expect(garbage.statusCode).toBeLessThan(500);
  });

  it('slows failed attempts on a username with 429 after five', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    for (let index = 0; index < 5; index += 1) {
      const failed = await tokenRequest(app, { username: 'admin', password: 'wrong-pass' });
      expect(failed.statusCode).toBe(401);
    }
    const blocked = await tokenRequest(app, { username: 'admin', password: ADMIN.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ detail: string }>().detail).toMatch(
      /^Too many login attempts, try again in \d+ seconds$/,
    );
    // Login and the token endpoint share the count.
    const viaLogin = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { authorization: basic('admin', ADMIN.password) },
    });
    expect(viaLogin.statusCode).toBe(429);
    const otherUser = await tokenRequest(app, { username: 'someone', password: 'wrong-pass' });
    expect(otherUser.statusCode).toBe(401);
  });

  it('needs no CSRF header even when a session cookie comes along', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const session = await login(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session.cookie },
      payload: new URLSearchParams({ username: 'admin', password: ADMIN.password }).toString(),
    });
    expect(response.statusCode).toBe(200);
  });

  it('is refused with DISABLE_USERPASS_LOGIN, as is /api/login', async () => {
    const { app } = await buildTestApp({ env: { DISABLE_USERPASS_LOGIN: 'true' } });
    await createFirstAdmin(app);
    const token = await tokenRequest(app, { username: 'admin', password: ADMIN.password });
    expect(token.statusCode).toBe(403);
    expect(token.json()).toEqual({ detail: 'Username/password login is disabled' });
    const loginResponse = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { authorization: basic('admin', ADMIN.password) },
    });
    expect(loginResponse.statusCode).toBe(403);
    expect(loginResponse.json()).toEqual({ detail: 'Username/password login is disabled' });
  });
});

describe('POST /api/token (refresh_token grant)', () => {
  it('rotates refresh tokens and rejects a reused one, ending the family', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const first = await passwordTokens(app, viewer);
    const second = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(second.statusCode).toBe(200);
    const rotated = second.json<{ access_token: string; refresh_token: string }>();
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(rotated.access_token).scopes).toBe(WRITE_SCOPES.join(' '));

    const replay = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    // As RomM: a used refresh token is bad credentials (401), not a bad request.
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: 'Invalid or expired refresh token' });
    expect(replay.headers['www-authenticate']).toBe('Bearer');
    // The replay revoked the rotated token too.
    const afterReplay = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: rotated.refresh_token,
    });
    expect(afterReplay.statusCode).toBe(401);
  });

  it('refuses access tokens, forged and missing refresh tokens', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const pair = await passwordTokens(app, ADMIN);
    for (const refresh_token of [pair.access_token, 'not.a.jwt', `${pair.refresh_token}x`]) {
      const response = await tokenRequest(app, { grant_type: 'refresh_token', refresh_token });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Invalid or expired refresh token' });
    }
    const missing = await tokenRequest(app, { grant_type: 'refresh_token' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ detail: 'Missing refresh token' });
  });

  it('keeps scopes within the original token', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const pair = await passwordTokens(app, ADMIN, 'me.read roms.read');
    const wider = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: pair.refresh_token,
      scope: 'me.read users.write',
    });
    expect(wider.statusCode).toBe(403);
  });
});

describe('Authorization: Bearer', () => {
  it('works on read and write routes and ignores CSRF', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const { access_token } = await passwordTokens(app, ADMIN);
    const read = await app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { authorization: bearer(access_token) },
    });
    expect(read.statusCode).toBe(200);
    const write = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization: bearer(access_token) },
      payload: { username: 'made-by-token', password: 'token-pass' },
    });
    expect(write.statusCode).toBe(201);
  });

  it('refuses forged, refresh and foreign-key tokens with 401', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const pair = await passwordTokens(app, ADMIN);
    const other = await buildTestApp({ env: { ROMSHELF_AUTH_SECRET_KEY: 'x'.repeat(40) } });
    await createFirstAdmin(other.app);
    const foreign = await passwordTokens(other.app, ADMIN);
    for (const token of [pair.refresh_token, foreign.access_token, 'garbage']) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: bearer(token) },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Invalid or expired token' });
    }
  });

  it('survives a restart (secret key persisted in the data folder)', async () => {
    const first = await buildTestApp();
    await createFirstAdmin(first.app);
    const pair = await passwordTokens(first.app, ADMIN);
    await closeTestApp(first.app);
    const second = await buildTestApp({ dataDir: first.dataDir });
    const me = await second.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: bearer(pair.access_token) },
    });
    expect(me.statusCode).toBe(200);
  });
});

describe('ending access', () => {
  it('a password change ends other sessions, bearer and refresh tokens', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const pair = await passwordTokens(app, viewer);
    const otherSession = await login(app, viewer.username, viewer.password);
    const ownSession = await login(app, viewer.username, viewer.password);
    const change = await app.inject({
      method: 'PUT',
      url: `/api/users/${viewer.id}`,
      headers: { cookie: ownSession.cookie, 'x-csrftoken': ownSession.csrf },
      payload: { password: 'brand-new-pass', current_password: viewer.password },
    });
    expect(change.statusCode).toBe(200);
    const me = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/api/users/me', headers });
    expect((await me({ authorization: bearer(pair.access_token) })).statusCode).toBe(401);
    expect((await me({ cookie: otherSession.cookie })).statusCode).toBe(401);
    expect((await me({ cookie: ownSession.cookie })).statusCode).toBe(200);
    const refresh = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: pair.refresh_token,
    });
    expect(refresh.statusCode).toBe(401);
    expect((await me({ authorization: basic(viewer.username, 'brand-new-pass') })).statusCode).toBe(
      200,
    );
  });

  it('disabling a user refuses them everywhere with "Disabled user"', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const pair = await passwordTokens(app, viewer);
    const session = await login(app, viewer.username, viewer.password);
    const disable = await app.inject({
      method: 'PUT',
      url: `/api/users/${viewer.id}`,
      headers: { authorization: basic(ADMIN.username, ADMIN.password) },
      payload: { enabled: false },
    });
    expect(disable.statusCode).toBe(200);
    expect(disable.json()).toMatchObject({ enabled: false });
    const me = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/api/users/me', headers });
    const viaBearer = await me({ authorization: bearer(pair.access_token) });
    expect(viaBearer.statusCode).toBe(401);
    expect(viaBearer.json()).toEqual({ detail: 'Disabled user' });
    const viaBasic = await me({ authorization: basic(viewer.username, viewer.password) });
    expect(viaBasic.statusCode).toBe(401);
    expect(viaBasic.json()).toEqual({ detail: 'Disabled user' });
    expect((await me({ cookie: session.cookie })).statusCode).toBe(401);
    const token = await tokenRequest(app, { username: viewer.username, password: viewer.password });
    expect(token.statusCode).toBe(401);
    expect(token.json()).toEqual({ detail: 'Disabled user' });
  });

  it('deleting a user ends their tokens', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const gone = await addUser(app, 'gone', 'viewer');
    const pair = await passwordTokens(app, gone);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/users/${gone.id}`,
      headers: { authorization: basic(ADMIN.username, ADMIN.password) },
    });
    expect(removed.statusCode).toBe(200);
    const me = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: bearer(pair.access_token) },
    });
    expect(me.statusCode).toBe(401);
  });
});
