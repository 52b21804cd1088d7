import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { makeBps, makeIps } from '../../server/test/patches/patch-makers.js';
import { readyAsAdmin } from './fixtures/api-setup.js';
import { axeFindings } from './fixtures/axe.js';
import { makeTestNes } from './fixtures/make-test-nes.mjs';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';

/*
 * Patching: the NES test program gets an IPS patch from the library (saved as a new game), then
 * a BPS patch uploaded from this device on top of that (downloaded once, then saved), and the
 * result plays. Both patches only redraw tiles (CHR bytes), so the program still runs.
 */
const port = Number(process.env.E2E_PATCHING_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 65);
const baseURL = ownServerUrl(port);
const NES_NAME = 'Patch Pattern (World).nes';
const CHR_START = 16 + 16 * 1024;

const original = Buffer.from(makeTestNes());
const withIps = Buffer.from(original);
withIps.fill(0x5a, CHR_START + 16, CHR_START + 48);
const withBps = Buffer.from(withIps);
withBps.fill(0xa5, CHR_START + 64, CHR_START + 96);

let server: OwnServer | undefined;

test.use({ baseURL });

test.beforeAll(async () => {
  server = await startOwnServer('patching', port);
  const romsDir = path.join(server.dataDir, 'library', 'roms', 'nes');
  fs.mkdirSync(romsDir, { recursive: true });
  fs.writeFileSync(path.join(romsDir, NES_NAME), original);
  fs.writeFileSync(path.join(romsDir, 'Patch Pattern (Tiles).ips'), makeIps(original, withIps));
});

test.afterAll(() => {
  server?.stop();
});

/** Applies the dialog's choices and follows the "Open the new game" link; returns its id. */
async function saveAndOpen(page: Page, expectedName: string): Promise<number> {
  await page.getByTestId('patch-save-as-game').click();
  await page.getByTestId('patch-apply').click();
  await expect(page.getByTestId('patch-saved')).toContainText(`Saved as ${expectedName}.`);
  await page.getByTestId('patch-open-game').click();
  await expect(page.getByTestId('page-heading')).toBeVisible();
  return Number(/\/rom\/(\d+)$/.exec(page.url())?.[1]);
}

test('patch a game with a library IPS, then an uploaded BPS, and play the result', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.route('https://cdn.emulatorjs.org/**', (route) => route.abort());
  await readyAsAdmin(baseURL, page.context());
  const list = (await (await page.request.get('/api/roms')).json()) as {
    items: { id: number; fs_name: string }[];
  };
  const originalId = list.items.find((item) => item.fs_name === NES_NAME)?.id ?? 0;

  await page.goto(`/rom/${String(originalId)}`);
  await page.getByTestId('rom-patch').click();
  await expect(page.getByTestId('patch-library-select')).toContainText('Patch Pattern (Tiles).ips');
  expect(await axeFindings(page)).toEqual([]);
  const ipsGame = await saveAndOpen(
    page,
    'Patch Pattern (World) (patched-Patch Pattern (Tiles)).nes',
  );
  const ipsBytes = await page.request.get(
    `/api/roms/${String(ipsGame)}/content/${encodeURIComponent('Patch Pattern (World) (patched-Patch Pattern (Tiles)).nes')}`,
  );
  expect(crc32(await ipsBytes.body())).toBe(crc32(withIps));

  await page.getByTestId('rom-patch').click();
  await page.getByRole('radio', { name: 'From this device' }).check();
  await page.getByTestId('patch-file-input').setInputFiles({
    name: 'tiles-2.bps',
    mimeType: 'application/octet-stream',
    buffer: makeBps(withIps, withBps),
  });
  await page.getByTestId('patch-output-name').fill('Patch Pattern (Both)');
  const download = page.waitForEvent('download');
  await page.getByTestId('patch-apply').click();
  const file = await (await download).path();
  expect(crc32(fs.readFileSync(file))).toBe(crc32(withBps));
  await expect(page.getByTestId('patch-downloaded')).toContainText(
    "Downloaded Patch Pattern (Both).nes. The patch's checksum confirmed it was made for this ROM.",
  );
  const bpsGame = await saveAndOpen(page, 'Patch Pattern (Both).nes');

  await page.goto(`/rom/${String(bpsGame)}/ejs`);
  await page.getByTestId('play-start').click();
  await expect(page.getByTestId('player-game')).toHaveAttribute('data-started', 'true', {
    timeout: 60_000,
  });
});
