import type { Scope } from '@romshelf/contract';
import { scopesForRole } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import type { TestUser } from '../../test/accounts.js';
import { bearer, passwordTokens, seedRoles } from '../../test/accounts.js';
import { buildTestApp } from '../../test/build-test-app.js';
import type { RegisteredRoute } from './route-registry.js';

type Identity = 'anonymous' | 'viewer' | 'editor' | 'admin';
const IDENTITIES: readonly Identity[] = ['anonymous', 'viewer', 'editor', 'admin'];

/** Our API routes (the docs UI and the SPA fallback are added by plugins and are public). */
function apiRoutes(app: FastifyInstance): RegisteredRoute[] {
  return app.registeredRoutes.filter(
    (route) =>
      route.url.startsWith('/api/') &&
      !route.url.startsWith('/api/docs') &&
      route.method !== 'HEAD',
  );
}

/** A concrete URL for a route pattern: every parameter is the caller's own user id. */
function concreteUrl(pattern: string, ownId: number): string {
  return pattern.replace(/:[A-Za-z_]+/g, String(ownId)).replace(/\*$/, 'x');
}

interface Signed {
  users: Record<Exclude<Identity, 'anonymous'>, TestUser>;
  tokens: Record<Exclude<Identity, 'anonymous'>, string>;
}

async function signedIdentities(app: FastifyInstance): Promise<Signed> {
  const users = await seedRoles(app);
  const tokens = {
    admin: (await passwordTokens(app, users.admin)).access_token,
    viewer: (await passwordTokens(app, users.viewer)).access_token,
    editor: (await passwordTokens(app, users.editor)).access_token,
  };
  return { users, tokens };
}

function request(
  app: FastifyInstance,
  signed: Signed,
  identity: Identity,
  method: string,
  url: string,
) {
  const headers =
    identity === 'anonymous' ? {} : { authorization: bearer(signed.tokens[identity]) };
  return app.inject({ method: method as 'GET', url, headers });
}

