import type { Device } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { bearer, seedRoles } from '../../../test/accounts.js';
import type { TestUser } from '../../../test/accounts.js';
import { basic, buildTestApp } from '../../../test/build-test-app.js';
import { handheldToken } from '../../../test/handheld.js';

const as = (user: TestUser) => ({ authorization: basic(user.username, user.password) });

async function setup() {
  const clock = { now: Date.parse('2026-11-26T08:00:00.000Z') };
  const built = await buildTestApp({ container: { clock: () => clock.now } });
  const users = await seedRoles(built.app);
  return { ...built, clock, ...users };
}

const RG35XX = {
  name: 'RG35XX',
  platform: 'muos',
  client: 'grout',
  client_version: '1.4.0',
  hostname: 'rg35xx',
  mac_address: 'aa:bb:cc:dd:ee:ff',
};

describe('/api/devices', () => {
  it('registers a device once per fingerprint, lists it with last seen, renames and removes it', async () => {
    const { app, clock, viewer } = await setup();
    const token = await handheldToken(app, viewer);
    const headers = { authorization: bearer(token) };

    const first = await app.inject({
      method: 'POST',
      url: '/api/devices',
      headers,
      payload: RG35XX,
    });
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json<{ device_id: string; name: string; created_at: string }>();
    expect(created).toEqual({
      device_id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      name: 'RG35XX',
      created_at: '2026-11-26T08:00:00.000+00:00',
    });

    clock.now += 60_000;
    // The same MAC address is the same device: answered again (200), seen now.
    const again = await app.inject({
      method: 'POST',
      url: '/api/devices',
      headers,
      payload: RG35XX,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ device_id: string }>().device_id).toBe(created.device_id);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/devices',
      headers,
      payload: { ...RG35XX, allow_existing: false },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toContain(created.device_id);
    const duplicate = await app.inject({
      method: 'POST',
      url: '/api/devices',
      headers,
      payload: { ...RG35XX, allow_duplicate: true, name: 'Second' },
    });
    expect(duplicate.statusCode).toBe(201);
    const secondId = duplicate.json<{ device_id: string }>().device_id;
    expect(secondId).not.toBe(created.device_id);

    const list = await app.inject({ method: 'GET', url: '/api/devices', headers: as(viewer) });
    expect(
      list.json<Device[]>().map((device) => [device.id, device.name, device.last_seen]),
    ).toEqual([
      [created.device_id, 'RG35XX', '2026-11-26T08:01:00.000+00:00'],
      [secondId, 'Second', '2026-11-26T08:01:00.000+00:00'],
    ]);
    expect(list.json<Device[]>()[0]).toMatchObject({
      user_id: viewer.id,
      platform: 'muos',
      client: 'grout',
      client_version: '1.4.0',
      sync_mode: 'api',
      sync_enabled: true,
    });

    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/devices/${created.device_id}`,
      headers: as(viewer),
      payload: { name: 'Living-room handheld' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<Device>()).toMatchObject({
      name: 'Living-room handheld',
      platform: 'muos',
    });

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/devices/${secondId}`,
      headers: as(viewer),
    });
    expect(removed.statusCode).toBe(204);
    const after = await app.inject({ method: 'GET', url: '/api/devices', headers: as(viewer) });
    expect(after.json<Device[]>().map((device) => device.name)).toEqual(['Living-room handheld']);
  });

  it("keeps every user's devices to themselves (404) and masks secrets of sync_config", async () => {
    const { app, viewer, editor } = await setup();
    const token = await handheldToken(app, viewer);
    const response = await app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: { authorization: bearer(token) },
      payload: { name: 'Mine', sync_config: { ssh_password: 'hunter2', ssh_host: 'nas' } },
    });
    const id = response.json<{ device_id: string }>().device_id;
    const own = await app.inject({ method: 'GET', url: `/api/devices/${id}`, headers: as(viewer) });
    expect(own.json<Device>().sync_config).toEqual({ ssh_password: '********', ssh_host: 'nas' });

    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { name: 'Taken' }],
      ['DELETE', undefined],
    ] as const) {
      const other = await app.inject({
        method,
        url: `/api/devices/${id}`,
        headers: as(editor),
        ...(payload === undefined ? {} : { payload }),
      });
      expect(other.statusCode, method).toBe(404);
      expect(other.json()).toEqual({ detail: `Device with ID ${id} not found` });
    }
    const editorsList = await app.inject({
      method: 'GET',
      url: '/api/devices',
      headers: as(editor),
    });
    expect(editorsList.json()).toEqual([]);
    const still = await app.inject({
      method: 'GET',
      url: `/api/devices/${id}`,
      headers: as(viewer),
    });
    expect(still.json<Device>().name).toBe('Mine');
  });

  it('registers the device a person approves through the device flow, under the same id', async () => {
    const { app, viewer } = await setup();
    const init = await app.inject({
      method: 'POST',
      url: '/api/auth/device/init',
      payload: {
        client_device_identifier: 'rg35xx-0001',
        name: 'RG35XX',
        client: 'grout',
        platform: 'muos',
        client_version: '1.4.0',
        requested_scopes: ['devices.read', 'assets.read', 'roms.user.write', 'roms.user.read'],
      },
    });
    const { user_code: userCode, device_code: deviceCode } = init.json<{
      user_code: string;
      device_code: string;
    }>();
    const approved = await app.inject({
      method: 'POST',
      url: '/api/auth/device/approve',
      headers: as(viewer),
      payload: {
        user_code: userCode,
        approved_scopes: ['devices.read', 'roms.user.write', 'roms.user.read'],
      },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const deviceId = approved.json<{ device_id: string }>().device_id;
    const list = await app.inject({ method: 'GET', url: '/api/devices', headers: as(viewer) });
    expect(list.json<Device[]>().map((device) => [device.id, device.name, device.client])).toEqual([
      [deviceId, 'RG35XX', 'grout'],
    ]);

    // The device's token speaks for that device: its play sessions are the device's.
    const polled = await app.inject({
      method: 'POST',
      url: '/api/auth/device/token',
      payload: { device_code: deviceCode },
    });
    const { access_token: token } = polled.json<{ access_token: string }>();
    const reported = await app.inject({
      method: 'POST',
      url: '/api/play-sessions',
      headers: { authorization: bearer(token) },
      payload: {
        sessions: [
          {
            start_time: '2026-11-26T07:00:00Z',
            end_time: '2026-11-26T07:30:00Z',
            duration_ms: 1_800_000,
          },
        ],
      },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const sessions = await app.inject({
      method: 'GET',
      url: '/api/play-sessions',
      headers: as(viewer),
    });
    expect(sessions.json<{ device_id: string }[]>().map((item) => item.device_id)).toEqual([
      deviceId,
    ]);
  });
});
