import {
  DEFAULT_LOCALE,
  SIGNED_IN_COOKIE,
  localeBundleUrl,
  signedInStartPreloads,
} from '@romshelf/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { localesBackend } from '@/lib/locales-backend';
import { useAuthStore } from '@/shared/stores/auth-store';
import { ADMIN_USER, HEARTBEAT, clearCookies, createFakeFetch } from '@/test/fake-fetch';

import { loadStartupData } from './startup';

function stubServer() {
  const server = createFakeFetch({
    'GET /api/heartbeat': { status: 200, json: HEARTBEAT },
    'GET /api/users/me': { status: 200, json: ADMIN_USER },
    [`GET ${localeBundleUrl(DEFAULT_LOCALE)}`]: { status: 200, json: { common: {} } },
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

describe('loadStartupData', () => {
  beforeEach(() => {
    clearCookies();
    useAuthStore.getState().reset();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    clearCookies();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('does not ask who is signed in when the browser holds no session (no 401)', async () => {
    const server = stubServer();
    await loadStartupData();
    expect(server.calls.map((call) => call.url)).not.toContain('/api/users/me');
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('loads the signed-in user when the browser holds a session', async () => {
    const server = stubServer();
    document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
    await loadStartupData();
    expect(server.calls.map((call) => call.url)).toContain('/api/users/me');
    expect(useAuthStore.getState().user?.username).toBe(ADMIN_USER.username);
  });

  it('asks at the addresses the page preloads, without headers that would refuse those answers', async () => {
    const server = stubServer();
    document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
    document.cookie = 'romm_csrftoken=abc123; path=/';
    await Promise.all([
      loadStartupData(),
      // What i18next's start asks of its backend for the default language.
      new Promise((resolve) => {
        localesBackend.read(DEFAULT_LOCALE, 'common', resolve);
      }),
    ]);
    const answers = server.calls.map((call) => call.url);
    expect([...answers].sort()).toEqual(signedInStartPreloads().sort());
    for (const call of server.calls) {
      expect([...call.headers.keys()], call.url).toEqual([]);
    }
  });
});
