import { describe, expect, it } from 'vitest';

import { LoginThrottle } from './login-throttle.js';

describe('LoginThrottle', () => {
  it('blocks after the maximum number of failures until the window ends', () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(3, 60_000, () => now);
    for (let index = 0; index < 3; index += 1) {
      expect(throttle.retryAfterSeconds('k')).toBe(0);
      throttle.recordFailure('k');
    }
    expect(throttle.retryAfterSeconds('k')).toBe(60);
    now += 59_500;
    expect(throttle.retryAfterSeconds('k')).toBe(1);
    now += 500;
    expect(throttle.retryAfterSeconds('k')).toBe(0);
  });

  it('keeps keys apart and forgets a key on success', () => {
    const throttle = new LoginThrottle(1, 60_000, () => 0);
    throttle.recordFailure('a');
    expect(throttle.retryAfterSeconds('a')).toBe(60);
    expect(throttle.retryAfterSeconds('b')).toBe(0);
    throttle.reset('a');
    expect(throttle.retryAfterSeconds('a')).toBe(0);
  });
});
