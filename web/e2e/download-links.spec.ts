import fs from 'node:fs';
import path from 'node:path';

import { expect, request, test } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { readyAsAdmin } from './fixtures/api-setup.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';
import { readZip } from './fixtures/zip.js';

/*
 * Download links and whole-platform zips: a link made on the game page downloads the game in a
 * fresh browser context (no session) until it is revoked; the platform page downloads every
 * game of the platform as one zip. Own server with a library of its own.
 */
const port = Number(process.env.E2E_LINKS_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 69);
const baseURL = ownServerUrl(port);
const CIA = Buffer.from('pilotwings cia bytes');
const NES = { 'Alpha (USA).nes': 'alpha nes', 'Beta (USA).nes': 'beta nes' };

let server: OwnServer | undefined;

test.use({ baseURL, viewport: { width: 1280, height: 860 } });
test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

test.beforeAll(async () => {
  server = await startOwnServer('links', port);
  const library = path.join(server.dataDir, 'library');
  fs.mkdirSync(path.join(library, 'roms/3ds'), { recursive: true });
  fs.mkdirSync(path.join(library, 'roms/nes'), { recursive: true });
  fs.writeFileSync(path.join(library, 'roms/3ds/Pilotwings (USA).cia'), CIA);
  for (const [name, bytes] of Object.entries(NES)) {
    fs.writeFileSync(path.join(library, 'roms/nes', name), bytes);
  }
});

test.afterAll(() => {
  server?.stop();
});

/** Opens `url` in a new browser context without cookies and returns what it downloads. */
async function downloadAnonymously(browser: Browser, url: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const download = page.waitForEvent('download');
    // Navigating to an attachment ends in a download, not a page.
    await page.goto(url).catch(() => undefined);
    const file = await (await download).path();
    return { name: (await download).suggestedFilename(), bytes: fs.readFileSync(file) };
  } finally {
    await context.close();
  }
}

test('a download link works in a fresh browser until it is revoked; a platform downloads as one zip', async ({
  page,
  browser,
}) => {
  await readyAsAdmin(baseURL, page.context());
  const roms = await page.request.get('/api/roms?search_term=Pilotwings');
  const [cia] = ((await roms.json()) as { items: { id: number }[] }).items;
  await page.goto(`/rom/${String(cia?.id)}`);

  await page.getByTestId('share-link-button').click();
  const dialog = page.getByTestId('share-link-dialog');
  await dialog.getByTestId('share-link-create').click();
  const field = dialog.getByTestId('share-link-url');
  await expect(field).toHaveValue(new RegExp(`^${baseURL}/api/dl/[A-Za-z0-9_-]{43}/`));
  await expect(dialog.getByTestId('share-link-qr')).toBeVisible();
  const url = await field.inputValue();

  const fetched = await downloadAnonymously(browser, url);
  expect(fetched.name).toBe('Pilotwings (USA).cia');
  expect(fetched.bytes.equals(CIA)).toBe(true);

  await expect(dialog.getByTestId('share-link-row')).toHaveCount(1);
  await dialog.getByTestId('share-link-revoke').click();
  await expect(dialog.getByTestId('share-link-row')).toHaveCount(0);
  const anonymous = await request.newContext();
  expect((await anonymous.get(url)).status()).toBe(404);
  await anonymous.dispose();
  await page.keyboard.press('Escape');

  const platforms = await page.request.get('/api/platforms');
  const nes = ((await platforms.json()) as { id: number; fs_slug: string }[]).find(
    (platform) => platform.fs_slug === 'nes',
  );
  await page.goto(`/platform/${String(nes?.id)}`);
  const zipped = page.waitForEvent('download');
  await page.getByTestId('platform-zip-button').click();
  const zip = await zipped;
  expect(zip.suggestedFilename()).toBe('Nintendo Entertainment System.zip');
  const entries = await readZip(await zip.path());
  expect(Object.fromEntries([...entries].map(([name, bytes]) => [name, bytes.toString()]))).toEqual(
    {
      'roms/nes/Alpha (USA).nes': 'alpha nes',
      'roms/nes/Beta (USA).nes': 'beta nes',
    },
  );
});
