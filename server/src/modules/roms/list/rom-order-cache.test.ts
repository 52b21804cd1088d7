import { describe, expect, it } from 'vitest';

import { RomOrderCache } from './rom-order-cache.js';

/** A compute function that counts its calls and answers `ids`. */
function counting(ids: number[]) {
  const calls = { count: 0 };
  const compute = () => {
    calls.count += 1;
    return Promise.resolve({ ids, chars: [] });
  };
  return { calls, compute };
}

describe('RomOrderCache', () => {
  it('computes an order once per data version', async () => {
    const cache = new RomOrderCache(100);
    const { calls, compute } = counting([3, 1, 2]);
    expect((await cache.get('genre', 1, compute)).ids).toEqual([3, 1, 2]);
    expect((await cache.get('genre', 1, compute)).ids).toEqual([3, 1, 2]);
    expect(calls.count).toBe(1);
    await cache.get('genre', 2, compute);
    expect(calls.count).toBe(2);
  });

  it('drops the least recently used orders beyond its id budget', async () => {
    const cache = new RomOrderCache(5);
    const a = counting([1, 2]);
    const b = counting([3, 4]);
    const c = counting([5, 6]);
    await cache.get('a', 1, a.compute);
    await cache.get('b', 1, b.compute);
    await cache.get('a', 1, a.compute); // a is now the most recently used
    await cache.get('c', 1, c.compute); // 6 ids > 5: b goes
    await cache.get('a', 1, a.compute);
    await cache.get('b', 1, b.compute);
    expect([a.calls.count, b.calls.count, c.calls.count]).toEqual([1, 2, 1]);
  });

  it('does not keep an order computed while a newer version was seen', async () => {
    const cache = new RomOrderCache(100);
    let release = () => {};
    const slow = new Promise<{ ids: number[]; chars: [] }>((resolve) => {
      release = () => resolve({ ids: [1], chars: [] });
    });
    const pending = cache.get('genre', 1, () => slow);
    await cache.get('other', 2, () => Promise.resolve({ ids: [9], chars: [] }));
    release();
    expect((await pending).ids).toEqual([1]);
    const again = counting([1, 4]);
    expect((await cache.get('genre', 2, again.compute)).ids).toEqual([1, 4]);
    expect(again.calls.count).toBe(1);
  });

  it('answers an order larger than the budget without keeping it', async () => {
    const cache = new RomOrderCache(2);
    const big = counting([1, 2, 3]);
    await cache.get('all', 1, big.compute);
    await cache.get('all', 1, big.compute);
    expect(big.calls.count).toBe(2);
  });
});
