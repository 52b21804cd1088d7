import type { User } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import { ADMIN_AUTH, basic, buildTestApp, createFirstAdmin } from '../../../test/build-test-app.js';
import { verifyPassword } from '../../lib/password.js';
import { VERIFIED_CREDENTIALS_TTL_MS } from './verified-credentials.js';

/** An app whose password checks are counted, with a clock the test moves by hand. */
async function countingApp() {
  const clock = { now: 1_000_000_000 };
  const checks = { count: 0 };
  const { app } = await buildTestApp({
    container: {
      clock: () => clock.now,
      verifyPassword: (hash, password) => {
        checks.count += 1;
        return verifyPassword(hash, password);
      },
    },
  });
  await createFirstAdmin(app);
  const ann = await addUser(app, 'ann', 'viewer');
  return { app, clock, checks, ann, annAuth: basic('ann', 'ann-pass') };
}

function me(app: FastifyInstance, authorization: string) {
  return app.inject({ url: '/api/users/me', headers: { authorization } });
}

function editUser(app: FastifyInstance, id: number, payload: Record<string, unknown>) {
  return app.inject({
    method: 'PUT',
    url: `/api/users/${id}`,
    headers: { authorization: ADMIN_AUTH },
    payload,
  });
}

describe('verified HTTP Basic credentials', () => {
  it('checks the password once per minute per header, then again after it expires', async () => {
    const { app, clock, checks, annAuth } = await countingApp();
    const before = checks.count;
    for (let index = 0; index < 3; index += 1)
      expect((await me(app, annAuth)).statusCode).toBe(200);
    expect(checks.count - before).toBe(1);
    clock.now += VERIFIED_CREDENTIALS_TTL_MS - 1;
    expect((await me(app, annAuth)).statusCode).toBe(200);
    expect(checks.count - before).toBe(1);
    clock.now += 1;
    expect((await me(app, annAuth)).statusCode).toBe(200);
    expect(checks.count - before).toBe(2);
    // A wrong password is never remembered.
    for (let index = 0; index < 2; index += 1) {
      expect((await me(app, basic('ann', 'wrong'))).statusCode).toBe(401);
    }
    expect(checks.count - before).toBe(4);
  });

  it('refuses the old header at once after a password change', async () => {
    const { app, ann, annAuth } = await countingApp();
    expect((await me(app, annAuth)).statusCode).toBe(200);
    expect((await editUser(app, ann.id, { password: 'fresh-pass' })).statusCode).toBe(200);
    expect((await me(app, annAuth)).statusCode).toBe(401);
    expect((await me(app, basic('ann', 'fresh-pass'))).statusCode).toBe(200);
  });

  it('refuses a disabled user at once and forgets a deleted one', async () => {
    const { app, ann, annAuth, checks } = await countingApp();
    expect((await me(app, annAuth)).statusCode).toBe(200);
    expect((await editUser(app, ann.id, { enabled: false })).statusCode).toBe(200);
    const disabled = await me(app, annAuth);
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json()).toEqual({ detail: 'Disabled user' });
    expect((await editUser(app, ann.id, { enabled: true })).statusCode).toBe(200);
    expect((await me(app, annAuth)).statusCode).toBe(200);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/users/${ann.id}`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(deleted.statusCode).toBe(200);
    const before = checks.count;
    expect((await me(app, annAuth)).statusCode).toBe(401);
    expect(checks.count - before).toBe(1);
  });

  it('verifies again after a role change, answering with the new role', async () => {
    const { app, ann, annAuth, checks } = await countingApp();
    expect((await me(app, annAuth)).json<User>().role).toBe('viewer');
    const before = checks.count;
    expect((await editUser(app, ann.id, { role: 'editor' })).statusCode).toBe(200);
    const after = await me(app, annAuth);
    expect(after.json<User>().role).toBe('editor');
    expect(checks.count - before).toBe(1);
  });
});
