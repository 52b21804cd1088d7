import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';

import { ADMIN } from './fixtures/admin.js';
import {
  SIZES,
  appRoutes,
  check,
  horizontalOverflow,
  loaded,
  makeLibrary,
  printReport,
  routeAddresses,
  scanFromScanPage,
  signedInPages,
  violations,
  writeLibrary,
} from './fixtures/a11y-walk.js';
import { openPage } from './fixtures/open-page.js';
import type { AxeReport } from './fixtures/a11y-walk.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';

/*
 * axe-core over every route of the web app's router (both themes, desktop and phone), with the
 * drawers, a dialog and the menus open, and no page wider than the window. A viewer's walk of the
 * same routes is a11y-viewer.spec.ts, which runs beside this one. Own server: it needs a fresh
 * setup wizard and its own games.
 */
const port = Number(process.env.E2E_A11Y_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 31);

let server: OwnServer | undefined;
const report: AxeReport = new Map();

test.use({ baseURL: ownServerUrl(port) });

test.beforeAll(async () => {
  server = await startOwnServer('a11y', port);
  writeLibrary(server.dataDir);
});

test.afterAll(() => {
  server?.stop();
  printReport(report);
});

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: ownServerUrl(port),
    viewport: SIZES.desktop,
  });
  return context.newPage();
}

test('every route has no axe violation in either theme, at desktop and phone size, and fits both', async ({
  browser,
}) => {
  // About forty pages, each checked four times; a shared CI machine can be slow.
  test.setTimeout(480_000);
  const routes = await appRoutes();
  const page = await newPage(browser);

  await test.step('the setup wizard', async () => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/setup$/);
    await check(page, report, '/setup');
    await page.setViewportSize(SIZES.desktop);
    await page.getByTestId('setup-username').fill(ADMIN.username);
    await page.getByTestId('setup-email').fill(ADMIN.email);
    await page.getByTestId('setup-password').fill(ADMIN.password);
    await page.getByTestId('setup-confirm-password').fill(ADMIN.password);
    await page.getByTestId('setup-submit').click();
    await expect(page).toHaveURL(/\/setup\/library$/);
    await loaded(page);
    await check(page, report, '/setup/library');
    await page.setViewportSize(SIZES.desktop);
    await page.getByTestId('setup-skip').click();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('the scan log fits a phone (long platform names are cut)', async () => {
    await scanFromScanPage(page);
    await expect(page.getByTestId('scan-log-nes')).toContainText('Nintendo Entertainment System');
    await page.setViewportSize(SIZES.phone);
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
  });
  const addresses = routeAddresses(await makeLibrary(page));
  // Each page opens once (as the app's links open it), at the size the last one ended in, and
  // is checked at both sizes.
  for (const { name, address } of signedInPages(routes, addresses)) {
    await test.step(name, async () => {
      await openPage(page, address);
      await loaded(page);
      await check(page, report, name);
    });
  }

  await test.step('open states: drawers, a dialog, the menus', async () => {
    await page.setViewportSize(SIZES.desktop);
    await openPage(page, addresses['/platform/:platform'] ?? '');
    await loaded(page);
    // Pages in the navigation are links: they open in a new tab or with a middle click.
    for (const [entry, href] of [
      ['nav-home', '/'],
      ['nav-search', '/search'],
      ['nav-administration', '/administration'],
    ] as const) {
      await expect(page.getByTestId(entry)).toHaveAttribute('href', href);
    }
    await page.getByTestId('filter-open').click();
    await expect(page.getByTestId('filter-drawer')).toBeVisible();
    // Checked with its filter values in, as the pages are checked once nothing loads.
    await expect(page.getByTestId('filter-values-loading')).toHaveCount(0);
    await check(page, report, 'filter drawer', ['desktop']);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('filter-drawer')).toHaveCount(0);
    for (const drawer of ['platforms', 'collections', 'settings']) {
      await page.getByTestId(`nav-${drawer}`).click();
      await expect(page.getByTestId(`drawer-${drawer}`)).toBeVisible();
      await expect(page.getByTestId(`drawer-${drawer}`).locator('a[href]').first()).toBeVisible();
      await check(page, report, `${drawer} drawer`, ['desktop']);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId(`drawer-${drawer}`)).toHaveCount(0);
    }
    await page.getByTestId('nav-collections').click();
    await page.getByTestId('collections-new').click();
    await expect(page.getByTestId('new-collection-dialog')).toBeVisible();
    await check(page, report, 'new collection dialog', ['desktop']);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('new-collection-dialog')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('drawer-collections')).toHaveCount(0);
    await page.getByTestId('user-menu-button').click();
    await expect(page.getByTestId('user-menu-profile')).toBeVisible();
    await check(page, report, 'user menu', ['desktop']);
    await page.keyboard.press('Escape');
    await page.getByTestId('rom-menu').first().click();
    await expect(page.getByTestId('rom-menu-favourite')).toBeVisible();
    await check(page, report, 'game menu', ['desktop']);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('rom-menu-favourite')).toHaveCount(0);
    await page.getByTestId('nav-upload').click();
    await expect(page.getByTestId('upload-dialog')).toBeVisible();
    await check(page, report, 'upload dialog', ['desktop']);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('upload-dialog')).toHaveCount(0);
    await page.setViewportSize(SIZES.phone);
    await page.getByTestId('open-menu').click();
    await expect(page.getByTestId('main-bar')).toBeVisible();
    await check(page, report, 'phone menu', ['phone']);
  });

  await test.step('signed out: the sign-in pages', async () => {
    const visitor = await newPage(browser);
    // The wizard's pages were checked while the wizard was pending.
    const signIn = routes.filter(
      (item) => item.auth && item.scopes.length === 0 && !item.pattern.startsWith('/setup'),
    );
    for (const route of signIn) {
      await openPage(visitor, `${route.pattern}?token=unknown`);
      await expect(visitor).toHaveURL(new RegExp(`${route.pattern}\\?`));
      await loaded(visitor);
      await check(visitor, report, route.pattern);
    }
    await visitor.context().close();
  });
  await page.context().close();

  expect(violations(report)).toEqual([]);
});
