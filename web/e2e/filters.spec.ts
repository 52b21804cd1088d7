import fs from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { FAKE_IGDB_CLIENT } from './fixtures/fake-providers.mjs';
import { adminSession, scanLibrary } from './fixtures/api-setup.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';
import { reviewShot } from './fixtures/review-shot.js';

/*
 * The filter drawer and the random game on an identified library: a platform filtered by two
 * genres and a region, the filters in the URL through a reload, a chip removed, and random games
 * that stay within the filtered platform. Own server (own port, own data folder) matched against
 * the fake IGDB that web/playwright.config.ts starts.
 */
const e2ePort = Number(process.env.E2E_PORT ?? 3790);
const port = Number(process.env.E2E_FILTERS_PORT ?? e2ePort + 17);
const providers = `http://127.0.0.1:${String(e2ePort + 1)}`;
const baseURL = ownServerUrl(port);

/** Genres come from the fake IGDB (Lunar Lancer: Shooter, Tidal Sprint 64: Racing). */
const FILES = [
  'Lunar Lancer (USA).z64',
  'Lunar Lancer (Japan).z64',
  'Tidal Sprint 64 (USA).z64',
  'Tidal Sprint 64 (Europe).z64',
  'Star Courier (USA).z64',
];
/** The games of the n64 platform that are Shooter or Racing games from the USA. */
const FILTERED = ['Lunar Lancer', 'Tidal Sprint 64'];

let server: OwnServer | undefined;

test.use({ baseURL });

test.beforeAll(async () => {
  server = await startOwnServer('filters', port, {
    IGDB_CLIENT_ID: FAKE_IGDB_CLIENT.id,
    IGDB_CLIENT_SECRET: FAKE_IGDB_CLIENT.secret,
    IGDB_BASE_URL: `${providers}/v4`,
    TWITCH_OAUTH_URL: `${providers}/oauth2/token`,
  });
  const folder = path.join(server.dataDir, 'library', 'roms', 'n64');
  fs.mkdirSync(folder, { recursive: true });
  for (const [index, name] of FILES.entries()) {
    fs.writeFileSync(path.join(folder, name), Buffer.alloc(4096 + index, index + 21));
  }
});

test.afterAll(() => {
  server?.stop();
});

/** Picks `values` in the drawer's list `name` (typing narrows the list first). */
async function pick(page: Page, name: string, values: readonly string[]) {
  const input = page.getByTestId(`filter-${name}-input`);
  for (const value of values) {
    await input.pressSequentially(value.slice(0, 3));
    await page.locator(`[data-testid="filter-option"][data-value="${value}"]`).click();
  }
  await input.press('Escape');
}

const titles = (page: Page) => page.getByTestId('rom-card-title');

