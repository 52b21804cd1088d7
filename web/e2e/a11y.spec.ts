import fs from 'node:fs';
import path from 'node:path';

import { CSRF_COOKIE, CSRF_HEADER, ROLE_SCOPES } from '@romshelf/contract';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { matchPath } from 'react-router';
import type { RouteObject } from 'react-router';

import { ADMIN } from './fixtures/admin.js';
import { axeFindings } from './fixtures/axe.js';
import type { AxeFinding } from './fixtures/axe.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';

/*
 * axe-core over every route of the web app's router (both themes, desktop and phone), with the
 * drawers, a dialog and the menus open; then a viewer walks the same routes and never reaches or
 * sees an admin-only page. Own server: it needs a fresh setup wizard and its own games.
 */
const port = Number(process.env.E2E_A11Y_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 31);
const VIEWER = { username: 'quiet-viewer', password: 'viewer-pass-31' };
const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
/** Each theme and its page background (SPEC colours), to know the page has switched. */
const THEMES = [
  { name: 'light', background: 'rgb(242, 244, 248)' },
  { name: 'dark', background: 'rgb(13, 17, 23)' },
] as const;

let server: OwnServer | undefined;
const report = new Map<string, AxeFinding[]>();
/** Addresses of the routes with parameters, filled once the library has games. */
const ids: Record<string, string> = {};

test.use({ baseURL: ownServerUrl(port) });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startOwnServer('a11y', port);
  const nesDir = path.join(server.dataDir, 'library', 'roms', 'nes');
  fs.mkdirSync(nesDir, { recursive: true });
  ['Legend of Zelda, The (USA).nes', 'Metroid (Europe).nes'].forEach((name, index) =>
    fs.writeFileSync(path.join(nesDir, name), Buffer.alloc(4096 + index, index + 1)),
  );
});

test.afterAll(() => {
  server?.stop();
  const failing = [...report].filter(([, findings]) => findings.length > 0);
  const details = failing.map(
    ([name, findings]) =>
      `${name}: ${findings.map((item) => `${item.rule} (${item.impact}) ${item.targets.slice(0, 3).join(' | ')}`).join('; ')}`,
  );
  console.log(`axe: ${String(report.size)} checks, ${String(failing.length)} with violations`);
  if (details.length > 0) console.log(`  ${details.join('\n  ')}`);
});

interface AppRoute {
  pattern: string;
  scopes: readonly string[];
  /** Under the sign-in layout (login, setup, …) rather than the main one. */
  auth: boolean;
}

/** Every path of the web app's router, read from the router itself so new routes are walked. */
async function appRoutes(): Promise<AppRoute[]> {
  // A computed specifier: the router is loaded by Playwright at run time, not type-checked here.
  const routerModule = '../src/app/router.tsx';
  const { routes } = (await import(routerModule)) as { routes: RouteObject[] };
  const walk = (list: RouteObject[], base: string, auth: boolean): AppRoute[] =>
    list.flatMap((route) => {
      const own = route.index ? '' : (route.path ?? '');
      const joined = own.startsWith('/') ? own : `${base.replace(/\/$/, '')}/${own}`;
      const pattern = joined.length > 1 ? joined.replace(/\/$/, '') : '/';
      const isAuth = auth || (route.children?.some((child) => child.path === '/login') ?? false);
      const scopes = (route.handle as { scopes?: string[] } | undefined)?.scopes ?? [];
      const self = route.index || route.path ? [{ pattern, scopes, auth: isAuth }] : [];
      return [...self, ...walk(route.children ?? [], pattern, isAuth)];
    });
  return walk(routes, '', false).filter(
    (route, index, all) => all.findIndex((other) => other.pattern === route.pattern) === index,
  );
}

/** The address the journey opens for a route pattern; a new route with parameters needs one. */
function addressOf(pattern: string, ids: Record<string, string>): string {
  if (pattern === '/*') return '/no-such-page';
  const address = ids[pattern] ?? pattern;
  if (address.includes(':')) throw new Error(`Give the a11y journey an address for ${pattern}`);
  return address;
}

/** Waits until the page has its heading and nothing is loading any more. */
async function loaded(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.MuiSkeleton-root, .MuiCircularProgress-root')).toHaveCount(0);
}

/**
 * Runs axe in both themes (and at both sizes unless told) and records the findings. A theme
 * changes colours only, so the second one is checked for the colour rules.
 */
