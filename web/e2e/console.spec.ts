import fs from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { adminSession, scanLibrary } from './fixtures/api-setup.js';
import { makeTestNes } from './fixtures/make-test-nes.mjs';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';
import { PAD, pressPad, useScriptedGamepad } from './fixtures/scripted-gamepad.js';

/*
 * A whole console-mode session, once by keyboard only and once by gamepad (a scripted
 * `navigator.getGamepads()`): open the platform, jump to a letter, open a game, start it, leave
 * it, and be back on the same card. Own server, with a platform of a few screens of games.
 */
const port = Number(process.env.E2E_CONSOLE_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 47);
const GAME = 'Shelf Test Pattern (World)';
const WORDS =
  'Amber Bramble Cobalt Dusk Ember Fennel Garnet Harbor Indigo Jasper Kestrel Lumen Mosaic Nova Onyx Pulse Quartz Raven Tundra Umbra Vortex Willow'.split(
    ' ',
  );

let server: OwnServer | undefined;
let session: Awaited<ReturnType<typeof adminSession>> = [];

test.use({ baseURL: ownServerUrl(port), viewport: { width: 1920, height: 1080 } });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // The scan below, on a shared machine.
  test.setTimeout(120_000);
  server = await startOwnServer('console', port);
  const nes = path.join(server.dataDir, 'library', 'roms', 'nes');
  fs.mkdirSync(nes, { recursive: true });
  fs.writeFileSync(path.join(nes, `${GAME}.nes`), makeTestNes());
  WORDS.forEach((word, index) => {
    for (const number of [1, 2, 3]) {
      fs.writeFileSync(
        path.join(nes, `${word} Quest ${String(number)} (USA).nes`),
        Buffer.alloc(2048, index),
      );
    }
  });
  session = await adminSession(ownServerUrl(port));
  await scanLibrary(ownServerUrl(port), session);
});

test.afterAll(() => {
  server?.stop();
});

const focusedCard = (page: Page) =>
  page.locator('[data-testid^="console-game-"][data-focused="true"]');

async function gameId(page: Page): Promise<string> {
  const response = await page.request.get('/api/roms', { params: { search_term: 'Shelf Test' } });
  const body = (await response.json()) as { items: { id: number }[] };
  return String(body.items[0]?.id);
}

test('a console session by keyboard: platform, letter, game, play, leave, same card', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.context().addCookies(session);
  const id = await gameId(page);
  await page.goto('/');

  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('user-menu-console').click();
  await expect(page).toHaveURL(/\/console$/);
  await expect(page.getByTestId('console-platform-nes')).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/console\/platform\/\d+$/);
  await expect(focusedCard(page)).toContainText('Amber Quest 1');
  await expect(page.getByTestId('console-count')).toHaveText(
    `1 of ${String(WORDS.length * 3 + 1)}`,
  );
  // Windowed: a few rows of cards, not the whole platform.
  expect(await page.locator('[data-testid^="console-game-"]').count()).toBeLessThan(
    WORDS.length * 3,
  );
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  // Eight covers to a row at 1080p, two rows to a screen.
  await expect(focusedCard(page)).toContainText('Dusk Quest 1');
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('console-count')).toHaveText(
    `26 of ${String(WORDS.length * 3 + 1)}`,
  );

  await page.keyboard.press('s');
  await expect(focusedCard(page)).toHaveAttribute('data-testid', `console-game-${id}`);
  await expect(page.getByTestId('console-letter-S')).toHaveAttribute('aria-current', 'true');
  await expect(focusedCard(page)).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/console/rom/${id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shelf Test Pattern');
  await expect(page.getByTestId('console-play')).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/rom/${id}/ejs\\?console=1$`));
  await expect(page.getByTestId('player-console-stage')).toBeVisible();
  await expect(page.getByTestId('player-game')).toHaveAttribute('data-started', 'true', {
    timeout: 60_000,
  });

  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/console/rom/${id}$`), { timeout: 30_000 });
  await expect(page.getByTestId('console-play')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/console\/platform\/\d+$/);
  await expect(focusedCard(page)).toHaveAttribute('data-testid', `console-game-${id}`);
  await expect(focusedCard(page)).toBeFocused();
});

test('the same session with a gamepad', async ({ page }) => {
  test.setTimeout(120_000);
  await useScriptedGamepad(page);
  await page.context().addCookies(session);
  const id = await gameId(page);
  await page.goto('/console');
  await expect(page.getByTestId('console-platform-nes')).toBeFocused();

  await pressPad(page, PAD.a);
  await expect(page).toHaveURL(/\/console\/platform\/\d+$/);
  await expect(focusedCard(page)).toContainText('Amber Quest 1');
  await pressPad(page, PAD.r1);
  await expect(page.getByTestId('console-count')).not.toHaveText(/^1 of/);

  // To the letters at the end of the row, down to S, and jump.
  const letter = page.locator('[data-testid^="console-letter-"][data-focused="true"]');
  while ((await letter.count()) === 0) await pressPad(page, PAD.right);
  while ((await letter.textContent()) !== 'S') await pressPad(page, PAD.down);
  await pressPad(page, PAD.a);
  await expect(focusedCard(page)).toHaveAttribute('data-testid', `console-game-${id}`);

  await pressPad(page, PAD.a);
  await expect(page).toHaveURL(new RegExp(`/console/rom/${id}$`));
  await expect(page.getByTestId('console-play')).toBeFocused();
  await pressPad(page, PAD.a);
  await expect(page).toHaveURL(new RegExp(`/rom/${id}/ejs\\?console=1$`));
  await expect(page.getByTestId('player-game')).toHaveAttribute('data-started', 'true', {
    timeout: 60_000,
  });

  await pressPad(page, PAD.select, PAD.start);
  await expect(page).toHaveURL(new RegExp(`/console/rom/${id}$`), { timeout: 30_000 });
  await expect(page.getByTestId('console-play')).toBeFocused();
  await pressPad(page, PAD.b);
  await expect(page).toHaveURL(/\/console\/platform\/\d+$/);
  await expect(focusedCard(page)).toHaveAttribute('data-testid', `console-game-${id}`);
});
