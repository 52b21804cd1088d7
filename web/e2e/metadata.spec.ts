import fs from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import type { Locator } from '@playwright/test';

import { FAKE_RA_GAME } from './fixtures/fake-providers.mjs';
import { signInAsAdmin } from './fixtures/admin.js';

const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('E2E_DATA_DIR is set by web/playwright.config.ts');
const n64Dir = path.join(dataDir, 'library', 'roms', 'n64');
const gbDir = path.join(dataDir, 'library', 'roms', 'gb');

/**
 * Two games the fake IGDB (web/e2e/fixtures/fake-providers.mjs) knows by name, with a sequel as
 * a decoy, and one it cannot find, matched by hand to a game whose namesake on the SNES must not
 * be offered.
 */
const FOUND = ['Lunar Lancer (USA).z64', 'Tidal Sprint 64 (Europe).z64'];
const UNKNOWN = 'Xylo Prototype (World).z64';
/** Its file name once renamed to the title it is matched with. */
const RENAMED = 'Star Courier (World).z64';

/** A card's cover image, loaded from the server's own copy of the artwork. */
async function expectStoredCover(card: Locator): Promise<void> {
  const image = card.locator('img').first();
  await expect(image).toHaveAttribute('src', /\/assets\/romm\/resources\/.+\.webp/);
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
}

