import fs from 'node:fs';
import path from 'node:path';

import { expect, request, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';

import { ADMIN } from './fixtures/admin.js';
import { readyAsAdmin } from './fixtures/api-setup.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';

/*
 * Hiding: the administrator makes a "Kids" group (a viewer's grants), puts a kid in it the way
 * RomM's client does (`role: "user"` with the group), hides a platform and a game from the group
 * with "Hide from…"; the kid finds neither (galleries, direct links), and the game
 * comes back on the kid's open page, live, when the administrator shows it again. Own server:
 * the shared one must meet the setup wizard in first-run.spec.ts.
 */
const port = Number(process.env.E2E_HIDDEN_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 73);
const baseURL = ownServerUrl(port);
const KID = { username: 'kiddo', password: 'kiddo-pass-42', email: 'kid@example.com' };
const FILES = {
  'roms/nes/Alpha Quest (USA).nes': 'alpha',
  'roms/nes/Beta Run (USA).nes': 'beta',
  'roms/gb/Gamma Land (World).gb': 'gamma',
};

let server: OwnServer | undefined;

test.use({ baseURL });

test.beforeAll(async () => {
  server = await startOwnServer('hidden-items', port);
  for (const [file, content] of Object.entries(FILES)) {
    const target = path.join(server.dataDir, 'library', file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
  }
});

test.afterAll(() => {
  server?.stop();
});

async function libraryIds(api: APIRequestContext) {
  const platforms = (await (await api.get('/api/platforms')).json()) as {
    id: number;
    fs_slug: string;
  }[];
  const roms = (await (await api.get('/api/roms')).json()) as {
    items: { id: number; fs_name: string }[];
  };
  const platform = (slug: string) => platforms.find((item) => item.fs_slug === slug)?.id ?? 0;
  const rom = (name: string) => roms.items.find((item) => item.fs_name === name)?.id ?? 0;
  return { nes: platform('nes'), gb: platform('gb'), alpha: rom('Alpha Quest (USA).nes') };
}

test('a platform and a game hidden from a kid are nowhere for them, and come back live', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await readyAsAdmin(baseURL, page.context());
  const admin = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { authorization: admin } });
  const kids = await kidsGroup(api);
  const kidAccount = { ...KID, role: 'user', permission_group_id: kids };
  expect((await api.post('/api/users', { data: kidAccount })).status()).toBe(201);
  const ids = await libraryIds(api);

  // The Game Boy platform, hidden from the Kids group, from its info drawer.
  await page.goto(`/platform/${String(ids.gb)}`);
  await page.getByTestId('platform-info-button').click();
  await page.getByTestId('platform-hide-from').click();
  await page.getByTestId('hide-from-group-Kids').click();
  await expect(page.getByTestId('hide-from-group-Kids')).toBeChecked();
  await page.getByTestId('hide-from-done').click();
  await expect(page.getByTestId('platform-info').getByTestId('hidden-mark')).toHaveText(
    'Hidden from Kids',
  );

  // Alpha Quest, hidden from the Kids group too, from its card's ⋮ menu.
  await page.goto(`/platform/${String(ids.nes)}`);
  const card = page.getByTestId('rom-card-wrap').filter({ hasText: 'Alpha Quest' });
  await card.hover();
  await card.getByTestId('rom-menu').click();
  await page.getByTestId('rom-menu-hide-from').click();
  await page.getByTestId('hide-from-group-Kids').click();
  await expect(page.getByTestId('hide-from-group-Kids')).toBeChecked();
  await page.getByTestId('hide-from-done').click();
  await page.goto(`/rom/${String(ids.alpha)}`);
  await expect(page.getByTestId('hidden-mark')).toHaveText('Hidden from Kids');

  const kid = await (await browser.newContext({ baseURL })).newPage();
  await kid.goto('/login');
  await kid.getByTestId('login-username').fill(KID.username);
  await kid.getByTestId('login-password').fill(KID.password);
  await kid.getByTestId('login-submit').click();
  await expect(kid).toHaveURL(/\/$/);
  await kid.goto(`/rom/${String(ids.alpha)}`);
  await expect(kid.getByTestId('rom-not-found')).toBeVisible();
  await kid.goto(`/platform/${String(ids.gb)}`);
  await expect(kid.getByTestId('platform-not-found')).toBeVisible();
  // socket.io's CONNECT packet ("40") on this page's socket: from then on it hears the server's
  // changes. The previous page's socket may still connect while this page loads: only a
  // socket opened once the gallery's page is in counts.
  const nesUrl = `/platform/${String(ids.nes)}`;
  let onNesPage = false;
  kid.on('framenavigated', (frame) => {
    if (frame === kid.mainFrame()) onNesPage = new URL(frame.url()).pathname === nesUrl;
  });
  const kidListens = new Promise<void>((resolve) => {
    kid.on('websocket', (socket) => {
      if (!onNesPage) return;
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).startsWith('40')) resolve();
      });
    });
  });
  await kid.goto(nesUrl);
  const titles = kid.getByTestId('rom-card-title');
  await expect(titles).toHaveText(['Beta Run']);
  await kidListens;

  // Shown again while the kid's gallery is open: it updates without a reload.
  const shown = await api.delete('/api/permissions/hidden', {
    data: { entity: 'roms', entity_id: ids.alpha, group_id: kids },
  });
  expect(shown.status()).toBe(204);
  await expect(titles).toHaveText(['Alpha Quest', 'Beta Run']);
  await api.dispose();
  await kid.context().close();
});

/** A "Kids" group granting what the built-in Viewer group grants; its id. */
async function kidsGroup(api: APIRequestContext): Promise<number> {
  const groups = (await (await api.get('/api/permissions/groups')).json()) as {
    system_key: string | null;
    grants: unknown[];
  }[];
  const viewer = groups.find((group) => group.system_key === 'viewer');
  const created = await api.post('/api/permissions/groups', {
    data: { name: 'Kids', grants: viewer?.grants ?? [] },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}
