import fs from 'node:fs';
import path from 'node:path';

import { expect, request, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { readyAsAdmin } from './fixtures/api-setup.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';
import { reviewShot } from './fixtures/review-shot.js';

/*
 * The handheld journey: a person pairs two "handhelds" from the client API tokens page; each
 * handheld is a scripted HTTP client without cookies, speaking RomM's API as Grout does. The
 * first downloads a game, plays, uploads its save and reports its play time; the second learns
 * from the sync negotiation that there is a save to download, and takes it. The web app then
 * lists both devices and the game's time played. Own server: its library and devices are its own.
 */
const port = Number(process.env.E2E_HANDHELD_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 25);
const baseURL = ownServerUrl(port);
const GAME = 'Pocket Quest (USA).gba';
const GAME_BYTES = Buffer.from('pocket-quest-rom-image');
const SAVE_BYTES = Buffer.from('pocket-quest-save: level 3, 12 coins');

let server: OwnServer | undefined;

test.use({ baseURL, viewport: { width: 1440, height: 900 } });
test.setTimeout(300_000);

test.beforeAll(async () => {
  server = await startOwnServer('handheld', port);
  const gbaDir = path.join(server.dataDir, 'library', 'roms', 'gba');
  fs.mkdirSync(gbaDir, { recursive: true });
  fs.writeFileSync(path.join(gbaDir, GAME), GAME_BYTES);
});

test.afterAll(() => {
  server?.stop();
});

async function screenshots(page: Page, name: string) {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
        message: `${name} at ${String(width)}px`,
      })
      .toBeLessThanOrEqual(0);
    await reviewShot(page, {
      name: `${name}-${String(width)}x${String(height)}.png`,
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Creates a token in the web app, shows its pairing code, and lets a handheld exchange it. */
async function pairHandheld(page: Page, name: string): Promise<string> {
  await page.goto('/client-api-tokens');
  await page.getByTestId('token-create').click();
  await page.getByTestId('token-name').fill(name);
  // Reading is ticked already; a handheld also writes saves, devices and play time.
  for (const scope of ['assets.write', 'devices.write', 'roms.user.write']) {
    await page.getByTestId(`scope-${scope}`).locator('input').check();
  }
  await page.getByTestId('token-create-submit').click();
  await expect(page.getByTestId('raw-token')).toHaveValue(/^rmm_/);
  await page.getByTestId('raw-token-done').click();
  const row = page.getByTestId('own-tokens').getByTestId('token-row').filter({ hasText: name });
  await row.getByTestId('token-pair').click();
  const codeText = page.getByTestId('pair-code');
  await expect(codeText).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  const code = (await codeText.textContent()) ?? '';

  const handheld = await request.newContext({ baseURL });
  const exchanged = await handheld.post('/api/client-tokens/exchange', { data: { code } });
  expect(exchanged.status()).toBe(200);
  const { raw_token: token } = (await exchanged.json()) as { raw_token: string };
  await handheld.dispose();
  await expect(page.getByTestId('pair-done')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('pair-close').click();
  return token;
}

/** A handheld: its token, and the device it registers as. */
async function bootHandheld(token: string, name: string) {
  const http = await request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  const registered = await http.post('/api/devices', {
    data: { name, platform: 'muos', client: 'grout', client_version: '1.4.0', hostname: name },
  });
  expect(registered.status()).toBe(201);
  const { device_id: deviceId } = (await registered.json()) as { device_id: string };
  return { http, deviceId };
}

interface Operation {
  action: string;
  save_id: number | null;
  rom_id: number;
}

async function negotiate(http: APIRequestContext, deviceId: string, saves: object[]) {
  const response = await http.post('/api/sync/negotiate', { data: { device_id: deviceId, saves } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { session_id: number; operations: Operation[] };
}

test('two paired handhelds: one downloads a game and uploads a save, the other takes it', async ({
  page,
}) => {
  await readyAsAdmin(baseURL, page.context());

  const first = await bootHandheld(await pairHandheld(page, 'Handheld A'), 'Handheld A');
  const roms = (await (await first.http.get('/api/roms?limit=50')).json()) as {
    items: { id: number; fs_name: string }[];
  };
  const rom = roms.items.find((item) => item.fs_name === GAME);
  expect(rom).toBeDefined();
  const romId = rom?.id ?? 0;
  const game = await first.http.get(
    `/api/roms/${String(romId)}/content/${encodeURIComponent(GAME)}`,
  );
  expect(game.status()).toBe(200);
  expect(Buffer.from(await game.body()).equals(GAME_BYTES)).toBe(true);

  await test.step('the first handheld uploads its save and reports its play time', async () => {
    const plan = await negotiate(first.http, first.deviceId, [
      {
        rom_id: romId,
        file_name: 'Pocket Quest (USA).srm',
        slot: 'main',
        updated_at: new Date().toISOString(),
        file_size_bytes: SAVE_BYTES.length,
      },
    ]);
    expect(plan.operations.map((operation) => operation.action)).toEqual(['upload']);
    const uploaded = await first.http.post(
      `/api/saves?rom_id=${String(romId)}&slot=main&emulator=mgba` +
        `&device_id=${first.deviceId}&session_id=${String(plan.session_id)}`,
      {
        multipart: {
          saveFile: {
            name: 'Pocket Quest (USA).srm',
            mimeType: 'application/octet-stream',
            buffer: SAVE_BYTES,
          },
        },
      },
    );
    expect(uploaded.status()).toBe(200);
    const completed = await first.http.post(
      `/api/sync/sessions/${String(plan.session_id)}/complete`,
      {
        data: {
          operations_completed: 1,
          play_sessions: [
            {
              rom_id: romId,
              save_slot: 'main',
              start_time: '2026-11-25T18:00:00Z',
              end_time: '2026-11-25T19:20:00Z',
              duration_ms: 80 * 60_000,
            },
          ],
        },
      },
    );
    expect(completed.status()).toBe(200);
  });

  await test.step('the second handheld is told to download the save, and does', async () => {
    const second = await bootHandheld(await pairHandheld(page, 'Handheld B'), 'Handheld B');
    const plan = await negotiate(second.http, second.deviceId, []);
    expect(plan.operations.map((operation) => [operation.action, operation.rom_id])).toEqual([
      ['download', romId],
    ]);
    const saveId = plan.operations[0]?.save_id ?? 0;
    const content = await second.http.get(
      `/api/saves/${String(saveId)}/content?device_id=${second.deviceId}`,
    );
    expect(Buffer.from(await content.body()).equals(SAVE_BYTES)).toBe(true);
    const again = await negotiate(second.http, second.deviceId, []);
    expect(again.operations).toEqual([]);
  });

  await page.goto('/client-api-tokens');
  const devices = page.getByTestId('devices').getByTestId('device-row');
  await expect(devices).toHaveCount(2);
  await expect(devices.getByTestId('device-name')).toHaveText(['Handheld A', 'Handheld B']);
  await expect(devices.first().getByTestId('device-last-seen')).toContainText(/Last seen/);
  await screenshots(page, 'devices');

  await devices.first().getByTestId('device-rename').click();
  await page.getByTestId('device-name-input').fill('Living-room RG35XX');
  await page.getByTestId('device-rename-save').click();
  await expect(devices.getByTestId('device-name')).toHaveText(['Living-room RG35XX', 'Handheld B']);

  await page.goto(`/rom/${String(romId)}`);
  const playTime = page.getByTestId('rom-play-time');
  await expect(playTime.getByTestId('rom-play-time-row')).toContainText('shelfadmin');
  await expect(playTime.getByTestId('rom-play-time-total')).toHaveText('1 h 20 min');
  await playTime.scrollIntoViewIfNeeded();
  await screenshots(page, 'game-time-played');
});
