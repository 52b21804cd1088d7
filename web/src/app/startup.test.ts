import { SIGNED_IN_COOKIE } from '@romshelf/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useAuthStore } from '@/shared/stores/auth-store';
import { ADMIN_USER, HEARTBEAT, clearCookies, createFakeFetch } from '@/test/fake-fetch';

import { loadStartupData } from './startup';

function stubServer() {
  const server = createFakeFetch({
    'GET /api/heartbeat': { status: 200, json: HEARTBEAT },
    'GET /api/users/me': { status: 200, json: ADMIN_USER },
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
});
