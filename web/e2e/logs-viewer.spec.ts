import fs from 'node:fs';
import path from 'node:path';

import { expect, request, test } from '@playwright/test';

import { ADMIN } from './fixtures/admin.js';
import { scanLibrary, signIn } from './fixtures/api-setup.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';

/* The logs viewer shows a scan's lines as the server writes them (its own server: LOG_LEVEL=info). */
const port = Number(process.env.E2E_PORT ?? 3790) + 77;
const baseURL = ownServerUrl(port);

let server: OwnServer | undefined;

test.use({ baseURL });

test.beforeAll(async () => {
  server = await startOwnServer('logs', port, { LOG_LEVEL: 'info' });
  const nesDir = path.join(server.dataDir, 'library', 'roms', 'nes');
  fs.mkdirSync(nesDir, { recursive: true });
  fs.writeFileSync(path.join(nesDir, 'Log Runner (USA).nes'), Buffer.alloc(1024, 3));
  const api = await request.newContext({ baseURL });
  expect((await api.post('/api/users', { data: ADMIN })).status()).toBe(201);
  await api.dispose();
});

test.afterAll(() => {
  server?.stop();
});

test("an admin watches a scan's lines arrive live, filters them and pauses", async ({
  page,
  context,
}) => {
  const session = await signIn(baseURL, ADMIN.username, ADMIN.password);
  await context.addCookies(session);
  // socket.io's CONNECT packet ("40"): from then on the server streams log lines to the page.
  const socketConnected = new Promise<void>((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).startsWith('40')) resolve();
      }),
    );
  });
  await page.goto('/');
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-logs').click();
  await expect(page).toHaveURL(/\/administration\/logs$/);
  await expect(page.getByTestId('page-heading')).toHaveText('Server logs');
  const lines = page.getByTestId('log-line');

  // The scan is started elsewhere (as from the Scan page), once this page hears the server.
  await socketConnected;
  await scanLibrary(baseURL, session);

  await expect(
    lines.filter({ hasText: 'scanning Nintendo Entertainment System (nes)' }),
  ).toHaveCount(1);
  await expect(lines.filter({ hasText: 'scan finished' })).toHaveCount(1);
  await expect(lines.filter({ hasText: 'scan finished' })).toContainText('[scan]');

  await page.getByTestId('log-filter').fill('finished');
  await expect(lines).toHaveCount(1);
  await expect(page.getByTestId('log-copy')).toBeEnabled();

  await page.getByTestId('log-pause').click();
  await expect(page.getByTestId('log-pause')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('log-pause')).toHaveText('Resume (+0)');
  await page.getByTestId('log-pause').click();
  await expect(page.getByTestId('log-pause')).toHaveText('Pause');
});
