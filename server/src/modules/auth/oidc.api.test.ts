import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import {
  ADMIN_AUTH,
  buildTestApp,
  cookieValue,
  createFirstAdmin,
  login,
} from '../../../test/build-test-app.js';
import type { TestOidcProvider } from '../../../test/oidc-provider.js';
import { startTestOidcProvider } from '../../../test/oidc-provider.js';

const CLIENT = { clientId: 'romshelf', clientSecret: 'oidc-secret' };
const REDIRECT_URI = 'http://romshelf.test/api/oauth/openid';

const providers: TestOidcProvider[] = [];
afterEach(async () => {
  for (const provider of providers.splice(0)) await provider.close();
});

async function setup(env: Record<string, string> = {}) {
  const provider = await startTestOidcProvider({ ...CLIENT, redirectUris: [REDIRECT_URI] });
  providers.push(provider);
  const built = await buildTestApp({
    env: {
      OIDC_ENABLED: 'true',
      OIDC_PROVIDER: 'Keycloak',
      OIDC_CLIENT_ID: CLIENT.clientId,
      OIDC_CLIENT_SECRET: CLIENT.clientSecret,
      OIDC_SERVER_APPLICATION_URL: provider.issuer,
      OIDC_REDIRECT_URI: REDIRECT_URI,
      OIDC_CLAIM_ROLES: 'groups',
      OIDC_ROLE_ADMIN: 'romshelf-admins',
      OIDC_ROLE_EDITOR: 'romshelf-editors',
      OIDC_ROLE_VIEWER: 'romshelf-users',
      ...env,
    },
  });
  await createFirstAdmin(built.app);
  return { ...built, provider };
}

/** Runs the browser's part: start, sign in at the provider, hit the callback. */
async function signIn(
  app: FastifyInstance,
  provider: TestOidcProvider,
  options: { dropCookie?: boolean; state?: string } = {},
) {
  const start = await app.inject({ method: 'GET', url: '/api/login/openid' });
  expect(start.statusCode).toBe(302);
  const stateCookie = cookieValue(start, 'romshelf_oidc');
  expect(stateCookie).toBeDefined();
  const back = await provider.authorize(String(start.headers.location), REDIRECT_URI);
  if (options.state !== undefined) back.searchParams.set('state', options.state);
  return app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: options.dropCookie === true ? {} : { cookie: `romshelf_oidc=${stateCookie ?? ''}` },
  });
}

async function me(app: FastifyInstance, callback: Awaited<ReturnType<typeof signIn>>) {
  const session = cookieValue(callback, 'romm_session');
  const response = await app.inject({
    method: 'GET',
    url: '/api/users/me',
    headers: { cookie: `romm_session=${session ?? ''}` },
  });
  return response.json<{ username: string; email: string; role: string }>();
}

