import { describe, expect, it } from 'vitest';

import { TimeSlices } from './next-turn.js';

describe('TimeSlices', () => {
  it('is due once its budget is spent, and starts a new slice after a turn', async () => {
    const spent = new TimeSlices(0);
    expect(spent.due()).toBe(true);
    const long = new TimeSlices(60_000);
    expect(long.due()).toBe(false);
    await long.next();
    expect(long.due()).toBe(false);
  });

  it('lets a callback queued meanwhile run at the turn', async () => {
    const slices = new TimeSlices(0);
    let ran = false;
    setImmediate(() => {
      ran = true;
    });
    expect(ran).toBe(false);
    await slices.next();
    expect(ran).toBe(true);
  });
});
