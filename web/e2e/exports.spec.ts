import fs from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import { readyAsAdmin } from './fixtures/api-setup.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';

/* Own server: the gamelist.xml written into the platform folder stays out of other journeys. */
const port = Number(process.env.E2E_EXPORTS_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 61);
let server: OwnServer | undefined;
let nesDir = '';

test.use({ baseURL: ownServerUrl(port) });

test.beforeAll(async () => {
  server = await startOwnServer('exports', port);
  nesDir = path.join(server.dataDir, 'library', 'roms', 'nes');
  fs.mkdirSync(nesDir, { recursive: true });
  fs.writeFileSync(path.join(nesDir, 'Tom & Jerry (USA).nes'), 'tom');
  fs.writeFileSync(path.join(nesDir, 'ドラゴンクエスト (Japan).nes'), 'dq');
});

test.afterAll(() => {
  server?.stop();
});

test('an admin exports a platform into its folder and downloads a Pegasus file', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await readyAsAdmin(ownServerUrl(port), page.context());
  await page.goto('/');
  await page.getByTestId('nav-platforms').click();
  await page.getByTestId('drawer-platform-nes').click();

  await test.step('gamelist.xml is written into the platform folder', async () => {
    await page.getByTestId('platform-export-button').click();
    const dialog = page.getByTestId('export-dialog');
    await expect(dialog.getByTestId('export-preview-count')).toHaveText('2 games will be exported');
    await expect(dialog.getByTestId('export-preview')).toContainText('roms/nes/gamelist.xml');
    await dialog.getByTestId('export-write').click();
    await expect(dialog.getByTestId('export-done')).toBeVisible();
    const xml = fs.readFileSync(path.join(nesDir, 'gamelist.xml'), 'utf8');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<gameList>\n/);
    expect(xml).toContain('<path>./Tom &amp; Jerry (USA).nes</path>');
    expect(xml).toContain('<path>./ドラゴンクエスト (Japan).nes</path>');
  });

  await test.step('a Pegasus file is downloaded', async () => {
    const dialog = page.getByTestId('export-dialog');
    await dialog.getByTestId('export-format-pegasus').check();
    const downloaded = page.waitForEvent('download');
    await dialog.getByTestId('export-download').click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('metadata.pegasus.txt');
    const text = fs.readFileSync(await download.path(), 'utf8');
    expect(text).toMatch(/^collection: Nintendo Entertainment System\nshortname: nes\n/);
    expect(text).toContain('\nfile: Tom & Jerry (USA).nes\n');
    expect(text).toContain('\nfile: ドラゴンクエスト (Japan).nes\n');
  });
});
