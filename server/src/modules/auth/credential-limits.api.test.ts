import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { addUser, bearer, passwordTokens, tokenRequest } from '../../../test/accounts.js';
import {
  ADMIN,
  ADMIN_AUTH,
  basic,
  buildTestApp,
  closeTestApp,
  createFirstAdmin,
  login,
} from '../../../test/build-test-app.js';

/** A clock the test moves by hand. */
function manualClock() {
  const clock = { now: 1_000_000_000, advance: (ms: number) => (clock.now += ms) };
  return clock;
}

async function limitedApp(env: Record<string, string> = {}) {
  const clock = manualClock();
  const { app } = await buildTestApp({ env, container: { clock: () => clock.now } });
  await createFirstAdmin(app);
  return { app, clock };
}

function me(app: FastifyInstance, authorization: string, remoteAddress = '127.0.0.1', extra = {}) {
  return app.inject({
    method: 'GET',
    url: '/api/users/me',
    remoteAddress,
    headers: { authorization, ...extra },
  });
}

function expectBlocked(response: Awaited<ReturnType<typeof me>>, seconds?: number) {
  expect(response.statusCode).toBe(429);
  const detail = response.json<{ detail: string }>().detail;
  expect(detail).toMatch(/^Too many login attempts, try again in \d+ seconds$/);
  if (seconds !== undefined) {
    expect(detail).toBe(`Too many login attempts, try again in ${seconds} seconds`);
    expect(response.headers['retry-after']).toBe(String(seconds));
  }
}

/**
 * Makes `failures` failed attempts, moving the clock past each per-username delay on the way
 * (16 + 8 + 4 + 2 + 1 = 31 seconds for ten).
 */
async function failPatiently(
  clock: ReturnType<typeof manualClock>,
  failures: number,
  attempt: () => ReturnType<typeof me>,
) {
  let counted = 0;
  while (counted < failures) {
    const response = await attempt();
    if (response.statusCode === 429) clock.advance(Number(response.headers['retry-after']) * 1000);
    else {
      expect(response.statusCode).toBe(401);
      counted += 1;
    }
  }
}

