import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { adminSession } from './fixtures/api-setup.js';
import { axeFindings } from './fixtures/axe.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';
import { reviewShot } from './fixtures/review-shot.js';

/*
 * The main UI by keyboard (go-to sequences, search, the shortcuts sheet, arrows between cards,
 * Escape), and the installable app (manifest, Chromium's installability check). Own server (own
 * port, own data folder) with a small library of its own.
 */
const port = Number(process.env.E2E_SHORTCUTS_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 53);
const baseURL = ownServerUrl(port);
const GAMES = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel'];

let server: OwnServer | undefined;

test.use({ baseURL });

test.beforeAll(async () => {
  server = await startOwnServer('shortcuts', port);
  const folder = path.join(server.dataDir, 'library', 'roms', 'gba');
  fs.mkdirSync(folder, { recursive: true });
  for (const name of GAMES) fs.writeFileSync(path.join(folder, `${name} (USA).gba`), name);
});

test.afterAll(() => {
  server?.stop();
});

/** The focused element's test id, and its game id for a card. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return `${active?.dataset.testid ?? ''}${active?.dataset.romId ? `:${active.dataset.romId}` : ''}`;
  });
}

interface ScriptedPad {
  presses: number[];
  reads: number;
}

/** Reads the stand-in's state in the page (evaluated there, so self-contained). */
function padState(page: Page): Promise<ScriptedPad> {
  return page.evaluate(() => ({
    ...(window as unknown as { scriptedPad: ScriptedPad }).scriptedPad,
  }));
}

/** Standard-mapping button indexes. */
const PAD = { a: 0, b: 1, down: 13, left: 14, right: 15 } as const;

/**
 * Headless Chromium has no gamepad: a scripted one stands in for `navigator.getGamepads()`.
 * A pressed button shows in exactly one read of the pads, so a press never repeats.
 */
async function connectScriptedPad(page: Page): Promise<void> {
  await page.evaluate(() => {
    const presses: number[] = [];
    const pad = (pressed: number | undefined) => ({
      id: 'Scripted pad (STANDARD GAMEPAD)',
      index: 0,
      connected: true,
      mapping: 'standard',
      timestamp: performance.now(),
      axes: [0, 0, 0, 0],
      buttons: Array.from({ length: 17 }, (_, button) => ({
        pressed: button === pressed,
        touched: button === pressed,
        value: button === pressed ? 1 : 0,
      })),
    });
    const state = { presses, reads: 0 };
    Object.assign(window, { scriptedPad: state });
    navigator.getGamepads = () => {
      state.reads += 1;
      return [pad(presses.shift())] as unknown as Gamepad[];
    };
    window.dispatchEvent(new Event('gamepadconnected'));
  });
  // The first read is the pad's resting state; presses count from the next.
  await expect.poll(async () => (await padState(page)).reads).toBeGreaterThan(1);
}

/** Presses a button and waits until the page has read it. */
async function pressPadButton(page: Page, button: number): Promise<void> {
  await page.evaluate((pressed) => {
    (window as unknown as { scriptedPad: ScriptedPad }).scriptedPad.presses.push(pressed);
  }, button);
  await expect.poll(async () => (await padState(page)).presses.length).toBe(0);
}

async function cardIds(page: Page): Promise<string[]> {
  return page
    .getByTestId('rom-card')
    .evaluateAll((cards) =>
      cards.map((card) => `rom-card:${(card as HTMLElement).dataset.romId ?? ''}`),
    );
}

