import { describe, expect, it } from 'vitest';

import { formatBytes, formatDate, formatDateTime } from './format';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1.00 KB'],
    [1536, '1.50 KB'],
    [10_240, '10.00 KB'],
    [1_048_575, '1.00 MB'],
    [1_048_576, '1.00 MB'],
    [5_452_595, '5.20 MB'],
    [1024 ** 3, '1.00 GB'],
    [1.25 * 1024 ** 4, '1.25 TB'],
    [1024 ** 5, '1.00 PB'],
    [1024 ** 6, '1.00 EB'],
    [1024 ** 7, '1.00 ZB'],
    [1024 ** 8, '1.00 YB'],
    [2048 * 1024 ** 8, '2048.00 YB'],
  ])('%d bytes → %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });

  it.each([null, undefined, Number.NaN, -1, Number.POSITIVE_INFINITY])('%s → a dash', (value) => {
    expect(formatBytes(value)).toBe('-');
  });
});

describe('formatDate', () => {
  it('uses the en-GB day/month/year order', () => {
    expect(formatDate('2026-11-02T10:00:00+00:00', { timeZone: 'UTC' })).toBe('02/11/2026');
    expect(formatDate(Date.UTC(1999, 0, 31), { timeZone: 'UTC' })).toBe('31/01/1999');
  });

  it('applies the time zone', () => {
    expect(formatDate('2026-11-22T23:30:00Z', { timeZone: 'Asia/Tokyo' })).toBe('23/11/2026');
  });

  it.each([null, undefined, '', 'not a date'])('%s → a dash', (value) => {
    expect(formatDate(value)).toBe('-');
    expect(formatDateTime(value)).toBe('-');
  });

  it('formats date and time', () => {
    expect(formatDateTime('2026-11-02T14:05:00Z', { timeZone: 'UTC' })).toBe('02/11/2026, 14:05');
  });
});
