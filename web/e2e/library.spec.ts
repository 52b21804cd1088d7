import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './fixtures/admin.js';
import { readZip } from './fixtures/zip.js';
import { reviewShot } from './fixtures/review-shot.js';

const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('E2E_DATA_DIR is set by web/playwright.config.ts');
const romsDir = path.join(dataDir, 'library', 'roms');

/** 24 first words, A to X, so the first page (72) ends before the last letters. */
const WORDS = [
  'Alpha',
  'Blaze',
  'Cobalt',
  'Drift',
  'Ember',
  'Falcon',
  'Granite',
  'Harbor',
  'Ion',
  'Jade',
  'Kestrel',
  'Lumen',
  'Mosaic',
  'Nova',
  'Onyx',
  'Pulse',
  'Quartz',
  'Raven',
  'Sable',
  'Talon',
  'Umbra',
  'Vortex',
  'Willow',
  'Xenon',
];
const FILLERS = Array.from(
  { length: 78 },
  (_, index) =>
    `${WORDS[index % WORDS.length] ?? 'Alpha'} Quest ${String(Math.floor(index / WORDS.length) + 1)} (USA).sfc`,
);
const LAST_GAME = 'Zeta Force (Japan).sfc';
const SNES_COUNT = FILLERS.length + 1;
const MULTI_DIR = 'Crystal Saga (USA)';
const MULTI_FILES = [
  'Crystal Saga (USA) (Disc 1).bin',
  'Crystal Saga (USA) (Disc 2).bin',
  'Crystal Saga (USA).cue',
];

/** Deterministic, distinct bytes per file. */
function content(name: string, size: number): Buffer {
  const bytes = Buffer.alloc(size);
  const seed = createHash('sha1').update(name).digest();
  for (let index = 0; index < size; index++) {
    bytes[index] = (seed[index % seed.length] ?? 0) ^ (index & 0xff);
  }
  return bytes;
}

function writeFixtures(): void {
  const snes = path.join(romsDir, 'snes');
  fs.mkdirSync(snes, { recursive: true });
  for (const name of FILLERS) fs.writeFileSync(path.join(snes, name), content(name, 2048));
  fs.writeFileSync(path.join(snes, LAST_GAME), content(LAST_GAME, 3 * 1024 + 512));
  const psx = path.join(romsDir, 'psx', MULTI_DIR);
  fs.mkdirSync(psx, { recursive: true });
  for (const name of MULTI_FILES) {
    fs.writeFileSync(
      path.join(psx, name),
      name.endsWith('.cue')
        ? `FILE "${name.replace('.cue', ' (Disc 1).bin')}" BINARY\n`
        : content(name, 40_000),
    );
  }
}

