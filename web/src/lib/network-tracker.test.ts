import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  NETWORK_QUIESCED_EVENT,
  pendingRequests,
  requestEnded,
  requestStarted,
} from './network-tracker';

describe('network tracker', () => {
  const fired: number[] = [];
  const onQuiesced = () => fired.push(Date.now());

  beforeEach(() => {
    vi.useFakeTimers();
    fired.length = 0;
    window.addEventListener(NETWORK_QUIESCED_EVENT, onQuiesced);
  });
  afterEach(() => {
    window.removeEventListener(NETWORK_QUIESCED_EVENT, onQuiesced);
    vi.useRealTimers();
  });

  it('fires 250 ms after the last pending request ends', () => {
    requestStarted();
    requestStarted();
    expect(pendingRequests()).toBe(2);
    requestEnded();
    vi.advanceTimersByTime(1000);
    expect(fired).toHaveLength(0);
    requestEnded();
    expect(pendingRequests()).toBe(0);
    vi.advanceTimersByTime(249);
    expect(fired).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(fired).toHaveLength(1);
  });

  it('a request starting inside the quiet period cancels the event', () => {
    requestStarted();
    requestEnded();
    vi.advanceTimersByTime(200);
    requestStarted();
    vi.advanceTimersByTime(500);
    expect(fired).toHaveLength(0);
    requestEnded();
    vi.advanceTimersByTime(250);
    expect(fired).toHaveLength(1);
  });

  it('does nothing when the page is gone by the end of the quiet period', () => {
    requestStarted();
    requestEnded();
    vi.stubGlobal('window', undefined);
    try {
      expect(() => vi.advanceTimersByTime(250)).not.toThrow();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(fired).toHaveLength(0);
  });
});
