import fs from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { signInAsAdmin } from './fixtures/admin.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';

/*
 * Runs its own server (own port, own data folder): its games must not show up in the journeys
 * that expect the shared server's library to be empty until they scan.
 */
const port = Number(process.env.E2E_LAYOUT_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 11);
let server: OwnServer | undefined;
let nesDir = '';

test.use({ baseURL: ownServerUrl(port) });

test.beforeAll(async () => {
  server = await startOwnServer('layout', port);
  nesDir = path.join(server.dataDir, 'library', 'roms', 'nes');
});

test.afterAll(() => {
  server?.stop();
});

/** Enough games that the "Recently added" rail is wider than a desktop window. */
const NES_GAMES = [
  'Legend of Zelda, The (USA).nes',
  ...Array.from({ length: 13 }, (_, index) => `Layout Probe ${String(index + 1)} (USA).nes`),
];

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** How far the page is wider than the window, in CSS pixels (0 when it fits). */
async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return Math.max(0, root.scrollWidth - window.innerWidth);
  });
}

async function idOf(page: Page, url: string, pick: (items: unknown) => number): Promise<number> {
  const response = await page.request.get(url);
  expect(response.ok()).toBe(true);
  return pick(await response.json());
}

test.describe.configure({ mode: 'serial' });

test('no page is wider than the window on a desktop or a phone', async ({
  page,
  browser,
}, testInfo) => {
  // About forty page loads; a shared CI machine can take several seconds for each.
  test.setTimeout(480_000);
  fs.mkdirSync(nesDir, { recursive: true });
  NES_GAMES.forEach((name, index) =>
    fs.writeFileSync(path.join(nesDir, name), Buffer.alloc(4096 + index, index + 1)),
  );
  await signInAsAdmin(page);
  await page.goto('/scan');
  await page.getByTestId('scan-type-quick').click();
  await page.getByTestId('scan-start').click();
  await expect(page.getByTestId('scan-done')).toBeVisible({ timeout: 60_000 });
  await test.step('the scan log fits a phone (long platform names are cut)', async () => {
    await expect(page.getByTestId('scan-log-nes')).toContainText('Nintendo Entertainment System');
    await page.setViewportSize(SIZES[1]);
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    await page.setViewportSize(SIZES[0]);
  });

  const platformId = await idOf(page, '/api/platforms', (items) => {
    const nes = (items as { id: number; fs_slug: string }[]).find((item) => item.fs_slug === 'nes');
    if (!nes) throw new Error('nes was not scanned');
    return nes.id;
  });
  const romId = await idOf(page, `/api/roms?platform_id=${String(platformId)}&limit=1`, (page) => {
    const first = (page as { items: { id: number }[] }).items[0];
    if (!first) throw new Error('no NES game');
    return first.id;
  });
  const userId = await idOf(page, '/api/users/me', (me) => (me as { id: number }).id);

  const signedIn = [
    '/',
    '/search',
    '/search?search_term=probe',
    `/platform/${String(platformId)}`,
    '/collection/1',
    '/collection/virtual/recent',
    '/collection/smart/1',
    `/rom/${String(romId)}`,
    `/rom/${String(romId)}/ejs`,
    `/rom/${String(romId)}/ruffle`,
    '/scan',
    `/user/${String(userId)}`,
    '/user-interface',
    '/library-management',
    '/administration',
    '/server-stats',
    '/no-such-page',
  ];
  const signedOut = ['/login', '/register?token=unknown', '/reset-password?token=unknown'];
  const visitor = await browser.newPage({ baseURL: ownServerUrl(port) });

  // Each page loads once and is then checked at both sizes (a resize re-renders it).
  for (const [viewer, routes] of [
    [page, signedIn],
    [visitor, signedOut],
  ] as const) {
    for (const route of routes) {
      await test.step(route, async () => {
        await viewer.setViewportSize(SIZES[0]);
        await viewer.goto(route);
        for (const size of SIZES) {
          await viewer.setViewportSize({ width: size.width, height: size.height });
          await expect(viewer.locator('h1').first()).toBeVisible();
          // Loaded: no skeleton or spinner left.
          await expect(viewer.locator('.MuiSkeleton-root, .MuiCircularProgress-root')).toHaveCount(
            0,
          );
          const slug = route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
          await viewer.screenshot({ path: testInfo.outputPath(`${size.name}-${slug}.png`) });
          expect(await horizontalOverflow(viewer), `${route} at ${size.name} overflows`).toBe(0);
        }
      });
    }
  }
  await visitor.close();
});

test('the main actions show without scrolling, names are whole, rails scroll with a mouse', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const platforms = (await (await page.request.get('/api/platforms')).json()) as {
    id: number;
    fs_slug: string;
  }[];
  const nes = platforms.find((item) => item.fs_slug === 'nes');
  if (!nes) throw new Error('nes was not scanned');

  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await test.step(`scan: Start scan is in view at ${String(size.width)}px`, async () => {
      await page.goto('/scan');
      await expect(page.getByTestId('scan-start')).toBeInViewport();
    });
    await test.step(`platform header at ${String(size.width)}px`, async () => {
      await page.goto(`/platform/${String(nes.id)}`);
      const heading = page.getByTestId('page-heading');
      await expect(heading).toHaveText('Nintendo Entertainment System');
      // Not cut: the heading shows all of its text.
      expect(
        await heading.evaluate((element) => element.scrollHeight <= element.clientHeight),
      ).toBe(true);
      await expect(page.getByTestId('platform-upload-button')).toHaveText('Upload games');
      await expect(page.getByTestId('platform-info-button')).toHaveText('Details');
      if (size.name === 'phone') {
        const title = await heading.boundingBox();
        const actions = await page.getByTestId('platform-info-button').boundingBox();
        expect(actions && title && actions.y >= title.y + title.height).toBe(true);
      }
    });
  }

  await test.step('home: cards carry one title; the recent rail scrolls by its arrows', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const rail = page.getByTestId('home-recent');
    await expect(rail.getByTestId('rom-card').first()).toBeVisible();
    await expect(rail.getByTestId('cover-title')).toHaveCount(0);
    await expect(page.getByTestId('home-recent-back')).toHaveCount(0);
    await page.getByTestId('home-recent-forward').click();
    await expect.poll(() => rail.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await expect(page.getByTestId('home-recent-back')).toBeVisible();
    const platformName = page.getByTestId('home-platform').filter({ hasText: 'Nintendo' });
    const name = platformName.locator('p').first();
    expect(await name.evaluate((element) => element.scrollHeight <= element.clientHeight)).toBe(
      true,
    );
  });
});
