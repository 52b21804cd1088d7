import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { ADMIN as admin } from './fixtures/admin.js';
import { adminSession } from './fixtures/api-setup.js';
import { openPage } from './fixtures/open-page.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';

/*
 * Accounts journeys. They run against a server of their own (own port, own empty data folder):
 * the shared server of playwright.config.ts belongs to first-run.spec.ts, which must meet the
 * setup wizard, and this file sorts before it. Its admin is created through the API.
 */
const port = Number(process.env.E2E_ACCOUNTS_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 7);
const baseURL = ownServerUrl(port);

/** A 4×4 purple PNG, enough for the avatar upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGPoLnkBRwzEcQAR8R5xzE8ASQAAAABJRU5ErkJggg==',
  'base64',
);

let server: OwnServer | undefined;
let session: Awaited<ReturnType<typeof adminSession>> = [];

test.use({ baseURL });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startOwnServer('accounts', port);
  session = await adminSession(baseURL);
});

test.afterAll(() => {
  server?.stop();
});

/** Opens `address` signed in as the administrator (the sign-in page is the viewer's below). */
async function openAsAdmin(page: Page, address: string): Promise<void> {
  await page.context().addCookies(session);
  await page.goto(address);
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test('an invited viewer registers, sees no admin pages, and is signed out once disabled', async ({
  page,
  browser,
}) => {
  const viewer = { username: 'player-two', password: 'second-pass-7' };
  await openAsAdmin(page, '/');

  let inviteUrl = '';
  await test.step('the admin creates a viewer invite link', async () => {
    await page.getByTestId('nav-administration').click();
    await expect(page).toHaveURL(/\/administration$/);
    await expect(page.getByTestId('page-heading')).toHaveText('Administration');
    await expect(page.getByTestId('invite-create-admin')).toBeVisible();
    await page.getByTestId('invite-create-viewer').click();
    await expect(page.getByTestId('invite-result')).toHaveAttribute('data-role', 'viewer');
    inviteUrl = await page.getByTestId('invite-url').inputValue();
    expect(inviteUrl).toMatch(/\/register\?token=[\w-]+/);
    await expect(page.getByTestId('invite-expiry')).toContainText(/Expires on \d{2}\/\d{2}\/\d{4}/);
  });

  const guest = await newPage(browser);
  await test.step('a second browser registers with it and lands in the library', async () => {
    await guest.goto(inviteUrl);
    await expect(guest.getByTestId('page-heading')).toHaveText('Register');
    await guest.getByTestId('register-username').fill(viewer.username);
    await guest.getByTestId('register-password').fill(viewer.password);
    await guest.getByTestId('register-confirm-password').fill('not-the-same');
    await guest.getByTestId('register-submit').click();
    await expect(guest.getByText('Passwords do not match')).toBeVisible();
    await guest.getByTestId('register-confirm-password').fill(viewer.password);
    await guest.getByTestId('register-submit').click();
    await expect(guest).toHaveURL(/\/$/);
    await expect(guest.getByTestId('page-heading')).toHaveText('Home');
  });

  await test.step('the viewer sees no scan or administration entries', async () => {
    await expect(guest.getByTestId('nav-home')).toBeVisible();
    await expect(guest.getByTestId('nav-scan')).toHaveCount(0);
    await expect(guest.getByTestId('nav-library-management')).toHaveCount(0);
    await expect(guest.getByTestId('nav-administration')).toHaveCount(0);
  });

  await test.step('every admin page and another user’s profile show not-found', async () => {
    const setupReads: string[] = [];
    guest.on('request', (request) => {
      if (request.url().includes('/api/setup/')) setupReads.push(request.url());
    });
    for (const address of [
      '/setup/library',
      '/scan',
      '/library-management',
      '/administration',
      '/administration/tasks',
      '/user/1',
    ]) {
      await openPage(guest, address);
      await expect(guest.getByTestId('not-found')).toBeVisible();
      await expect(guest.getByTestId('setup-library')).toHaveCount(0);
    }
    expect(setupReads).toEqual([]);
  });

  await test.step('the used invite link is refused with a clear message', async () => {
    const third = await newPage(browser);
    await third.goto(inviteUrl);
    await third.getByTestId('register-username').fill('someone-else');
    await third.getByTestId('register-password').fill('another-pass-9');
    await third.getByTestId('register-confirm-password').fill('another-pass-9');
    await third.getByTestId('register-submit').click();
    await expect(third.getByTestId('register-error')).toContainText(
      'This invite link has already been used.',
    );
    await expect(third.getByTestId('register-submit')).toHaveCount(0);
    await third.context().close();
  });

  await test.step('the viewer opens the library again', async () => {
    await openPage(guest, '/');
    await expect(guest.getByTestId('page-heading')).toHaveText('Home');
  });

  await test.step('the admin disables the viewer', async () => {
    await page.reload();
    const row = page.getByTestId(`user-row-${viewer.username}`);
    await expect(row.getByTestId('user-role')).toHaveAttribute('data-role', 'viewer');
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().includes('/api/users/'),
    );
    await row.getByTestId('user-enabled-switch').click();
    expect((await saved).status()).toBe(200);
    await expect(row.getByTestId('user-enabled-switch')).not.toBeChecked();
    await expect(row.getByTestId('user-disabled')).toBeVisible();
  });

  await test.step('the viewer’s next action lands on the login page with next set', async () => {
    await guest.getByTestId('user-menu-button').click();
    await guest.getByTestId('user-menu-profile').click();
    await expect(guest).toHaveURL(/\/login\?next=%2Fuser%2F\d+$/);
    await expect(guest.getByTestId('page-heading')).toHaveText('Login');
    await guest.getByTestId('login-username').fill(viewer.username);
    await guest.getByTestId('login-password').fill(viewer.password);
    await guest.getByTestId('login-submit').click();
    await expect(guest.getByTestId('login-error')).toHaveText('Disabled user');
  });
  await guest.context().close();
});