describe('route access declarations', () => {
  it('exist on every API route', async () => {
    const { app } = await buildTestApp();
    const routes = apiRoutes(app);
    expect(routes.length).toBeGreaterThan(10);
    const undeclared = routes
      .filter((route) => route.access === undefined)
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('name only known scopes', async () => {
    const { app } = await buildTestApp();
    const known = new Set<string>(scopesForRole('admin'));
    for (const route of apiRoutes(app)) {
      if (route.access === undefined || 'public' in route.access) continue;
      for (const scope of route.access.scopes) expect(known.has(scope), scope).toBe(true);
    }
  });

  it('record why the metadata heartbeat is public', async () => {
    const { app } = await buildTestApp();
    const route = apiRoutes(app).find(
      (candidate) =>
        candidate.method === 'GET' && candidate.url === '/api/heartbeat/metadata/:source',
    );
    expect(route?.access).toEqual({
      public: true,
      reason: expect.stringMatching(/^Anonymous as in RomM/) as unknown,
    });
    const anonymous = await app.inject({ url: '/api/heartbeat/metadata/igdb' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toBe(false);
  });

  it('include the account routes with their scopes', async () => {
    const { app } = await buildTestApp();
    const byKey = new Map(apiRoutes(app).map((route) => [`${route.method} ${route.url}`, route]));
    const expected: Record<string, readonly Scope[] | 'public'> = {
      'POST /api/login': 'public',
      'POST /api/logout': 'public',
      'POST /api/token': 'public',
      'POST /api/forgot-password': 'public',
      'POST /api/reset-password': 'public',
      'GET /api/login/openid': 'public',
      'GET /api/oauth/openid': 'public',
      'POST /api/users': 'public',
      'POST /api/users/register': 'public',
      'GET /api/users': ['users.read'],
      'GET /api/users/me': ['me.read'],
      'POST /api/users/invite-link': ['users.write'],
      'GET /api/users/:id': ['me.read'],
      'PUT /api/users/:id': ['me.write'],
      'DELETE /api/users/:id': ['users.write'],
      'GET /api/users/:id/avatar': ['assets.read'],
      'POST /api/users/:id/ra/refresh': ['me.write'],
    };
    for (const [key, scopes] of Object.entries(expected)) {
      const access = byKey.get(key)?.access;
      expect(access, key).toEqual(
        scopes === 'public' ? expect.objectContaining({ public: true }) : { scopes },
      );
    }
  });
});

describe('route × identity matrix', () => {
  it('answers 401 anonymous, 403 without a scope, and lets holders through, on every route', async () => {
    const { app } = await buildTestApp();
    const signed = await signedIdentities(app);
    const failures: string[] = [];
    for (const route of apiRoutes(app)) {
      const access = route.access;
      if (access === undefined || 'public' in access) continue;
      for (const identity of IDENTITIES) {
        const ownId = identity === 'anonymous' ? 1 : signed.users[identity].id;
        const url = concreteUrl(route.url, ownId);
        const response = await request(app, signed, identity, route.method, url);
        const held = identity === 'anonymous' ? [] : scopesForRole(identity);
        const allowed = access.scopes.every((scope) => held.includes(scope));
        const status = response.statusCode;
        const ok =
          identity === 'anonymous'
            ? status === 401
            : allowed
              ? status !== 401 && status !== 403 && status < 500
              : status === 403;
        if (!ok)
          failures.push(
            `${identity} ${route.method} ${url} → ${status} ${response.body.slice(0, 120)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  it('gives the exact answers on the user routes', async () => {
    const { app } = await buildTestApp();
    const signed = await signedIdentities(app);
    const adminId = signed.users.admin.id;
    const cases: [string, string, (self: number) => string, Record<Identity, number>][] = [
      [
        'list users',
        'GET',
        () => '/api/users',
        { anonymous: 401, viewer: 403, editor: 403, admin: 200 },
      ],
      [
        'me',
        'GET',
        () => '/api/users/me',
        { anonymous: 401, viewer: 200, editor: 200, admin: 200 },
      ],
      [
        'own record',
        'GET',
        (self) => `/api/users/${self}`,
        { anonymous: 401, viewer: 200, editor: 200, admin: 200 },
      ],
      [
        'the admin record',
        'GET',
        () => `/api/users/${adminId}`,
        { anonymous: 401, viewer: 403, editor: 403, admin: 200 },
      ],
      [
        'edit own record',
        'PUT',
        (self) => `/api/users/${self}`,
        { anonymous: 401, viewer: 200, editor: 200, admin: 200 },
      ],
      [
        'edit the admin',
        'PUT',
        () => `/api/users/${adminId}`,
        { anonymous: 401, viewer: 403, editor: 403, admin: 200 },
      ],
      [
        'delete yourself',
        'DELETE',
        (self) => `/api/users/${self}`,
        { anonymous: 401, viewer: 403, editor: 403, admin: 400 },
      ],
      [
        'invite',
        'POST',
        () => '/api/users/invite-link?role=viewer',
        { anonymous: 401, viewer: 403, editor: 403, admin: 201 },
      ],
      [
        'admin invite',
        'POST',
        () => '/api/users/invite-link?role=admin',
        { anonymous: 401, viewer: 403, editor: 403, admin: 201 },
      ],
      [
        'own avatar (none yet)',
        'GET',
        (self) => `/api/users/${self}/avatar`,
        { anonymous: 401, viewer: 404, editor: 404, admin: 404 },
      ],
      [
        'RA refresh (not configured)',
        'POST',
        (self) => `/api/users/${self}/ra/refresh`,
        { anonymous: 401, viewer: 400, editor: 400, admin: 400 },
      ],
    ];
    for (const [name, method, url, expected] of cases) {
      for (const identity of IDENTITIES) {
        const self = identity === 'anonymous' ? adminId : signed.users[identity].id;
        const response = await request(app, signed, identity, method, url(self));
        expect(`${name} as ${identity}: ${response.statusCode}`).toBe(
          `${name} as ${identity}: ${expected[identity]}`,
        );
      }
    }
  });
});

describe('access is decided before the body is read', () => {
  const invalid = { username: 5, password: [], role: 'emperor' };

  it('refuses callers with 401/403 whatever the body, on every route they may not use', async () => {
    const { app } = await buildTestApp();
    const signed = await signedIdentities(app);
    const failures: string[] = [];
    for (const route of apiRoutes(app)) {
      const access = route.access;
      if (access === undefined || 'public' in access || route.method === 'GET') continue;
      for (const identity of ['anonymous', 'viewer'] as const) {
        const held = identity === 'anonymous' ? [] : scopesForRole(identity);
        if (access.scopes.every((scope) => held.includes(scope))) continue;
        const url = concreteUrl(route.url, signed.users.admin.id);
        for (const payload of [JSON.stringify(invalid), '[1,']) {
          const response = await app.inject({
            method: route.method as 'POST',
            url,
            headers: {
              'content-type': 'application/json',
              ...(identity === 'anonymous' ? {} : { authorization: bearer(signed.tokens.viewer) }),
            },
            payload,
          });
          const expected = identity === 'anonymous' ? 401 : 403;
          if (response.statusCode !== expected) {
            failures.push(`${identity} ${route.method} ${url} → ${response.statusCode}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('on the account routes whose rule depends on the caller', async () => {
    const { app } = await buildTestApp();
    const signed = await signedIdentities(app);
    const send = (method: 'POST' | 'PUT', url: string, payload: string, token?: string) =>
      app.inject({
        method,
        url,
        headers: {
          'content-type': 'application/json',
          ...(token === undefined ? {} : { authorization: bearer(token) }),
        },
        payload,
      });
    for (const payload of [JSON.stringify(invalid), '[1,']) {
      const created = await send('POST', '/api/users', payload, signed.tokens.viewer);
      expect(created.statusCode).toBe(403);
      expect(created.json()).toEqual({ detail: 'Forbidden' });
      const anonymous = await send('POST', '/api/users', payload);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ detail: 'Not authenticated' });
      const other = await send(
        'PUT',
        `/api/users/${signed.users.admin.id}`,
        payload,
        signed.tokens.viewer,
      );
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ detail: 'Forbidden' });
    }
    // Your own record: the body is checked.
    const own = await send(
      'PUT',
      `/api/users/${signed.users.viewer.id}`,
      JSON.stringify(invalid),
      signed.tokens.viewer,
    );
    expect(own.statusCode).toBe(422);
  });
});
