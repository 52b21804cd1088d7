import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';

import {
  ADMIN_AUTH,
  buildTestApp,
  createFirstAdmin,
  openTestDatabase,
} from '../../../test/build-test-app.js';

const TOO_MANY = { detail: 'Too many requests. Try again later.' };

/** Sends the same request `times` times from one address; answers every status in order. */
async function statuses(
  app: FastifyInstance,
  times: number,
  request: InjectOptions,
): Promise<number[]> {
  const answers: number[] = [];
  for (let index = 0; index < times; index += 1) {
    answers.push((await app.inject(request)).statusCode);
  }
  return answers;
}

const repeat = (status: number, times: number) => Array.from({ length: times }, () => status);

async function setup() {
  const built = await buildTestApp();
  await createFirstAdmin(built.app);
  return built;
}

describe('short codes and mail routes under per-address limits', () => {
  it('pairing-code status answers 429 after 120 checks a minute from one address', async () => {
    const { app } = await setup();
    const request = { url: '/api/client-tokens/pair/ABCDEFGH/status', remoteAddress: '10.0.0.1' };
    expect(await statuses(app, 121, request)).toEqual([...repeat(404, 120), 429]);
    const last = await app.inject(request);
    expect(last.json()).toEqual(TOO_MANY);
    expect((await app.inject({ ...request, remoteAddress: '10.0.0.2' })).statusCode).toBe(404);
  });

  it('device user-code lookups and answers are counted per address', async () => {
    const { app } = await setup();
    const headers = { authorization: ADMIN_AUTH };
    const lookup = { url: '/api/auth/device/pending/ABCDEFGH', headers, remoteAddress: '10.0.1.1' };
    expect(await statuses(app, 21, lookup)).toEqual([...repeat(404, 20), 429]);
    const approve = {
      method: 'POST' as const,
      url: '/api/auth/device/approve',
      headers,
      remoteAddress: '10.0.1.2',
      payload: { user_code: 'ABCDEFGH', approved_scopes: ['me.read'] },
    };
    const deny = {
      method: 'POST' as const,
      url: '/api/auth/device/deny',
      headers,
      remoteAddress: '10.0.1.2',
      payload: { user_code: 'ABCDEFGH' },
    };
    expect(await statuses(app, 5, approve)).toEqual(repeat(404, 5));
    expect(await statuses(app, 6, deny)).toEqual([...repeat(404, 5), 429]);
  });

  it('forgot-password: 5 requests per address, and at most 3 links per account', async () => {
    const { app, dataDir } = await setup();
    const forgot = (username: string, remoteAddress: string) => ({
      method: 'POST' as const,
      url: '/api/forgot-password',
      remoteAddress,
      payload: { username },
    });
    expect(await statuses(app, 6, forgot('nobody', '10.0.2.1'))).toEqual([...repeat(200, 5), 429]);
    const fromMany: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      fromMany.push((await app.inject(forgot('ADMIN', `10.0.3.${index}`))).statusCode);
    }
    // Every answer is the same; only three links were made for the one mailbox.
    expect(fromMany).toEqual(repeat(200, 5));
    const db = await openTestDatabase(dataDir);
    const links = await db
      .selectFrom('one_time_token')
      .where('kind', '=', 'reset')
      .select('id')
      .execute();
    await db.destroy();
    expect(links).toHaveLength(3);
  });

  it('reset-password and register answer 429 after 10 attempts from one address', async () => {
    const { app } = await setup();
    const reset = {
      method: 'POST' as const,
      url: '/api/reset-password',
      remoteAddress: '10.0.4.1',
      payload: { token: 'guessed', new_password: 'new-password-1' },
    };
    expect(await statuses(app, 11, reset)).toEqual([...repeat(400, 10), 429]);
    const register = {
      method: 'POST' as const,
      url: '/api/users/register',
      remoteAddress: '10.0.4.2',
      payload: { token: 'guessed', username: 'newcomer', password: 'newcomer-pass' },
    };
    expect(await statuses(app, 11, register)).toEqual([...repeat(400, 10), 429]);
  });
});
