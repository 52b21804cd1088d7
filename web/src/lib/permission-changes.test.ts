import { PERMISSION_EVENTS } from '@romshelf/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { followPermissionChanges } from './permission-changes';

/** A socket stand-in: handlers by event name, and how often it was asked to connect. */
const socket = vi.hoisted(() => {
  const handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  return {
    handlers,
    connected: false,
    connects: 0,
    on(name: string, handler: (...args: unknown[]) => void) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler]);
    },
    off(name: string, handler: (...args: unknown[]) => void) {
      handlers.set(
        name,
        (handlers.get(name) ?? []).filter((known) => known !== handler),
      );
    },
    connect() {
      this.connects += 1;
      this.connected = true;
    },
    fire(name: string, ...args: unknown[]) {
      for (const handler of handlers.get(name) ?? []) handler(...args);
    },
  };
});
vi.mock('./socket', () => ({ getSocket: () => socket }));

const ME = { is_admin: false, grants: [], hidden: { platforms: [], roms: [] } };

describe('followPermissionChanges', () => {
  afterEach(() => {
    socket.handlers.clear();
    socket.connects = 0;
    socket.connected = false;
    vi.unstubAllGlobals();
  });

  it('refetches /api/permissions/me and the user, refetches every query, and reconnects', async () => {
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        fetched.push(url);
        return Promise.resolve(Response.json(ME));
      }),
    );
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const onChanged = vi.fn(() => Promise.resolve());
    const stop = followPermissionChanges(queryClient, onChanged);
    expect(socket.connects).toBe(1);

    socket.fire(PERMISSION_EVENTS.changed, { user_id: 2 });
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledTimes(1));
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(fetched.map((url) => new URL(url, 'http://x').pathname)).toEqual([
      '/api/permissions/me',
    ]);
    expect(queryClient.getQueryData(['permissions', 'me'])).toEqual(ME);

    // The server closes the socket after the event: the page connects again.
    socket.fire('disconnect', 'io server disconnect');
    expect(socket.connects).toBe(2);
    socket.fire('disconnect', 'io client disconnect');
    expect(socket.connects).toBe(2);

    stop();
    expect(socket.handlers.get(PERMISSION_EVENTS.changed)).toEqual([]);
  });

  it('on each connection compares the permissions with the last ones and refreshes on a change', async () => {
    let me: unknown = ME;
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        fetched.push(new URL(url, 'http://x').pathname);
        return Promise.resolve(Response.json(me));
      }),
    );
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const onChanged = vi.fn(() => Promise.resolve());
    followPermissionChanges(queryClient, onChanged);

    // The first connection only learns the permissions.
    socket.fire('connect');
    await vi.waitFor(() => expect(fetched).toEqual(['/api/permissions/me']));
    // Back after a drop with the same permissions: nothing to refresh.
    socket.fire('connect');
    await vi.waitFor(() => expect(fetched).toHaveLength(2));
    // A game was hidden while the socket was away: its event was never heard.
    me = { ...ME, hidden: { platforms: [], roms: [7] } };
    socket.fire('connect');
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledTimes(1));
    expect(fetched).toHaveLength(3);
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['permissions', 'me'])).toEqual(me);
  });
});
