import fs from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import type { Page, Request } from '@playwright/test';
import sharp from 'sharp';

import { makeTestNes } from './fixtures/make-test-nes.mjs';
import { makeTestSwf } from './fixtures/make-test-swf.js';
import { signInAsAdmin } from './fixtures/admin.js';
import { reviewShot } from './fixtures/review-shot.js';

const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('E2E_DATA_DIR is set by web/playwright.config.ts');
const romsDir = path.join(dataDir, 'library', 'roms');

const NES_NAME = 'Shelf Test Pattern (World).nes';
const SWF_NAME = 'Green Stage.swf';
const SWF_COLOUR: [number, number, number] = [0x22, 0xaa, 0x55];
const NO_CORE_NAME = 'Coreless Adventure (USA).iso';

function writeFixtures(): void {
  const put = (platform: string, name: string, bytes: Buffer) => {
    fs.mkdirSync(path.join(romsDir, platform), { recursive: true });
    fs.writeFileSync(path.join(romsDir, platform, name), bytes);
  };
  put('nes', NES_NAME, makeTestNes());
  put('flash', SWF_NAME, makeTestSwf(SWF_COLOUR));
  put('ps2', NO_CORE_NAME, Buffer.alloc(4096, 7));
  // A firmware file no known-BIOS entry vouches for: listed, but unverified.
  const biosDir = path.join(path.dirname(romsDir), 'bios', 'nes');
  fs.mkdirSync(biosDir, { recursive: true });
  fs.writeFileSync(path.join(biosDir, 'homebrew-boot.bin'), Buffer.alloc(1024, 1));
  // The multi-disc game of the second journey, found by the first one's scan.
  const folder = path.join(romsDir, 'psx', 'Shelf Discs (USA)');
  fs.mkdirSync(folder, { recursive: true });
  for (const disc of [1, 2]) {
    const bin = `Shelf Discs (Disc ${String(disc)}).bin`;
    fs.writeFileSync(path.join(folder, bin), Buffer.alloc(2352 * 16, disc));
    fs.writeFileSync(
      path.join(folder, `Shelf Discs (Disc ${String(disc)}).cue`),
      `FILE "${bin}" BINARY\r\n  TRACK 01 MODE2/2352\r\n    INDEX 01 00:00:00\r\n`,
    );
  }
}

async function scan(page: Page): Promise<void> {
  await page.getByTestId('nav-scan').click();
  await expect(page).toHaveURL(/\/scan$/);
  await page.getByTestId('scan-type-quick').click();
  await page.getByTestId('scan-start').click();
  await expect(page.getByTestId('scan-done')).toBeVisible({ timeout: 60_000 });
}

async function romIdOf(page: Page, fsName: string): Promise<number> {
  const response = await page.request.get('/api/roms', {
    params: { search_term: fsName.replace(/\.[^.]+$/, ''), limit: 10 },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { items: { id: number; fs_name: string }[] };
  const rom = body.items.find((item) => item.fs_name === fsName);
  if (rom === undefined) throw new Error(`${fsName} was not scanned`);
  return rom.id;
}

/** Requests to anything but this server. */
function watchOutboundRequests(page: Page): string[] {
  const outbound: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (!/^(https?|wss?):$/.test(url.protocol)) return;
    if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return;
    outbound.push(request.url());
  });
  return outbound;
}

async function canvasShot(page: Page): Promise<Buffer> {
  return page.locator('#game canvas').first().screenshot();
}

async function pixelAt(png: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (Math.floor(y) * info.width + Math.floor(x)) * info.channels;
  return [data[offset] ?? -1, data[offset + 1] ?? -1, data[offset + 2] ?? -1];
}

test.describe.configure({ mode: 'serial' });

