import fs from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import type { Route } from '@playwright/test';

import { signInAsAdmin } from './fixtures/admin.js';
import { reviewShot } from './fixtures/review-shot.js';

const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('E2E_DATA_DIR is set by web/playwright.config.ts');
const gbDir = path.join(dataDir, 'library', 'roms', 'gb');
const chunksDir = path.join(dataDir, 'upload-chunks');

/** A game already in the library, so the scan creates the platform the uploads go to. */
const SEED = 'Harbor Lights (USA).gb';
/** Four 8 MiB parts: three whole ones and a last of 1 MiB. */
const BIG = 'Lighthouse Saga (Europe).gb';
const BIG_SIZE = 25 * 1024 * 1024;
const CANCELLED = 'Foghorn Tales (Japan).gb';

function bytes(seed: number, size: number): Buffer {
  const buffer = Buffer.alloc(size);
  for (let index = 0; index < size; index++) buffer[index] = (index * 131 + seed * 17) & 0xff;
  return buffer;
}

function chunkIndex(route: Route): string {
  return route.request().headers()['x-chunk-index'] ?? '';
}

test('a large upload survives dropped connections by resending only the missing parts', async ({
  page,
}) => {
  test.setTimeout(240_000);
  fs.mkdirSync(gbDir, { recursive: true });
  fs.writeFileSync(path.join(gbDir, SEED), bytes(1, 4096));
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page);

  await test.step('a quick scan finds the Game Boy folder', async () => {
    await page.getByTestId('nav-scan').click();
    await page.getByTestId('scan-type-quick').click();
    await page.getByTestId('scan-start').click();
    await expect(page.getByTestId('scan-done')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('scan-log-gb')).toBeVisible();
  });

  const delivered: string[] = [];
  const dropped: string[] = [];
  /** Requests that reached the server, in order: `status` checks and `part <n>` uploads. */
  const reached: string[] = [];
  /** While true every upload request fails as if the network were gone. */
  let outage = false;
  await page.route('**/api/roms/upload/**', async (route) => {
    const request = route.request();
    const index = chunkIndex(route);
    // Part 1 is cut off once; when part 2 is first sent the network goes away until the test
    // brings it back.
    if (request.method() === 'PUT' && index === '2' && !dropped.includes('2')) outage = true;
    if (outage || (request.method() === 'PUT' && index === '1' && !dropped.includes('1'))) {
      if (request.method() === 'PUT') dropped.push(index);
      await route.abort(outage ? 'internetdisconnected' : 'connectionreset');
      return;
    }
    if (request.method() === 'GET') reached.push('status');
    if (request.method() === 'PUT') {
      delivered.push(index);
      reached.push(`part ${index}`);
    }
    await route.continue();
  });

  const dialog = page.getByTestId('upload-dialog');
  const item = dialog.locator(`[data-testid="upload-item"][data-filename="${BIG}"]`);

  await test.step('the upload starts in parts and waits while the connection is gone', async () => {
    await page.getByTestId('nav-upload').click();
    await expect(dialog.getByTestId('upload-timeout-hint')).toContainText('parts of 8.00 MB');
    await dialog.getByTestId('upload-platform').click();
    await page.getByTestId('upload-platform-gb').click();
    // From disk: a buffer this big is slow to hand over to the browser.
    const source = test.info().outputPath(BIG);
    fs.writeFileSync(source, bytes(2, BIG_SIZE));
    await dialog.getByTestId('upload-input').setInputFiles(source);
    await dialog.getByTestId('upload-start').click();
    // Part 1's retry shows the same notice; wait for the outage itself.
    await expect.poll(() => dropped.includes('2'), { timeout: 60_000 }).toBe(true);
    await expect(item.getByTestId('upload-item-retry')).toContainText('Connection lost', {
      timeout: 60_000,
    });
    await expect(item).toHaveAttribute('data-state', 'running');
    await reviewShot(dialog, { name: 'upload-retry-1440x900.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(item.getByTestId('upload-item-retry')).toBeVisible();
    await reviewShot(page, { name: 'upload-retry-390x844.png' });
    // The layout follows the resize over a few frames; wait for it to settle.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  await test.step('back online it resumes with the parts the server lacks and completes', async () => {
    outage = false;
    await expect(item).toHaveAttribute('data-state', 'finished', { timeout: 120_000 });
    await expect(item.getByTestId('upload-item-progress')).toHaveText('100%');
    expect(dropped.slice(0, 2)).toEqual(['1', '2']);
    // Every part reached the server exactly once: none sent before a drop was sent again.
    expect([...delivered].sort()).toEqual(['0', '1', '2', '3']);
    // The cut-off part was resent only after asking the server which parts it holds (the
    // outage's retries may ask while still offline, so only this first one is certain).
    expect(reached.indexOf('status')).toBeGreaterThan(-1);
    expect(reached.indexOf('status')).toBeLessThan(reached.indexOf('part 1'));
    const stored = fs.readFileSync(path.join(gbDir, BIG));
    expect(stored.length).toBe(BIG_SIZE);
    expect(stored.equals(bytes(2, BIG_SIZE))).toBe(true);
    expect(fs.readdirSync(chunksDir)).toEqual([]);
    await reviewShot(dialog, { name: 'upload-done-1440x900.png' });
  });

  await test.step('cancelling an upload removes its parts on the server', async () => {
    await page.unroute('**/api/roms/upload/**');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Part 1 of the next file hangs until the person cancels.
    await page.route('**/api/roms/upload/**', async (route) => {
      if (route.request().method() === 'PUT' && chunkIndex(route) === '1') {
        await held;
        await route.abort('aborted').catch(() => undefined);
        return;
      }
      await route.continue().catch(() => undefined);
    });
    await dialog.getByRole('button', { name: 'Upload more' }).click();
    const source = test.info().outputPath(CANCELLED);
    fs.writeFileSync(source, bytes(3, 9 * 1024 * 1024));
    await dialog.getByTestId('upload-input').setInputFiles(source);
    await dialog.getByTestId('upload-start').click();
    const next = dialog.locator(`[data-testid="upload-item"][data-filename="${CANCELLED}"]`);
    await expect.poll(() => fs.readdirSync(chunksDir).length).toBe(1);
    const [uploadId] = fs.readdirSync(chunksDir);
    await expect
      // An 8 MiB part through the test's interception can take a while on a busy machine.
      .poll(() => fs.readdirSync(path.join(chunksDir, uploadId ?? '')).includes('00000'), {
        timeout: 60_000,
      })
      .toBe(true);
    await next.getByTestId('upload-item-cancel').click();
    release();
    await expect(next).toHaveAttribute('data-state', 'failed');
    await expect(next.getByTestId('upload-item-error')).toHaveText('Cancelled');
    await expect.poll(() => fs.readdirSync(chunksDir)).toEqual([]);
    expect(fs.existsSync(path.join(gbDir, CANCELLED))).toBe(false);
  });
});
