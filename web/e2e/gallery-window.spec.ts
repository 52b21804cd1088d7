import fs from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { adminSession, scanLibrary } from './fixtures/api-setup.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';

/*
 * The windowed gallery on a library of many pages: only the cards near the viewport are in the
 * page, the A–Z bar jumps to a letter without loading what lies before it, a game opened and
 * left finds the gallery where it was, and select all takes the whole result. Own server (own
 * port, own data folder), as the bulk journey.
 */
const port = Number(process.env.E2E_WINDOW_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 13);
const baseURL = ownServerUrl(port);

const WORDS =
  'Amber Bramble Cobalt Dusk Ember Fennel Garnet Harbor Indigo Jasper Kestrel Lumen Mosaic Nova Onyx Pulse Quartz Raven Sable Talon Umbra Vortex Willow Xenon Yonder Zephyr'.split(
    ' ',
  );
const PER_WORD = 12;
const TOTAL = WORDS.length * PER_WORD;
/** Games before the first "S" game, in name order (the numbers sort as numbers). */
const BEFORE_S = WORDS.indexOf('Sable') * PER_WORD;

let server: OwnServer | undefined;

test.use({ baseURL });

test.beforeAll(async () => {
  server = await startOwnServer('gallery-window', port);
  const folder = path.join(server.dataDir, 'library', 'roms', 'gba');
  fs.mkdirSync(folder, { recursive: true });
  for (const word of WORDS) {
    for (let number = 1; number <= PER_WORD; number++) {
      fs.writeFileSync(path.join(folder, `${word} Quest ${String(number)} (USA).gba`), word);
    }
  }
});

test.afterAll(() => {
  server?.stop();
});

/** Cards whose box is (at least partly) inside the viewport. */
async function titlesOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[data-testid="rom-card"]'))
      .filter((card) => {
        const box = card.getBoundingClientRect();
        return box.bottom > 64 && box.top < window.innerHeight;
      })
      .map((card) => card.querySelector('[data-testid="rom-card-title"]')?.textContent ?? ''),
  );
}

/** The scroll position once it stays the same across two animation frames. */
function restingScrollY(): Promise<number> {
  return new Promise((resolve) => {
    let last = Number.NaN;
    const check = (): void => {
      if (window.scrollY === last) resolve(last);
      else {
        last = window.scrollY;
        requestAnimationFrame(() => requestAnimationFrame(check));
      }
    };
    check();
  });
}

const card = (page: Page, title: string): Locator =>
  page
    .getByTestId('rom-card')
    .filter({ has: page.getByTestId('rom-card-title').getByText(title, { exact: true }) });