describe('credential limits', () => {
  it('count HTTP Basic on any route: the right password is refused once blocked', async () => {
    const { app, clock } = await limitedApp();
    // Signed in before from this address, so only the per-address-and-username count applies.
    expect((await me(app, ADMIN_AUTH)).statusCode).toBe(200);
    for (let index = 0; index < 10; index += 1) {
      expect((await me(app, basic(ADMIN.username, `wrong-${index}`))).statusCode).toBe(401);
    }
    expectBlocked(await me(app, ADMIN_AUTH), 60);
    clock.advance(60_000);
    expect((await me(app, ADMIN_AUTH)).statusCode).toBe(200);
  });

  it('share one count across Basic routes, /api/login and the token password grant', async () => {
    const { app } = await limitedApp();
    for (let index = 0; index < 4; index += 1) {
      await me(app, basic(ADMIN.username, 'wrong'));
      await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { authorization: basic(ADMIN.username, 'wrong') },
      });
    }
    await tokenRequest(app, { grant_type: 'password', username: 'admin', password: 'x' });
    await tokenRequest(app, { grant_type: 'password', username: 'ADMIN', password: 'y' });
    const grant = await tokenRequest(app, {
      grant_type: 'password',
      username: ADMIN.username,
      password: ADMIN.password,
    });
    expect(grant.statusCode).toBe(429);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(signIn.statusCode).toBe(429);
  });

  it('slow one address spraying a password across usernames', async () => {
    const { app, clock } = await limitedApp();
    for (let index = 0; index < 20; index += 1) {
      expect((await me(app, basic(`user${index}`, 'Summer2026!'), '10.0.0.7')).statusCode).toBe(
        401,
      );
    }
    expectBlocked(await me(app, basic('user20', 'Summer2026!'), '10.0.0.7'), 600);
    expectBlocked(await me(app, ADMIN_AUTH, '10.0.0.7'));
    // Other addresses are not affected.
    expect((await me(app, ADMIN_AUTH, '10.0.0.8')).statusCode).toBe(200);
    clock.advance(600_000);
    expect((await me(app, ADMIN_AUTH, '10.0.0.7')).statusCode).toBe(200);
  });

  it('keep a household signed in while one guesser behind the same address sprays', async () => {
    const { app, clock } = await limitedApp();
    const player = await addUser(app, 'player', 'viewer');
    const playerAuth = basic(player.username, player.password);
    // Everyone shares the address of a reverse proxy that is not trusted.
    expect((await me(app, playerAuth)).statusCode).toBe(200);
    const session = await login(app);
    const tokens = await passwordTokens(app, player);
    // Past the minute a verified Basic header is remembered: the password is checked again.
    clock.advance(61_000);
    for (let index = 0; index < 20; index += 1) {
      expect((await me(app, basic(`user${index}`, 'Summer2026!'))).statusCode).toBe(401);
    }
    expectBlocked(await me(app, basic('user20', 'Summer2026!')), 600);

    // The known user's correct password, a session and a bearer token all keep working.
    expect((await me(app, playerAuth)).statusCode).toBe(200);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { authorization: basic(ADMIN.username, ADMIN.password) },
    });
    expect(signIn.statusCode).toBe(200);
    expect((await me(app, bearer(tokens.access_token))).statusCode).toBe(200);
    const withSession = await app.inject({
      url: '/api/users/me',
      headers: { cookie: session.cookie },
    });
    expect(withSession.statusCode).toBe(200);

    // Guessing a known user's password from the throttled address meets the per-username delay.
    for (let index = 0; index < 5; index += 1) {
      expect((await me(app, basic(player.username, `guess-${index}`))).statusCode).toBe(401);
    }
    expectBlocked(await me(app, basic(player.username, 'guess-5')), 1);
    // A user who never signed in from here is held by the address window.
    expectBlocked(await me(app, basic('newcomer', 'anything')), 600);
  });

  it('slow guessing of one username from many addresses with a growing delay, capped at a minute', async () => {
    const { app, clock } = await limitedApp();
    for (let index = 0; index < 5; index += 1) {
      expect((await me(app, basic('admin', 'guess'), `10.1.0.${index}`)).statusCode).toBe(401);
    }
    const expectedWaits = [1, 2, 4, 8, 16, 32, 60, 60];
    for (const [index, wait] of expectedWaits.entries()) {
      const from = `10.2.0.${index}`;
      expectBlocked(await me(app, basic('admin', 'guess'), from), wait);
      clock.advance(wait * 1000 - 1);
      expectBlocked(await me(app, basic('admin', 'guess'), from), 1);
      clock.advance(1);
      expect((await me(app, basic('admin', 'guess'), from)).statusCode).toBe(401);
    }
    // The owner on a new device waits at most a minute, then gets in.
    expectBlocked(await me(app, ADMIN_AUTH, '192.168.1.20'), 60);
    clock.advance(60_000);
    expect((await me(app, ADMIN_AUTH, '192.168.1.20')).statusCode).toBe(200);
    // The count is forgotten 15 minutes after the last failure.
    clock.advance(15 * 60_000 + 1);
    expect((await me(app, basic('admin', 'guess'), '10.3.0.1')).statusCode).toBe(401);
  });

  it('let the owner in from a known address while strangers are being slowed', async () => {
    const { app } = await limitedApp();
    expect((await me(app, ADMIN_AUTH, '192.168.1.10')).statusCode).toBe(200);
    for (let index = 0; index < 12; index += 1) {
      await me(app, basic('admin', 'guess'), `10.4.0.${index}`);
    }
    expectBlocked(await me(app, ADMIN_AUTH, '10.4.1.1'));
    expect((await me(app, ADMIN_AUTH, '192.168.1.10')).statusCode).toBe(200);
  });

  it('ignore X-Forwarded-For unless the proxy is trusted', async () => {
    const direct = await limitedApp();
    for (let index = 0; index < 10; index += 1) {
      await me(direct.app, basic('admin', 'wrong'), '127.0.0.1', {
        'x-forwarded-for': `203.0.113.${index}`,
      });
    }
    expectBlocked(
      await me(direct.app, ADMIN_AUTH, '127.0.0.1', { 'x-forwarded-for': '203.0.113.99' }),
    );
    await closeTestApp(direct.app);

    const proxied = await limitedApp({ ROMSHELF_TRUSTED_PROXIES: '127.0.0.1, 10.9.0.0/16' });
    const viaProxy = (authorization: string, client: string) =>
      me(proxied.app, authorization, '10.9.3.4', { 'x-forwarded-for': client });
    expect((await viaProxy(ADMIN_AUTH, '192.168.1.10')).statusCode).toBe(200);
    await failPatiently(proxied.clock, 10, () => viaProxy(basic('admin', 'wrong'), '203.0.113.5'));
    expectBlocked(await viaProxy(ADMIN_AUTH, '203.0.113.5'));
    // Another client behind the proxy gets the per-username delay, not the pair's block.
    expectBlocked(await viaProxy(ADMIN_AUTH, '198.51.100.1'), 32);
    // The owner's known address, as the proxy reports it, still gets in.
    expect((await viaProxy(ADMIN_AUTH, '192.168.1.10')).statusCode).toBe(200);
    // A sender that is not a trusted proxy cannot claim that address with the header.
    const spoofed = await me(proxied.app, ADMIN_AUTH, '10.8.0.1', {
      'x-forwarded-for': '192.168.1.10',
    });
    expectBlocked(spoofed, 32);
  });
});

