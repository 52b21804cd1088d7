import { describe, expect, it } from 'vitest';

import { consolePlayHref, parseConsolePlay } from './console-play';

describe('console play addresses', () => {
  it('round-trips each start', () => {
    for (const start of [
      null,
      { type: 'fresh' as const },
      { type: 'state' as const, id: 12 },
      { type: 'save' as const, id: 3 },
    ]) {
      const href = consolePlayHref('/rom/7/ejs', start);
      expect(parseConsolePlay(new URL(href, 'http://x').search)).toEqual({ start });
    }
    expect(consolePlayHref('/rom/7/ejs', { type: 'state', id: 12 })).toBe(
      '/rom/7/ejs?console=1&start=state%3A12',
    );
  });

  it('is not a console request without console=1, and ignores a start it cannot read', () => {
    expect(parseConsolePlay('?start=fresh')).toBeNull();
    expect(parseConsolePlay('')).toBeNull();
    expect(parseConsolePlay('?console=1&start=state:x')).toEqual({ start: null });
  });
});
