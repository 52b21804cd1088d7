import { expect, request, test } from '@playwright/test';

import { ADMIN as admin } from './fixtures/admin.js';
import { axeFindings } from './fixtures/axe.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';

/*
 * Permission groups: an admin makes a "Kids" group on the administration page and moves a
 * viewer into it from the user dialog; both dialogs are axe-clean and the kid's scopes follow.
 */
const port = Number(process.env.E2E_GROUPS_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 71);
const baseURL = ownServerUrl(port);
const kid = { username: 'kiddo', password: 'kiddo-pass-1' };

let server: OwnServer | undefined;

test.use({ baseURL });

test.beforeAll(async () => {
  server = await startOwnServer('groups', port);
  const api = await request.newContext({ baseURL });
  expect((await api.post('/api/users', { data: { ...admin, role: 'admin' } })).status()).toBe(201);
  const auth = `Basic ${Buffer.from(`${admin.username}:${admin.password}`).toString('base64')}`;
  const created = await api.post('/api/users', {
    data: { ...kid, role: 'viewer' },
    headers: { authorization: auth },
  });
  expect(created.status()).toBe(201);
  await api.dispose();
});

test.afterAll(() => {
  server?.stop();
});

test('an admin makes a Kids group and moves a viewer into it', async ({ page, browser }) => {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(admin.username);
  await page.getByTestId('login-password').fill(admin.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/administration');
  await expect(page.getByTestId('group-3')).toContainText('Administrator');
  expect(await axeFindings(page)).toEqual([]);

  await test.step('the group dialog creates the group from the catalogue', async () => {
    await page.getByTestId('group-create').click();
    const dialog = page.getByTestId('group-dialog');
    await dialog.getByTestId('group-name').fill('Kids');
    for (const box of ['Games: Read', 'Platforms: Read', 'Browser play: Read']) {
      await dialog.getByRole('checkbox', { name: box }).check();
    }
    expect(await axeFindings(page)).toEqual([]);
    await dialog.getByTestId('group-form-submit').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('group-4')).toContainText('Kids');
  });

  await test.step("the user dialog moves the kid into it, and the kid's scopes follow", async () => {
    await page.getByTestId(`user-row-${kid.username}`).getByTestId('user-edit').click();
    const dialog = page.getByTestId('user-dialog');
    await dialog.getByLabel('Group').click();
    await page.getByRole('option', { name: 'Kids' }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Collections: Read' })).not.toBeChecked();
    expect(await axeFindings(page)).toEqual([]);
    await dialog.getByTestId('user-permissions-save').click();
    await expect(dialog.getByText('Permissions saved.')).toBeVisible();

    const context = await browser.newContext({ baseURL });
    const auth = `Basic ${Buffer.from(`${kid.username}:${kid.password}`).toString('base64')}`;
    const me = await context.request.get('/api/users/me', { headers: { authorization: auth } });
    expect(((await me.json()) as { oauth_scopes: string[] }).oauth_scopes).toEqual([
      'me.read',
      'roms.read',
      'platforms.read',
      'roms.user.read',
      'me.write',
      'roms.user.write',
    ]);
    await context.close();
  });
});
