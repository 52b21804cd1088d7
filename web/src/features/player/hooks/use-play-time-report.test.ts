import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type * as PlayApi from '../api/play-api';
import { usePlayTimeReport } from './use-play-time-report';

const calls = vi.hoisted(() => ({
  reported: [] as { romId: number; stretch: unknown }[],
  beacons: [] as { url: string; body: string }[],
}));
vi.mock('../api/play-api', async (original) => ({
  ...(await original<typeof PlayApi>()),
  fetchPlayToken: () => Promise.resolve({ token: 'play-token', expires_at: '' }),
  reportPlayStretch: (romId: number, stretch: unknown) => {
    calls.reported.push({ romId, stretch });
    return Promise.resolve();
  },
}));

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('usePlayTimeReport', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-04T20:00:00.000Z'));
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, body: URLSearchParams) => {
        calls.beacons.push({ url, body: body.toString() });
        return true;
      },
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    calls.reported = [];
    calls.beacons = [];
    setVisibility('visible');
  });

  it('beacons the stretch when the tab is hidden, then reports the next one on quit', async () => {
    const { unmount } = renderHook(() => usePlayTimeReport(7, true));
    await act(() => Promise.resolve());
    vi.setSystemTime(new Date('2026-12-04T20:10:00.000Z'));
    setVisibility('hidden');
    expect(calls.beacons).toEqual([
      {
        url: '/api/play-sessions/beacon',
        body:
          'token=play-token&start_time=2026-12-04T20%3A00%3A00.000Z' +
          '&end_time=2026-12-04T20%3A10%3A00.000Z&duration_ms=600000',
      },
    ]);
    // Hidden a while, then back: a new stretch starts when the game is in view again.
    vi.setSystemTime(new Date('2026-12-04T21:00:00.000Z'));
    setVisibility('visible');
    vi.setSystemTime(new Date('2026-12-04T21:05:00.000Z'));
    unmount();
    expect(calls.reported).toEqual([
      {
        romId: 7,
        stretch: {
          start_time: '2026-12-04T21:00:00.000Z',
          end_time: '2026-12-04T21:05:00.000Z',
          duration_ms: 300_000,
        },
      },
    ]);
    expect(calls.beacons).toHaveLength(1);
  });

  it('hands the token to the caller each time the tab goes away (the save beacon)', async () => {
    const away: string[] = [];
    const { unmount } = renderHook(() =>
      usePlayTimeReport(7, true, (token) => {
        away.push(token);
      }),
    );
    await act(() => Promise.resolve());
    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));
    unmount();
    expect(away).toEqual(['play-token', 'play-token']);
  });

  it('beacons once on pagehide and skips stretches under five seconds', async () => {
    const { unmount } = renderHook(() => usePlayTimeReport(7, true));
    await act(() => Promise.resolve());
    vi.setSystemTime(new Date('2026-12-04T20:00:04.000Z'));
    window.dispatchEvent(new Event('pagehide'));
    expect(calls.beacons).toEqual([]);
    unmount();
    expect(calls.reported).toEqual([]);

    const second = renderHook(() => usePlayTimeReport(8, true));
    await act(() => Promise.resolve());
    vi.setSystemTime(new Date('2026-12-04T20:30:04.000Z'));
    window.dispatchEvent(new Event('pagehide'));
    setVisibility('hidden');
    second.unmount();
    expect(calls.beacons).toHaveLength(1);
    expect(calls.reported).toEqual([]);
  });
});
