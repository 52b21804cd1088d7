import type { ClientToken, Device } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { bearer, seedRoles } from '../../../test/accounts.js';
import type { TestUser } from '../../../test/accounts.js';
import { basic, buildTestApp } from '../../../test/build-test-app.js';
import {
  ROMM_CLIENT_TOKEN,
  ROMM_CLIENT_TOKEN_ADMIN,
  ROMM_CLIENT_TOKEN_CREATED,
  ROMM_CLIENT_TOKEN_PAIR,
  ROMM_DEVICE,
  ROMM_DEVICE_TOKEN,
} from '../../../test/romm-models.js';
import { expectRommShape } from '../../../test/romm-shape.js';

const as = (user: TestUser) => ({ authorization: basic(user.username, user.password) });

/** Runs RomM's device flow for `user` to its end: the device's token and id. */
async function pairThroughDeviceFlow(app: FastifyInstance, user: TestUser) {
  const init = await app.inject({
    method: 'POST',
    url: '/api/auth/device/init',
    payload: {
      client_device_identifier: 'rg35xx-0001',
      name: 'RG35XX',
      client: 'grout',
      platform: 'muos',
      client_version: '1.4.0',
      requested_scopes: ['me.read', 'devices.read', 'devices.write'],
    },
  });
  const { device_code, user_code } = init.json<{ device_code: string; user_code: string }>();
  const approved = await app.inject({
    method: 'POST',
    url: '/api/auth/device/approve',
    headers: as(user),
    payload: { user_code, approved_scopes: ['me.read', 'devices.read', 'devices.write'] },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  const token = await app.inject({
    method: 'POST',
    url: '/api/auth/device/token',
    payload: { device_code },
  });
  expect(token.statusCode, token.body).toBe(200);
  expectRommShape(token.json(), ROMM_DEVICE_TOKEN, 'POST /api/auth/device/token');
  return token.json<{ access_token: string; device_id: string }>();
}

describe('client tokens and devices carry RomM 5 fields, names, types and nullability', () => {
  it("a token made by hand has no device; one from the device flow names its device, and the device the app's own id", async () => {
    const { app } = await buildTestApp();
    const { viewer, admin } = await seedRoles(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/client-tokens',
      headers: as(viewer),
      payload: { name: 'Playnite', scopes: ['roms.read'], expires_in: 'never' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expectRommShape(created.json(), ROMM_CLIENT_TOKEN_CREATED, 'POST /api/client-tokens');
    expect(created.json<ClientToken>().device_id).toBeNull();
    const pair = await app.inject({
      method: 'POST',
      url: `/api/client-tokens/${created.json<ClientToken>().id}/pair`,
      headers: as(viewer),
    });
    expectRommShape(pair.json(), ROMM_CLIENT_TOKEN_PAIR, 'POST /api/client-tokens/{id}/pair');
    const exchanged = await app.inject({
      method: 'POST',
      url: '/api/client-tokens/exchange',
      payload: { code: pair.json<{ code: string }>().code },
    });
    expectRommShape(
      exchanged.json(),
      ROMM_CLIENT_TOKEN_CREATED,
      'POST /api/client-tokens/exchange',
    );

    const paired = await pairThroughDeviceFlow(app, viewer);
    const tokens = (await app.inject({ url: '/api/client-tokens', headers: as(viewer) })).json<
      ClientToken[]
    >();
    for (const token of tokens) expectRommShape(token, ROMM_CLIENT_TOKEN, `token ${token.name}`);
    expect(tokens.map((token) => [token.name, token.device_id])).toEqual([
      ['Playnite', null],
      ['RG35XX', paired.device_id],
    ]);
    const everyone = await app.inject({ url: '/api/client-tokens/all', headers: as(admin) });
    for (const token of everyone.json<ClientToken[]>()) {
      expectRommShape(token, ROMM_CLIENT_TOKEN_ADMIN, `admin token ${token.name}`);
    }

    const headers = { authorization: bearer(paired.access_token) };
    const registered = await app.inject({
      method: 'POST',
      url: '/api/devices',
      headers,
      payload: { name: 'Desk PC', platform: 'windows', client: 'playnite', hostname: 'desk' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const devices = (await app.inject({ url: '/api/devices', headers })).json<Device[]>();
    for (const device of devices) expectRommShape(device, ROMM_DEVICE, `device ${device.name}`);
    expect(devices.map((device) => [device.name, device.client_device_identifier])).toEqual([
      ['RG35XX', 'rg35xx-0001'],
      ['Desk PC', null],
    ]);
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/devices/${paired.device_id}`,
      headers,
      payload: { name: 'Living-room handheld' },
    });
    expectRommShape(renamed.json(), ROMM_DEVICE, 'PUT /api/devices/{id}');
    expect(renamed.json<Device>()).toMatchObject({
      name: 'Living-room handheld',
      client_device_identifier: 'rg35xx-0001',
    });
    const one = await app.inject({ url: `/api/devices/${paired.device_id}`, headers });
    expectRommShape(one.json(), ROMM_DEVICE, 'GET /api/devices/{id}');
  });
});