test('an admin scans a library, browses it and downloads games', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  writeFixtures();
  await signInAsAdmin(page);

  await test.step('before any scan, home says where the library is', async () => {
    await expect(page.getByTestId('home-empty')).toBeVisible();
    await expect(page.getByTestId('library-path')).toHaveText(path.join(dataDir, 'library'));
    await expect(page.getByTestId('library-example')).toHaveText(
      `${path.join(dataDir, 'library', 'roms', 'snes')}/`,
    );
  });

  await test.step('the scan page scans the library and shows live progress', async () => {
    await page.getByTestId('nav-scan').click();
    await expect(page).toHaveURL(/\/scan$/);
    await expect(page.getByTestId('scan-idle')).toBeVisible();
    await page.getByTestId('scan-type-quick').click();
    // Every enabled metadata source is on by default; this library has nothing to look up.
    const igdb = page.getByTestId('scan-source-igdb');
    await expect(igdb).toHaveAttribute('aria-checked', 'true');
    await igdb.click();
    await expect(igdb).toHaveAttribute('aria-checked', 'false');
    await page.getByTestId('scan-start').click();
    await expect(page.getByTestId('scan-progress')).toBeVisible();
    await expect(page.getByTestId('scan-done')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('scan-progress')).toHaveAttribute('data-status', 'done');
    const snesLog = page.getByTestId('scan-log-snes');
    await expect(snesLog.getByTestId('scan-log-count')).toHaveText(`${String(SNES_COUNT)} games`);
    await expect(page.getByTestId('scan-log-psx').getByTestId('scan-log-count')).toHaveText(
      '1 game',
    );
    await expect(page.getByTestId('scan-stat-new-roms')).toContainText(String(SNES_COUNT + 1));
    await expect(page.getByTestId('scan-progress-count')).toHaveText(
      `${String(SNES_COUNT + 1)} / ${String(SNES_COUNT + 1)} games`,
    );
  });

  await test.step('the platforms drawer lists the platforms with their counts', async () => {
    await page.getByTestId('nav-platforms').click();
    const snes = page.getByTestId('drawer-platform-snes');
    await expect(snes).toContainText(String(SNES_COUNT));
    await expect(snes.getByTestId('platform-icon')).toBeVisible();
    await snes.click();
    await expect(page).toHaveURL(/\/platform\/\d+$/);
    await expect(page.getByTestId('gallery-count')).toHaveText(`${String(SNES_COUNT)} games`);
  });

  await test.step('the gallery draws the cards near the viewport, the rest on scrolling', async () => {
    await page.getByTestId('view-big').click();
    await expect(page.getByTestId('rom-card').first()).toContainText('Alpha Quest 1');
    expect(await page.getByTestId('rom-card').count()).toBeLessThan(SNES_COUNT);
    await page.getByTestId('gallery-end').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('rom-card').last()).toContainText('Zeta Force');
    await expect(page.getByTestId('gallery-end')).toBeVisible();
    expect(await page.getByTestId('rom-card').count()).toBeLessThan(SNES_COUNT);
  });

  await test.step('the grid sorts from its toolbar, the sort kept in the URL', async () => {
    await page.getByTestId('sort-menu').click();
    await page.getByTestId('sort-dir-desc').click();
    await expect(page).toHaveURL(/[?&]sort=name&order=desc$/);
    await expect(page.getByTestId('rom-card').first()).toContainText('Zeta Force');
    await page.reload();
    await expect(page.getByTestId('rom-card').first()).toContainText('Zeta Force');
    const viewport = page.viewportSize();
    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.getByTestId('sort-menu').click();
      await reviewShot(page, { name: `gallery-sort-${String(width)}.png` });
      await page.keyboard.press('Escape');
    }
    if (viewport) await page.setViewportSize(viewport);
    await page.getByTestId('sort-menu').click();
    await page.getByTestId('sort-by-name').click();
    await page.getByTestId('sort-menu').click();
    await page.getByTestId('sort-dir-asc').click();
    await expect(page).toHaveURL(/[?&]sort=name&order=asc$/);
    await expect(page.getByTestId('rom-card').first()).toContainText('Alpha Quest 1');
  });

  await test.step('the view modes switch and persist', async () => {
    await page.getByTestId('view-small').click();
    await expect(page.getByTestId('gallery-grid')).toHaveAttribute('data-view', 'small');
    await page.getByTestId('view-list').click();
    await expect(page.getByTestId('gallery-table')).toBeVisible();
    await expect(page.getByTestId('rom-row').first()).toContainText('Alpha Quest 1');
    await page.getByTestId('sort-name').click();
    await expect(page.getByTestId('rom-row').first()).toContainText('Zeta Force');
    await page.getByTestId('sort-name').click();
    await expect(page.getByTestId('rom-row').first()).toContainText('Alpha Quest 1');
    // The view is the user's interface setting, kept on the server.
    await expect
      .poll(async () => {
        const me = (await (await page.request.get('/api/users/me')).json()) as {
          ui_settings: { galleryView?: string } | null;
        };
        return me.ui_settings?.galleryView;
      })
      .toBe('list');
    await page.reload();
    await expect(page.getByTestId('gallery-table')).toBeVisible();
    await page.getByTestId('view-big').click();
    await expect(page.getByTestId('gallery-grid')).toHaveAttribute('data-view', 'big');
  });

  await test.step('the jump bar scrolls the list to a letter', async () => {
    const titled = (title: string) =>
      page
        .getByTestId('rom-card')
        .filter({ has: page.getByTestId('rom-card-title').getByText(title, { exact: true }) });
    await expect(page.getByTestId('jump-Y')).toBeDisabled();
    await page.getByTestId('jump-M').click();
    await expect(titled('Mosaic Quest 1')).toBeInViewport();
    await expect(page.getByTestId('jump-reset')).toContainText('M');
    await page.getByTestId('jump-reset').click();
    await expect(titled('Alpha Quest 1')).toBeInViewport();
    await page.getByTestId('jump-Z').click();
    await expect(titled('Zeta Force')).toBeInViewport();
  });

  await test.step('the search box finds games by name across platforms', async () => {
    await page.getByTestId('app-search-input').fill('saga');
    await page.getByTestId('app-search-input').press('Enter');
    await expect(page).toHaveURL(/\/search\?search_term=saga$/);
    await expect(page.getByTestId('gallery-count')).toHaveText('1 game');
    await expect(page.getByTestId('rom-card-title')).toHaveText('Crystal Saga');
    // Results follow the box as you type; the typed search replaces the history entry.
    await page.getByTestId('app-search-input').fill('quest 3');
    const third = FILLERS.filter((name) => name.includes('Quest 3')).length;
    await expect(page.getByTestId('gallery-count')).toHaveText(`${String(third)} games`);
    await expect(page).toHaveURL(/\/search\?search_term=quest\+3$/);
    await page.goBack();
  });

  await test.step('a game opens with its files, hashes and dates', async () => {
    await page.getByTestId('jump-Z').click();
    await page.getByTestId('rom-card').filter({ hasText: 'Zeta Force' }).click();
    await expect(page).toHaveURL(/\/rom\/\d+$/);
    await expect(page.getByTestId('page-heading')).toHaveText('Zeta Force');
    await expect(page.getByTestId('rom-platform-link')).toBeVisible();
    await expect(page.getByTestId('rom-size')).toHaveText('3.50 KB');
    await expect(page.getByTestId('rom-added')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
    await expect(page.getByTestId('rom-region')).toHaveText('🇯🇵 Japan');
    const sha1 = createHash('sha1')
      .update(content(LAST_GAME, 3 * 1024 + 512))
      .digest('hex');
    await expect(page.getByTestId('hash-list').first().getByTestId('hash-sha-1')).toHaveText(sha1);
  });

  await test.step('a single-file game downloads byte for byte', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByTestId('download-rom').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(LAST_GAME);
    const saved = testInfo.outputPath('single.sfc');
    await download.saveAs(saved);
    expect(fs.readFileSync(saved).equals(content(LAST_GAME, 3 * 1024 + 512))).toBe(true);
  });

  await test.step('a multi-file game downloads as a zip, whole or chosen files', async () => {
    await page.getByTestId('rom-platform-link').click();
    await page.getByTestId('nav-platforms').click();
    await page.getByTestId('drawer-platform-psx').click();
    await expect(page.getByTestId('gallery-count')).toHaveText('1 game');
    await page.getByTestId('rom-card').first().click();
    await expect(page.getByTestId('page-heading')).toHaveText('Crystal Saga');
    await expect(page.getByTestId('rom-file')).toHaveCount(3);

    const whole = page.waitForEvent('download');
    await page.getByTestId('download-rom').click();
    const zipFile = testInfo.outputPath('whole.zip');
    await (await whole).saveAs(zipFile);
    const entries = await readZip(zipFile);
    for (const name of MULTI_FILES) expect([...entries.keys()]).toContain(name);
    const disc1 = MULTI_FILES[0] ?? '';
    expect(entries.get(disc1)?.equals(content(disc1, 40_000))).toBe(true);

    await page.getByTestId(`file-select-${MULTI_FILES[1] ?? ''}`).check();
    await page.getByTestId(`file-select-${MULTI_FILES[2] ?? ''}`).check();
    const chosen = page.waitForEvent('download');
    await page.getByTestId('download-selected').click();
    const chosenFile = testInfo.outputPath('chosen.zip');
    await (await chosen).saveAs(chosenFile);
    const chosenEntries = [...(await readZip(chosenFile)).keys()];
    expect(chosenEntries).toContain(MULTI_FILES[1]);
    expect(chosenEntries).toContain(MULTI_FILES[2]);
    expect(chosenEntries).not.toContain(disc1);
  });
});
