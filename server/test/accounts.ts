import type { FastifyInstance } from 'fastify';

import { ADMIN, basic, createFirstAdmin } from './build-test-app.js';

export interface TestUser {
  id: number;
  username: string;
  password: string;
}

/** Creates a user through the admin (HTTP Basic); the first admin must exist. */
export async function addUser(
  app: FastifyInstance,
  username: string,
  role: 'admin' | 'editor' | 'viewer',
  extra: { email?: string } = {},
): Promise<TestUser> {
  const password = `${username}-pass`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: { authorization: basic(ADMIN.username, ADMIN.password) },
    payload: { username, password, role, ...extra },
  });
  if (response.statusCode !== 201) {
    throw new Error(`user not created: ${response.statusCode} ${response.body}`);
  }
  return { id: response.json<{ id: number }>().id, username, password };
}

/** The first admin plus a viewer and an editor. */
export async function seedRoles(app: FastifyInstance) {
  await createFirstAdmin(app);
  const admin: TestUser = { id: 1, username: ADMIN.username, password: ADMIN.password };
  const viewer = await addUser(app, 'viewer', 'viewer');
  const editor = await addUser(app, 'editor', 'editor');
  return { admin, viewer, editor };
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires: number;
  refresh_expires: number;
}

/** POST /api/token, form-encoded. */
export function tokenRequest(app: FastifyInstance, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/api/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** A password-grant token pair; throws unless the server answers 200. */
export async function passwordTokens(
  app: FastifyInstance,
  user: { username: string; password: string },
  scope?: string,
): Promise<TokenPair> {
  const response = await tokenRequest(app, {
    grant_type: 'password',
    username: user.username,
    password: user.password,
    ...(scope === undefined ? {} : { scope }),
  });
  if (response.statusCode !== 200) {
    throw new Error(`token refused: ${response.statusCode} ${response.body}`);
  }
  return response.json<TokenPair>();
}

export const bearer = (token: string) => `Bearer ${token}`;
