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
});
