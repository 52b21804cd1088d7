import fs from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './fixtures/admin.js';
import { scanLibrary } from './fixtures/api-setup.js';
import { reviewShot } from './fixtures/review-shot.js';

const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('E2E_DATA_DIR is set by web/playwright.config.ts');
const snesDir = path.join(dataDir, 'library', 'roms', 'snes');
const KEPT = 'Aurora Quest (USA).sfc';
const GONE = 'Vanished Valley (Europe).sfc';

test('an admin runs a manual task and watches it finish in the history', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  fs.mkdirSync(snesDir, { recursive: true });
  fs.writeFileSync(path.join(snesDir, KEPT), 'aurora');
  fs.writeFileSync(path.join(snesDir, GONE), 'vanished');
  await signInAsAdmin(page);

  await test.step('a game goes missing from disk', async () => {
    const session = await page.context().cookies();
    await scanLibrary(baseURL ?? '', session);
    fs.rmSync(path.join(snesDir, GONE));
    expect((await scanLibrary(baseURL ?? '', session)).missing_roms).toBe(1);
  });

  const missing = page.getByTestId('task-cleanup_missing_roms');
  await test.step('the Tasks page lists the watcher, the schedules in words and the manual tasks', async () => {
    await page.goto('/administration/tasks');
    await expect(page.getByTestId('page-heading')).toHaveText('Tasks');
    const watcher = page.getByTestId('task-filesystem_watcher');
    await expect(watcher.getByTestId('task-enabled')).toHaveText('Off');
    await expect(watcher).toContainText('ENABLE_RESCAN_ON_FILESYSTEM_CHANGE=true');
    const rescan = page.getByTestId('task-scan_library');
    await expect(rescan.getByTestId('task-schedule')).toHaveText(
      'Runs by hand only. Edit schedule',
    );
    await expect(rescan.getByTestId('task-enabled')).toHaveCount(0);
    await expect(page.getByTestId('task-history-empty')).toBeVisible();
    await expect(missing.getByTestId('task-run')).toBeEnabled();
  });

  await test.step('an admin schedules the rescan on the page; it stays after a reload', async () => {
    const rescan = page.getByTestId('task-scan_library');
    await rescan.getByTestId('task-schedule-edit').click();
    const cron = rescan.getByTestId('task-cron-input');
    await cron.fill('0 25 * * *');
    await expect(rescan).toContainText('The hours field has an invalid value.');
    await expect(rescan.getByTestId('task-schedule-save')).toBeDisabled();
    await cron.fill('30 2 * * 1');
    await expect(rescan).toContainText('Runs at 02:30 AM, only on Monday.');
    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await rescan.scrollIntoViewIfNeeded();
      await reviewShot(page, {
        name: `schedule-editor-${String(width)}x${String(height)}.png`,
        animations: 'disabled',
      });
    }
    await rescan.getByLabel('Manual only').uncheck();
    await rescan.getByTestId('task-schedule-save').click();
    const scheduled = 'Runs at 02:30 AM, only on Monday. 30 2 * * 1 Edit schedule';
    await expect(rescan.getByTestId('task-schedule')).toHaveText(scheduled);
    await page.reload();
    await expect(rescan.getByTestId('task-schedule')).toHaveText(scheduled);
  });

  await test.step('running the clean-up ends in the history with its result', async () => {
    await missing.getByTestId('task-run').click();
    const row = page.getByTestId('task-history-row').first();
    await expect(row).toHaveAttribute('data-task', 'cleanup_missing_roms');
    await expect(row.getByTestId('task-history-status')).toHaveText('Finished');
    await expect(row.getByTestId('task-history-summary')).toHaveText(
      '1 of 1 missing games removed.',
    );
    await expect(row).toContainText('Run by hand');
    await expect(missing.getByTestId('task-run')).toBeEnabled();
  });

  await test.step('the page fits a desktop and a phone screen', async () => {
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      // The layout settles after the resize (the side bar turns into a drawer).
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
          message: `${String(width)}px`,
        })
        .toBeLessThanOrEqual(0);
      await page.getByTestId('tasks-manual').scrollIntoViewIfNeeded();
      await reviewShot(page, {
        name: `tasks-${String(width)}x${String(height)}.png`,
        animations: 'disabled',
      });
    }
  });

  await test.step('the missing game is gone from the library, the other stays', async () => {
    const response = await page.request.get('/api/roms?limit=50');
    expect(response.ok()).toBe(true);
    const page1 = (await response.json()) as { items: { fs_name: string }[] };
    const names = page1.items.map((rom) => rom.fs_name);
    expect(names).toContain(KEPT);
    expect(names).not.toContain(GONE);
  });
});
