import { UserSchema } from '@romshelf/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { clearCookies, createFakeFetch, HEARTBEAT } from '../test/fake-fetch';
import { ADMIN_USER } from '../test/fake-fetch';
import { api, ApiError, computeLoginNext, isSessionEnded, loginPathWithNext } from './api-client';
import { setNavigator } from './navigator';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';

describe('computeLoginNext (the 403 next rule)', () => {
  it('keeps an existing next value', () => {
    expect(computeLoginNext('/login', '?next=%2Fplatform%2F2')).toBe('/platform/2');
    expect(computeLoginNext('/scan', '?next=/rom/9')).toBe('/rom/9');
  });

  it('otherwise uses the current path', () => {
    expect(computeLoginNext('/platform/2', '')).toBe('/platform/2');
    expect(computeLoginNext('/search', '?search_term=zelda')).toBe('/search?search_term=zelda');
  });

  it('uses / when the current path is the login path', () => {
    expect(computeLoginNext('/login', '')).toBe('/');
  });

  it('builds the login address', () => {
    expect(loginPathWithNext('/platform/2')).toBe('/login?next=%2Fplatform%2F2');
  });
});

describe('api client', () => {
  const visited: string[] = [];

  beforeEach(() => {
    clearCookies();
    visited.length = 0;
    setNavigator((to) => visited.push(to));
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setNavigator(null);
    clearCookies();
  });

  it('sends the CSRF header taken from the romm_csrftoken cookie, under /api', async () => {
    document.cookie = 'romm_csrftoken=abc123; path=/';
    const fake = createFakeFetch({ 'POST /api/things': { status: 200, json: { ok: true } } });
    vi.stubGlobal('fetch', fake.fetch);
    const result = await api.post<{ ok: boolean }>('/things', { json: { name: 'x' } });
    expect(result).toEqual({ ok: true });
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]?.url).toBe('/api/things');
    expect(fake.calls[0]?.headers.get('x-csrftoken')).toBe('abc123');
    expect(fake.calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(fake.calls[0]?.body).toBe('{"name":"x"}');
  });

  it('sends no CSRF header without the cookie', async () => {
    const fake = createFakeFetch({ 'GET /api/heartbeat': { status: 200, json: HEARTBEAT } });
    vi.stubGlobal('fetch', fake.fetch);
    await api.get('/heartbeat');
    expect(fake.calls[0]?.headers.has('x-csrftoken')).toBe(false);
  });

  it('throws an ApiError with status and detail', async () => {
    const fake = createFakeFetch({
      'POST /api/login': { status: 401, json: { detail: 'Incorrect username or password' } },
    });
    vi.stubGlobal('fetch', fake.fetch);
    const error = await api.post('/login').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).detail).toBe('Incorrect username or password');
    expect((error as ApiError).message).toBe('Incorrect username or password');
    expect(visited).toEqual([]);
  });

  it('joins validation details into the message', async () => {
    const detail = [{ loc: ['body', 'username'], msg: 'Username too short', type: 'too_small' }];
    vi.stubGlobal(
      'fetch',
      createFakeFetch({ 'POST /api/users': { status: 422, json: { detail } } }).fetch,
    );
    const error = (await api.post('/users').catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(422);
    expect(error.detail).toEqual(detail);
    expect(error.message).toBe('Username too short');
  });

  it('on 403 removes the cookies, requests a heartbeat, goes to login with next, and still rejects', async () => {
    document.cookie = 'romm_session=s1; path=/';
    document.cookie = 'romm_csrftoken=t1; path=/';
    document.cookie = 'other=keep; path=/';
    window.history.replaceState(null, '', '/platform/7?tab=games');
    const fake = createFakeFetch({
      'DELETE /api/roms/1': { status: 403, json: { detail: 'Forbidden' } },
      'GET /api/heartbeat': {
        status: 200,
        json: { ...HEARTBEAT, SYSTEM: { ...HEARTBEAT.SYSTEM, ROMSHELF_VERSION: '9.9.9' } },
      },
    });
    vi.stubGlobal('fetch', fake.fetch);

    const error = (await api.delete('/roms/1').catch((caught: unknown) => caught)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(403);
    expect(error.detail).toBe('Forbidden');
    expect(document.cookie).toBe('other=keep');
    expect(fake.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'DELETE /api/roms/1',
      'GET /api/heartbeat',
    ]);
    expect(useHeartbeatStore.getState().value?.SYSTEM.ROMSHELF_VERSION).toBe('9.9.9');
    expect(visited).toEqual(['/login?next=%2Fplatform%2F7%3Ftab%3Dgames']);
  });

  it('on 403 from the login page keeps next = /', async () => {
    window.history.replaceState(null, '', '/login');
    vi.stubGlobal(
      'fetch',
      createFakeFetch({
        'GET /api/users/me': { status: 403, json: { detail: 'Forbidden' } },
        'GET /api/heartbeat': { status: 200, json: HEARTBEAT },
      }).fetch,
    );
    await expect(api.get('/users/me')).rejects.toBeInstanceOf(ApiError);
    expect(visited).toEqual(['/login?next=%2F']);
  });

  it('on 403 keeps an existing next value', async () => {
    window.history.replaceState(null, '', '/login?next=%2Fscan');
    vi.stubGlobal(
      'fetch',
      createFakeFetch({
        'GET /api/config': { status: 403, json: { detail: 'Forbidden' } },
        'GET /api/heartbeat': { status: 500, json: { detail: 'down' } },
      }).fetch,
    );
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(api.get('/config')).rejects.toMatchObject({ status: 403 });
    expect(visited).toEqual(['/login?next=%2Fscan']);
    log.mockRestore();
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/heartbeat')).rejects.toMatchObject({
      status: 0,
      message: 'Failed to fetch',
    });
  });

  describe('401 (the session ended)', () => {
    beforeEach(() => {
      useAuthStore.getState().setUser(UserSchema.parse(ADMIN_USER));
    });
    afterEach(() => {
      useAuthStore.getState().reset();
    });

    it('signs the user out and goes to login with next, like a 403, and still rejects', async () => {
      window.history.replaceState(null, '', '/user/1');
      const fake = createFakeFetch({
        'PUT /api/users/1': { status: 401, json: { detail: 'Not authenticated' } },
        'GET /api/heartbeat': { status: 200, json: HEARTBEAT },
      });
      vi.stubGlobal('fetch', fake.fetch);
      await expect(api.put('/users/1', { json: { email: '' } })).rejects.toMatchObject({
        status: 401,
        message: 'Not authenticated',
      });
      expect(fake.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
        'PUT /api/users/1',
        'GET /api/heartbeat',
      ]);
      expect(visited).toEqual(['/login?next=%2Fuser%2F1']);
      expect(useAuthStore.getState().user).toBeNull();
      expect(useAuthStore.getState().oauth_scopes).toEqual([]);
    });

    it('keeps next = / when it happens on the home page', async () => {
      vi.stubGlobal(
        'fetch',
        createFakeFetch({
          'GET /api/roms': { status: 401, json: { detail: 'Not authenticated' } },
          'GET /api/heartbeat': { status: 200, json: HEARTBEAT },
        }).fetch,
      );
      await expect(api.get('/roms', { query: { limit: 15 } })).rejects.toBeInstanceOf(ApiError);
      expect(visited).toEqual(['/login?next=%2F']);
    });

    it('leaves a wrong password on the login call to the login form', async () => {
      window.history.replaceState(null, '', '/login');
      vi.stubGlobal(
        'fetch',
        createFakeFetch({
          'POST /api/login': { status: 401, json: { detail: 'Incorrect username or password' } },
        }).fetch,
      );
      await expect(api.post('/login')).rejects.toMatchObject({ status: 401 });
      expect(visited).toEqual([]);
      expect(useAuthStore.getState().user).not.toBeNull();
    });

    it('leaves calls that opt out alone', async () => {
      vi.stubGlobal(
        'fetch',
        createFakeFetch({
          'POST /api/users/register': { status: 401, json: { detail: 'Not authenticated' } },
        }).fetch,
      );
      await expect(
        api.post('/users/register', { json: {}, allowUnauthorized: true }),
      ).rejects.toMatchObject({ status: 401 });
      expect(visited).toEqual([]);
    });
  });
});

