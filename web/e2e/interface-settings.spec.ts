import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { signInAsAdmin } from './fixtures/admin.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';
import { reviewShot } from './fixtures/review-shot.js';

/*
 * Own server (own port, own data folder): the wizard's folders and scan, and the settings this
 * journey changes, must not reach the journeys that share the main server's library and account.
 */
const port = Number(process.env.E2E_UI_SETTINGS_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 19);
const baseURL = ownServerUrl(port);
let server: OwnServer | undefined;

test.use({ baseURL });

test.beforeAll(async () => {
  server = await startOwnServer('ui-settings', port);
});

test.afterAll(() => {
  server?.stop();
});

function libraryDir(): string {
  if (!server) throw new Error('the journey server is not running');
  return path.join(server.dataDir, 'library');
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
      .toBe(true);
    await reviewShot(page, {
      name: `${name}-${String(width)}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Flips one switch of the User interface page and waits for the account to store it. */
async function flip(page: Page, setting: string, checked: boolean): Promise<void> {
  const box = page.getByTestId(`ui-setting-${setting}`);
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' && /\/api\/users\/\d+$/.test(response.url()),
  );
  if (checked) await box.check();
  else await box.uncheck();
  expect((await saved).status()).toBe(200);
}

async function choose(page: Page, setting: string, value: string): Promise<void> {
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' && /\/api\/users\/\d+$/.test(response.url()),
  );
  await page.getByTestId(`ui-setting-${setting}`).selectOption(value);
  expect((await saved).status()).toBe(200);
}

test('the setup wizard library step lists folders, binds an unknown one and offers a scan', async ({
  page,
}) => {
  const roms = path.join(libraryDir(), 'roms');
  mkdirSync(path.join(roms, 'snes'), { recursive: true });
  writeFileSync(path.join(roms, 'snes', 'Wizard Quest (USA).sfc'), 'snes-rom');
  mkdirSync(path.join(roms, 'wizard-handhelds'), { recursive: true });
  writeFileSync(path.join(roms, 'wizard-handhelds', 'Pocket Wizard (Europe).gba'), 'gba-rom');
  mkdirSync(path.join(roms, 'Mega Drive'), { recursive: true });
  writeFileSync(path.join(roms, 'Mega Drive', 'Blast Wizard (Europe).md'), 'md-rom');

  await signInAsAdmin(page);
  await page.goto('/setup/library');
  await expect(page.getByTestId('setup-structure')).toContainText('roms/{platform}');
  await expect(page.getByTestId('setup-folder-snes')).toContainText('1');
  await expect(page.getByTestId('setup-unknown')).toContainText('wizard-handhelds');
  await expect(page.getByTestId('setup-source-IGDB_API_ENABLED')).toBeVisible();
  await shoot(page, 'setup-library');

  // The platform picker is a combobox: its best guesses for the folder's name come first.
  const megaDrive = page.getByRole('combobox', { name: 'Mega Drive' });
  await megaDrive.click();
  await expect(page.getByRole('option').first()).toHaveText('Sega Mega Drive/Genesis');
  await shoot(page, 'setup-library-platform-picker');
  await megaDrive.press('ArrowDown');
  await megaDrive.press('Enter');
  await expect(megaDrive).toHaveValue('Sega Mega Drive/Genesis');
  const handhelds = page.getByTestId('setup-bind-wizard-handhelds');
  await handhelds.fill('game boy adv');
  await handhelds.press('ArrowDown');
  await handhelds.press('Enter');
  await expect(handhelds).toHaveValue('Game Boy Advance');
  await page.getByTestId('setup-bind-save').click();
  await expect(page.getByTestId('setup-unknown')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('setup-folder-wizard-handhelds')).toContainText('Game Boy Advance');

  await page.getByTestId('setup-scan-now').click();
  await expect(page).toHaveURL(/\/scan$/);
  // The scan starts by itself and brings the bound folder's game in as a Game Boy Advance one.
  await expect(page.getByTestId('scan-done')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('scan-log-wizard-handhelds')).toContainText('Pocket Wizard');
  await expect(page.getByTestId('scan-log-Mega Drive')).toContainText('Blast Wizard');
  await shoot(page, 'scan-log');
});

test('interface settings chosen in one browser apply in another', async ({ browser }) => {
  const first = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const second = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const one = await first.newPage();
  const two = await second.newPage();
  try {
    await signInAsAdmin(one);
    await one.goto('/user-interface');
    await flip(one, 'showRecentRoms', false);
    await flip(one, 'disableAnimations', true);
    await choose(one, 'platformsGroupBy', 'generation');
    await choose(one, 'galleryView', 'list');
    await expect(one.locator('html')).toHaveAttribute('data-animations', 'off');
    await shoot(one, 'user-interface');

    await signInAsAdmin(two);
    await expect(two.getByTestId('page-heading')).toHaveText('Home');
    await expect(two.getByTestId('home-recent')).toHaveCount(0);
    await expect(two.locator('html')).toHaveAttribute('data-animations', 'off');
    await two.goto('/user-interface');
    await expect(two.getByTestId('ui-setting-showRecentRoms')).not.toBeChecked();
    await expect(two.getByTestId('ui-setting-disableAnimations')).toBeChecked();
    await expect(two.getByTestId('ui-setting-platformsGroupBy')).toHaveValue('generation');
    await expect(two.getByTestId('ui-setting-galleryView')).toHaveValue('list');
  } finally {
    await first.close();
    await second.close();
  }
});
