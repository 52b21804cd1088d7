import type { AddressInfo } from 'node:net';

import { describe, expect, it } from 'vitest';

import { buildTestApp, createFirstAdmin, login } from '../../../test/build-test-app.js';

describe('socket.io gateway at /ws/socket.io/', () => {
  it('refuses anonymous handshakes and accepts signed-in ones', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const session = await login(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/ws/socket.io/?EIO=4&transport=polling`;

    const anonymous = await fetch(url);
    expect(anonymous.status).toBe(403);
    await anonymous.body?.cancel();

    const forged = await fetch(url, { headers: { cookie: 'romm_session=forged' } });
    expect(forged.status).toBe(403);
    await forged.body?.cancel();

    const signedIn = await fetch(url, { headers: { cookie: session.cookie } });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.text()).toMatch(/^0\{"sid":"/);
  });

  it('refuses handshakes from pages on other origins, even with the cookie', async () => {
    const { app } = await buildTestApp({
      env: {
        ROMSHELF_BASE_URL: 'https://games.example.com/',
        ROMSHELF_ALLOWED_ORIGINS: 'http://127.0.0.1:9',
      },
    });
    await createFirstAdmin(app);
    const session = await login(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/ws/socket.io/?EIO=4&transport=polling`;
    const handshake = async (origin?: string) => {
      const response = await fetch(url, {
        headers: { cookie: session.cookie, ...(origin === undefined ? {} : { origin }) },
      });
      const body = await response.text();
      return { status: response.status, body };
    };

    for (const origin of [
      `http://127.0.0.1:${port + 1}`,
      `http://localhost:${port}`,
      'https://evil.example.com',
      'null',
    ]) {
      const refused = await handshake(origin);
      expect(refused.status, origin).toBe(403);
      expect(refused.body).toContain('Origin not allowed');
    }
    for (const origin of [
      undefined,
      `http://127.0.0.1:${port}`,
      'https://games.example.com',
      'http://127.0.0.1:9',
    ]) {
      const accepted = await handshake(origin);
      expect(accepted.status, origin).toBe(200);
      expect(accepted.body).toMatch(/^0\{"sid":"/);
    }
  });
});
