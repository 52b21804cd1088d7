import { describe, expect, it } from 'vitest';

import { KeptPerVersion } from './kept-per-version.js';

/** A reader of missing keys that records what it was asked for; `gone` keys have no value. */
function reader(gone: number[] = [], suffix = '') {
  const asked: number[][] = [];
  const read = (keys: number[]) => {
    asked.push(keys);
    const present = keys.filter((key) => !gone.includes(key));
    return Promise.resolve(new Map(present.map((key) => [key, `rom ${String(key)}${suffix}`])));
  };
  return { asked, read };
}

describe('KeptPerVersion', () => {
  it('reads only the keys it does not hold for the version, and leaves out missing ones', async () => {
    const kept = new KeptPerVersion<number, string>(10);
    const first = reader([3]);
    const found = await kept.valuesOf([1, 2, 3], 1, first.read);
    expect([...found.values()]).toEqual(['rom 1', 'rom 2']);
    expect([...(await kept.valuesOf([2, 1, 4], 1, first.read)).keys()]).toEqual([2, 1, 4]);
    expect(first.asked).toEqual([[1, 2, 3], [4]]);
  });

  it('reads everything again once the data version moved', async () => {
    const kept = new KeptPerVersion<number, string>(10);
    await kept.valuesOf([1, 2], 1, reader().read);
    const renamed = reader([], ' renamed');
    const found = await kept.valuesOf([1, 2], 2, renamed.read);
    expect([...found.values()]).toEqual(['rom 1 renamed', 'rom 2 renamed']);
    expect(renamed.asked).toEqual([[1, 2]]);
  });

  it('does not keep what it read while a newer version started', async () => {
    const kept = new KeptPerVersion<number, string>(10);
    const racing = kept.valuesOf([1], 1, async (keys) => {
      await kept.valuesOf([9], 2, reader().read);
      return reader().read(keys);
    });
    expect([...(await racing).values()]).toEqual(['rom 1']);
    const after = reader();
    await kept.valuesOf([1, 9], 2, after.read);
    expect(after.asked).toEqual([[1]]);
  });

  it('drops the least recently used values beyond its capacity', async () => {
    const kept = new KeptPerVersion<number, string>(3);
    await kept.valuesOf([1, 2, 3], 1, reader().read);
    await kept.valuesOf([1], 1, reader().read);
    await kept.valuesOf([4], 1, reader().read);
    const again = reader();
    await kept.valuesOf([1, 2, 3, 4], 1, again.read);
    expect(again.asked).toEqual([[2]]);
  });
});