test('the main UI by keyboard and gamepad: go-to keys, search, the shortcuts sheet, moving between cards', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.context().addCookies(await adminSession(baseURL));
  await page.goto('/');
  let cards: string[] = [];
  let perRow = 0;

  await test.step('g s opens the scan page for an administrator, and a scan adds the games', async () => {
    // The go-to keys follow the signed-in user's rights, known once the menu shows Scan.
    await expect(page.getByTestId('nav-scan')).toBeVisible();
    await page.keyboard.press('g');
    await page.keyboard.press('s');
    await expect(page).toHaveURL(/\/scan$/);
    await page.getByTestId('scan-type-quick').click();
    await page.getByTestId('scan-start').click();
    await expect(page.getByTestId('scan-done')).toBeVisible({ timeout: 60_000 });
  });

  await test.step('g p and g c open their drawers, Escape closes them', async () => {
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('g');
    await page.keyboard.press('c');
    await expect(page.getByTestId('drawer-collections')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('drawer-collections')).toBeHidden();
    await page.keyboard.press('g');
    await page.keyboard.press('p');
    await expect(page.getByTestId('drawer-platforms')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('drawer-platforms')).toBeHidden();
  });

  await test.step('arrows move between the gallery cards and Enter opens one', async () => {
    await page.keyboard.press('g');
    await page.keyboard.press('p');
    await page.getByTestId('drawer-platform-gba').click();
    await expect(page.getByTestId('rom-card')).toHaveCount(GAMES.length);
    cards = await cardIds(page);
    perRow = await page
      .getByTestId('rom-card')
      .evaluateAll(
        (all) =>
          all.filter(
            (card) => card.getBoundingClientRect().top === all[0]?.getBoundingClientRect().top,
          ).length,
      );
    expect(perRow).toBeGreaterThan(1);
    expect(perRow).toBeLessThan(GAMES.length);
    await page.getByTestId('rom-card').first().focus();
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toBe(cards[1]);
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe(cards[1 + perRow]);
    await page.keyboard.press('ArrowLeft');
    expect(await focused(page)).toBe(cards[perRow]);
    await page.keyboard.press('ArrowUp');
    expect(await focused(page)).toBe(cards[0]);
    await page.keyboard.press('ArrowLeft');
    expect(await focused(page)).toBe(cards[0]);
    await page.keyboard.press('ArrowRight');
    const romId = (cards[1] ?? '').split(':')[1] ?? '';
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/rom/${romId}$`));
  });

  await test.step('a gamepad moves the focus between the cards, A opens one, B goes back', async () => {
    await page.goBack();
    await expect(page.getByTestId('rom-card')).toHaveCount(GAMES.length);
    const gallery = page.url();
    await page.evaluate(() => document.querySelector<HTMLElement>(':focus')?.blur());
    await connectScriptedPad(page);
    const padTo = async (button: number, expected: string | undefined): Promise<void> => {
      await pressPadButton(page, button);
      await expect.poll(() => focused(page)).toBe(expected);
    };
    await padTo(PAD.right, cards[0]);
    await padTo(PAD.right, cards[1]);
    await padTo(PAD.down, cards[1 + perRow]);
    await padTo(PAD.left, cards[perRow]);
    await pressPadButton(page, PAD.a);
    const romId = (cards[perRow] ?? '').split(':')[1] ?? '';
    await expect(page).toHaveURL(new RegExp(`/rom/${romId}$`));
    await pressPadButton(page, PAD.b);
    await expect(page).toHaveURL(gallery);
  });

  await test.step('g h goes home; / focuses the search box, where keys are typed, not shortcuts', async () => {
    await page.keyboard.press('g');
    await page.keyboard.press('h');
    await expect(page).toHaveURL(/\/$/);
    await page.keyboard.press('/');
    await expect(page.getByTestId('app-search-input')).toBeFocused();
    await page.keyboard.type('g?c/');
    await expect(page.getByTestId('app-search-input')).toHaveValue('g?c/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('drawer-collections')).toHaveCount(0);
    await expect(page.getByTestId('shortcuts-sheet')).toHaveCount(0);
    await page.getByTestId('app-search-input').fill('');
  });

  await test.step('? shows the shortcuts sheet (desktop and phone), Escape closes it', async () => {
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('?');
    const sheet = page.getByTestId('shortcuts-sheet');
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId('shortcut-goScan')).toContainText('Go to scan');
    await expect(sheet.getByTestId('shortcut-focusSearch')).toContainText('/');
    await expect(sheet.getByTestId('shortcut-pad-select')).toContainText('A');
    expect(await axeFindings(page)).toEqual([]);
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
        .toBe(true);
      await reviewShot(page, { name: `shortcuts-sheet-${String(width)}.png` });
    }
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  });
});

test('the app is installable: its manifest, icons and Chromium’s check', async ({
  playwright,
  launchOptions,
  request,
}) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toBe('application/manifest+json');
  const body = (await manifest.json()) as Record<string, unknown>;
  expect(body).toMatchObject({
    name: 'RomShelf',
    short_name: 'RomShelf',
    display: 'standalone',
    start_url: '/',
    theme_color: '#0D1117',
    background_color: '#0D1117',
    shortcuts: [
      { name: 'Search', url: '/search' },
      { name: 'Continue playing', url: '/#continue-playing' },
    ],
  });
  const icons = await request.get('/icons/icon-maskable-512.png');
  expect(icons.headers()['content-type']).toBe('image/png');
  const german = await request.get('/manifests/de_DE.webmanifest');
  const { shortcuts } = (await german.json()) as { shortcuts: { name: string }[] };
  expect(shortcuts.map((shortcut) => shortcut.name)).toEqual(['Suche', 'Weiterspielen']);

  // Chromium never offers to install from an incognito profile, which Playwright's contexts are.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'romshelf-e2e-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    headless: true,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/icons/apple-touch-icon.png',
    );
    // The app links its UI language's manifest.
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifests/en_US.webmanifest',
    );
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => {
        const { url, errors } = (await cdp.send('Page.getAppManifest')) as {
          url: string;
          errors: unknown[];
        };
        return url.endsWith('/manifests/en_US.webmanifest') ? errors : ['not read yet'];
      })
      .toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
