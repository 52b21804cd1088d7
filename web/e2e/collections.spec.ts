import fs from 'node:fs';
import path from 'node:path';

import { CSRF_COOKIE, CSRF_HEADER } from '@romshelf/contract';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { FAKE_IGDB_CLIENT } from './fixtures/fake-providers.mjs';
import { adminSession, signIn } from './fixtures/api-setup.js';
import { openPage } from './fixtures/open-page.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';
import { reviewShot } from './fixtures/review-shot.js';

/*
 * Collections end to end, on a server of its own matched against the fake IGDB: a manual
 * collection made from the bulk bar, seen in the drawer and on home, filtered inside, made public
 * and read by a second user; a filter saved as a smart collection that takes in a newly scanned
 * game; a virtual genre collection; the collection downloaded as one zip.
 */
const e2ePort = Number(process.env.E2E_PORT ?? 3790);
const port = Number(process.env.E2E_COLLECTIONS_PORT ?? e2ePort + 23);
const providers = `http://127.0.0.1:${String(e2ePort + 1)}`;
const baseURL = ownServerUrl(port);

/** Genres from the fake IGDB: Lunar Lancer (both versions) Shooter, Star Courier Adventure, Tidal Sprint 64 Racing. */
const FILES = [
  'Lunar Lancer (USA).z64',
  'Lunar Lancer (Japan).z64',
  'Star Courier (USA).z64',
  'Tidal Sprint 64 (USA).z64',
];
/** Scanned later: the third Shooter, for the smart collection and the virtual genre. */
const LATER = 'Lunar Lancer 2 - Eclipse (USA).z64';
const FRIEND = { username: 'couch-friend', password: 'friendly-pass-9' };

let server: OwnServer | undefined;

test.use({ baseURL });

function platformFolder(): string {
  if (!server) throw new Error('the journey server is not running');
  return path.join(server.dataDir, 'library', 'roms', 'n64');
}

test.beforeAll(async () => {
  server = await startOwnServer('collections', port, {
    IGDB_CLIENT_ID: FAKE_IGDB_CLIENT.id,
    IGDB_CLIENT_SECRET: FAKE_IGDB_CLIENT.secret,
    IGDB_BASE_URL: `${providers}/v4`,
    TWITCH_OAUTH_URL: `${providers}/oauth2/token`,
  });
  fs.mkdirSync(platformFolder(), { recursive: true });
  for (const [index, name] of FILES.entries()) {
    fs.writeFileSync(path.join(platformFolder(), name), Buffer.alloc(4096 + index, index + 31));
  }
});

test.afterAll(() => {
  server?.stop();
});

