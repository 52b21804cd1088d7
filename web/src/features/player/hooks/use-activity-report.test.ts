import { ACTIVITY_HEARTBEAT_INTERVAL_MS } from '@romshelf/contract';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useActivityReport } from './use-activity-report';

/** A socket stand-in recording what the hook sends. */
const socket = vi.hoisted(() => {
  const handlers = new Map<string, (() => void)[]>();
  return {
    handlers,
    sent: [] as { name: string; payload: unknown }[],
    connected: false,
    on(name: string, handler: () => void) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler]);
    },
    off(name: string, handler: () => void) {
      handlers.set(
        name,
        (handlers.get(name) ?? []).filter((known) => known !== handler),
      );
    },
    emit(name: string, payload?: unknown) {
      this.sent.push({ name, payload });
    },
    connect() {
      this.connected = true;
      for (const handler of handlers.get('connect') ?? []) handler();
    },
  };
});
vi.mock('@/lib/socket', () => ({ getSocket: () => socket }));

describe('useActivityReport', () => {
  afterEach(() => {
    vi.useRealTimers();
    socket.sent = [];
    socket.handlers.clear();
    socket.connected = false;
  });

  it('starts once the game runs, beats while it runs and stops when it ends', () => {
    vi.useFakeTimers();
    const { rerender, unmount } = renderHook(
      ({ running }: { running: boolean }) => useActivityReport(7, running),
      { initialProps: { running: false } },
    );
    expect(socket.sent).toEqual([]);

    rerender({ running: true });
    expect(socket.sent).toHaveLength(1);
    const start = socket.sent[0];
    expect(start?.name).toBe('activity:start');
    const play = start?.payload as { rom_id: number; device_id: string };
    expect(play.rom_id).toBe(7);
    expect(play.device_id).toMatch(/^web-[a-z0-9]+-[a-z0-9]+$/);

    vi.advanceTimersByTime(ACTIVITY_HEARTBEAT_INTERVAL_MS * 2);
    expect(socket.sent.slice(1)).toEqual([
      { name: 'activity:heartbeat', payload: play },
      { name: 'activity:heartbeat', payload: play },
    ]);
    // A reconnect (the server dropped the play with the old connection) starts it again.
    socket.connect();
    expect(socket.sent.at(-1)).toEqual({ name: 'activity:start', payload: play });

    unmount();
    expect(socket.sent.at(-1)).toEqual({ name: 'activity:stop', payload: play });
    vi.advanceTimersByTime(ACTIVITY_HEARTBEAT_INTERVAL_MS * 2);
    expect(socket.sent.at(-1)).toEqual({ name: 'activity:stop', payload: play });
  });
});
