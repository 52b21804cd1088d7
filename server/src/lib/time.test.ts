import { describe, expect, it } from 'vitest';

import { toIsoUtc } from './time.js';

describe('toIsoUtc', () => {
  it('writes UTC with milliseconds and a +00:00 offset', () => {
    expect(toIsoUtc(new Date(Date.UTC(2026, 10, 22, 3, 49, 48, 123)))).toBe(
      '2026-11-22T03:49:48.123+00:00',
    );
  });
});