/** No wider than the window at desktop and phone size; ends at desktop size. */
async function fitsBothSizes(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
      .toBe(true);
    await reviewShot(page, { name: `${name}-${String(width)}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const card = (page: Page, title: string) =>
  page
    .getByTestId('rom-card')
    .filter({ has: page.getByTestId('rom-card-title').getByText(title, { exact: true }) });

async function quickScan(page: Page): Promise<void> {
  await page.getByTestId('nav-scan').click();
  await page.getByTestId('scan-type-quick').click();
  await page.getByTestId('scan-start').click();
  await expect(page.getByTestId('scan-done')).toBeVisible({ timeout: 90_000 });
}

async function openPlatform(page: Page): Promise<void> {
  await page.getByTestId('nav-platforms').click();
  await page.getByTestId('drawer-platform-n64').click();
  // The page it leaves may be a collection's gallery, whose count would already match.
  await expect(page).toHaveURL(/\/platform\/[^/?]+/);
  await expect(page.getByTestId('platform-header')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('gallery-count')).toContainText('games', { timeout: 30_000 });
}

/** Picks `values` in the filter drawer's list `name`, then shows the result. */
async function filterBy(page: Page, name: string, values: readonly string[]): Promise<void> {
  await page.getByTestId('filter-open').click();
  const drawer = page.getByTestId('filter-drawer');
  const input = drawer.getByTestId(`filter-${name}-input`);
  await expect(input).toBeVisible({ timeout: 30_000 });
  for (const value of values) {
    await input.pressSequentially(value.slice(0, 3));
    await page.locator(`[data-testid="filter-option"][data-value="${value}"]`).click();
  }
  await input.press('Escape');
}

/** The admin creates a viewer account through the API, with the page's session and CSRF token. */
async function createViewer(page: Page): Promise<void> {
  const status = await page.evaluate(
    async ({ user, cookie, header }) => {
      const token = document.cookie
        .split('; ')
        .find((entry) => entry.startsWith(`${cookie}=`))
        ?.slice(cookie.length + 1);
      const response = await fetch('/api/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [header]: token ?? '' },
        body: JSON.stringify({ ...user, role: 'viewer' }),
      });
      return response.status;
    },
    { user: FRIEND, cookie: CSRF_COOKIE, header: CSRF_HEADER },
  );
  expect(status).toBe(201);
}

test('collections: manual from the bulk bar, public to a second user, smart after a rescan, virtual genre, zip download', async ({
  page,
  browser,
}) => {
  // Two scans and two users on a shared machine.
  test.setTimeout(540_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.context().addCookies(await adminSession(baseURL));
  await page.goto('/');

  await test.step('a scan identifies the games; every version gets its own card', async () => {
    await quickScan(page);
    await expect(page.getByTestId('scan-done')).toContainText('identified: 4');
    await openPlatform(page);
    if ((await page.getByTestId('group-roms').getAttribute('aria-pressed')) === 'true') {
      await page.getByTestId('group-roms').click();
    }
    await expect(page.getByTestId('gallery-count')).toHaveText('4 games');
  });

  let collectionUrl = '';
  await test.step('three games selected in the bulk bar make a new collection', async () => {
    await page.getByTestId('select-mode').click();
    for (const title of ['Lunar Lancer', 'Star Courier', 'Tidal Sprint 64']) {
      await card(page, title).first().click();
    }
    await expect(page.getByTestId('bulk-count')).toContainText('3');
    await page.getByTestId('bulk-collection').click();
    const dialog = page.getByTestId('add-to-collection-dialog');
    await dialog.getByTestId('collection-new-name').fill('Couch co-op');
    await dialog.getByTestId('collection-new-create').click();
    await expect(
      dialog.getByTestId('collection-choice').filter({ hasText: 'Couch co-op' }),
    ).toBeVisible();
    await dialog.getByTestId('collection-save').click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await page.getByTestId('select-mode').click();
  });

  await test.step('the drawer and home list it', async () => {
    await page.getByTestId('nav-collections').click();
    const mine = page.getByTestId('collections-section-mine');
    await expect(
      mine.getByTestId('drawer-collection').filter({ hasText: 'Couch co-op' }),
    ).toContainText('3 games');
    await page.getByTestId('collections-filter').fill('couch');
    await expect(page.getByTestId('drawer-collection')).toHaveCount(1);
    await fitsBothSizes(page, 'collections-drawer');
    await page.keyboard.press('Escape');
    await page.getByTestId('nav-home').click();
    const rail = page.getByTestId('home-collections');
    await expect(
      rail.getByTestId('collection-card').filter({ hasText: 'Couch co-op' }),
    ).toContainText('3 games');
    await rail.scrollIntoViewIfNeeded();
    await fitsBothSizes(page, 'collections-home');
  });

  await test.step('the collection opens as a gallery, and filters inside it', async () => {
    await page
      .getByTestId('home-collections')
      .getByTestId('collection-card')
      .filter({ hasText: 'Couch co-op' })
      .click();
    await expect(page).toHaveURL(/\/collection\/\d+$/);
    collectionUrl = new URL(page.url()).pathname;
    await expect(page.getByTestId('page-heading')).toHaveText('Couch co-op');
    await expect(page.getByTestId('collection-summary')).toHaveText(`3 games · by shelfadmin`);
    await expect(page.getByTestId('gallery-count')).toHaveText('3 games', { timeout: 30_000 });
    await fitsBothSizes(page, 'collection-gallery');
    await filterBy(page, 'genres', ['Racing']);
    await expect(page.getByTestId('gallery-count')).toHaveText('1 game');
    await expect(page.getByTestId('rom-card-title')).toHaveText(['Tidal Sprint 64']);
    await page.getByTestId('filter-drawer').getByTestId('filter-show').click();
    await expect(page).toHaveURL(/\?genres=Racing$/);
    await openPage(page, collectionUrl);
    await expect(page.getByTestId('gallery-count')).toHaveText(/3 games/, { timeout: 30_000 });
  });

  await test.step('its owner describes it and makes it public', async () => {
    await page.getByTestId('collection-info-button').click();
    const info = page.getByTestId('collection-info');
    await expect(info.getByTestId('collection-visibility')).toHaveText('Private');
    await info.getByTestId('collection-description-field').fill('Games for two on the sofa.');
    await info.getByTestId('collection-public').check();
    await info.getByTestId('collection-info-save').click();
    await expect(info.getByTestId('collection-saved')).toBeVisible({ timeout: 20_000 });
    await expect(info.getByTestId('collection-visibility')).toHaveText('Public');
    await fitsBothSizes(page, 'collection-info-owner');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('collection-description')).toHaveText(
      'Games for two on the sofa.',
    );
    await createViewer(page);
  });

  await test.step('a second user sees it, read-only', async () => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    await context.addCookies(await signIn(baseURL, FRIEND.username, FRIEND.password));
    const friend = await context.newPage();
    try {
      await friend.goto('/');
      await friend.getByTestId('nav-collections').click();
      await expect(
        friend
          .getByTestId('collections-section-shared')
          .getByTestId('drawer-collection')
          .filter({ hasText: 'Couch co-op' }),
      ).toBeVisible();
      await friend.keyboard.press('Escape');
      await expect(friend.getByTestId('drawer-collections')).toHaveCount(0);
      await openPage(friend, collectionUrl);
      await expect(friend.getByTestId('gallery-count')).toHaveText('3 games', {
        timeout: 30_000,
      });
      await friend.getByTestId('collection-info-button').click();
      await expect(friend.getByTestId('collection-owner')).toHaveText('shelfadmin');
      await expect(friend.getByTestId('collection-read-only')).toBeVisible();
      await expect(friend.getByTestId('collection-editor')).toHaveCount(0);
      await fitsBothSizes(friend, 'collection-info-read-only');
    } finally {
      await context.close();
    }
  });

  let smartUrl = '';
  await test.step('a filter saved as a smart collection takes in a newly scanned game', async () => {
    await openPlatform(page);
    await filterBy(page, 'genres', ['Shooter']);
    await page.getByTestId('filter-drawer').getByTestId('filter-show').click();
    await expect(page.getByTestId('gallery-count')).toHaveText('2 games');
    await page.getByTestId('smart-save').first().click();
    const dialog = page.getByTestId('smart-save-dialog');
    await dialog.getByTestId('smart-save-name').fill('Shooters');
    await dialog.getByTestId('smart-save-confirm').click();
    await page.getByTestId('smart-save-view').click();
    await expect(page).toHaveURL(/\/collection\/smart\/\d+$/);
    smartUrl = new URL(page.url()).pathname;
    await expect(page.getByTestId('gallery-count')).toHaveText('2 games', { timeout: 30_000 });

    fs.writeFileSync(path.join(platformFolder(), LATER), Buffer.alloc(5000, 77));
    await quickScan(page);
    await page.goto(smartUrl);
    await expect(page.getByTestId('gallery-count')).toHaveText('3 games', { timeout: 30_000 });
    await expect(page.getByTestId('rom-card-title')).toContainText(['Lunar Lancer 2: Eclipse']);
    await fitsBothSizes(page, 'collection-smart');
  });

  await test.step('a virtual genre collection lists the three shooters', async () => {
    await openPage(page, '/user-interface');
    await page.getByTestId('ui-setting-virtualCollectionType').selectOption('genre');
    await page.getByTestId('nav-collections').click();
    await page
      .getByTestId('collections-section-virtual')
      .getByTestId('drawer-collection')
      .filter({ hasText: 'Shooter' })
      .click();
    await expect(page).toHaveURL(/\/collection\/virtual\/[^/]+$/);
    await expect(page.getByTestId('page-heading')).toHaveText('Shooter');
    await expect(page.getByTestId('gallery-count')).toHaveText('3 games', { timeout: 30_000 });
    await fitsBothSizes(page, 'collection-virtual');
  });

  await test.step('the manual collection downloads as one zip', async () => {
    await openPage(page, collectionUrl);
    await expect(page.getByTestId('gallery-count')).toHaveText('3 games', { timeout: 30_000 });
    const downloading = page.waitForEvent('download');
    await page.getByTestId('collection-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Couch co-op.zip');
    const file = await download.path();
    const bytes = fs.readFileSync(file);
    // A zip starts with a local file header and holds the three games' files.
    expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
    for (const name of ['Lunar Lancer (', 'Star Courier (USA).z64', 'Tidal Sprint 64 (USA).z64']) {
      expect(bytes.includes(Buffer.from(name))).toBe(true);
    }
  });
});
