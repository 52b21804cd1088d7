import { describe, expect, it } from 'vitest';

/** Every source file of the app (tests aside), as text. */
const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Ways to turn a date into text by hand, around the shared formatter. */
const HAND_FORMATTING =
  /\.toLocale(Date|Time)?String\(|Intl\.DateTimeFormat|\.to(Date|Time|UTC)String\(/;

describe('dates and times', () => {
  it('are formatted only by lib/format.ts, so each language has one format', () => {
    const files = Object.keys(SOURCES);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter(
      (file) => file !== './format.ts' && HAND_FORMATTING.test(SOURCES[file] ?? ''),
    );
    expect(offenders).toEqual([]);
  });
});