test('filters: two genres and a region in the URL through a reload, a chip removed, random games of the scope, versions of a game', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const session = await adminSession(baseURL);
  await page.context().addCookies(session);

  await test.step('a scan identifies the games', async () => {
    const stats = await scanLibrary(baseURL, session, { type: 'quick', apis: ['igdb'] });
    expect(stats.identified_roms).toBe(5);
    await page.goto('/platform/1');
    // Versions are grouped by default: one card per game.
    await expect(page.getByTestId('gallery-count')).toHaveText('3 games');
    // The filter steps count files: every version on its own card.
    await page.getByTestId('group-roms').click();
    await expect(page.getByTestId('gallery-count')).toHaveText('5 games');
    await page.getByTestId('view-big').click();
  });

  await test.step('two genres and a region narrow the platform; the URL says so', async () => {
    await page.getByTestId('filter-open').click();
    const drawer = page.getByTestId('filter-drawer');
    await expect(drawer.getByTestId('filter-genres')).toBeVisible({ timeout: 30_000 });
    await pick(page, 'genres', ['Shooter', 'Racing']);
    await pick(page, 'regions', ['USA']);
    await expect(drawer.getByTestId('filter-show')).toHaveText('Show results (2)');
    await reviewShot(page, { name: 'filters-drawer-1440.png' });
    await drawer.getByTestId('filter-show').click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\?genres=Shooter&genres=Racing&regions=USA$/);
    await expect(page.getByTestId('gallery-count')).toHaveText('2 games');
    await expect(titles(page)).toHaveText(FILTERED);
    await expect(page.getByTestId('filter-chip')).toHaveText([
      'Genre: Shooter',
      'Genre: Racing',
      'Region: USA',
    ]);
    await reviewShot(page, { name: 'filters-chips-1440.png' });
  });

  await test.step('a reload keeps the filters and the same games', async () => {
    await page.reload();
    await expect(page.getByTestId('gallery-count')).toHaveText('2 games', { timeout: 30_000 });
    await expect(titles(page)).toHaveText(FILTERED);
    await expect(page.getByTestId('filter-chip')).toHaveCount(3);
  });

  await test.step('random games land within the filtered platform', async () => {
    for (let round = 0; round < 3; round++) {
      await page.getByTestId('gallery-random').click();
      await expect(page).toHaveURL(/\/rom\/\d+$/);
      await expect(page.getByTestId('page-heading')).toHaveText(/^(Lunar Lancer|Tidal Sprint 64)$/);
      await page.goBack();
      await expect(page.getByTestId('gallery-count')).toHaveText('2 games');
    }
  });

  await test.step('one click on a chip removes that filter', async () => {
    await page.getByTestId('filter-chip').filter({ hasText: 'Region: USA' }).click();
    await expect(page).toHaveURL(/\?genres=Shooter&genres=Racing$/);
    await expect(page.getByTestId('gallery-count')).toHaveText('4 games');
    await expect(page.getByTestId('filter-chip')).toHaveCount(2);
    await page.goBack();
    await expect(page.getByTestId('gallery-count')).toHaveText('2 games');
    await page.goForward();
    await expect(page.getByTestId('gallery-count')).toHaveText('4 games');
  });

  await test.step('the list view shows the same games; the filters come back with the platform', async () => {
    await page.getByTestId('view-list').click();
    await expect(page.getByTestId('gallery-count')).toHaveText('4 games');
    await page.getByTestId('nav-home').click();
    await page.getByTestId('nav-platforms').click();
    await page.getByTestId('drawer-platform-n64').click();
    await expect(page).toHaveURL(/\?genres=Shooter&genres=Racing$/);
    await expect(page.getByTestId('gallery-count')).toHaveText('4 games');
    await page.getByTestId('view-big').click();
  });

  await test.step('no match: the empty state clears the filters', async () => {
    await page.goto('/platform/1?genres=Shooter&genres_logic=all&genres=Racing');
    await expect(page.getByTestId('gallery-filtered-empty')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('filter-empty-clear').click();
    await expect(page.getByTestId('gallery-count')).toHaveText('5 games');
    await expect(page.getByTestId('filter-chip')).toHaveCount(0);
  });

  await test.step('grouped, a game opens with its versions and switches to another', async () => {
    await page.getByTestId('group-roms').click();
    await expect(page.getByTestId('gallery-count')).toHaveText('3 games');
    const lancer = page.getByTestId('rom-card').filter({ hasText: 'Lunar Lancer' });
    await expect(lancer.getByTestId('rom-card-versions')).toHaveAttribute('data-count', '2');
    await lancer.click();
    await expect(page.getByTestId('page-heading')).toHaveText('Lunar Lancer');
    const versions = page.getByTestId('rom-versions');
    // The USA version leads the group (region priority) until the person picks another.
    await expect(versions.getByRole('combobox')).toHaveText('Lunar Lancer (USA)');
    const usaUrl = page.url();
    await versions.getByRole('combobox').click();
    await page
      .getByTestId('rom-version-option')
      .filter({ hasText: 'Lunar Lancer (Japan)' })
      .click();
    await expect(page).not.toHaveURL(usaUrl);
    await expect(versions.getByRole('combobox')).toHaveText('Lunar Lancer (Japan)');
    await versions.getByTestId('rom-version-set-default').click();
    await expect(versions.getByTestId('rom-version-is-default')).toBeVisible();
    await page.getByTestId('nav-platforms').click();
    await page.getByTestId('drawer-platform-n64').click();
    await expect(page.getByTestId('gallery-count')).toHaveText('3 games');
    // The group's card is now the chosen version.
    await page.getByTestId('rom-card').filter({ hasText: 'Lunar Lancer' }).click();
    await expect(page.getByTestId('rom-versions').getByRole('combobox')).toHaveText(
      'Lunar Lancer (Japan) · default',
    );
  });

  await test.step('the navigation’s random game opens a game of the library', async () => {
    await page.getByTestId('nav-random').click();
    await expect(page).toHaveURL(/\/rom\/\d+$/);
    await expect(page.getByTestId('page-heading')).toHaveText(
      /^(Lunar Lancer|Tidal Sprint 64|Star Courier)$/,
    );
  });

  await test.step('on a phone the drawer is a full-screen sheet', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/platform/1?genres=Shooter&regions=USA');
    await expect(page.getByTestId('gallery-count')).toHaveText('1 game', { timeout: 30_000 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await reviewShot(page, { name: 'filters-chips-390.png' });
    await page.getByTestId('filter-open').click();
    const drawer = page.getByTestId('filter-drawer');
    await expect(drawer.getByTestId('filter-genres')).toBeVisible();
    // Measured once its slide-in has ended: mid-animation the box is off by a fraction.
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox();
        return box && { x: box.x, y: box.y, width: box.width, height: box.height };
      })
      .toEqual({ x: 0, y: 0, width: 390, height: 844 });
    await reviewShot(page, { name: 'filters-drawer-390.png' });
    // The sheet's header is not under the app bar: its close button takes the click.
    await drawer.getByTestId('filter-close').click();
    await expect(drawer).toBeHidden();
  });
});