async function check(
  page: Page,
  name: string,
  sizes: readonly (typeof SIZES)[number][] = SIZES,
): Promise<void> {
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme.name });
      await expect(page.locator('body')).toHaveCSS('background-color', theme.background);
      const scope = theme === THEMES[0] ? 'all' : 'colours';
      report.set(`${name} [${size.name}, ${theme.name}]`, await axeFindings(page, scope));
    }
  }
}

async function apiCall(
  page: Page,
  url: string,
  body: Record<string, string> | { json: unknown },
): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ url, body, cookie, header }) => {
      const token =
        document.cookie
          .split('; ')
          .find((entry) => entry.startsWith(`${cookie}=`))
          ?.slice(cookie.length + 1) ?? '';
      let payload: FormData | string;
      const headers: Record<string, string> = { [header]: token };
      if ('json' in body) {
        payload = JSON.stringify(body.json);
        headers['content-type'] = 'application/json';
      } else {
        payload = new FormData();
        for (const [key, value] of Object.entries(body)) payload.append(key, value);
      }
      const response = await fetch(url, { method: 'POST', headers, body: payload });
      return { status: response.status, json: (await response.json()) as unknown };
    },
    { url, body, cookie: CSRF_COOKIE, header: CSRF_HEADER },
  );
}

async function idFrom(page: Page, url: string, pick: (body: never) => number | undefined) {
  const response = await page.request.get(url);
  expect(response.ok()).toBe(true);
  const id = pick((await response.json()) as never);
  expect(id).toBeDefined();
  return String(id);
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: ownServerUrl(port) });
  return context.newPage();
}

