import fs from 'node:fs';
import path from 'node:path';

import { expect, request, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { ADMIN } from './fixtures/admin.js';
import { readyAsAdmin, signIn } from './fixtures/api-setup.js';
import { axeFindings } from './fixtures/axe.js';
import { makeTestNes } from './fixtures/make-test-nes.mjs';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';
import { reviewShot } from './fixtures/review-shot.js';

/*
 * Who is playing now: the administrator plays the NES test program in the web player, and a
 * second user's home and game page show it, live (no reload), then show it end. Own server: the
 * shared one must meet the setup wizard in first-run.spec.ts.
 */
const port = Number(process.env.E2E_ACTIVITY_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 29);
const baseURL = ownServerUrl(port);
const NES_NAME = 'Shelf Test Pattern (World).nes';
const WATCHER = { username: 'watcher', password: 'watching-pass-7', email: 'w@example.com' };

let server: OwnServer | undefined;

test.use({ baseURL });

test.beforeAll(async () => {
  server = await startOwnServer('activity', port);
  const nesDir = path.join(server.dataDir, 'library', 'roms', 'nes');
  fs.mkdirSync(nesDir, { recursive: true });
  fs.writeFileSync(path.join(nesDir, NES_NAME), makeTestNes());
});

test.afterAll(() => {
  server?.stop();
});

async function nesRomId(page: Page): Promise<number> {
  const response = await page.request.get('/api/roms', {
    params: { search_term: 'Shelf Test Pattern', limit: 10 },
  });
  const body = (await response.json()) as { items: { id: number; fs_name: string }[] };
  const rom = body.items.find((item) => item.fs_name === NES_NAME);
  if (rom === undefined) throw new Error(`${NES_NAME} was not scanned`);
  return rom.id;
}

test('a game played by one user shows on the home and game page of another, live', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await readyAsAdmin(baseURL, page.context());
  const romId = await nesRomId(page);
  const admin = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { authorization: admin } });
  const created = await api.post('/api/users', { data: { ...WATCHER, role: 'viewer' } });
  expect(created.status()).toBe(201);
  await api.dispose();

  const watcherContext = await browser.newContext({ baseURL });
  await watcherContext.addCookies(await signIn(baseURL, WATCHER.username, WATCHER.password));
  const watcher = await watcherContext.newPage();
  await watcher.goto('/');
  await expect(watcher.getByTestId('home-recent')).toBeVisible();
  await expect(watcher.getByTestId('home-playing-now')).toHaveCount(0);

  await page.route('https://cdn.emulatorjs.org/**', (route) => route.abort());
  await page.goto(`/rom/${String(romId)}/ejs`);
  await page.getByTestId('play-start').click();
  await expect(page.getByTestId('player-game')).toHaveAttribute('data-started', 'true', {
    timeout: 60_000,
  });

  const card = watcher.getByTestId('home-playing-now-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(ADMIN.username);
  await expect(card).toContainText('Shelf Test Pattern');
  await expect(card).toContainText('Nintendo Entertainment System · Web browser');
  expect(await axeFindings(watcher)).toEqual([]);
  await reviewShot(watcher, { name: 'home-playing-now-desktop.png' });
  await watcher.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  // The layout follows the new width once React has seen the media query change.
  await expect
    .poll(() => watcher.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);
  await reviewShot(watcher, { name: 'home-playing-now-phone.png' });

  await card.click();
  await expect(watcher).toHaveURL(new RegExp(`/rom/${String(romId)}$`));
  const line = watcher.getByTestId('rom-playing-now');
  await expect(line).toContainText(`Playing now: ${ADMIN.username} (web browser, since`);
  await reviewShot(watcher, { name: 'game-playing-now-phone.png' });
  await watcher.setViewportSize({ width: 1280, height: 800 });
  expect(await axeFindings(watcher)).toEqual([]);
  await reviewShot(watcher, { name: 'game-playing-now-desktop.png' });

  // The player leaves: the line goes away on the watcher's page, again without a reload.
  await page.goto('/');
  await expect(line).toHaveCount(0);
  await watcherContext.close();
});