test('play a self-made NES program, save and load a state; Ruffle; the reason without a core', async ({
  page,
}) => {
  test.setTimeout(180_000);
  writeFixtures();
  // Routing also turns Chromium's HTTP cache off, as this journey has always run: with the cache
  // on, headless Chromium here stops the NES core at "Decompress Game Core" (not yet explained).
  // Nothing should reach the CDN anyway; `outbound` below proves it.
  await page.route('https://cdn.emulatorjs.org/**', (route) => route.abort());
  const outbound = watchOutboundRequests(page);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await signInAsAdmin(page);
  await scan(page);
  const nesId = await romIdOf(page, NES_NAME);

  await test.step('the platform info drawer lists its firmware as unverified', async () => {
    const rom = (await (await page.request.get(`/api/roms/${nesId}`)).json()) as {
      platform_id: number;
    };
    await page.goto(`/platform/${String(rom.platform_id)}`);
    // The game's card offers Play (the player link is a full page load).
    await expect(page.getByTestId('rom-card-play')).toHaveAttribute('href', `/rom/${nesId}/ejs`);
    await page.getByTestId('platform-info-button').click();
    await expect(page.getByTestId('firmware-homebrew-boot.bin')).toContainText('unverified');
  });

  await test.step('the details page offers Play and opens the player, cross-origin isolated', async () => {
    await page.goto(`/rom/${nesId}`);
    const player = page.waitForResponse(
      (response) =>
        response.request().resourceType() === 'document' &&
        new URL(response.url()).pathname === `/rom/${nesId}/ejs`,
    );
    await page.getByTestId('play-rom').click();
    const response = await player;
    await expect(page).toHaveURL(new RegExp(`/rom/${nesId}/ejs$`));
    expect(response.headers()['cross-origin-embedder-policy']).toBe('require-corp');
    expect(response.headers()['cross-origin-opener-policy']).toBe('same-origin');
    await expect(page.getByTestId('player-prelaunch')).toBeVisible();
    expect(await page.evaluate(() => window.crossOriginIsolated)).toBe(true);
    await reviewShot(page, { name: 'prelaunch.png' });
  });

  await test.step('starting the game shows advancing frames', async () => {
    await page.getByTestId('play-start').click();
    await expect(page.getByTestId('player-game')).toHaveAttribute('data-started', 'true', {
      timeout: 60_000,
    });
    await expect(page.locator('#game canvas').first()).toBeVisible();
    // The frame changes (how soon depends on the machine's load).
    const first = await canvasShot(page);
    await expect
      .poll(async () => (await canvasShot(page)).equals(first), { timeout: 20_000 })
      .toBe(false);
    await reviewShot(page, { name: 'running.png' });
  });

  await test.step('the emulator saves a state to the server, with a screenshot', async () => {
    const uploaded = page.waitForResponse(
      (response) =>
        response.url().includes('/api/states?') && response.request().method() === 'POST',
    );
    // EmulatorJS's own "Save State" button (its menu bar fades in and out with the pointer).
    await page
      .getByTestId('player-game')
      .locator('.ejs_menu_button', { hasText: 'Save State' })
      .first()
      .dispatchEvent('click');
    expect((await uploaded).status()).toBe(200);
    await expect(page.getByTestId('player-status')).toHaveText('State saved to the server');
  });

  await test.step('after a reload the state is listed with its screenshot and loads', async () => {
    await page.reload();
    await expect(page.getByTestId('player-prelaunch')).toBeVisible();
    const item = page.getByTestId('state-item');
    await expect(item).toHaveCount(1);
    const screenshot = page.getByTestId('state-screenshot');
    await expect(screenshot).toBeVisible();
    await expect
      .poll(() => screenshot.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.getByLabel('Continue from the latest state')).toBeChecked();
    const stateDownload = page.waitForResponse(
      (response) => /\/api\/states\/\d+\/content/.test(response.url()) && response.ok(),
    );
    await page.getByTestId('play-start').click();
    await stateDownload;
    await expect(page.getByTestId('player-game')).toHaveAttribute('data-started', 'true', {
      timeout: 60_000,
    });
  });

  await test.step('Save & quit uploads and returns to the game details', async () => {
    const uploaded = page.waitForResponse(
      (response) =>
        response.url().includes('/api/states?') && response.request().method() === 'POST',
    );
    await page.getByTestId('player-save-quit').click();
    expect((await uploaded).status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/rom/${nesId}$`));
    const states = await page.request.get('/api/states', { params: { rom_id: nesId } });
    expect(((await states.json()) as unknown[]).length).toBe(2);
    const rom = await page.request.get(`/api/roms/${nesId}`);
    const detail = (await rom.json()) as { rom_user?: { last_played?: string | null } };
    expect(detail.rom_user?.last_played ?? null).not.toBeNull();
  });

  await test.step('Ruffle renders a generated SWF', async () => {
    const swfId = await romIdOf(page, SWF_NAME);
    await page.goto(`/rom/${swfId}/ruffle`);
    // Ruffle logs this once its instance is built, after it has set up its notices.
    const built = page.waitForEvent('console', (message) =>
      message.text().includes('New Ruffle instance created'),
    );
    await page.getByTestId('play-start').click();
    // With software WebGL, Ruffle opens a hardware-acceleration notice (dimming the stage) on the
    // first mouseover of its stage: the pointer leaves the stage before Ruffle is built.
    await page.mouse.move(0, 0);
    await built;
    const stage = page.getByTestId('ruffle-stage');
    await expect(page.getByTestId('ruffle-player')).toBeVisible();
    await expect
      .poll(
        async () => {
          const png = await stage.screenshot();
          const box = await stage.boundingBox();
          return pixelAt(png, (box?.width ?? 2) / 2, (box?.height ?? 2) / 2);
        },
        { timeout: 30_000 },
      )
      .toEqual(SWF_COLOUR);
    await expect(page.locator('#hardware-acceleration-modal')).toBeHidden();
    await reviewShot(page, { name: 'ruffle.png' });
  });

  await test.step('a platform without a core shows the reason', async () => {
    const id = await romIdOf(page, NO_CORE_NAME);
    await page.goto(`/rom/${id}/ejs`);
    await expect(page.getByTestId('player-not-playable')).toContainText(
      'No emulator core supports this platform.',
    );
    await page.goto(`/rom/${id}`);
    await expect(page.getByTestId('play-unavailable')).toHaveText(
      'No emulator core supports this platform.',
    );
    await expect(page.getByTestId('play-rom')).toHaveCount(0);
  });

  // Nothing tried to leave the machine.
  expect(outbound).toEqual([]);
  // EmulatorJS's update check (made on localhost) asks this server: no failed fetch in the console.
  expect(pageErrors).toEqual([]);
});

test('a multi-disc game: the Disc select boots the chosen disc with its tracks, and remembers it', async ({
  page,
}) => {
  // No core runs: the boot stops at the loader, after the game URL is set.
  await page.route('**/emulatorjs/loader.js', (route) => route.abort());
  await signInAsAdmin(page);
  const id = await romIdOf(page, 'Shelf Discs (USA)');
  const files = (
    (await (await page.request.get(`/api/roms/${id}`)).json()) as {
      files: { id: number; file_name: string }[];
    }
  ).files;
  const fileId = (name: string) => files.find((file) => file.file_name === name)?.id ?? -1;

  await page.goto(`/rom/${id}/ejs`);
  const select = page.getByTestId('player-disc').getByRole('combobox');
  await expect(select).toHaveText('Shelf Discs (Disc 1).cue');
  await reviewShot(page, { name: 'disc-select.png' });
  await select.click();
  await expect(page.getByTestId('player-disc-option')).toHaveText([
    'Shelf Discs (Disc 1).cueDisc 1',
    'Shelf Discs (Disc 2).cueDisc 2',
  ]);
  await reviewShot(page, { name: 'disc-menu.png' });
  await page.getByTestId('player-disc-option').nth(1).click();
  await page.getByTestId('play-start').click();
  await expect(page.getByRole('alert')).toHaveText('EmulatorJS could not be loaded');
  const gameUrl = await page.evaluate(
    () => (window as unknown as { EJS_gameUrl: string }).EJS_gameUrl,
  );
  const ids = `${fileId('Shelf Discs (Disc 2).cue')},${fileId('Shelf Discs (Disc 2).bin')}`;
  expect(gameUrl).toBe(`/api/roms/${id}/content/Shelf%20Discs%20(USA)?file_ids=${ids}`);
  const zip = await page.request.get(gameUrl);
  expect(zip.headers()['content-type']).toBe('application/zip');
  const body = await zip.body();
  expect(body.includes('Shelf Discs (Disc 2).bin')).toBe(true);
  expect(body.includes('Shelf Discs (Disc 1)')).toBe(false);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(select).toHaveText('Shelf Discs (Disc 2).cue');
  await reviewShot(page, { name: 'disc-select-phone.png', fullPage: true });
});