describe('OIDC sign-in', () => {
  it('redirects to the provider with PKCE, state, nonce and the role claim scope', async () => {
    const { app, provider } = await setup();
    const start = await app.inject({ method: 'GET', url: '/api/login/openid' });
    const location = new URL(String(start.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuer}/auth`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: 'romshelf',
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: 'openid profile email groups',
      code_challenge_method: 'S256',
      state: expect.any(String) as unknown,
      nonce: expect.any(String) as unknown,
      code_challenge: expect.any(String) as unknown,
    });
    const cookie = start.cookies.find((item) => item.name === 'romshelf_oidc');
    expect(cookie).toMatchObject({
      httpOnly: true,
      path: '/api/oauth',
      sameSite: 'Lax',
      maxAge: 600,
    });
  });

  it('creates a user with the mapped role and signs them in', async () => {
    const { app, provider } = await setup();
    provider.user.claims = {
      email: 'Alice@Example.com',
      email_verified: true,
      preferred_username: 'Alice.Smith',
      groups: ['staff', 'romshelf-editors'],
    };
    const callback = await signIn(app, provider);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/');
    expect(cookieValue(callback, 'romm_csrftoken')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await me(app, callback)).toMatchObject({
      username: 'alice_smith',
      email: 'alice@example.com',
      role: 'editor',
    });
  });

  it('matches existing users by verified e-mail and applies the group mapping', async () => {
    const { app, provider } = await setup();
    await addUser(app, 'bob', 'viewer', { email: 'bob@example.com' });
    provider.user.claims = {
      email: 'bob@example.com',
      email_verified: true,
      preferred_username: 'someone-else',
      groups: 'romshelf-admins',
    };
    const callback = await signIn(app, provider);
    expect(callback.headers.location).toBe('/');
    expect(await me(app, callback)).toMatchObject({ username: 'bob', role: 'admin' });
  });

  it('refuses users without a matching group, an unverified e-mail or when registration is off', async () => {
    const { app, provider } = await setup();
    provider.user.claims = { email: 'eve@example.com', email_verified: true, groups: ['staff'] };
    expect((await signIn(app, provider)).headers.location).toBe('/login?error=oidc_no_role');
    provider.user.claims = {
      email: 'eve@example.com',
      email_verified: false,
      groups: ['romshelf-users'],
    };
    expect((await signIn(app, provider)).headers.location).toBe(
      '/login?error=oidc_email_unverified',
    );

    const closed = await setup({ OIDC_ALLOW_REGISTRATION: 'false', OIDC_CLAIM_ROLES: '' });
    closed.provider.user.claims = { email: 'new@example.com', email_verified: true };
    const refused = await signIn(closed.app, closed.provider);
    expect(refused.headers.location).toBe('/login?error=oidc_registration_disabled');
    expect(cookieValue(refused, 'romm_session')).toBeUndefined();
  });

  it('refuses disabled accounts', async () => {
    const { app, provider } = await setup({ OIDC_CLAIM_ROLES: '' });
    const carol = await addUser(app, 'carol', 'viewer', { email: 'carol@example.com' });
    await app.inject({
      method: 'PUT',
      url: `/api/users/${carol.id}`,
      headers: { authorization: `Basic ${Buffer.from('admin:secret-pass').toString('base64')}` },
      payload: { enabled: false },
    });
    provider.user.claims = { email: 'carol@example.com', email_verified: true };
    expect((await signIn(app, provider)).headers.location).toBe('/login?error=oidc_disabled_user');
  });

  it('fails closed on a wrong state, a missing state cookie, a foreign audience, issuer or nonce', async () => {
    const { app, provider } = await setup();
    provider.user.claims = {
      email: 'dan@example.com',
      email_verified: true,
      groups: ['romshelf-users'],
    };
    expect((await signIn(app, provider, { state: 'forged' })).headers.location).toBe(
      '/login?error=oidc_failed',
    );
    expect((await signIn(app, provider, { dropCookie: true })).headers.location).toBe(
      '/login?error=oidc_failed',
    );
    for (const tamper of [
      { aud: 'another-client' },
      { iss: 'http://127.0.0.1:1' },
      { nonce: 'replayed' },
    ]) {
      provider.tamper = { idToken: tamper };
      const callback = await signIn(app, provider);
      expect(callback.headers.location, JSON.stringify(tamper)).toBe('/login?error=oidc_failed');
      expect(cookieValue(callback, 'romm_session')).toBeUndefined();
    }
    provider.tamper = {};
    expect((await signIn(app, provider)).headers.location).toBe('/');
  });

  it('reads the role from userinfo when the ID token carries only the e-mail', async () => {
    const { app, provider } = await setup();
    await addUser(app, 'bob', 'viewer', { email: 'bob@example.com' });
    provider.user = {
      sub: 'kc-bob',
      claims: { email: 'bob@example.com', email_verified: true, preferred_username: 'bob' },
      userinfoOnly: { groups: ['romshelf-editors'] },
    };
    const existing = await signIn(app, provider);
    expect(existing.headers.location).toBe('/');
    expect(await me(app, existing)).toMatchObject({ username: 'bob', role: 'editor' });

    provider.user = {
      sub: 'kc-fay',
      claims: { email: 'fay@example.com', email_verified: true, preferred_username: 'fay' },
      userinfoOnly: { groups: ['romshelf-admins'] },
    };
    const created = await signIn(app, provider);
    expect(await me(app, created)).toMatchObject({ username: 'fay', role: 'admin' });

    // A userinfo answer about someone else is refused.
    provider.tamper = { userinfo: { sub: 'kc-mallory' } };
    const foreign = await signIn(app, provider);
    expect(foreign.headers.location).toBe('/login?error=oidc_failed');
    expect(cookieValue(foreign, 'romm_session')).toBeUndefined();
  });

  it('refuses an ID token signed with a key the provider does not publish', async () => {
    const { app, provider } = await setup();
    provider.user.claims = {
      email: 'gil@example.com',
      email_verified: true,
      groups: ['romshelf-users'],
    };
    provider.tamper = { unpublishedKey: true };
    const forged = await signIn(app, provider);
    expect(forged.headers.location).toBe('/login?error=oidc_failed');
    expect(cookieValue(forged, 'romm_session')).toBeUndefined();
    provider.tamper = {};
    expect((await signIn(app, provider)).headers.location).toBe('/');
  });

  it('logs each refusal with the subject, the username and the reason', async () => {
    const { app, provider } = await setup();
    const warn = vi.spyOn(app.log, 'warn');
    provider.user = {
      sub: 'kc-eve',
      claims: {
        email: 'eve@example.com',
        email_verified: true,
        preferred_username: 'eve',
        groups: ['staff'],
      },
    };
    expect((await signIn(app, provider)).headers.location).toBe('/login?error=oidc_no_role');
    expect(warn).toHaveBeenCalledWith(
      { sub: 'kc-eve', username: 'eve', email: 'eve@example.com', code: 'oidc_no_role' },
      'single sign-on refused for kc-eve (eve): no group in "groups" maps to a role (staff)',
    );
  });

  it('shows "cancelled" when the user cancels at the provider', async () => {
    const { app, provider } = await setup();
    provider.answer = 'cancel';
    const callback = await signIn(app, provider);
    expect(callback.headers.location).toBe('/login?error=oidc_cancelled');
    expect(cookieValue(callback, 'romm_session')).toBeUndefined();
  });

  it('sends the user back to the login page when the provider is down, and logs it', async () => {
    const { app, provider } = await setup();
    const error = vi.spyOn(app.log, 'error');
    await provider.close();
    const start = await app.inject({ method: 'GET', url: '/api/login/openid' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/login?error=oidc_unavailable');
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ issuer: provider.issuer }),
      'OIDC provider unreachable: single sign-on is unavailable',
    );
  });

  it('checks the provider at start-up and logs when it is unreachable', async () => {
    const down = await startTestOidcProvider({ ...CLIENT, redirectUris: [REDIRECT_URI] });
    await down.close();
    const { app } = await buildTestApp({
      env: {
        OIDC_ENABLED: 'true',
        OIDC_CLIENT_ID: CLIENT.clientId,
        OIDC_SERVER_APPLICATION_URL: down.issuer,
        OIDC_REDIRECT_URI: REDIRECT_URI,
      },
    });
    const error = vi.spyOn(app.log, 'error');
    await app.ready();
    await vi.waitFor(() => {
      expect(error).toHaveBeenCalledWith(
        expect.objectContaining({ issuer: down.issuer }),
        'OIDC provider unreachable: single sign-on is unavailable',
      );
    });
  });

  it('keeps the last admin an admin when the provider says viewer, logs it and lists it', async () => {
    const { app, provider } = await setup();
    const warn = vi.spyOn(app.log, 'warn');
    provider.user = {
      sub: 'kc-admin',
      claims: { email: 'admin@example.com', email_verified: true, groups: ['romshelf-users'] },
    };
    const kept = await signIn(app, provider);
    expect(kept.headers.location).toBe('/');
    expect(await me(app, kept)).toMatchObject({ username: 'admin', role: 'admin' });
    expect(warn).toHaveBeenCalledWith(
      { sub: 'kc-admin', username: 'admin', providerRole: 'viewer' },
      'single sign-on kept admin admin although the provider says viewer: they are the last administrator',
    );
    const listed = await app.inject({
      url: '/api/oidc/roles-kept',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      {
        user_id: 1,
        username: 'admin',
        provider_role: 'viewer',
        kept_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      },
    ]);

    // Once another administrator exists, the provider's role applies and the note goes.
    await addUser(app, 'boss', 'admin');
    const demoted = await signIn(app, provider);
    expect(await me(app, demoted)).toMatchObject({ username: 'admin', role: 'viewer' });
    const boss = await login(app, 'boss', 'boss-pass');
    const after = await app.inject({
      url: '/api/oidc/roles-kept',
      headers: { cookie: boss.cookie },
    });
    expect(after.json()).toEqual([]);
  });

  it('answers the provider logout URL with OIDC_RP_INITIATED_LOGOUT for a sign-on session', async () => {
    const { app, provider } = await setup({ OIDC_RP_INITIATED_LOGOUT: 'true' });
    const heartbeat = await app.inject({ url: '/api/heartbeat' });
    expect(heartbeat.json()).toMatchObject({ OIDC: { RP_INITIATED_LOGOUT: true } });
    provider.user.claims = {
      email: 'hal@example.com',
      email_verified: true,
      groups: ['romshelf-users'],
    };
    const callback = await signIn(app, provider);
    const session = cookieValue(callback, 'romm_session') ?? '';
    const csrf = cookieValue(callback, 'romm_csrftoken') ?? '';
    const logout = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: `romm_session=${session}; romm_csrftoken=${csrf}`, 'x-csrftoken': csrf },
    });
    expect(logout.statusCode).toBe(200);
    const target = new URL(logout.json<{ oidc_logout_url: string }>().oidc_logout_url);
    expect(`${target.origin}${target.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(target.searchParams.get('id_token_hint')).toMatch(/^eyJ/);
    // The provider accepts it: its sign-out confirmation page.
    expect((await fetch(target)).status).toBe(200);

    // A password session has no provider session to end.
    const local = await login(app, 'admin');
    const plain = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: local.cookie, 'x-csrftoken': local.csrf },
    });
    expect(plain.json()).toBeNull();
  });

  it('does not send the browser to the provider on logout without OIDC_RP_INITIATED_LOGOUT', async () => {
    const { app, provider } = await setup();
    provider.user.claims = {
      email: 'ivy@example.com',
      email_verified: true,
      groups: ['romshelf-users'],
    };
    const callback = await signIn(app, provider);
    const session = cookieValue(callback, 'romm_session') ?? '';
    const csrf = cookieValue(callback, 'romm_csrftoken') ?? '';
    const logout = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: `romm_session=${session}; romm_csrftoken=${csrf}`, 'x-csrftoken': csrf },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toBeNull();
  });

  it('lets anyone in as a viewer with OIDC_ROLE_VIEWER=*', async () => {
    const { app, provider } = await setup({ OIDC_ROLE_VIEWER: '*' });
    provider.user.claims = {
      email: 'guest@example.com',
      email_verified: true,
      preferred_username: 'gu',
    };
    const callback = await signIn(app, provider);
    expect(await me(app, callback)).toMatchObject({ username: 'gu_', role: 'viewer' });
  });

  it('reports OIDC in the heartbeat and is absent when disabled', async () => {
    const { app } = await setup({ DISABLE_USERPASS_LOGIN: 'true' });
    const heartbeat = await app.inject({ method: 'GET', url: '/api/heartbeat' });
    expect(heartbeat.json()).toMatchObject({
      OIDC: { ENABLED: true, PROVIDER: 'Keycloak' },
      FRONTEND: { DISABLE_USERPASS_LOGIN: true },
    });
    const plain = await buildTestApp();
    const start = await plain.app.inject({ method: 'GET', url: '/api/login/openid' });
    expect(start.statusCode).toBe(404);
    expect(start.json()).toEqual({ detail: 'OIDC is not enabled' });
    const callback = await plain.app.inject({
      method: 'GET',
      url: '/api/oauth/openid?code=x&state=y',
    });
    expect(callback.statusCode).toBe(404);
  });
});