describe('isSessionEnded (the 401 rule)', () => {
  afterEach(() => {
    useAuthStore.getState().reset();
  });

  it('is false while nobody is signed in (start-up, signed-out pages)', () => {
    expect(isSessionEnded('/users/me', 401, {})).toBe(false);
    expect(isSessionEnded('/config', 401, {})).toBe(false);
  });

  it('is true for any other 401 of a signed-in user', () => {
    useAuthStore.getState().setUser(UserSchema.parse(ADMIN_USER));
    expect(isSessionEnded('/users/me', 401, {})).toBe(true);
    expect(isSessionEnded('/roms/3', 401, {})).toBe(true);
    expect(isSessionEnded('users', 401, {})).toBe(true);
  });

  it('ignores the credential calls, opted-out calls and other statuses', () => {
    useAuthStore.getState().setUser(UserSchema.parse(ADMIN_USER));
    expect(isSessionEnded('/login', 401, {})).toBe(false);
    expect(isSessionEnded('/token', 401, {})).toBe(false);
    expect(isSessionEnded('/logout', 401, {})).toBe(false);
    expect(isSessionEnded('/users/register', 401, { allowUnauthorized: true })).toBe(false);
    expect(isSessionEnded('/roms', 403, {})).toBe(false);
    expect(isSessionEnded('/roms', 500, {})).toBe(false);
  });
});
