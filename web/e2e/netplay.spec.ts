import fs from 'node:fs';
import path from 'node:path';

import { expect, request, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';

import { ADMIN } from './fixtures/admin.js';
import { scanLibrary, signIn } from './fixtures/api-setup.js';
import { axeFindings } from './fixtures/axe.js';
import { makeTestNes } from './fixtures/make-test-nes.mjs';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';

/*
 * Netplay: two signed-in users in two Chromium pages. One opens a room on the NES test program
 * from EmulatorJS's Netplay menu, the other sees it on the game page, joins, and both players'
 * menus list both. Its own server: netplay is switched on in its config.yml.
 */
const port = Number(process.env.E2E_NETPLAY_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 59);
const baseURL = ownServerUrl(port);
const FRIEND = { username: 'friend', password: 'friend-pass-42' };
const NES_NAME = 'Netplay Pattern (World).nes';

let server: OwnServer | undefined;
let romId = 0;

test.use({ baseURL });

test.beforeAll(async () => {
  server = await startOwnServer('netplay', port);
  const configFile = path.join(server.dataDir, 'config', 'config.yml');
  fs.mkdirSync(path.dirname(configFile), { recursive: true });
  fs.writeFileSync(configFile, 'emulatorjs:\n  netplay:\n    enabled: true\n');
  const romsDir = path.join(server.dataDir, 'library', 'roms', 'nes');
  fs.mkdirSync(romsDir, { recursive: true });
  fs.writeFileSync(path.join(romsDir, NES_NAME), makeTestNes());

  const api = await request.newContext({ baseURL });
  expect((await api.post('/api/users', { data: { ...ADMIN, role: 'admin' } })).status()).toBe(201);
  const basic = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
  const friend = await api.post('/api/users', {
    headers: { authorization: basic },
    data: { ...FRIEND, role: 'viewer' },
  });
  expect(friend.status()).toBe(201);
  await api.dispose();
});

test.afterAll(() => {
  server?.stop();
});

/** A page of its own browser context, signed in (through the API) as `username`. */
async function signedInPage(browser: Browser, username: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies(await signIn(baseURL, username, password));
  // As in play.spec.ts: routing keeps Chromium's HTTP cache off, which the NES core needs here.
  await context.route('https://cdn.emulatorjs.org/**', (route) => route.abort());
  return context.newPage();
}

async function startGame(page: Page): Promise<void> {
  await page.getByTestId('play-start').click();
  await expect(page.getByTestId('player-game')).toHaveAttribute('data-started', 'true', {
    timeout: 60_000,
  });
}

/** The player table of EmulatorJS's Netplay menu (its second table; the first lists rooms). */
const playersTable = (page: Page) => page.locator('#game .ejs_netplay_table').nth(1);

test('a room opened in EmulatorJS is joined from the game page; both players see each other', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await signedInPage(browser, ADMIN.username, ADMIN.password);

  await test.step('the admin scans the NES program', async () => {
    await scanLibrary(baseURL, await owner.context().cookies());
    const list = (await (await owner.request.get('/api/roms')).json()) as {
      items: { id: number; fs_name: string }[];
    };
    romId = list.items.find((item) => item.fs_name === NES_NAME)?.id ?? 0;
    expect(romId).toBeGreaterThan(0);
  });

  await test.step('the admin opens a room from the Netplay button, named after the account', async () => {
    await owner.goto(`/rom/${String(romId)}/ejs`);
    await startGame(owner);
    // EmulatorJS's own Netplay button: shown (its menu bar fades in and out with the pointer).
    const netplayButton = owner.locator('#game .ejs_menu_button', { hasText: 'Netplay' });
    expect(await netplayButton.evaluate((button) => (button as HTMLElement).style.display)).toBe(
      '',
    );
    await netplayButton.dispatchEvent('click');
    // No name prompt: the player name is the username.
    await expect(owner.locator('#game .ejs_netplay_name_heading')).toHaveCount(0);
    await owner.locator('#game a', { hasText: 'Create a Room' }).click();
    await owner.locator('#game .ejs_netplay_header input').first().fill('Evening match');
    await owner.locator('#game .ejs_popup_submit', { hasText: 'Submit' }).click();
    await expect(playersTable(owner)).toContainText(ADMIN.username);
  });

  const guest = await signedInPage(browser, FRIEND.username, FRIEND.password);
  await test.step('the friend sees the room on the game page and joins it', async () => {
    await guest.goto(`/rom/${String(romId)}`);
    const room = guest.getByTestId('rom-netplay-room');
    await expect(room).toContainText('Evening match');
    await expect(room).toContainText('1/2 players');
    // The game page with its rooms keeps axe-core's rules.
    expect(await axeFindings(guest)).toEqual([]);
    await room.getByRole('link', { name: `Join ${ADMIN.username}'s room` }).click();
    await expect(guest).toHaveURL(new RegExp(`/rom/${String(romId)}/ejs\\?netplay=`));
    await expect(guest.getByTestId('player-netplay-join')).toContainText(
      `You will join ${ADMIN.username}'s room once the game starts.`,
    );
    await startGame(guest);
  });

  await test.step('both pages list both players', async () => {
    for (const page of [guest, owner]) {
      await expect(playersTable(page)).toContainText(ADMIN.username);
      await expect(playersTable(page)).toContainText(FRIEND.username);
      await expect(playersTable(page).locator('tbody tr')).toHaveCount(2);
    }
    const list = await guest.request.get(`/api/netplay/list?game_id=${String(romId)}`);
    // Full (2 of 2): no longer offered.
    expect(await list.json()).toEqual({});
  });
});