test('an admin creates, edits and deletes a user through the administration page', async ({
  page,
}) => {
  await openAsAdmin(page, '/administration');
  await expect(page.getByTestId(`user-row-${admin.username}`)).toBeVisible();

  await test.step('the create dialog checks the fields, then creates an editor', async () => {
    await page.getByTestId('user-create').click();
    const dialog = page.getByTestId('user-dialog');
    await dialog.getByTestId('user-form-username').fill('mo');
    await dialog.getByTestId('user-form-password').fill('abc');
    await dialog.getByTestId('user-form-email').fill('not-an-address');
    await dialog.getByTestId('user-form-submit').click();
    await expect(dialog.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(dialog.getByText('Enter a valid email address')).toBeVisible();

    await dialog.getByTestId('user-form-username').fill('mallory');
    await dialog.getByTestId('user-form-password').fill('mallory-pass-1');
    await dialog.getByTestId('user-form-email').fill('mallory@example.com');
    await dialog.getByTestId('user-form-role').selectOption('editor');
    await dialog.getByTestId('user-form-submit').click();
    await expect(dialog).toHaveCount(0);
    const row = page.getByTestId('user-row-mallory');
    await expect(row.getByTestId('user-role')).toHaveAttribute('data-role', 'editor');
    await expect(row).toContainText('mallory@example.com');
    await expect(row.getByTestId('user-last-login')).toHaveText('-');
  });

  await test.step('a duplicate username shows the server’s answer', async () => {
    await page.getByTestId('user-create').click();
    const dialog = page.getByTestId('user-dialog');
    await dialog.getByTestId('user-form-username').fill('mallory');
    await dialog.getByTestId('user-form-password').fill('another-pass-2');
    await dialog.getByTestId('user-form-submit').click();
    await expect(dialog.getByTestId('user-form-error')).toHaveText('Username already exists');
    await dialog.getByTestId('user-form-cancel').click();
    await expect(dialog).toHaveCount(0);
  });

  await test.step('the edit dialog changes role, e-mail, RetroAchievements name and avatar', async () => {
    const row = page.getByTestId('user-row-mallory');
    await row.getByTestId('user-edit').click();
    const dialog = page.getByTestId('user-dialog');
    await expect(dialog).toContainText('Edit mallory');
    await dialog.getByTestId('user-form-avatar').setInputFiles({
      name: 'face.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect(dialog.getByTestId('user-avatar').locator('img')).toHaveAttribute('src', /^blob:/);
    await dialog.getByTestId('user-form-email').fill('mallory@example.org');
    await dialog.getByTestId('user-form-role').selectOption('viewer');
    await dialog.getByTestId('user-form-ra-username').fill('MalloryRA');
    await dialog.getByTestId('user-form-submit').click();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByTestId('user-role')).toHaveAttribute('data-role', 'viewer');
    await expect(row).toContainText('mallory@example.org');
    await expect(row.getByTestId('user-avatar').locator('img')).toHaveAttribute(
      'src',
      /\/api\/users\/\d+\/avatar/,
    );
  });

  await test.step('the admin cannot change their own role or disable themselves', async () => {
    const own = page.getByTestId(`user-row-${admin.username}`);
    await expect(own.getByTestId('user-enabled-switch')).toBeDisabled();
    await expect(own.getByTestId('user-delete')).toBeDisabled();
    await own.getByTestId('user-edit').click();
    const dialog = page.getByTestId('user-dialog');
    await expect(dialog.getByTestId('user-form-role')).toBeDisabled();
    await dialog.getByTestId('user-form-cancel').click();
  });

  await test.step('delete asks first, naming the user, then removes the row', async () => {
    await page.getByTestId('user-row-mallory').getByTestId('user-delete').click();
    const confirm = page.getByTestId('user-delete-dialog');
    await expect(confirm).toContainText('Delete mallory?');
    await confirm.getByTestId('user-delete-confirm').click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByTestId('user-row-mallory')).toHaveCount(0);
  });
});

test('a user edits their own profile; password changes need the current password', async ({
  page,
}) => {
  await openAsAdmin(page, '/');
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('user-menu-profile').click();
  await expect(page).toHaveURL(/\/user\/\d+$/);
  await expect(page.getByTestId('profile-username')).toHaveText(admin.username);

  await page.getByTestId('profile-email').fill('owner@example.com');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-account-success')).toBeVisible();

  await page.getByTestId('profile-current-password').fill('wrong-password');
  await page.getByTestId('profile-new-password').fill('correct-horse-43');
  await page.getByTestId('profile-confirm-password').fill('correct-horse-43');
  await page.getByTestId('profile-password-save').click();
  await expect(page.getByTestId('profile-password-error')).toHaveText(
    'Current password is incorrect',
  );
  await expect(page.getByTestId('profile-ra-refresh')).toBeDisabled();
});

test('the reset and register pages explain bad links, and forgot-password always answers', async ({
  page,
}) => {
  await page.goto('/reset-password');
  await page.getByTestId('reset-username').fill('nobody-here');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-success')).toContainText('If this account exists');

  await page.goto('/reset-password?token=forged-token');
  await page.getByTestId('reset-new-password').fill('brand-new-pass-1');
  await page.getByTestId('reset-confirm-password').fill('brand-new-pass-1');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-error')).toContainText('This reset link is not valid.');
  await page.getByTestId('reset-request-new').click();
  await expect(page.getByTestId('reset-username')).toBeVisible();

  await openPage(page, '/register?token=forged-token');
  await page.getByTestId('register-username').fill('forger');
  await page.getByTestId('register-password').fill('forger-pass-1');
  await page.getByTestId('register-confirm-password').fill('forger-pass-1');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-error')).toContainText('This invite link is not valid.');

  await page.goto('/register');
  await expect(page.getByTestId('register-no-token')).toBeVisible();
});

test('signed-out pages log no errors in the console (no 401 for the current user)', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  for (const address of ['/', '/login', '/register', '/reset-password']) {
    await page.goto(address);
    await expect(page.getByTestId('page-heading')).toBeVisible();
  }
  expect(errors).toEqual([]);
});
