import fs from 'node:fs';
import path from 'node:path';

import { expect, request, test } from '@playwright/test';

import { ADMIN, signInAsAdmin } from './fixtures/admin.js';
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
  await signInAsAdmin(page);
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-logs').click();
  await expect(page).toHaveURL(/\/administration\/logs$/);
  await expect(page.getByTestId('page-heading')).toHaveText('Server logs');
  const lines = page.getByTestId('log-line');

  const scanner = await context.newPage();
  await scanner.goto('/scan');
  await scanner.getByTestId('scan-type-quick').click();
  await scanner.getByTestId('scan-start').click();
  await expect(scanner.getByTestId('scan-done')).toBeVisible({ timeout: 60_000 });
  await scanner.close();

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
