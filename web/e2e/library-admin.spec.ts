import fs from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { adminSession, scanLibrary } from './fixtures/api-setup.js';
import type { Cookies } from './fixtures/api-setup.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';
import { reviewShot } from './fixtures/review-shot.js';

/*
 * Own server (own port, own data folder): the folders bound, platforms renamed and deleted and
 * games scanned here must not reach the journeys that share the main server's library.
 */
const port = Number(
  process.env.E2E_LIBRARY_ADMIN_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 21,
);
const baseURL = ownServerUrl(port);
let server: OwnServer | undefined;
let dataDir = '';
let romsDir = '';
let session: Cookies = [];

test.use({ baseURL });

test.beforeAll(async () => {
  server = await startOwnServer('library-admin', port);
  dataDir = server.dataDir;
  romsDir = path.join(dataDir, 'library', 'roms');
  session = await adminSession(baseURL);
});

test.afterAll(() => {
  server?.stop();
});

/** A quick scan through the socket, then the page loaded again to show its result. */
async function quickScan(page: Page): Promise<void> {
  await scanLibrary(baseURL, session);
  await page.reload();
}

async function openPlatform(page: Page, folder: string): Promise<void> {
  await page.getByTestId('nav-platforms').click();
  await page.getByTestId(`drawer-platform-${folder}`).click();
  await expect(page).toHaveURL(/\/platform\/\d+$/);
}

async function screenshots(page: Page, name: string) {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
        message: `${name} at ${String(width)}px`,
      })
      .toBeLessThanOrEqual(0);
    await reviewShot(page, {
      name: `${name}-${String(width)}x${String(height)}.png`,
      animations: 'disabled',
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('an admin binds an unknown folder in library management and sees its games after a scan', async ({
  page,
}) => {
  test.setTimeout(180_000);
  fs.mkdirSync(path.join(romsDir, 'super-carts'), { recursive: true });
  fs.writeFileSync(path.join(romsDir, 'super-carts', 'Gizmo Quest (USA).sfc'), 'gizmo');
  await page.context().addCookies(session);

  await test.step('the folder is bound to a platform in config.yml', async () => {
    await page.goto('/library-management');
    await expect(page.getByTestId('page-heading')).toHaveText('Library management', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('config-read-only')).toHaveCount(0);
    await page.getByTestId('mapping-folder').fill('super-carts');
    await page.getByTestId('mapping-platform').fill('Super Nintendo Ent');
    await page.getByRole('option', { name: 'Super Nintendo Entertainment System' }).click();
    await page.getByTestId('mapping-add').click();
    await expect(page.getByTestId('mapping-super-carts')).toContainText(
      'super-carts → Super Nintendo Entertainment System',
    );
    await expect(page.getByTestId('mapping-super-carts')).toContainText('Alias');
    const config = fs.readFileSync(path.join(dataDir, 'config', 'config.yml'), 'utf8');
    expect(config).toContain('system:\n  platforms:\n    super-carts: snes');
    expect(config).toContain('# RomShelf library configuration');
  });

  await test.step('an exclusion is added and removed', async () => {
    const platforms = page.getByTestId('exclusion-EXCLUDED_PLATFORMS');
    await platforms.getByRole('textbox').fill('old-tools');
    await platforms.getByRole('textbox').press('Enter');
    const chip = platforms.getByRole('button', { name: 'old-tools' });
    await expect(chip).toBeVisible();
    await screenshots(page, 'library-management');
    await chip.press('Delete');
    await expect(platforms).toContainText('Nothing excluded.');
  });

  await test.step('after a scan the folder is a Super Nintendo platform with its game', async () => {
    await quickScan(page);
    await openPlatform(page, 'super-carts');
    await expect(page.getByTestId('page-heading')).toHaveText(
      'Super Nintendo Entertainment System',
    );
    await expect(page.getByTestId('gallery-count')).toHaveText('1 game');
    await expect(page.getByText('Gizmo Quest', { exact: false }).first()).toBeVisible();
  });
});

test('an admin renames a platform, keeps the name across a rescan, then deletes it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  fs.mkdirSync(path.join(romsDir, 'gba'), { recursive: true });
  fs.writeFileSync(path.join(romsDir, 'gba', 'Metro Dash (USA).gba'), 'metro');
  fs.writeFileSync(path.join(romsDir, 'gba', 'Pocket Farm (Europe).gba'), 'farm');
  await page.context().addCookies(session);
  await scanLibrary(baseURL, session);
  await page.goto('/');

  await test.step('the platform gets a custom name in its info drawer', async () => {
    await openPlatform(page, 'gba');
    await page.getByTestId('platform-info-button').click();
    await page.getByTestId('platform-custom-name').fill('My Advance');
    await page.getByTestId('platform-rename').click();
    await expect(page.getByTestId('page-heading')).toHaveText('My Advance');
    await screenshots(page, 'platform-info');
    await page.keyboard.press('Escape');
  });

  await test.step('a rescan keeps the custom name', async () => {
    await quickScan(page);
    await openPlatform(page, 'gba');
    await expect(page.getByTestId('page-heading')).toHaveText('My Advance');
  });

  await test.step('deleting asks first, naming the count, and leaves the files on disk', async () => {
    await page.getByTestId('platform-info-button').click();
    await page.getByTestId('platform-delete').click();
    const dialog = page.getByTestId('platform-delete-dialog');
    await expect(dialog).toContainText('Delete My Advance?');
    await expect(dialog).toContainText('Its 2 games leave the database');
    await dialog.getByTestId('platform-delete-confirm').click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByTestId('nav-platforms').click();
    await expect(page.getByTestId('drawer-platform-gba')).toHaveCount(0);
    expect(fs.existsSync(path.join(romsDir, 'gba', 'Metro Dash (USA).gba'))).toBe(true);
  });
});