describe('the current password of a password change', () => {
  it('counts against the same limits', async () => {
    const { app } = await limitedApp();
    const session = await login(app);
    const change = (current: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/users/1',
        headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
        payload: { password: 'brand-new-pass', current_password: current },
      });
    // The address signed in before, so only the address-and-username count applies.
    for (let index = 0; index < 10; index += 1) {
      expect((await change(`guess-${index}`)).statusCode).toBe(400);
    }
    const blocked = await change(ADMIN.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('60');
    expectBlocked(await me(app, ADMIN_AUTH));
  });
});

describe('DISABLE_USERPASS_LOGIN=true', () => {
  it('accepts no password anywhere while sessions and bearer tokens keep working', async () => {
    const first = await buildTestApp();
    await createFirstAdmin(first.app);
    const viewer = await addUser(first.app, 'player', 'viewer', { email: 'p@example.com' });
    const tokens = await passwordTokens(first.app, viewer);
    const session = await login(first.app);
    await closeTestApp(first.app);

    const { app } = await buildTestApp({
      dataDir: first.dataDir,
      env: { DISABLE_USERPASS_LOGIN: 'true' },
    });
    const disabled = { detail: 'Username/password login is disabled' };
    const basicMe = await me(app, ADMIN_AUTH);
    expect(basicMe.statusCode).toBe(403);
    expect(basicMe.json()).toEqual(disabled);
    const basicWrite = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization: ADMIN_AUTH },
      payload: { username: 'x', password: 'y' },
    });
    expect(basicWrite.statusCode).toBe(403);
    expect(basicWrite.json()).toEqual(disabled);
    const grant = await tokenRequest(app, {
      grant_type: 'password',
      username: viewer.username,
      password: viewer.password,
    });
    expect(grant.statusCode).toBe(403);
    for (const [url, payload] of [
      ['/api/forgot-password', { username: 'player' }],
      ['/api/forgot-password', {}],
      ['/api/reset-password', { token: 'x', new_password: 'new-password-1' }],
    ] as const) {
      const response = await app.inject({ method: 'POST', url, payload });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual(disabled);
    }

    const withToken = await me(app, bearer(tokens.access_token));
    expect(withToken.statusCode).toBe(200);
    expect(withToken.json()).toMatchObject({ username: 'player' });
    const refreshed = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.statusCode).toBe(200);
    const withSession = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: session.cookie },
    });
    expect(withSession.statusCode).toBe(200);
  });
});
