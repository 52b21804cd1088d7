import { FULL_SCOPES } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { bearer, passwordTokens, seedRoles } from '../../../test/accounts.js';
import { ADMIN_AUTH, buildTestApp, login } from '../../../test/build-test-app.js';

type Headers = Record<string, string>;
type Kind = 'session' | 'basic' | 'narrow token' | 'broad token' | 'device-flow token';

const ALL = [...FULL_SCOPES].sort();
const NARROW = ['me.read', 'me.write'];
const DEVICE = ['me.read', 'me.write', 'roms.read'];

/** What a route answered: its status, and the scopes of the credential it issued or revealed. */
interface Outcome {
  status: number;
  scopes?: string[];
}

const sorted = (scopes: readonly string[]) => [...scopes].sort();

async function createToken(app: FastifyInstance, name: string, scopes: readonly string[]) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/client-tokens',
    headers: { authorization: ADMIN_AUTH },
    payload: { name, scopes },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; raw_token: string }>();
}

/** A device asks for `scopes`; the caller approves `approved`; the device's poll answers. */
async function deviceFlow(
  app: FastifyInstance,
  headers: Headers,
  scopes: readonly string[],
  approved: readonly string[],
): Promise<Outcome> {
  const started = await app.inject({
    method: 'POST',
    url: '/api/auth/device/init',
    payload: {
      client_device_identifier: `dev-${approved.length}`,
      name: 'Handheld',
      client: 'grout',
      requested_scopes: scopes,
    },
  });
  const { device_code: deviceCode, user_code: userCode } = started.json<{
    device_code: string;
    user_code: string;
  }>();
  const approval = await app.inject({
    method: 'POST',
    url: '/api/auth/device/approve',
    headers,
    payload: { user_code: userCode, approved_scopes: approved },
  });
  if (approval.statusCode !== 200) return { status: approval.statusCode };
  const token = await app.inject({
    method: 'POST',
    url: '/api/auth/device/token',
    payload: { device_code: deviceCode },
  });
  return { status: approval.statusCode, scopes: sorted(token.json<{ scopes: string[] }>().scopes) };
}

/** The scopes a raw bearer token actually grants, as /api/users/me reports them. */
async function grantedScopes(app: FastifyInstance, raw: string): Promise<string[]> {
  const me = await app.inject({ url: '/api/users/me', headers: { authorization: bearer(raw) } });
  expect(me.statusCode, me.body).toBe(200);
  return sorted(me.json<{ oauth_scopes: string[] }>().oauth_scopes);
}

interface World {
  app: FastifyInstance;
  headers: Headers;
  /** An admin token with every scope, the one weaker credentials try to reveal. */
  target: { id: number };
}

type Route = (world: World) => Promise<Outcome>;

const ROUTES: Record<string, Route> = {
  'create token with every scope': async ({ app, headers }) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/client-tokens',
      headers,
      payload: { name: 'minted', scopes: FULL_SCOPES },
    });
    if (response.statusCode !== 201) return { status: response.statusCode };
    return {
      status: 201,
      scopes: await grantedScopes(app, response.json<{ raw_token: string }>().raw_token),
    };
  },
  'create token with me.read': async ({ app, headers }) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/client-tokens',
      headers,
      payload: { name: 'profile', scopes: ['me.read'] },
    });
    if (response.statusCode !== 201) return { status: response.statusCode };
    return {
      status: 201,
      scopes: await grantedScopes(app, response.json<{ raw_token: string }>().raw_token),
    };
  },
  'list tokens (scopes of the widest listed)': async ({ app, headers }) => {
    const response = await app.inject({ url: '/api/client-tokens', headers });
    const listed = response.json<{ scopes: string[] }[]>();
    const widest = listed.reduce<string[]>(
      (most, token) => (token.scopes.length > most.length ? token.scopes : most),
      [],
    );
    return { status: response.statusCode, scopes: sorted(widest) };
  },
  'regenerate the every-scope token': async ({ app, headers, target }) => {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/client-tokens/${target.id}/regenerate`,
      headers,
    });
    if (response.statusCode !== 200) return { status: response.statusCode };
    return {
      status: 200,
      scopes: await grantedScopes(app, response.json<{ raw_token: string }>().raw_token),
    };
  },
  'pair the every-scope token and exchange the code': async ({ app, headers, target }) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/client-tokens/${target.id}/pair`,
      headers,
    });
    if (response.statusCode !== 200) return { status: response.statusCode };
    const exchanged = await app.inject({
      method: 'POST',
      url: '/api/client-tokens/exchange',
      payload: { code: response.json<{ code: string }>().code },
    });
    return {
      status: 200,
      scopes: await grantedScopes(app, exchanged.json<{ raw_token: string }>().raw_token),
    };
  },
  'approve a device for every scope': ({ app, headers }) =>
    deviceFlow(app, headers, FULL_SCOPES, FULL_SCOPES),
  'approve a device for me.read': ({ app, headers }) =>
    deviceFlow(app, headers, FULL_SCOPES, ['me.read']),
  'invite link for an admin': async ({ app, headers }) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/invite-link?role=admin',
      headers,
    });
    return response.statusCode === 201
      ? { status: 201, scopes: ALL }
      : { status: response.statusCode };
  },
  'create an admin account': async ({ app, headers }) => {
    const account = { username: 'second-admin', password: 'second-pass', role: 'admin' };
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: account,
    });
    if (response.statusCode !== 201) return { status: response.statusCode };
    const tokens = await passwordTokens(app, account);
    return { status: 201, scopes: await grantedScopes(app, tokens.access_token) };
  },
};

