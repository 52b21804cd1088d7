import type { ScanStats } from '@romshelf/contract';
import { SCAN_STATS_INTERVAL_MS } from '@romshelf/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { StatsThrottle } from './scan.gateway.js';
import { emptyScanStats } from './scan-run.js';

function counters(scanned: number): ScanStats {
  return { ...emptyScanStats(), scanned_roms: scanned };
}

describe('StatsThrottle', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends at most once per interval, the latest counters at its end', () => {
    const sent: [number, number][] = [];
    const throttle = new StatsThrottle((stats) => sent.push([Date.now(), stats.scanned_roms]));
    for (let scanned = 1; scanned <= 30; scanned += 1) {
      throttle.push(counters(scanned));
      vi.advanceTimersByTime(20);
    }
    vi.runAllTimers();
    const start = 1_000_000;
    expect(sent).toEqual([
      [start, 1],
      [start + SCAN_STATS_INTERVAL_MS, 13],
      [start + 2 * SCAN_STATS_INTERVAL_MS, 25],
      [start + 3 * SCAN_STATS_INTERVAL_MS, 30],
    ]);
  });

  it('sends the pending update at once when flushed', () => {
    const sent: number[] = [];
    const throttle = new StatsThrottle((stats) => sent.push(stats.scanned_roms));
    throttle.push(counters(1));
    throttle.push(counters(2));
    throttle.flush();
    throttle.flush();
    vi.runAllTimers();
    expect(sent).toEqual([1, 2]);
  });

  it('drops the pending update when cancelled', () => {
    const sent: number[] = [];
    const throttle = new StatsThrottle((stats) => sent.push(stats.scanned_roms));
    throttle.push(counters(1));
    throttle.push(counters(2));
    throttle.cancel();
    vi.runAllTimers();
    expect(sent).toEqual([1]);
  });
});
