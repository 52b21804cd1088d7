import fs from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';

import { readyAsAdmin } from './fixtures/api-setup.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';

/*
 * The main actions in view, whole names and mouse-scrolled rails, at desktop and phone size. That
 * no page is wider than the window is checked on every route by the a11y journeys, which load
 * each page at each size anyway. Own server (own port, own data folder): its games must not show
 * up in the journeys that expect the shared server's library to be empty until they scan.
 */
const port = Number(process.env.E2E_LAYOUT_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 11);
const baseURL = ownServerUrl(port);
let server: OwnServer | undefined;

test.use({ baseURL });

/** Enough games that the "Recently added" rail is wider than a desktop window. */
const NES_GAMES = [
  'Legend of Zelda, The (USA).nes',
  ...Array.from({ length: 13 }, (_, index) => `Layout Probe ${String(index + 1)} (USA).nes`),
];

test.beforeAll(async () => {
  server = await startOwnServer('layout', port);
  const nesDir = path.join(server.dataDir, 'library', 'roms', 'nes');
  fs.mkdirSync(nesDir, { recursive: true });
  NES_GAMES.forEach((name, index) =>
    fs.writeFileSync(path.join(nesDir, name), Buffer.alloc(4096 + index, index + 1)),
  );
});

test.afterAll(() => {
  server?.stop();
});

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

test('the main actions show without scrolling, names are whole, rails scroll with a mouse', async ({
  page,
}) => {
  await readyAsAdmin(baseURL, page.context());
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