test('a gallery of many pages stays windowed, jumps by letter and is found again as it was left', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const session = await adminSession(baseURL);
  await page.context().addCookies(session);
  const offsets: number[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/roms' && url.searchParams.get('platform_id') !== null) {
      offsets.push(Number(url.searchParams.get('offset')));
    }
  });

  await test.step(`a quick scan adds the ${String(TOTAL)} games`, async () => {
    expect((await scanLibrary(baseURL, session)).new_roms).toBe(TOTAL);
    const platforms = await page.request.get('/api/platforms');
    const gba = ((await platforms.json()) as { id: number; fs_slug: string }[]).find(
      (platform) => platform.fs_slug === 'gba',
    );
    await page.goto(`/platform/${String(gba?.id)}`);
    await expect(page.getByTestId('gallery-count')).toHaveText(`${String(TOTAL)} games`);
    await page.getByTestId('view-big').click();
  });

  await test.step('only the cards near the viewport are in the page', async () => {
    await expect(card(page, 'Amber Quest 1')).toBeVisible();
    const cards = await page.getByTestId('rom-card').count();
    expect(cards).toBeGreaterThan(0);
    expect(cards).toBeLessThan(60);
    expect(await page.getByTestId('rom-card-skeleton').count()).toBe(0);
    expect(offsets).toEqual([0]);
  });

  await test.step('the A–Z bar jumps to S without loading the pages before it', async () => {
    await page.getByTestId('jump-S').click();
    await expect(card(page, 'Sable Quest 1')).toBeInViewport();
    expect(await page.getByTestId('rom-card').count()).toBeLessThan(60);
    await expect(page.getByTestId('jump-reset')).toContainText('S');
    // Only the first page and those around "S": none of the 10 pages between them.
    const sPage = Math.floor(BEFORE_S / 72) * 72;
    expect(offsets.filter((offset) => offset > 0 && offset < sPage - 72)).toEqual([]);
    expect(offsets).toContain(sPage);
  });

  let scrollY = 0;
  let onScreen: string[] = [];
  await test.step('a game opened and left finds the gallery where it was', async () => {
    const beforeWheel = await page.evaluate(() => window.scrollY);
    await page.mouse.wheel(0, 1200);
    // The wheel scrolls after the call returns (smoothly, over several frames): read where the
    // page came to rest, not where it was when the wheel was sent.
    await expect.poll(() => page.evaluate(restingScrollY)).toBeGreaterThan(beforeWheel);
    await expect(page.getByTestId('rom-card-skeleton')).toHaveCount(0);
    scrollY = await page.evaluate(restingScrollY);
    onScreen = await titlesOnScreen(page);
    const title = onScreen[2] ?? '';
    await card(page, title).click();
    await expect(page).toHaveURL(/\/rom\/\d+$/);
    await expect(page.getByTestId('page-heading')).toHaveText(title);
    await page.goBack();
    await expect(page).toHaveURL(/\/platform\/\d+$/);
    await expect(card(page, title)).toBeInViewport();
    // Within a fifth of a row (a big card row is about 460 px here) of where it was left.
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollY)).toBeLessThan(92);
    expect(await titlesOnScreen(page)).toContain(title);
  });

  await test.step('a selection survives a game opened on the way and the way back', async () => {
    // The select-mode button sits above the list, so clicking it scrolls up to it; go back down.
    await page.getByTestId('select-mode').click();
    await page.evaluate((top) => window.scrollTo({ top }), scrollY);
    await expect(page.getByTestId('rom-card-skeleton')).toHaveCount(0);
    await card(page, onScreen[2] ?? '').click();
    await card(page, onScreen[3] ?? '').click();
    await expect(page.getByTestId('bulk-count')).toHaveText('Selected: 2');
    const leftAt = await page.evaluate(() => window.scrollY);
    await page.getByTestId('nav-home').click();
    await page.getByTestId('home-recent').getByTestId('rom-card').first().click();
    await expect(page).toHaveURL(/\/rom\/\d+$/);
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/platform\/\d+$/);
    await expect(page.getByTestId('bulk-count')).toHaveText('Selected: 2');
    await expect(card(page, onScreen[2] ?? '')).toHaveAttribute('data-selected', 'true');
    await expect(card(page, onScreen[3] ?? '')).toBeInViewport();
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - leftAt)).toBeLessThan(92);
  });

  await test.step('select all counts the whole result, not the cards in the page', async () => {
    const all = page.getByTestId('bulk-select-all');
    await expect(all).toHaveText(`Select all (${String(TOTAL)})`);
    await all.click();
    await expect(page.getByTestId('bulk-count')).toHaveText(`Selected: ${String(TOTAL)}`);
    expect(await page.getByTestId('rom-card').count()).toBeLessThan(60);
    // The end of the list is reached by scrolling, the DOM staying bounded.
    await page.getByTestId('gallery-end').scrollIntoViewIfNeeded();
    await expect(card(page, `Zephyr Quest ${String(PER_WORD)}`)).toBeVisible();
    await expect(card(page, `Zephyr Quest ${String(PER_WORD)}`)).toHaveAttribute(
      'data-selected',
      'true',
    );
    expect(await page.getByTestId('rom-card').count()).toBeLessThan(60);
  });
});
