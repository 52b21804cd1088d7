import { SIGNED_IN_COOKIE } from '@romshelf/contract';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { ADMIN_AUTH, buildTestApp, createFirstAdmin, login } from '../../test/build-test-app.js';

const marker = (response: LightMyRequestResponse) =>
  response.cookies.find((cookie) => cookie.name === SIGNED_IN_COOKIE);

async function signedInApp() {
  const { app } = await buildTestApp();
  await createFirstAdmin(app);
  return app;
}

describe('the signed-in cookie', () => {
  it('comes with a login, readable by the web app, for as long as the session cookie', async () => {
    const app = await signedInApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(marker(response)).toEqual({
      name: SIGNED_IN_COOKIE,
      value: '1',
      path: '/',
      sameSite: 'Lax',
      maxAge: 1209600,
    });
  });

  it('is handed to a browser signed in by its session without it, the page included', async () => {
    const app = await signedInApp();
    const session = await login(app);
    const page = await app.inject({ url: '/', headers: { cookie: session.cookie } });
    expect(marker(page)).toMatchObject({ value: '1', maxAge: 1209600 });
    const again = await app.inject({
      url: '/',
      headers: { cookie: `${session.cookie}; ${SIGNED_IN_COOKIE}=1` },
    });
    expect(marker(again)).toBeUndefined();
  });

  it('is taken from a browser whose session is gone, and by logout', async () => {
    const app = await signedInApp();
    const stale = await app.inject({
      url: '/login',
      headers: { cookie: `romm_session=expired; ${SIGNED_IN_COOKIE}=1` },
    });
    expect(marker(stale)).toMatchObject({ value: '', maxAge: 0 });
    const signedOut = await app.inject({ url: '/login' });
    expect(marker(signedOut)).toBeUndefined();

    const session = await login(app);
    const logout = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: {
        cookie: `${session.cookie}; ${SIGNED_IN_COOKIE}=1`,
        'x-csrftoken': session.csrf,
      },
    });
    expect(logout.statusCode).toBe(200);
    expect(marker(logout)).toMatchObject({ value: '', maxAge: 0 });
  });

  it('is left alone by requests carrying their own credentials', async () => {
    const app = await signedInApp();
    const response = await app.inject({
      url: '/api/users/me',
      headers: { authorization: ADMIN_AUTH, cookie: `${SIGNED_IN_COOKIE}=1` },
    });
    expect(response.statusCode).toBe(200);
    expect(marker(response)).toBeUndefined();
  });
});
