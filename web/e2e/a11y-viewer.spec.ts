import { ROLE_SCOPES } from '@romshelf/contract';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { matchPath } from 'react-router';

import { readyAsAdmin } from './fixtures/api-setup.js';
import { axeFindings } from './fixtures/axe.js';
import {
  SIZES,
  VIEWER,
  addressOf,
  appRoutes,
  idFrom,
  loaded,
  makeLibrary,
  printReport,
  routeAddresses,
  violations,
  writeLibrary,
} from './fixtures/a11y-walk.js';
import { openPage } from './fixtures/open-page.js';
import type { AxeReport, LibraryIds } from './fixtures/a11y-walk.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';

/*
 * A viewer walks every route of the web app's router: never reaches or sees an admin-only page,
 * and meets no axe violation on the others. The administrator's walk is a11y.spec.ts, which runs
 * beside this one on a server of its own; this one's administrator is made through the API.
 */
const port = Number(process.env.E2E_A11Y_VIEWER_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 93);
const baseURL = ownServerUrl(port);

let server: OwnServer | undefined;
const report: AxeReport = new Map();

test.use({ baseURL });

test.beforeAll(async () => {
  server = await startOwnServer('a11y-viewer', port);
  writeLibrary(server.dataDir);
});

test.afterAll(() => {
  server?.stop();
  printReport(report);
});

/** The administrator, the scanned library and the viewer, made through the API. */
async function makeLibraryAsAdmin(browser: Browser): Promise<LibraryIds> {
  const context = await browser.newContext({ baseURL });
  await readyAsAdmin(baseURL, context);
  const page = await context.newPage();
  // Any page of the server will do: its API calls need the session's CSRF cookie, not the app.
  await page.goto('/api/heartbeat');
  const library = await makeLibrary(page);
  await context.close();
  return library;
}

async function signIn(browser: Browser, user: typeof VIEWER): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: SIZES.desktop });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByTestId('login-username').fill(user.username);
  await page.getByTestId('login-password').fill(user.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/$/);
  return page;
}

test('a viewer walks every route: admin-only pages are unreachable and not in the navigation', async ({
  browser,
}) => {
  // A scan, then about forty pages.
  test.setTimeout(240_000);
  const routes = await appRoutes();
  const viewerScopes: readonly string[] = ROLE_SCOPES.viewer;
  const adminOnly = routes.filter((route) =>
    route.scopes.some((scope) => !viewerScopes.includes(scope)),
  );
  expect(adminOnly.map((route) => route.pattern)).toContain('/administration');

  const addresses = routeAddresses(await makeLibraryAsAdmin(browser));
  const page = await signIn(browser, VIEWER);

  await test.step('the navigation links no admin-only page', async () => {
    const hrefs = () =>
      page
        .locator('a[href]')
        .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
    const links = new Set(await hrefs());
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('drawer-settings')).toBeVisible();
    (await hrefs()).forEach((href) => links.add(href));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('drawer-settings')).toHaveCount(0);
    await page.getByTestId('user-menu-button').click();
    await expect(page.getByTestId('user-menu-profile')).toBeVisible();
    (await hrefs()).forEach((href) => links.add(href));
    await page.keyboard.press('Escape');
    // The rail, the settings drawer and the user menu were all read.
    expect([...links]).toEqual(
      expect.arrayContaining([
        '/',
        '/search',
        '/server-stats',
        '/user-interface',
        '/client-api-tokens',
      ]),
    );
    const linked = [...links].filter((href) =>
      adminOnly.some((route) => matchPath(route.pattern, href.split('?')[0] ?? '')),
    );
    expect(linked).toEqual([]);
    await expect(page.getByTestId('nav-scan')).toHaveCount(0);
    await expect(page.getByTestId('nav-upload')).toHaveCount(0);
  });

  const me = await idFrom(page, '/api/users/me', (body: { id: number }) => body.id);
  const own = { ...addresses, '/user/:user': `/user/${me}` };
  for (const route of routes.filter((item) => item.scopes.length > 0 || !item.auth)) {
    await test.step(route.pattern, async () => {
      await openPage(page, addressOf(route.pattern, own));
      const hidden = adminOnly.includes(route) || route.pattern === '/*';
      await expect(page.getByTestId('not-found')).toHaveCount(hidden ? 1 : 0);
      await loaded(page);
      if (!hidden) report.set(`viewer ${route.pattern}`, await axeFindings(page));
    });
  }
  expect(violations(report, 'viewer')).toEqual([]);
  await page.context().close();
});