test('metadata: a scan matches covers, a game is matched by hand, then unmatched; RetroAchievements', async ({
  page,
}) => {
  test.setTimeout(120_000);
  fs.mkdirSync(n64Dir, { recursive: true });
  for (const [index, name] of [...FOUND, UNKNOWN].entries()) {
    fs.writeFileSync(path.join(n64Dir, name), Buffer.alloc(4096 + index, index + 11));
  }
  fs.mkdirSync(gbDir, { recursive: true });
  fs.writeFileSync(path.join(gbDir, FAKE_RA_GAME.fileName), FAKE_RA_GAME.bytes());
  await signInAsAdmin(page);

  await test.step('library management shows which sources answer', async () => {
    await page.goto('/library-management');
    await expect(page.getByTestId('metadata-source-igdb')).toHaveAttribute('data-status', 'ok');
    await expect(page.getByTestId('metadata-source-ra')).toHaveAttribute('data-status', 'ok');
    await expect(page.getByTestId('metadata-source-ss')).toHaveAttribute('data-status', 'off');
    await expect(page.getByTestId('metadata-source-ss')).toContainText('SCREENSCRAPER_USER');
  });

  await test.step('the scan page offers IGDB and says why the others are off', async () => {
    await page.getByTestId('nav-scan').click();
    await expect(page.getByTestId('scan-source-igdb')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('scan-source-ss')).toBeDisabled();
    await expect(page.getByTestId('scan-source-ss')).toContainText('API key missing');
    await expect(page.getByTestId('scan-source-hasheous')).toContainText(
      'Disabled by the administrator',
    );
    await page.getByTestId('scan-type-quick').click();
    await page.getByTestId('scan-start').click();
    await expect(page.getByTestId('scan-done')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('scan-log-n64')).toBeVisible();
    await expect(page.getByTestId('scan-done')).toContainText('identified: 3');
    await expect(page.getByTestId('scan-stat-identified-roms')).toContainText('3');
    const log = page.getByTestId('scan-log-n64').getByTestId('scan-log-rom');
    await expect(
      log.filter({ hasText: 'Xylo Prototype' }).getByTestId('rom-unmatched'),
    ).toBeVisible();
    await expect(log.filter({ hasText: 'Lunar Lancer' }).getByTestId('rom-unmatched')).toHaveCount(
      0,
    );
  });

  await test.step('matched games show their covers; the unknown one is marked', async () => {
    await page.getByTestId('nav-platforms').click();
    await page.getByTestId('drawer-platform-n64').click();
    await expect(page.getByTestId('gallery-count')).toHaveText('3 games');
    await page.getByTestId('view-big').click();
    const lancer = page.getByTestId('rom-card').filter({ hasText: 'Lunar Lancer' });
    await expect(lancer.getByTestId('rom-card-title')).toHaveText('Lunar Lancer');
    await expectStoredCover(lancer);
    await expect(lancer.getByTestId('rom-unmatched')).toHaveCount(0);
    await expectStoredCover(page.getByTestId('rom-card').filter({ hasText: 'Tidal Sprint 64' }));
    const unknown = page.getByTestId('rom-card').filter({ hasText: 'Xylo Prototype' });
    await expect(unknown.getByTestId('rom-unmatched')).toBeVisible();
    await expect(unknown.getByTestId('cover-placeholder')).toBeVisible();
    await unknown.click();
    await expect(page.getByTestId('page-heading')).toHaveText('Xylo Prototype');
  });

  await test.step('the match dialog finds nothing under the file name', async () => {
    await page.getByTestId('rom-match').click();
    const dialog = page.getByTestId('match-rom-dialog');
    await expect(dialog.getByTestId('match-none')).toBeVisible();
    await expect(dialog.getByTestId('match-empty')).toBeVisible();
    await expect(dialog.getByTestId('match-search')).toHaveValue('Xylo Prototype');
  });

  await test.step('a search by name offers only the game on this platform', async () => {
    const dialog = page.getByTestId('match-rom-dialog');
    await dialog.getByTestId('match-search').fill('Star Courier');
    await dialog.getByTestId('match-search-submit').click();
    const candidates = dialog.getByTestId('match-candidate');
    await expect(candidates).toHaveCount(1);
    await expect(candidates).toHaveAttribute('data-name', 'Star Courier');
    await expect(candidates).toContainText('IGDB');
    await candidates.click();
    await expect(dialog.getByTestId('match-confirm')).toContainText('Nintendo 64');
    await expect(dialog.getByTestId('match-source-igdb')).toBeChecked();
    await expect(dialog.getByTestId('match-rename-preview')).toHaveText(`${UNKNOWN} → ${RENAMED}`);
    await dialog.getByTestId('match-rename').check();
    await dialog.getByTestId('match-apply').click();
    await expect(dialog).toBeHidden();
    expect(fs.existsSync(path.join(n64Dir, RENAMED))).toBe(true);
    expect(fs.existsSync(path.join(n64Dir, UNKNOWN))).toBe(false);
  });

  await test.step('the details show the new metadata and the renamed file', async () => {
    await expect(page.getByTestId('rom-fs-name')).toHaveText(RENAMED);
    await expect(page.getByTestId('page-heading')).toHaveText('Star Courier');
    await expect(page.getByTestId('rom-summary')).toHaveText(
      'Deliver parcels across a galaxy of tiny planets.',
    );
    await expect(page.getByTestId('rom-summary').locator('strong')).toHaveText('parcels');
    const facts = page.getByTestId('rom-metadata');
    for (const text of ['Adventure', 'Platform', 'Courier Tales', 'Orbit Works', 'E', 'PEGI 7']) {
      await expect(facts.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('rom-release-date')).toHaveText('07/03/1999');
    await expect(page.getByTestId('rom-average-rating')).toContainText('86');
    await expect(page.getByTestId('rom-alternative-names')).toHaveText(/Hoshi no Haitatsunin/);
    await expect(page.getByTestId('rom-source-igdb')).toHaveAttribute(
      'href',
      'https://www.igdb.com/games/star-courier',
    );
    await expect(page.getByTestId('rom-screenshot')).toHaveCount(3);
    await page.getByTestId('rom-screenshot').first().click();
    await expect(page.getByTestId('rom-lightbox-counter')).toHaveText('1 / 3');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('rom-lightbox-counter')).toHaveText('2 / 3');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('rom-lightbox')).toBeHidden();
    await expect(page.getByTestId('rom-video')).toBeVisible();
    const cover = page
      .getByTestId('rom-details')
      .locator('img[src*="/assets/romm/resources/"]')
      .first();
    await expect
      .poll(() => cover.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
  });

  await test.step('unmatching clears the metadata and brings back the unmatched mark', async () => {
    await page.getByTestId('rom-match').click();
    const dialog = page.getByTestId('match-rom-dialog');
    await expect(dialog.getByTestId('match-current')).toContainText('IGDB #9103');
    await dialog.getByTestId('match-unmatch-all').click();
    await expect(dialog.getByTestId('match-none')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    // The name comes from the (renamed) file again, and the metadata is gone.
    await expect(page.getByTestId('rom-metadata')).toHaveCount(0);
    await expect(page.getByTestId('rom-metadata-empty')).toBeVisible();
    await expect(page.getByTestId('rom-summary')).toHaveCount(0);
    await expect(page.getByTestId('rom-fs-name')).toHaveText(RENAMED);
    await page.getByTestId('rom-platform-link').click();
    const unknown = page.getByTestId('rom-card').filter({ hasText: 'Star Courier' });
    await expect(unknown.getByTestId('rom-unmatched')).toBeVisible();
  });

  await test.step('RetroAchievements recognises a Game Boy game by its RA hash', async () => {
    await page.getByTestId('nav-platforms').click();
    await page.getByTestId('drawer-platform-gb').click();
    const card = page.getByTestId('rom-card').filter({ hasText: FAKE_RA_GAME.title });
    await expect(card.getByTestId('rom-card-title')).toHaveText(FAKE_RA_GAME.title);
    await expectStoredCover(card);
    await card.click();
    await expect(page.getByTestId('rom-source-ra')).toHaveAttribute(
      'href',
      `https://retroachievements.org/game/${String(FAKE_RA_GAME.id)}`,
    );
    const achievements = page.getByTestId('rom-achievements');
    await expect(achievements.getByTestId('rom-achievement-title')).toHaveText([
      'First Flight',
      'Loop the Loop',
      'Safe Landing',
    ]);
    await expect(achievements.getByTestId('rom-achievements-total')).toHaveText(
      '3 achievements · 40 points',
    );
    await expect(achievements.getByTestId('rom-ra-hint')).toBeVisible();
  });

  await test.step("the player's progress shows once their RetroAchievements name is set", async () => {
    await page.getByTestId('rom-ra-profile-link').click();
    await page.getByTestId('profile-ra-username').fill(FAKE_RA_GAME.player.username);
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('profile-account-success')).toBeVisible();
    await page.goBack();
    await expect(page.getByTestId('rom-ra-no-progress')).toBeVisible();
    await page.getByTestId('rom-ra-refresh').click();
    await expect(page.getByTestId('rom-ra-awarded')).toHaveText('2 / 3');
    await expect(page.getByTestId('rom-ra-hardcore')).toHaveText('Hardcore: 1');
    await expect(page.getByTestId('rom-ra-percent')).toHaveText('67%');
  });

  await test.step('server stats count what each source recognised, per platform', async () => {
    await page.goto('/server-stats');
    // Other journeys' platforms share this server (Game Boy Advance among them): match exactly.
    const platformRow = (name: string) =>
      page.getByTestId('server-stats-platform').filter({
        has: page.getByTestId('platform-name').getByText(name, { exact: true }),
      });
    const n64 = platformRow('Nintendo 64');
    await expect(n64.getByTestId('platform-games')).toContainText('3');
    await n64.getByRole('button').first().click();
    // Star Courier was unmatched again above: two of the three N64 games keep their IGDB id.
    await expect(n64.getByTestId('coverage-igdb').getByTestId('coverage-value')).toHaveText('2/3');
    await expect(n64.getByTestId('coverage-ra').getByTestId('coverage-value')).toHaveText('0/3');
    await expect(n64.getByTestId('region-chip')).toHaveText([/Europe/, /USA/, /World/]);
    const gb = platformRow('Game Boy');
    await gb.getByRole('button').first().click();
    await expect(gb.getByTestId('coverage-ra').getByTestId('coverage-value')).toHaveText('1/1');
  });
});
