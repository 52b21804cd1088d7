import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { expect, request, test } from '@playwright/test';

import { startFakeOidc } from '../../server/test/fake-oidc.js';
import type { FakeOidc } from '../../server/test/fake-oidc.js';
import { ADMIN as admin } from './fixtures/admin.js';

/*
 * Single sign-on through a fake OpenID provider on loopback. Like the accounts journeys, this
 * file runs its own server: OIDC is configured by environment variables at start-up.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const host = '127.0.0.1';
const port = Number(process.env.E2E_OIDC_PORT ?? 3798);
const baseURL = `http://${host}:${String(port)}`;
const client = { clientId: 'romshelf-e2e', clientSecret: 'e2e-client-secret' };

let provider: FakeOidc | undefined;
let server: ChildProcess | undefined;
let dataDir = '';

async function waitForServer(): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseURL}/api/heartbeat`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The OIDC test server did not start on ${baseURL}`);
}

test.use({ baseURL });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  provider = await startFakeOidc(client);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'romshelf-e2e-oidc-'));
  server = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: host,
      PORT: String(port),
      ROMSHELF_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      OIDC_ENABLED: 'true',
      OIDC_PROVIDER: 'Home Sign-On',
      OIDC_CLIENT_ID: client.clientId,
      OIDC_CLIENT_SECRET: client.clientSecret,
      OIDC_SERVER_APPLICATION_URL: provider.issuer,
      OIDC_REDIRECT_URI: `${baseURL}/api/oauth/openid`,
      OIDC_CLAIM_ROLES: 'groups',
      OIDC_ROLE_ADMIN: 'shelf-admins',
      OIDC_ROLE_VIEWER: 'gamers',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForServer();
  // An administrator exists already, so the setup wizard does not take over.
  const api = await request.newContext({ baseURL });
  const created = await api.post('/api/users', { data: { ...admin, role: 'admin' } });
  expect(created.status()).toBe(201);
  await api.dispose();
});

test.afterAll(async () => {
  server?.kill();
  await provider?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a member of the gamers group signs in with the provider and becomes a viewer', async ({
  page,
}) => {
  if (provider === undefined) throw new Error('the fake provider did not start');
  provider.claims = {
    email: 'ada@example.com',
    email_verified: true,
    preferred_username: 'ada',
    groups: ['gamers'],
  };

  await page.goto('/login');
  const signOn = page.getByTestId('login-oidc');
  await expect(signOn).toContainText('Home Sign-On');
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
  if (provider === undefined) throw new Error('the fake provider did not start');
  provider.claims = {
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
