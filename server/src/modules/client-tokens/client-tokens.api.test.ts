import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { bearer, seedRoles } from '../../../test/accounts.js';
import type { TestUser } from '../../../test/accounts.js';
import {
  ADMIN_AUTH,
  basic,
  buildTestApp,
  login,
  openTestDatabase,
} from '../../../test/build-test-app.js';

const DAY_MS = 86_400_000;

/** An app whose clock the test moves, with an admin, an editor and a viewer. */
async function setup() {
  const clock = { now: Date.parse('2026-11-26T08:00:00Z') };
  const built = await buildTestApp({ container: { clock: () => clock.now } });
  const users = await seedRoles(built.app);
  return { ...built, clock, ...users };
}

const as = (user: TestUser) => ({ authorization: basic(user.username, user.password) });

interface Created {
  id: number;
  name: string;
  scopes: string[];
  expires_at: string | null;
  last_used_at: string | null;
  created_at: string;
  user_id: number;
  raw_token: string;
}

async function createToken(
  app: FastifyInstance,
  user: TestUser,
  payload: Record<string, unknown>,
): Promise<Created> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/client-tokens',
    headers: as(user),
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Created>();
}

const withToken = (raw: string) => ({ authorization: bearer(raw) });

describe('client API tokens', () => {
  it('are created with a one-time rmm_ secret, stored hashed, listed without it, and used as Bearer', async () => {
    const { app, dataDir, viewer } = await setup();
    const created = await createToken(app, viewer, {
      name: 'Handheld',
      scopes: ['me.read', 'roms.read', 'platforms.read'],
    });
    expect(created).toEqual({
      id: created.id,
      name: 'Handheld',
      scopes: ['me.read', 'roms.read', 'platforms.read'],
      expires_at: null,
      last_used_at: null,
      created_at: '2026-11-26T08:00:00.000+00:00',
      user_id: viewer.id,
      device_id: null,
      raw_token: created.raw_token,
    });
    expect(created.raw_token).toMatch(/^rmm_[0-9a-f]{64}$/);

    const db = await openTestDatabase(dataDir);
    const stored = await db.selectFrom('client_token').select('hashed_token').execute();
    await db.destroy();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.hashed_token).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(created.raw_token.slice(4));

    const me = await app.inject({ url: '/api/users/me', headers: withToken(created.raw_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'viewer', oauth_scopes: created.scopes });
    const platforms = await app.inject({
      url: '/api/platforms',
      headers: withToken(created.raw_token),
    });
    expect(platforms.statusCode).toBe(200);

    const listed = await app.inject({ url: '/api/client-tokens', headers: as(viewer) });
    expect(listed.statusCode).toBe(200);
    const [row] = listed.json<Record<string, unknown>[]>();
    expect(row).not.toHaveProperty('raw_token');
    expect(row).toMatchObject({ id: created.id, last_used_at: '2026-11-26T08:00:00.000+00:00' });
  });

  it('carry only scopes the owner holds, and lose those the owner loses', async () => {
    const { app, viewer, editor } = await setup();
    const tooMuch = await app.inject({
      method: 'POST',
      url: '/api/client-tokens',
      headers: as(viewer),
      payload: { name: 'x', scopes: ['roms.read', 'platforms.write', 'users.write'] },
    });
    expect(tooMuch.statusCode).toBe(403);
    expect(tooMuch.json()).toEqual({
      detail: 'Requested scopes exceed your permissions: platforms.write, users.write',
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/client-tokens',
      headers: as(viewer),
      payload: { name: 'x', scopes: ['roms.destroy'] },
    });
    expect(unknown.statusCode).toBe(422);
    const none = await app.inject({
      method: 'POST',
      url: '/api/client-tokens',
      headers: as(viewer),
      payload: { name: 'x', scopes: [] },
    });
    expect(none.statusCode).toBe(422);

    const readOnly = await createToken(app, viewer, { name: 'me only', scopes: ['me.read'] });
    const blocked = await app.inject({
      url: '/api/platforms',
      headers: withToken(readOnly.raw_token),
    });
    expect(blocked.statusCode).toBe(403);
    const writes = await app.inject({
      method: 'POST',
      url: '/api/client-tokens',
      headers: withToken(readOnly.raw_token),
      payload: { name: 'y', scopes: ['me.read'] },
    });
    expect(writes.statusCode).toBe(403);

    const editing = await createToken(app, editor, {
      name: 'scanner',
      scopes: ['platforms.write', 'platforms.read'],
    });
    const demote = await app.inject({
      method: 'PUT',
      url: `/api/users/${editor.id}`,
      headers: { authorization: ADMIN_AUTH },
      payload: { role: 'viewer' },
    });
    expect(demote.statusCode).toBe(200);
    const scan = await app.inject({
      method: 'POST',
      url: '/api/platforms',
      headers: withToken(editing.raw_token),
      payload: { fs_slug: 'gba' },
    });
    expect(scan.statusCode).toBe(403);
    const read = await app.inject({ url: '/api/platforms', headers: withToken(editing.raw_token) });
    expect(read.statusCode).toBe(200);
  });

  it('expire when their lifetime ends', async () => {
    const { app, clock, viewer } = await setup();
    const created = await createToken(app, viewer, {
      name: 'month',
      scopes: ['me.read'],
      expires_in: '30d',
    });
    expect(created.expires_at).toBe('2026-12-26T08:00:00.000+00:00');
    clock.now += 30 * DAY_MS - 1000;
    const before = await app.inject({
      url: '/api/users/me',
      headers: withToken(created.raw_token),
    });
    expect(before.statusCode).toBe(200);
    clock.now += 1000;
    const after = await app.inject({ url: '/api/users/me', headers: withToken(created.raw_token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'Invalid or expired token' });

    const badExpiry = await app.inject({
      method: 'POST',
      url: '/api/client-tokens',
      headers: as(viewer),
      payload: { name: 'x', scopes: ['me.read'], expires_in: '2w' },
    });
    expect(badExpiry.statusCode).toBe(422);
  });

  it('are revoked by their owner or an administrator, and regenerated', async () => {
    const { app, viewer, editor } = await setup();
    const first = await createToken(app, viewer, { name: 'one', scopes: ['me.read'] });
    const second = await createToken(app, viewer, { name: 'two', scopes: ['me.read'] });

    const stranger = await app.inject({
      method: 'DELETE',
      url: `/api/client-tokens/${first.id}`,
      headers: as(editor),
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ detail: 'Token not found' });
    const own = await app.inject({
      method: 'DELETE',
      url: `/api/client-tokens/${first.id}`,
      headers: as(viewer),
    });
    expect(own.statusCode).toBe(200);
    const revoked = await app.inject({ url: '/api/users/me', headers: withToken(first.raw_token) });
    expect(revoked.statusCode).toBe(401);

    const viewerAll = await app.inject({ url: '/api/client-tokens/all', headers: as(viewer) });
    expect(viewerAll.statusCode).toBe(403);
    const all = await app.inject({
      url: '/api/client-tokens/all',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(all.json()).toEqual([
      expect.objectContaining({ id: second.id, username: 'viewer', user_avatar_path: '' }),
    ]);
    const viewerAdminDelete = await app.inject({
      method: 'DELETE',
      url: `/api/client-tokens/${second.id}/admin`,
      headers: as(viewer),
    });
    expect(viewerAdminDelete.statusCode).toBe(403);

    const regenerated = await app.inject({
      method: 'PUT',
      url: `/api/client-tokens/${second.id}/regenerate`,
      headers: as(viewer),
    });
    const fresh = regenerated.json<Created>().raw_token;
    expect(fresh).not.toBe(second.raw_token);
    expect(
      (await app.inject({ url: '/api/users/me', headers: withToken(second.raw_token) })).statusCode,
    ).toBe(401);
    expect((await app.inject({ url: '/api/users/me', headers: withToken(fresh) })).statusCode).toBe(
      200,
    );

    const adminDelete = await app.inject({
      method: 'DELETE',
      url: `/api/client-tokens/${second.id}/admin`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(adminDelete.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/users/me', headers: withToken(fresh) })).statusCode).toBe(
      401,
    );
  });

  it('are limited to 25 per user', async () => {
    const { app, viewer } = await setup();
    for (let index = 0; index < 25; index += 1) {
      await createToken(app, viewer, { name: `t${index}`, scopes: ['me.read'] });
    }
    const over = await app.inject({
      method: 'POST',
      url: '/api/client-tokens',
      headers: as(viewer),
      payload: { name: 'one too many', scopes: ['me.read'] },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ detail: 'Maximum of 25 tokens per user reached' });
  });

  it('need the CSRF header when created from a browser session', async () => {
    const { app } = await setup();
    const session = await login(app);
    const payload = { name: 'web', scopes: ['me.read'] };
    const without = await app.inject({
      method: 'POST',
      url: '/api/client-tokens',
      headers: { cookie: session.cookie },
      payload,
    });
    expect(without.statusCode).toBe(403);
    const withHeader = await app.inject({
      method: 'POST',
      url: '/api/client-tokens',
      headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
      payload,
    });
    expect(withHeader.statusCode).toBe(201);
  });
});

describe('pairing codes', () => {
  async function pair(app: FastifyInstance, user: TestUser, tokenId: number) {
    const response = await app.inject({
      method: 'POST',
      url: `/api/client-tokens/${tokenId}/pair`,
      headers: as(user),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ code: string; expires_in: number }>();
  }

  const exchange = (app: FastifyInstance, code: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/client-tokens/exchange', headers, payload: { code } });

  it('trade once for the token with a fresh secret', async () => {
    const { app, viewer } = await setup();
    const token = await createToken(app, viewer, {
      name: 'Grout',
      scopes: ['me.read', 'roms.read'],
    });
    const paired = await pair(app, viewer, token.id);
    expect(paired.expires_in).toBe(60);
    expect(paired.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    const status = await app.inject({ url: `/api/client-tokens/pair/${paired.code}/status` });
    expect(status.statusCode).toBe(200);

    // Typed on a handheld: lower case, with a dash; a browser cookie on the way is ignored.
    const typed = `${paired.code.slice(0, 4)}-${paired.code.slice(4)}`.toLowerCase();
    const session = await login(app);
    const traded = await exchange(app, typed, { cookie: session.cookie });
    expect(traded.statusCode, traded.body).toBe(200);
    const body = traded.json<Created>();
    expect(body).toMatchObject({ id: token.id, name: 'Grout', scopes: ['me.read', 'roms.read'] });
    expect(body.raw_token).toMatch(/^rmm_[0-9a-f]{64}$/);
    expect(
      (await app.inject({ url: '/api/users/me', headers: withToken(body.raw_token) })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ url: '/api/users/me', headers: withToken(token.raw_token) })).statusCode,
    ).toBe(401);

    const again = await exchange(app, paired.code);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'Invalid or expired pairing code' });
    const gone = await app.inject({ url: `/api/client-tokens/pair/${paired.code}/status` });
    expect(gone.statusCode).toBe(404);
  });

  it('expire after a minute and belong to the token owner only', async () => {
    const { app, clock, viewer, editor } = await setup();
    const token = await createToken(app, viewer, { name: 'late', scopes: ['me.read'] });
    const stranger = await app.inject({
      method: 'POST',
      url: `/api/client-tokens/${token.id}/pair`,
      headers: as(editor),
    });
    expect(stranger.statusCode).toBe(404);
    const paired = await pair(app, viewer, token.id);
    clock.now += 60_000;
    expect((await exchange(app, paired.code)).statusCode).toBe(404);
    expect(
      (await app.inject({ url: '/api/users/me', headers: withToken(token.raw_token) })).statusCode,
    ).toBe(200);
  });

  it('refuse a disabled owner and rate-limit exchanges per address', async () => {
    const { app, clock, viewer } = await setup();
    const token = await createToken(app, viewer, { name: 'x', scopes: ['me.read'] });
    const paired = await pair(app, viewer, token.id);
    await app.inject({
      method: 'PUT',
      url: `/api/users/${viewer.id}`,
      headers: { authorization: ADMIN_AUTH },
      payload: { enabled: false },
    });
    const disabled = await exchange(app, paired.code);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json()).toEqual({ detail: 'Token owner is disabled' });

    clock.now += 60_000;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await exchange(app, 'WRONGONE')).statusCode).toBe(404);
    }
    const limited = await exchange(app, 'WRONGONE');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: 'Too many exchange attempts. Try again later.' });
    clock.now += 60_000;
    expect((await exchange(app, 'WRONGONE')).statusCode).toBe(404);
  });
});
