import fs from 'node:fs';
import path from 'node:path';

import { expect, request, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';

import { ADMIN } from './fixtures/admin.js';
import { readyAsAdmin } from './fixtures/api-setup.js';
import { makeTestNes } from './fixtures/make-test-nes.mjs';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';

/*
 * Saves everywhere (#37): a RetroArch-style WebDAV client uploads a save of the NES test game;
 * the browser player starts from it; the state the browser saves is downloaded by the WebDAV
 * client; a different save from a second RetroArch is kept as a second version. Own server:
 * the shared one must meet the setup wizard in first-run.spec.ts.
 */
const port = Number(process.env.E2E_PORT ?? 3790) + 81;
const baseURL = ownServerUrl(port);
const NES_NAME = 'Shelf Test Pattern (World).nes';
const STEM = 'Shelf Test Pattern (World)';
const HANDHELD_SAVE = Buffer.alloc(8192, 0x5a);
const DESKTOP_SAVE = Buffer.alloc(8192, 0x3c);

let server: OwnServer | undefined;

test.use({ baseURL });

test.beforeAll(async () => {
  server = await startOwnServer('retroarch-sync', port);
  const nesDir = path.join(server.dataDir, 'library', 'roms', 'nes');
  fs.mkdirSync(nesDir, { recursive: true });
  fs.writeFileSync(path.join(nesDir, NES_NAME), makeTestNes());
});

test.afterAll(() => {
  server?.stop();
});

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/** A RetroArch device: its cloud sync speaks WebDAV with the username and a client token. */
function retroArch(token: string) {
  const authorization = basic(ADMIN.username, token);
  const url = (relPath: string) =>
    `${baseURL}/dav/${ADMIN.username}/${relPath.split('/').map(encodeURIComponent).join('/')}`;
  return {
    async upload(relPath: string, bytes: Buffer) {
      const made = await fetch(url(`${relPath.split('/')[0] ?? ''}/`), {
        method: 'MKCOL',
        headers: { authorization },
      });
      await made.arrayBuffer();
      expect([201, 405]).toContain(made.status);
      const response = await fetch(url(relPath), {
        method: 'PUT',
        headers: { authorization },
        body: new Uint8Array(bytes),
      });
      await response.arrayBuffer();
      expect([201, 204]).toContain(response.status);
    },
    async download(relPath: string) {
      const response = await fetch(url(relPath), { headers: { authorization } });
      expect(response.status, relPath).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}

async function newToken(api: APIRequestContext, name: string): Promise<string> {
  const response = await api.post('/api/client-tokens', {
    data: { name, scopes: ['assets.read', 'assets.write'] },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { raw_token: string }).raw_token;
}

async function bytesOf(api: APIRequestContext, downloadPath: string): Promise<Buffer> {
  const response = await api.get(downloadPath);
  expect(response.ok()).toBe(true);
  return response.body();
}

test('a RetroArch save continues in the browser, and back, keeping both versions', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await readyAsAdmin(baseURL, page.context());
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: basic(ADMIN.username, ADMIN.password) },
  });
  const listed = await api.get('/api/roms', { params: { search_term: STEM } });
  const { items } = (await listed.json()) as { items: { id: number; fs_name: string }[] };
  const romId = items.find((item) => item.fs_name === NES_NAME)?.id ?? 0;
  expect(romId).toBeGreaterThan(0);
  const savesOf = async (query: Record<string, string | number> = {}) => {
    const response = await api.get('/api/saves', { params: { rom_id: romId, ...query } });
    return (await response.json()) as { id: number; download_path: string }[];
  };

  const handheld = retroArch(await newToken(api, 'RetroArch handheld'));
  await test.step("the handheld uploads its save: it becomes the game's save", async () => {
    await handheld.upload(`saves/${STEM}.srm`, HANDHELD_SAVE);
    const saves = await savesOf();
    expect(saves).toHaveLength(1);
    expect((await bytesOf(api, saves[0]?.download_path ?? '')).equals(HANDHELD_SAVE)).toBe(true);
  });

  await test.step('the browser player starts from that save', async () => {
    const [save] = await savesOf();
    await page.route('https://cdn.emulatorjs.org/**', (route) => route.abort());
    await page.goto(`/rom/${String(romId)}/ejs`);
    const downloaded = page.waitForResponse(
      (response) =>
        response.url().includes(`/api/saves/${String(save?.id)}/content`) && response.ok(),
    );
    await page.getByTestId('play-start').click();
    await downloaded;
    await expect(page.getByTestId('player-game')).toHaveAttribute('data-started', 'true', {
      timeout: 60_000,
    });
  });

  await test.step('the state the browser saves is downloaded by RetroArch', async () => {
    const uploaded = page.waitForResponse(
      (response) =>
        response.url().includes('/api/states?') && response.request().method() === 'POST',
    );
    await page.getByTestId('player-save-quit').click();
    const state = (await (await uploaded).json()) as { download_path: string };
    await expect(page).toHaveURL(new RegExp(`/rom/${String(romId)}$`));
    const fromBrowser = await bytesOf(api, state.download_path);
    expect((await handheld.download(`states/${STEM}.state`)).equals(fromBrowser)).toBe(true);
    // RetroArch's next sync fetches what manifest.server lists with a new hash.
    expect((await handheld.download('manifest.server')).toString()).toContain(
      `states/${STEM}.state`,
    );
  });

  await test.step('a different save from a second RetroArch is kept as a second version', async () => {
    const desktop = retroArch(await newToken(api, 'RetroArch desktop'));
    await desktop.upload(`saves/${STEM}.srm`, DESKTOP_SAVE);
    const versions = await savesOf({ slot: 'RetroArch' });
    expect(versions).toHaveLength(2);
    const contents = await Promise.all(versions.map((save) => bytesOf(api, save.download_path)));
    expect(contents.map((bytes) => bytes[0])).toEqual([0x3c, 0x5a]);
  });
  await api.dispose();
});
