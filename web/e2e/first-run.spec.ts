import { expect, test } from '@playwright/test';
import { ADMIN as admin } from './fixtures/admin.js';

/**
 * The first-run journey on an empty data folder: setup wizard, session login and logout,
 * theme and language settings, the guard's redirects and the not-found page.
 */
test('a new owner sets up RomShelf, signs in and out, and personalises the interface', async ({
  page,
}) => {
  await test.step('the first visit opens the setup wizard', async () => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/setup$/);
    await expect(page.getByTestId('page-heading')).toHaveText('Setup wizard');
    await expect(page).toHaveTitle('Setup wizard | RomShelf');
  });

  await test.step('the wizard refuses mismatched passwords, then creates the administrator', async () => {
    await page.getByTestId('setup-username').fill(admin.username);
    await page.getByTestId('setup-email').fill(admin.email);
    await page.getByTestId('setup-password').fill(admin.password);
    await page.getByTestId('setup-confirm-password').fill('something-else');
    await page.getByTestId('setup-submit').click();
    await expect(page).toHaveURL(/\/setup$/);

    await page.getByTestId('setup-confirm-password').fill(admin.password);
    await page.getByTestId('setup-submit').click();
    await expect(page).toHaveURL(/\/setup\/library$/);
    await expect(page).toHaveTitle('Your library | RomShelf');
    await page.getByTestId('setup-skip').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('page-heading')).toHaveText('Home');
    await expect(page).toHaveTitle('Home | RomShelf');
    // The first sign-in: not "Welcome back" yet.
    await expect(page.getByText(`Welcome, ${admin.username}`, { exact: true })).toBeVisible();
  });

  await test.step('the administrator sees the admin-only navigation', async () => {
    await expect(page.getByTestId('nav-scan')).toBeVisible();
    await expect(page.getByTestId('nav-administration')).toBeVisible();
  });

  await test.step('logging out lands on the login page', async () => {
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('user-menu-logout').click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByTestId('page-heading')).toHaveText('Login');
    await expect(page).toHaveTitle('Login | RomShelf');
  });

  await test.step('a wrong password shows the server’s error inline', async () => {
    await page.getByTestId('login-username').fill(admin.username);
    await page.getByTestId('login-password').fill('not-the-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveText('Incorrect username or password');
    await expect(page).toHaveURL(/\/login/);
  });

  await test.step('the right password signs in', async () => {
    await page.getByTestId('login-password').fill(admin.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('page-heading')).toHaveText('Home');
    await expect(page.getByText(`Welcome back, ${admin.username}`, { exact: true })).toBeVisible();
  });

  await test.step('the light theme survives a reload', async () => {
    await page.goto('/user-interface');
    await expect(page).toHaveTitle('User interface | RomShelf');
    await page.getByTestId('theme-light').click();
    await expect(page.getByTestId('theme-light')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(242, 244, 248)');
    await page.reload();
    await expect(page.getByTestId('theme-light')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(242, 244, 248)');
    expect(await page.evaluate(() => localStorage.getItem('settings.theme'))).toBe('1');
  });

  await test.step('switching to French translates the interface and persists', async () => {
    await page.getByTestId('language-select').selectOption('fr_FR');
    await expect(page.getByTestId('page-heading')).toHaveText('Interface utilisateur');
    await expect(page).toHaveTitle('Interface utilisateur | RomShelf');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    await page.reload();
    await expect(page.getByTestId('page-heading')).toHaveText('Interface utilisateur');
    await page.getByTestId('language-select').selectOption('en_US');
    await expect(page.getByTestId('page-heading')).toHaveText('User interface');
  });

  await test.step('an unknown address shows the not-found page', async () => {
    await page.goto('/nope');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByTestId('page-heading')).toHaveText('Page not found');
    await expect(page).toHaveURL(/\/nope$/);
    await page.getByTestId('not-found-home').click();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('the setup wizard sends a signed-in user home', async () => {
    await page.goto('/setup');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('page-heading')).toHaveText('Home');
  });
});

test('a signed-out visitor is sent to the login page and back to where they were going', async ({
  page,
}) => {
  await page.goto('/user-interface');
  await expect(page).toHaveURL(/\/login\?next=%2Fuser-interface$/);
  await page.getByTestId('login-username').fill(admin.username);
  await page.getByTestId('login-password').fill(admin.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/user-interface$/);
  await expect(page.getByTestId('page-heading')).toHaveText('User interface');
});
