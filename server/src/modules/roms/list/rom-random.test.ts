import { describe, expect, it } from 'vitest';

import type { RandomMemberSource } from './rom-random.js';
import { randomMember } from './rom-random.js';

/** A table of ids 1..`size` whose scope is `members`, recording what each call asked. */
function source(size: number, members: ReadonlySet<number>) {
  const asked: (number | 'all')[] = [];
  const all = Array.from({ length: size }, (_, index) => index + 1);
  const table: RandomMemberSource<null> = {
    idRange: () => Promise.resolve(size === 0 ? null : { min: 1, max: size }),
    idsOf: (_filter, among) => {
      asked.push(among === null ? 'all' : among.length);
      const ids = among ?? all;
      return Promise.resolve(ids.filter((id) => members.has(id)));
    },
  };
  return { table, asked };
}

describe('randomMember', () => {
  it('looks up one sample of ids in a dense scope, never the whole scope', async () => {
    const evens = new Set(Array.from({ length: 50_000 }, (_, index) => 2 * (index + 1)));
    const { table, asked } = source(100_000, evens);
    const id = await randomMember(table, null);
    expect(evens.has(id ?? -1)).toBe(true);
    expect(asked).toEqual([64]);
  });

  it('reads a scope too sparse for the samples whole, and is uniform over it', async () => {
    const members = new Set([3, 4_000, 9_999]);
    const { table, asked } = source(10_000, members);
    const counts = new Map<number, number>();
    for (let draw = 0; draw < 1500; draw += 1) {
      const id = (await randomMember(table, null)) ?? -1;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual([3, 4_000, 9_999]);
    // 500 expected each; over 5 standard deviations (18.3) either way.
    for (const count of counts.values()) expect(Math.abs(count - 500)).toBeLessThan(100);
    // Two samples at most (a third would be over half the ids), else the whole scope.
    expect(new Set(asked)).toEqual(new Set([64, 1024, 'all']));
  });

  it('gives nothing for an empty scope or an empty table', async () => {
    expect(await randomMember(source(10_000, new Set()).table, null)).toBeUndefined();
    expect(await randomMember(source(0, new Set()).table, null)).toBeUndefined();
  });
});
