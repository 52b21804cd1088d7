import { describe, expect, it } from 'vitest';

import type { SharedRomJson } from './rom-json-cache.js';
import { RomJsonCache } from './rom-json-cache.js';

function json(id: number, name = `rom ${String(id)}`): SharedRomJson {
  const open = Buffer.from(`{"id":${String(id)},"name":"${name}"`);
  return { open, id, created_at: '2026-01-01', updated_at: '2026-01-01' };
}

/** A reader of missing ids that records what it was asked for; `gone` ids have no ROM. */
function reader(gone: number[] = [], name?: string) {
  const asked: number[][] = [];
  const read = (ids: number[]) => {
    asked.push(ids);
    return Promise.resolve(ids.filter((id) => !gone.includes(id)).map((id) => json(id, name)));
  };
  return { asked, read };
}

const names = (found: Map<number, SharedRomJson>) =>
  [...found.values()].map((text) => text.open.toString());

describe('RomJsonCache', () => {
  it('reads only the ROMs it does not hold for the version, and leaves out missing ones', async () => {
    const cache = new RomJsonCache(10);
    const first = reader([3]);
    expect(names(await cache.jsonOf([1, 2, 3], 1, first.read))).toEqual([
      '{"id":1,"name":"rom 1"',
      '{"id":2,"name":"rom 2"',
    ]);
    expect([...(await cache.jsonOf([2, 1, 4], 1, first.read)).keys()]).toEqual([2, 1, 4]);
    expect(first.asked).toEqual([[1, 2, 3], [4]]);
  });

  it('reads everything again once the data version moved', async () => {
    const cache = new RomJsonCache(10);
    await cache.jsonOf([1, 2], 1, reader().read);
    const renamed = reader([], 'renamed');
    expect(names(await cache.jsonOf([1, 2], 2, renamed.read))).toEqual([
      '{"id":1,"name":"renamed"',
      '{"id":2,"name":"renamed"',
    ]);
    expect(renamed.asked).toEqual([[1, 2]]);
  });

  it('does not keep what it read while a newer version started', async () => {
    const cache = new RomJsonCache(10);
    const slow = reader();
    const racing = cache.jsonOf([1], 1, async (ids) => {
      await cache.jsonOf([9], 2, reader().read);
      return slow.read(ids);
    });
    expect(names(await racing)).toEqual(['{"id":1,"name":"rom 1"']);
    const after = reader();
    await cache.jsonOf([1, 9], 2, after.read);
    expect(after.asked).toEqual([[1]]);
  });

  it('drops the least recently listed ROMs beyond its capacity', async () => {
    const cache = new RomJsonCache(3);
    await cache.jsonOf([1, 2, 3], 1, reader().read);
    await cache.jsonOf([1], 1, reader().read);
    await cache.jsonOf([4], 1, reader().read);
    const again = reader();
    await cache.jsonOf([1, 2, 3, 4], 1, again.read);
    expect(again.asked).toEqual([[2]]);
  });
});
