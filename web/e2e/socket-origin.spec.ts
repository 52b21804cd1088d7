import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { expect, request, test } from '@playwright/test';

import { ADMIN as admin } from './fixtures/admin.js';
import { signIn } from './fixtures/api-setup.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';

/*
 * Cross-site socket connections. A page served from another origin (here another port of the
 * same host, which shares the cookie jar) opens the socket with the signed-in user's cookie and
 * tries to start a scan: the handshake must be refused, while the app on its own origin still
 * scans and receives the scan events.
 */
const e2ePort = Number(process.env.E2E_PORT ?? 3790);
const port = Number(process.env.E2E_SOCKET_ORIGIN_PORT ?? e2ePort + 13);
const otherPort = port + 1;
const baseURL = ownServerUrl(port);
const otherOrigin = `http://127.0.0.1:${String(otherPort)}`;

/** socket.io's browser client, as a third-party page would load it. */
const socketClient = fs.readFileSync(
  path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../node_modules/socket.io-client/dist/socket.io.min.js',
  ),
);

/** The other site's page: connects to RomShelf's socket and asks for a scan of everything. */
const attackPage = `<!doctype html><html><head><title>elsewhere</title>
<script src="/socket.io.min.js"></script></head><body><script>
  window.outcome = null;
  const socket = io(${JSON.stringify(baseURL)}, {
    path: '/ws/socket.io/', transports: ['websocket'], withCredentials: true, reconnection: false,
  });
  socket.on('connect', () => {
    window.outcome = 'connected';
    socket.emit('scan', { platforms: [], type: 'quick', apis: [] });
  });
  socket.on('connect_error', (error) => { window.outcome = 'refused: ' + error.message; });
</script></body></html>`;

let server: OwnServer | undefined;
let otherSite: http.Server | undefined;

test.use({ baseURL });

test.beforeAll(async () => {
  server = await startOwnServer('socket-origin', port);
  fs.mkdirSync(path.join(server.dataDir, 'library', 'roms', 'nes'), { recursive: true });
  fs.writeFileSync(
    path.join(server.dataDir, 'library', 'roms', 'nes', 'Socket Test (USA).nes'),
    Buffer.alloc(4096, 7),
  );
  const api = await request.newContext({ baseURL });
  const created = await api.post('/api/users', { data: { ...admin, role: 'admin' } });
  expect(created.status()).toBe(201);
  await api.dispose();

  otherSite = http.createServer((req, res) => {
    if (req.url === '/socket.io.min.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(socketClient);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end(attackPage);
  });
  await new Promise<void>((resolve) => otherSite?.listen(otherPort, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  server?.stop();
  await new Promise((resolve) => otherSite?.close(resolve));
});

test('a page on another origin cannot open the socket with the user cookie; the app still scans', async ({
  page,
  context,
}) => {
  await context.addCookies(await signIn(baseURL, admin.username, admin.password));
  await page.goto('/');

  await test.step('the other origin is refused although the browser sends the cookie', async () => {
    const elsewhere = await context.newPage();
    await elsewhere.goto(`${otherOrigin}/`);
    await expect
      .poll(() => elsewhere.evaluate(() => (window as unknown as { outcome: unknown }).outcome))
      .toMatch(/^refused: /);
    await elsewhere.close();
    const platforms = await page.request.get('/api/platforms');
    expect(platforms.status()).toBe(200);
    expect(await platforms.json()).toEqual([]);
  });

  await test.step('the app on its own origin scans and gets the scan events', async () => {
    await page.getByTestId('nav-scan').click();
    await expect(page).toHaveURL(/\/scan$/);
    await page.getByTestId('scan-type-quick').click();
    await page.getByTestId('scan-start').click();
    await expect(page.getByTestId('scan-done')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('scan-log-nes').getByTestId('scan-log-count')).toHaveText(
      '1 game',
    );
  });
});
