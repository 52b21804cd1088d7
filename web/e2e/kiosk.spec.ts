import fs from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';

import { ADMIN } from './fixtures/admin.js';
import { adminSession, scanLibrary } from './fixtures/api-setup.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';

/*
 * Kiosk mode (KIOSK_MODE=true): a visitor who never signs in browses the library read-only, with
 * no download, edit or personal menu, and a clear Sign in that leads back to the game after.
 */
const port = Number(process.env.E2E_PORT ?? 3790) + 75;
const baseURL = ownServerUrl(port);
const GAME = 'Kiosk Quest (USA).nes';

let server: OwnServer | undefined;

test.use({ baseURL });

test.beforeAll(async () => {
  server = await startOwnServer('kiosk', port, { KIOSK_MODE: 'true' });
  const nesDir = path.join(server.dataDir, 'library', 'roms', 'nes');
  fs.mkdirSync(nesDir, { recursive: true });
  fs.writeFileSync(path.join(nesDir, GAME), Buffer.alloc(2048, 7));
  await scanLibrary(baseURL, await adminSession(baseURL));
});

test.afterAll(() => {
  server?.stop();
});

test('a kiosk visitor browses without signing in, reads only, and can sign in', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByTestId('kiosk-sign-in')).toBeVisible();
  await expect(page.getByTestId('user-menu-button')).toHaveCount(0);
  const nav = page.getByTestId('main-bar');
  await expect(nav.getByTestId('nav-home')).toBeVisible();
  for (const hidden of ['nav-scan', 'nav-upload', 'nav-settings', 'nav-administration']) {
    await expect(nav.getByTestId(hidden)).toHaveCount(0);
  }

  await page.goto('/search?search_term=Kiosk');
  await page
    .getByRole('link', { name: /Kiosk Quest/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/rom\/\d+$/);
  const romPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Kiosk Quest');
  await expect(page.getByTestId('download-rom')).toHaveCount(0);
  await expect(page.getByTestId('play-rom')).toHaveCount(0);

  // Pages that are about an account, or for editors, ask to sign in.
  await page.goto('/library-management');
  await expect(page).toHaveURL(/\/login\?next=%2Flibrary-management$/);

  await page.goto(romPath);
  await page.getByTestId('kiosk-sign-in').click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByTestId('login-username').fill(ADMIN.username);
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(`${baseURL}${romPath}`);
  await expect(page.getByTestId('download-rom')).toBeVisible();
  await expect(page.getByTestId('kiosk-sign-in')).toHaveCount(0);
});
