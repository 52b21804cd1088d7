import { expect, request, test } from '@playwright/test';

import { startTestOidcProvider } from '../../server/test/oidc-provider.js';
import type { TestOidcProvider } from '../../server/test/oidc-provider.js';
import { ADMIN as admin } from './fixtures/admin.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';

/*
 * Single sign-on through a certified OpenID provider implementation (oidc-provider) on loopback.
 * Like the accounts journeys, this file runs its own server: OIDC is configured by environment
 * variables at start-up.
 */
const port = Number(process.env.E2E_OIDC_PORT ?? 3798);
const baseURL = ownServerUrl(port);
const client = { clientId: 'romshelf-e2e', clientSecret: 'e2e-client-secret' };

let provider: TestOidcProvider | undefined;
let server: OwnServer | undefined;

test.use({ baseURL });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  provider = await startTestOidcProvider({
    ...client,
    redirectUris: [`${baseURL}/api/oauth/openid`],
    postLogoutRedirectUris: [`${baseURL}/login`],
  });
  server = await startOwnServer('oidc', port, {
    OIDC_ENABLED: 'true',
    OIDC_PROVIDER: 'Home Sign-On',
    OIDC_CLIENT_ID: client.clientId,
    OIDC_CLIENT_SECRET: client.clientSecret,
    OIDC_SERVER_APPLICATION_URL: provider.issuer,
    OIDC_REDIRECT_URI: `${baseURL}/api/oauth/openid`,
    OIDC_CLAIM_ROLES: 'groups',
    OIDC_ROLE_ADMIN: 'shelf-admins',
    OIDC_ROLE_VIEWER: 'gamers',
    OIDC_RP_INITIATED_LOGOUT: 'true',
  });
  // An administrator exists already, so the setup wizard does not take over.
  const api = await request.newContext({ baseURL });
  const created = await api.post('/api/users', { data: { ...admin, role: 'admin' } });
  expect(created.status()).toBe(201);
  await api.dispose();
});

test.afterAll(async () => {
  server?.stop();
  await provider?.close();
});

test('a member of the gamers group signs in with the provider and becomes a viewer', async ({
  page,
}) => {
  if (provider === undefined) throw new Error('the provider did not start');
  provider.user.claims = {
    email: 'ada@example.com',
    email_verified: true,
    preferred_username: 'ada',
    groups: ['gamers'],
  };

  await page.goto('/login');
  const signOn = page.getByTestId('login-oidc');
  await expect(signOn).toHaveText('Sign in with Home Sign-On');
  await signOn.click();

  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByTestId('page-heading')).toHaveText('Home');
  await expect(page.getByTestId('nav-home')).toBeVisible();
  await expect(page.getByTestId('nav-administration')).toHaveCount(0);
  await expect(page.getByTestId('nav-scan')).toHaveCount(0);

  const me = await page.request.get('/api/users/me');
  expect(me.status()).toBe(200);
  const user = (await me.json()) as { username: string; email: string; role: string };
  expect({ username: user.username, email: user.email, role: user.role }).toEqual({
    username: 'ada',
    email: 'ada@example.com',
    role: 'viewer',
  });
});

test('someone in no mapped group is refused with a message on the login page', async ({ page }) => {
  if (provider === undefined) throw new Error('the provider did not start');
  provider.user.claims = {
    email: 'mallory@example.com',
    email_verified: true,
    preferred_username: 'mallory',
    groups: ['strangers'],
  };

  await page.goto('/login');
  await page.getByTestId('login-oidc').click();

  await expect(page).toHaveURL(/\/login\?error=oidc_no_role$/);
  await expect(page.getByTestId('login-oidc-error')).toBeVisible();
  const me = await page.request.get('/api/users/me');
  expect(me.status()).toBe(401);
});

test('cancelling at the provider shows "cancelled" on the login page', async ({ page }) => {
  if (provider === undefined) throw new Error('the provider did not start');
  provider.answer = 'cancel';
  try {
    await page.goto('/login');
    await page.getByTestId('login-oidc').click();
    await expect(page).toHaveURL(/\/login\?error=oidc_cancelled$/);
    await expect(page.getByTestId('login-oidc-error')).toHaveText('Single sign-on was canceled.');
  } finally {
    provider.answer = 'approve';
  }
});

test('the only admin signing in as a gamer stays admin, shown on the administration page; logout ends the provider session', async ({
  page,
}) => {
  if (provider === undefined) throw new Error('the provider did not start');
  provider.user = {
    sub: 'kc-admin',
    claims: {
      email: admin.email,
      email_verified: true,
      preferred_username: admin.username,
      groups: ['gamers'],
    },
  };
  await page.goto('/login');
  await page.getByTestId('login-oidc').click();
  await expect(page).toHaveURL(`${baseURL}/`);

  await page.goto('/administration');
  await expect(page.getByTestId('oidc-role-kept')).toHaveText(
    `${admin.username} stays an administrator although the identity provider gives them the Viewer role: ` +
      "there is no other administrator. Make another account an administrator so the provider's role applies at their next sign-in.",
  );

  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('user-menu-logout').click();
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/session/end`));
  const me = await page.request.get(`${baseURL}/api/users/me`);
  expect(me.status()).toBe(401);
});

// Last: the provider is stopped.
test('with the provider down, the sign-on button comes back to the login page with a message', async ({
  page,
}) => {
  if (provider === undefined) throw new Error('the provider did not start');
  await provider.close();
  await page.goto('/login');
  await page.getByTestId('login-oidc').click();
  await expect(page).toHaveURL(/\/login\?error=oidc_unavailable$/);
  await expect(page.getByTestId('login-oidc-error')).toHaveText(
    'The identity provider cannot be reached right now. Try again later, or ask your administrator.',
  );
  await expect(page.getByTestId('login-form')).toBeVisible();
});