test('every route has no axe violation in either theme, at desktop and phone size', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const routes = await appRoutes();
  const page = await newPage(browser);

  await test.step('the setup wizard', async () => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/setup$/);
    await check(page, '/setup');
    await page.getByTestId('setup-username').fill(ADMIN.username);
    await page.getByTestId('setup-email').fill(ADMIN.email);
    await page.getByTestId('setup-password').fill(ADMIN.password);
    await page.getByTestId('setup-confirm-password').fill(ADMIN.password);
    await page.getByTestId('setup-submit').click();
    await expect(page).toHaveURL(/\/setup\/library$/);
    await loaded(page);
    await check(page, '/setup/library');
    await page.getByTestId('setup-skip').click();
    await expect(page).toHaveURL(/\/$/);
  });

  await page.setViewportSize(SIZES[0]);
  await page.goto('/scan');
  await page.getByTestId('scan-type-quick').click();
  await page.getByTestId('scan-start').click();
  await expect(page.getByTestId('scan-done')).toBeVisible({ timeout: 60_000 });

  const platform = await idFrom(page, '/api/platforms', (items: { id: number }[]) => items[0]?.id);
  const rom = await idFrom(
    page,
    `/api/roms?platform_id=${platform}&limit=1`,
    (body: { items: { id: number }[] }) => body.items[0]?.id,
  );
  const user = await idFrom(page, '/api/users/me', (me: { id: number }) => me.id);
  const collection = await apiCall(page, '/api/collections', { name: 'Favourites' });
  expect(collection.status).toBe(200);
  const smart = await apiCall(page, '/api/collections/smart', { name: 'Everything' });
  expect(smart.status).toBe(200);
  const viewer = await apiCall(page, '/api/users', { json: { ...VIEWER, role: 'viewer' } });
  expect(viewer.status).toBe(201);
  Object.assign(ids, {
    '/platform/:platform': `/platform/${platform}`,
    '/collection/:collection': `/collection/${String((collection.json as { id: number }).id)}`,
    '/collection/virtual/:collection': '/collection/virtual/recent',
    '/collection/smart/:collection': `/collection/smart/${String((smart.json as { id: number }).id)}`,
    '/rom/:rom': `/rom/${rom}`,
    '/rom/:rom/ejs': `/rom/${rom}/ejs`,
    '/rom/:rom/ruffle': `/rom/${rom}/ruffle`,
    '/user/:user': `/user/${user}`,
    '/console/platform/:platform': `/console/platform/${platform}`,
    '/console/collection/:kind/:collection': `/console/collection/regular/${String((collection.json as { id: number }).id)}`,
    '/console/rom/:rom': `/console/rom/${rom}`,
  });

  for (const route of routes.filter((item) => !item.auth)) {
    await test.step(route.pattern, async () => {
      await page.setViewportSize(SIZES[0]);
      await page.goto(addressOf(route.pattern, ids));
      await loaded(page);
      await check(page, route.pattern);
    });
  }

  await test.step('open states: drawers, a dialog, the menus', async () => {
    await page.setViewportSize(SIZES[0]);
    await page.goto(ids['/platform/:platform'] ?? '');
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
    await check(page, 'filter drawer', [SIZES[0]]);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('filter-drawer')).toHaveCount(0);
    for (const drawer of ['platforms', 'collections', 'settings']) {
      await page.getByTestId(`nav-${drawer}`).click();
      await expect(page.getByTestId(`drawer-${drawer}`)).toBeVisible();
      await expect(page.getByTestId(`drawer-${drawer}`).locator('a[href]').first()).toBeVisible();
      await check(page, `${drawer} drawer`, [SIZES[0]]);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId(`drawer-${drawer}`)).toHaveCount(0);
    }
    await page.getByTestId('nav-collections').click();
    await page.getByTestId('collections-new').click();
    await expect(page.getByTestId('new-collection-dialog')).toBeVisible();
    await check(page, 'new collection dialog', [SIZES[0]]);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('new-collection-dialog')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('drawer-collections')).toHaveCount(0);
    await page.getByTestId('user-menu-button').click();
    await expect(page.getByTestId('user-menu-profile')).toBeVisible();
    await check(page, 'user menu', [SIZES[0]]);
    await page.keyboard.press('Escape');
    await page.getByTestId('rom-menu').first().click();
    await expect(page.getByTestId('rom-menu-favourite')).toBeVisible();
    await check(page, 'game menu', [SIZES[0]]);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('rom-menu-favourite')).toHaveCount(0);
    await page.getByTestId('nav-upload').click();
    await expect(page.getByTestId('upload-dialog')).toBeVisible();
    await check(page, 'upload dialog', [SIZES[0]]);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('upload-dialog')).toHaveCount(0);
    await page.setViewportSize(SIZES[1]);
    await page.getByTestId('open-menu').click();
    await expect(page.getByTestId('main-bar')).toBeVisible();
    await check(page, 'phone menu', [SIZES[1]]);
  });

  await test.step('signed out: the sign-in pages', async () => {
    const visitor = await newPage(browser);
    // The wizard's pages were checked while the wizard was pending.
    const signIn = routes.filter(
      (item) => item.auth && item.scopes.length === 0 && !item.pattern.startsWith('/setup'),
    );
    for (const route of signIn) {
      await visitor.goto(`${route.pattern}?token=unknown`);
      await expect(visitor).toHaveURL(new RegExp(`${route.pattern}\\?`));
      await loaded(visitor);
      await check(visitor, route.pattern);
    }
    await visitor.context().close();
  });
  await page.context().close();

  const failing = [...report].filter(([, findings]) => findings.length > 0);
  expect(failing.map(([name, findings]) => [name, findings.map((item) => item.rule)])).toEqual([]);
});

test('a viewer walks every route: admin-only pages are unreachable and not in the navigation', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const routes = await appRoutes();
  const viewerScopes: readonly string[] = ROLE_SCOPES.viewer;
  const adminOnly = routes.filter((route) =>
    route.scopes.some((scope) => !viewerScopes.includes(scope)),
  );
  expect(adminOnly.map((route) => route.pattern)).toContain('/administration');

  const page = await newPage(browser);
  await page.setViewportSize(SIZES[0]);
  await page.goto('/login');
  await page.getByTestId('login-username').fill(VIEWER.username);
  await page.getByTestId('login-password').fill(VIEWER.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/$/);

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
  const own = { ...ids, '/user/:user': `/user/${me}` };
  for (const route of routes.filter((item) => item.scopes.length > 0 || !item.auth)) {
    await test.step(route.pattern, async () => {
      await page.goto(addressOf(route.pattern, own));
      const hidden = adminOnly.includes(route) || route.pattern === '/*';
      await expect(page.getByTestId('not-found')).toHaveCount(hidden ? 1 : 0);
      await loaded(page);
      if (!hidden) report.set(`viewer ${route.pattern}`, await axeFindings(page));
    });
  }
  const failing = [...report].filter(
    ([name, findings]) => name.startsWith('viewer') && findings.length > 0,
  );
  expect(failing.map(([name, findings]) => [name, findings.map((item) => item.rule)])).toEqual([]);
  await page.context().close();
});
