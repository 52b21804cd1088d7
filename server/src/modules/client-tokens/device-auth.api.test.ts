import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { bearer, seedRoles } from '../../../test/accounts.js';
import type { TestUser } from '../../../test/accounts.js';
import { basic, buildTestApp } from '../../../test/build-test-app.js';

async function setup() {
  const clock = { now: Date.parse('2026-11-26T08:00:00Z') };
  const built = await buildTestApp({ container: { clock: () => clock.now } });
  const users = await seedRoles(built.app);
  return { ...built, clock, ...users };
}

const as = (user: TestUser) => ({ authorization: basic(user.username, user.password) });

const HANDHELD = {
  client_device_identifier: 'rg35xx-0001',
  name: 'RG35XX',
  client: 'grout',
  platform: 'muos',
  client_version: '1.4.0',
  requested_scopes: ['me.read', 'roms.read', 'assets.write', 'platforms.write'],
};

interface Init {
  device_code: string;
  user_code: string;
}

async function init(app: FastifyInstance, body: Record<string, unknown> = HANDHELD) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/device/init',
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Init>();
}

const poll = (app: FastifyInstance, deviceCode: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/device/token',
    payload: { device_code: deviceCode },
  });

describe('device authorisation flow', () => {
  it('hands a device a token once a person approves it, with the scopes they chose', async () => {
    const { app, clock, viewer } = await setup();
    const started = await app.inject({
      method: 'POST',
      url: '/api/auth/device/init',
      payload: HANDHELD,
    });
    const body = started.json<Init & Record<string, unknown>>();
    expect(body).toEqual({
      device_code: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
      user_code: expect.stringMatching(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/) as string,
      verification_path: '/pair/device',
      verification_path_complete: `/pair/device?user_code=${body.user_code}`,
      expires_in: 600,
      interval: 5,
    });

    const waiting = await poll(app, body.device_code);
    expect(waiting.statusCode).toBe(400);
    expect(waiting.json()).toEqual({ detail: 'authorization_pending' });
    const tooFast = await poll(app, body.device_code);
    expect(tooFast.json()).toEqual({ detail: 'slow_down' });

    const pending = await app.inject({
      url: `/api/auth/device/pending/${body.user_code.toLowerCase()}`,
      headers: as(viewer),
    });
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual({
      client_device_identifier: 'rg35xx-0001',
      name: 'RG35XX',
      client: 'grout',
      platform: 'muos',
      client_version: '1.4.0',
      requested_scopes: ['assets.write', 'me.read', 'platforms.write', 'roms.read'],
      allowed_scopes: ['assets.write', 'me.read', 'roms.read'],
      expires_at: '2026-11-26T08:10:00.000+00:00',
    });

    const beyond = await app.inject({
      method: 'POST',
      url: '/api/auth/device/approve',
      headers: as(viewer),
      payload: { user_code: body.user_code, approved_scopes: ['roms.read', 'platforms.write'] },
    });
    expect(beyond.statusCode).toBe(403);
    const approved = await app.inject({
      method: 'POST',
      url: '/api/auth/device/approve',
      headers: as(viewer),
      payload: {
        user_code: body.user_code,
        approved_scopes: ['me.read', 'roms.read'],
        device_name: 'Living-room handheld',
        expires_in: '90d',
      },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const { device_id } = approved.json<{ device_id: string }>();
    expect(approved.json()).toEqual({
      device_id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      device_name: 'Living-room handheld',
    });
    const reused = await app.inject({
      url: `/api/auth/device/pending/${body.user_code}`,
      headers: as(viewer),
    });
    expect(reused.statusCode).toBe(404);

    clock.now += 5_000;
    const issued = await poll(app, body.device_code);
    expect(issued.statusCode).toBe(200);
    const token = issued.json<{ access_token: string }>();
    expect(issued.json()).toEqual({
      access_token: expect.stringMatching(/^rmm_[0-9a-f]{64}$/) as string,
      device_id,
      scopes: ['me.read', 'roms.read'],
      expires_at: '2027-02-24T08:00:00.000+00:00',
    });
    const me = await app.inject({
      url: '/api/users/me',
      headers: { authorization: bearer(token.access_token) },
    });
    expect(me.json()).toMatchObject({ username: 'viewer', oauth_scopes: ['me.read', 'roms.read'] });
    const listed = await app.inject({ url: '/api/client-tokens', headers: as(viewer) });
    expect(listed.json()).toEqual([
      expect.objectContaining({ name: 'Living-room handheld', scopes: ['me.read', 'roms.read'] }),
    ]);

    const second = await poll(app, body.device_code);
    expect(second.json()).toEqual({ detail: 'expired_token' });

    // The same handheld paired again keeps its device id.
    const again = await init(app);
    const reapproved = await app.inject({
      method: 'POST',
      url: '/api/auth/device/approve',
      headers: as(viewer),
      payload: { user_code: again.user_code, approved_scopes: ['me.read'] },
    });
    expect(reapproved.json()).toEqual({ device_id, device_name: 'RG35XX' });
  });

  it('tells the device when a person denies it', async () => {
    const { app, viewer } = await setup();
    const started = await init(app);
    const denied = await app.inject({
      method: 'POST',
      url: '/api/auth/device/deny',
      headers: as(viewer),
      payload: { user_code: started.user_code },
    });
    expect(denied.statusCode).toBe(200);
    const answer = await poll(app, started.device_code);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ detail: 'access_denied' });
    const approveLater = await app.inject({
      method: 'POST',
      url: '/api/auth/device/approve',
      headers: as(viewer),
      payload: { user_code: started.user_code, approved_scopes: ['me.read'] },
    });
    expect(approveLater.statusCode).toBe(404);
  });

  it('forgets a request nobody approved within ten minutes', async () => {
    const { app, clock, viewer } = await setup();
    const started = await init(app);
    clock.now += 600_000;
    expect((await poll(app, started.device_code)).json()).toEqual({ detail: 'expired_token' });
    const pending = await app.inject({
      url: `/api/auth/device/pending/${started.user_code}`,
      headers: as(viewer),
    });
    expect(pending.statusCode).toBe(404);
    expect(pending.json()).toEqual({ detail: 'Unknown or expired code' });
  });

  it('needs a signed-in person to approve, checks requests, and rate-limits starts', async () => {
    const { app, clock } = await setup();
    const started = await init(app);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/auth/device/approve',
      payload: { user_code: started.user_code, approved_scopes: ['me.read'] },
    });
    expect(anonymous.statusCode).toBe(401);
    const unknownScope = await app.inject({
      method: 'POST',
      url: '/api/auth/device/init',
      payload: { ...HANDHELD, requested_scopes: ['everything'] },
    });
    expect(unknownScope.statusCode).toBe(422);

    clock.now += 60_000;
    for (let attempt = 0; attempt < 10; attempt += 1) await init(app);
    const limited = await app.inject({
      method: 'POST',
      url: '/api/auth/device/init',
      payload: HANDHELD,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: 'Too many authorize attempts. Try again later.' });
  });
});