const granted = (scopes: readonly string[]): Outcome => ({ status: 200, scopes: sorted(scopes) });
const created = (scopes: readonly string[]): Outcome => ({ status: 201, scopes: sorted(scopes) });
const refused: Outcome = { status: 403 };

/** What a credential that holds every scope of the admin role gets: everything it asks for. */
const FULL_ROW: Record<string, Outcome> = {
  'create token with every scope': created(ALL),
  'create token with me.read': created(['me.read']),
  'list tokens (scopes of the widest listed)': granted(ALL),
  'regenerate the every-scope token': granted(ALL),
  'pair the every-scope token and exchange the code': granted(ALL),
  'approve a device for every scope': granted(ALL),
  'approve a device for me.read': granted(['me.read']),
  'invite link for an admin': created(ALL),
  'create an admin account': created(ALL),
};

/** A token narrower than its owner: never more than it holds itself. */
const narrowRow = (held: readonly string[]): Record<string, Outcome> => ({
  'create token with every scope': refused,
  'create token with me.read': created(['me.read']),
  'list tokens (scopes of the widest listed)': granted(held),
  'regenerate the every-scope token': refused,
  'pair the every-scope token and exchange the code': refused,
  'approve a device for every scope': refused,
  'approve a device for me.read': granted(['me.read']),
  'invite link for an admin': refused,
  'create an admin account': refused,
});

const TABLE: Record<Kind, Record<string, Outcome>> = {
  session: FULL_ROW,
  basic: FULL_ROW,
  'broad token': FULL_ROW,
  'narrow token': narrowRow(NARROW),
  'device-flow token': narrowRow(DEVICE),
};

/** The calling credential of each kind, all belonging to the admin. */
async function credentialOf(app: FastifyInstance, kind: Kind): Promise<Headers> {
  switch (kind) {
    case 'session': {
      const session = await login(app);
      return { cookie: session.cookie, 'x-csrftoken': session.csrf };
    }
    case 'basic':
      return { authorization: ADMIN_AUTH };
    case 'narrow token':
      return { authorization: bearer((await createToken(app, 'narrow', NARROW)).raw_token) };
    case 'broad token':
      return { authorization: bearer((await createToken(app, 'broad', FULL_SCOPES)).raw_token) };
    case 'device-flow token': {
      const basicHeaders = { authorization: ADMIN_AUTH };
      const started = await app.inject({
        method: 'POST',
        url: '/api/auth/device/init',
        payload: {
          client_device_identifier: 'caller',
          name: 'Caller',
          client: 'grout',
          requested_scopes: DEVICE,
        },
      });
      const { device_code: deviceCode, user_code: userCode } = started.json<{
        device_code: string;
        user_code: string;
      }>();
      await app.inject({
        method: 'POST',
        url: '/api/auth/device/approve',
        headers: basicHeaders,
        payload: { user_code: userCode, approved_scopes: DEVICE },
      });
      const token = await app.inject({
        method: 'POST',
        url: '/api/auth/device/token',
        payload: { device_code: deviceCode },
      });
      return { authorization: bearer(token.json<{ access_token: string }>().access_token) };
    }
  }
}

describe('credential-issuing routes by the kind of credential calling them', () => {
  it.each(Object.keys(TABLE) as Kind[])(
    'a %s never issues or reveals a credential with a scope it does not hold',
    async (kind) => {
      const { app } = await buildTestApp();
      await seedRoles(app);
      const target = await createToken(app, 'every scope', FULL_SCOPES);
      const headers = await credentialOf(app, kind);
      const outcomes: Record<string, Outcome> = {};
      for (const [name, route] of Object.entries(ROUTES)) {
        outcomes[name] = await route({ app, headers, target });
      }
      expect(outcomes).toEqual(TABLE[kind]);
    },
  );
});

describe('accounts and invites', () => {
  it('need a credential that holds every scope of the role they give', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const userAdmin = await createToken(app, 'user admin', [
      'me.read',
      'me.write',
      'users.read',
      'users.write',
    ]);
    const headers = { authorization: bearer(userAdmin.raw_token) };
    const invite = await app.inject({
      method: 'POST',
      url: '/api/users/invite-link?role=viewer',
      headers,
    });
    const account = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: { username: 'newcomer', password: 'newcomer-pass', role: 'viewer' },
    });
    const password = await app.inject({
      method: 'PUT',
      url: `/api/users/${viewer.id}`,
      headers,
      payload: { password: 'taken-over' },
    });
    const promotion = await app.inject({
      method: 'PUT',
      url: `/api/users/${viewer.id}`,
      headers,
      payload: { role: 'editor' },
    });
    const disabled = await app.inject({
      method: 'PUT',
      url: `/api/users/${viewer.id}`,
      headers,
      payload: { enabled: false },
    });
    expect([invite, account, password, promotion].map((response) => response.statusCode)).toEqual([
      403, 403, 403, 403,
    ]);
    // Taking access away issues nothing, so the token may still do it.
    expect(disabled.statusCode, disabled.body).toBe(200);
  });

  it('the password grant issues no scope the password holder lacks', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const beyond = await app.inject({
      method: 'POST',
      url: '/api/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: viewer.username,
        password: viewer.password,
        scope: 'me.read users.write',
      }).toString(),
    });
    expect(beyond.statusCode).toBe(403);
    const within = await passwordTokens(app, viewer, 'me.read roms.read');
    expect(await grantedScopes(app, within.access_token)).toEqual(['me.read', 'roms.read']);
  });
});
