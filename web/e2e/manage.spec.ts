import fs from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import { ADMIN, signInAsAdmin } from './fixtures/admin.js';
import { openPage } from './fixtures/open-page.js';

const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('E2E_DATA_DIR is set by web/playwright.config.ts');
const gbaDir = path.join(dataDir, 'library', 'roms', 'gba');

/** A game already in the library, so the scan creates the platform the uploads go to. */
const SEED = 'Seed Runner (USA).gba';
/** Uploaded from the browser; about 1 MB each so the progress bars have time to move. */
const UPLOADS = ['Comet Rally (USA).gba', 'Dune Glider (Europe).gba', 'Ember Keep (Japan).gba'];
const UPLOAD_SIZE = 1024 * 1024;
const RENAMED = 'Comet Rally Deluxe';

function bytes(seed: number, size: number): Buffer {
  const buffer = Buffer.alloc(size);
  for (let index = 0; index < size; index++) buffer[index] = (index * 31 + seed * 7) & 0xff;
  return buffer;
}

test('an admin uploads games, tracks play, edits and deletes one from disk', async ({ page }) => {
  test.setTimeout(240_000);
  fs.mkdirSync(gbaDir, { recursive: true });
  fs.writeFileSync(path.join(gbaDir, SEED), bytes(1, 4096));
  await signInAsAdmin(page);

  await test.step('a quick scan finds the Game Boy Advance folder', async () => {
    await page.getByTestId('nav-scan').click();
    await page.getByTestId('scan-type-quick').click();
    await page.getByTestId('scan-start').click();
    await expect(page.getByTestId('scan-done')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('scan-log-gba')).toBeVisible();
  });

  await test.step('three files upload with visible progress', async () => {
    // Slow uploads down so progress between 0 and 100 % can be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });

    await page.getByTestId('nav-upload').click();
    const dialog = page.getByTestId('upload-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('upload-timeout-hint')).toContainText('UPLOAD_TIMEOUT');
    await dialog.getByTestId('upload-platform').click();
    await page.getByTestId('upload-platform-gba').click();
    await dialog.getByTestId('upload-input').setInputFiles(
      UPLOADS.map((name, index) => ({
        name,
        mimeType: 'application/octet-stream',
        buffer: bytes(index + 2, UPLOAD_SIZE),
      })),
    );
    await expect(dialog.getByTestId('upload-file')).toHaveCount(3);
    await dialog.getByTestId('upload-start').click();

    const items = dialog.getByTestId('upload-item');
    await expect(items).toHaveCount(3);
    // Some file shows a partial percentage while it is on its way.
    await expect(
      dialog.locator('[data-testid="upload-item"][data-state="running"]').getByText(/^[1-9]\d?%$/),
    ).toBeVisible({ timeout: 20_000 });
    await expect(dialog.locator('[data-testid="upload-item"][data-state="finished"]')).toHaveCount(
      3,
      { timeout: 60_000 },
    );
    await expect(items.getByTestId('upload-item-progress')).toHaveText(['100%', '100%', '100%']);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await dialog.getByTestId('upload-close').click();

    // The tray stays in view while navigating, and clears finished uploads.
    const tray = page.getByTestId('upload-tray');
    await expect(tray).toBeVisible();
    await expect(tray.getByTestId('upload-item')).toHaveCount(3);
    for (const name of UPLOADS) expect(fs.existsSync(path.join(gbaDir, name))).toBe(true);
  });

  await test.step('the uploads appear in the gallery without a rescan', async () => {
    await page.getByTestId('nav-platforms').click();
    await page.getByTestId('drawer-platform-gba').click();
    await expect(page).toHaveURL(/\/platform\/\d+$/);
    await expect(page.getByTestId('upload-tray')).toBeVisible();
    await expect(page.getByTestId('gallery-count')).toHaveText('4 games');
    for (const name of ['Comet Rally', 'Dune Glider', 'Ember Keep']) {
      await expect(page.getByTestId('rom-card').filter({ hasText: name })).toBeVisible();
    }
    await page.getByTestId('upload-clear-finished').click();
    await expect(page.getByTestId('upload-tray')).toHaveCount(0);
  });

  await test.step('status Finished and favourite show on the page and the card', async () => {
    await page.getByTestId('rom-card').filter({ hasText: 'Comet Rally' }).click();
    await expect(page.getByTestId('page-heading')).toHaveText(/Comet Rally/);
    await page.getByTestId('rom-status-finished').click();
    await expect(page.getByTestId('rom-status-finished')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('rom-favourite').click();
    await expect(page.getByTestId('rom-favourite')).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step('marking it played shows it on the continue-playing rail', async () => {
    await expect(page.getByTestId('rom-last-played')).toHaveText('Not played yet');
    await page.getByTestId('rom-mark-played').click();
    await expect(page.getByTestId('rom-last-played')).not.toHaveText('Not played yet');
    const detailsUrl = page.url();
    await page.getByTestId('nav-home').click();
    const rail = page.getByTestId('home-continue-playing');
    await expect(rail.getByTestId('rom-card')).toHaveCount(1);
    await expect(rail.getByTestId('rom-card')).toContainText('Comet Rally');
    await expect(rail.getByTestId('rom-card-status')).toHaveText('🏁');
    await expect(rail.getByTestId('rom-card-favourite')).toBeVisible();
    await openPage(page, detailsUrl);
  });

  await test.step('notes are written in Markdown, private or public, and others see public ones', async () => {
    // The previous step came back to this page: wait for its notes to load.
    await expect(page.getByTestId('rom-notes-empty')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('rom-note-add').click();
    await page.getByTestId('rom-note-title').fill('Boss tips');
    await page
      .getByTestId('rom-notes-input')
      .fill('**Boss** at level 3 <img src=x onerror=alert(1)>');
    await expect(page.getByTestId('rom-notes-preview').locator('strong')).toHaveText('Boss');
    await expect(page.getByTestId('rom-notes-preview').locator('img[onerror]')).toHaveCount(0);
    await page.getByTestId('rom-notes-save').click();
    const mine = page.getByTestId('rom-note-own');
    await expect(mine).toHaveCount(1);
    await expect(mine.getByTestId('rom-note-visibility')).toHaveText('Private');
    await expect(mine.getByTestId('rom-note-content').locator('strong')).toHaveText('Boss');
    await expect(mine.locator('img[onerror]')).toHaveCount(0);

    await mine.getByTestId('rom-note-edit').click();
    await page.getByTestId('rom-note-public-switch').click();
    await page.getByTestId('rom-notes-save').click();
    await expect(mine.getByTestId('rom-note-visibility')).toHaveText('Public');

    // Another user's public note shows with its author; their private one does not.
    const romId = /\/rom\/(\d+)/.exec(page.url())?.[1] ?? '0';
    const adminAuth = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
    const created = await page.request.post('/api/users', {
      headers: { authorization: adminAuth },
      data: { username: 'notereader', password: 'reader-pass-42', role: 'viewer' },
    });
    expect(created.status()).toBe(201);
    const readerAuth = `Basic ${Buffer.from('notereader:reader-pass-42').toString('base64')}`;
    for (const [title, isPublic] of [
      ['Shortcut', true],
      ['Diary', false],
    ] as const) {
      const note = await page.request.post(`/api/roms/${romId}/notes`, {
        headers: { authorization: readerAuth },
        data: { title, content: `_${title}_ behind the waterfall`, is_public: isPublic },
      });
      expect(note.status()).toBe(200);
    }
    await page.reload();
    const others = page.getByTestId('rom-note-public');
    await expect(others).toHaveCount(1, { timeout: 30_000 });
    await expect(others).toContainText('Shortcut');
    await expect(others.getByTestId('rom-note-byline')).toContainText('notereader');
    await expect(others.getByTestId('rom-note-content').locator('em')).toHaveText('Shortcut');
    await expect(others.getByTestId('rom-note-edit')).toHaveCount(0);

    await page.getByTestId('rom-note-own').getByTestId('rom-note-delete').click();
    await page.getByTestId('rom-note-delete-confirm').click();
    await expect(page.getByTestId('rom-note-own')).toHaveCount(0);
    await expect(page.getByTestId('rom-notes-empty')).toBeVisible();
  });

  await test.step('the edit dialog renames the game', async () => {
    await page.getByTestId('rom-edit').click();
    const dialog = page.getByTestId('edit-rom-dialog');
    await dialog.getByTestId('edit-name').fill(RENAMED);
    await dialog.getByTestId('edit-save').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('page-heading')).toHaveText(RENAMED);
  });

  await test.step('a PDF manual is uploaded and shown on the page', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    await page
      .getByTestId('manual-input')
      .setInputFiles({ name: 'manual.pdf', mimeType: 'application/pdf', buffer: pdf });
    // Listed under the game's file name, ready to read or download.
    await expect(page.getByTestId('manual-item')).toHaveAttribute(
      'data-name',
      'Comet Rally (USA).pdf',
    );
    const romId = /\/rom\/(\d+)/.exec(page.url())?.[1] ?? '';
    const answer = await page.request.get(`/api/roms/${romId}/manual`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('application/pdf');
  });

  await test.step('the manual is removed after a confirmation', async () => {
    await page.getByTestId('manual-remove').click();
    const dialog = page.getByTestId('manual-remove-dialog');
    await expect(dialog).toContainText('Remove the manual?');
    await dialog.getByTestId('manual-remove-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('manual-item')).toHaveCount(0);
    await expect(page.getByTestId('rom-manual')).toContainText('No manual yet.');
  });

  await test.step('deleting from disk names the file and removes it', async () => {
    const file = path.join(gbaDir, 'Comet Rally (USA).gba');
    expect(fs.existsSync(file)).toBe(true);
    await page.getByTestId('rom-delete').click();
    const dialog = page.getByTestId('delete-roms-dialog');
    await dialog.getByTestId('delete-from-disk').check();
    await expect(dialog.getByTestId('delete-disk-path')).toHaveText(
      'roms/gba/Comet Rally (USA).gba',
    );
    await dialog.getByTestId('delete-confirm').click();
    await expect(page).toHaveURL(/\/platform\/\d+$/);
    await expect(page.getByTestId('gallery-count')).toHaveText('3 games');
    await expect(page.getByTestId('rom-card').filter({ hasText: 'Comet Rally' })).toHaveCount(0);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(path.join(gbaDir, 'Dune Glider (Europe).gba'))).toBe(true);
  });
});
