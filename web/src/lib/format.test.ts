import { afterEach, describe, expect, it } from 'vitest';

import { formatBytes, formatDate, formatDateTime, formatTimeToday } from './format';
import { useLanguageStore } from './stores/language-store';

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
  afterEach(() => {
    useLanguageStore.getState().setLanguage('en_US');
  });

  it("follows the UI language's own order, one format per locale", () => {
    const when = '2026-11-02T14:05:00Z';
    const utc = { timeZone: 'UTC' };
    expect(formatDate(when, utc)).toBe('11/02/2026');
    expect(formatDateTime(when, utc)).toBe('11/02/2026, 02:05 PM');
    useLanguageStore.getState().setLanguage('en_GB');
    expect(formatDate(when, utc)).toBe('02/11/2026');
    expect(formatDateTime(when, utc)).toBe('02/11/2026, 14:05');
    useLanguageStore.getState().setLanguage('de_DE');
    expect(formatDateTime(when, utc)).toBe('02.11.2026, 14:05');
    expect(formatDate(when, { ...utc, locale: 'fr_FR' })).toBe('02/11/2026');
  });

  it('applies the time zone', () => {
    expect(formatDate('2026-11-22T23:30:00Z', { timeZone: 'Asia/Tokyo', locale: 'en_GB' })).toBe(
      '23/11/2026',
    );
  });

  it.each([null, undefined, '', 'not a date'])('%s → a dash', (value) => {
    expect(formatDate(value)).toBe('-');
    expect(formatDateTime(value)).toBe('-');
  });
});

describe('formatTimeToday', () => {
  it('gives the time alone for today, the date and time before, a dash for nothing', () => {
    const now = new Date('2026-11-02T20:00:00Z');
    const options = { timeZone: 'UTC', locale: 'en_GB', now };
    expect(formatTimeToday('2026-11-02T14:05:00Z', options)).toBe('14:05');
    expect(formatTimeToday('2026-11-01T14:05:00Z', options)).toBe('01/11/2026, 14:05');
    expect(formatTimeToday('2026-11-02T14:05:00Z', { ...options, locale: 'en_US' })).toBe(
      '02:05 PM',
    );
    expect(formatTimeToday(null)).toBe('-');
  });
});
