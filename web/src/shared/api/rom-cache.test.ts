import { RAIL_SIZE } from '@romshelf/contract';
import type { RomListPage, SimpleRom } from '@romshelf/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import {
  addCachedContinuePlaying,
  addToFront,
  findCachedRom,
  removeCachedContinuePlaying,
  removeCachedRoms,
  updateCachedRom,
} from './rom-cache';
import { romKeys } from './rom-keys';
import type { RomListContext } from './rom-keys';

function rom(id: number): SimpleRom {
  return { id, name: `Game ${String(id)}` } as SimpleRom;
}

function page(ids: number[], offset = 0, total = 100): RomListPage {
  return {
    items: ids.map(rom),
    total,
    limit: 72,
    offset,
    char_index: {},
  } as unknown as RomListPage;
}

const platform1: RomListContext = {
  platformId: 1,
  searchTerm: '',
  orderBy: 'name',
  orderDir: 'asc',
  groupRoms: false,
};

const names = (data: RomListPage | undefined) => data?.items.map((item) => item.name);

describe('ROM query keys', () => {
  it('keeps contexts, sorts and offsets apart, all under the ROM lists', () => {
    const keys = [
      romKeys.galleryPage(platform1, 0),
      romKeys.galleryPage(platform1, 72),
      romKeys.galleryPage({ ...platform1, platformId: 2 }, 0),
      romKeys.galleryPage({ ...platform1, orderDir: 'desc' }, 0),
      romKeys.galleryPage({ ...platform1, platformId: null, searchTerm: 'mario' }, 0),
      romKeys.recent(),
      romKeys.continuePlaying(),
    ].map((key) => JSON.stringify(key));
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys)
      expect(key.startsWith(JSON.stringify(romKeys.lists()).slice(0, -1))).toBe(true);
    expect(JSON.stringify(romKeys.detail('3')).startsWith('["roms","detail"')).toBe(true);
  });
});

describe('ROM cache updates', () => {
  it('writes a changed ROM into every cached list that shows it, and only there', () => {
    const client = new QueryClient();
    client.setQueryData(romKeys.galleryPage(platform1, 0), page([1, 2, 3]));
    client.setQueryData(romKeys.galleryPage(platform1, 72), page([73, 74], 72));
    client.setQueryData(romKeys.recent(), page([3, 9]));
    const untouched = client.getQueryData(romKeys.galleryPage(platform1, 72));

    updateCachedRom(client, { id: 3, name: 'Renamed' });

    expect(names(client.getQueryData(romKeys.galleryPage(platform1, 0)))).toEqual([
      'Game 1',
      'Game 2',
      'Renamed',
    ]);
    expect(names(client.getQueryData(romKeys.recent()))).toEqual(['Renamed', 'Game 9']);
    expect(client.getQueryData(romKeys.galleryPage(platform1, 72))).toBe(untouched);
  });

  it('drops deleted ROMs from every list and counts them out of its total', () => {
    const client = new QueryClient();
    client.setQueryData(romKeys.galleryPage(platform1, 0), page([1, 2, 3], 0, 10));
    client.setQueryData(romKeys.continuePlaying(), page([2, 5], 0, 2));

    removeCachedRoms(client, [2, 3]);

    const gallery = client.getQueryData<RomListPage>(romKeys.galleryPage(platform1, 0));
    expect(names(gallery)).toEqual(['Game 1']);
    expect(gallery?.total).toBe(8);
    const rail = client.getQueryData<RomListPage>(romKeys.continuePlaying());
    expect(names(rail)).toEqual(['Game 5']);
    expect(rail?.total).toBe(1);
  });

  it('puts a played ROM at the front of continue playing, once, and takes it off again', () => {
    const client = new QueryClient();
    client.setQueryData(romKeys.continuePlaying(), page([4, 5, 6]));
    addCachedContinuePlaying(client, rom(5));
    expect(names(client.getQueryData(romKeys.continuePlaying()))).toEqual([
      'Game 5',
      'Game 4',
      'Game 6',
    ]);
    removeCachedContinuePlaying(client, 4);
    expect(names(client.getQueryData(romKeys.continuePlaying()))).toEqual(['Game 5', 'Game 6']);
  });

  it('keeps at most RAIL_SIZE (15) ROMs at the front of a rail', () => {
    const list = Array.from({ length: RAIL_SIZE }, (_, index) => rom(index + 1));
    const next = addToFront(list, rom(99));
    expect(next).toHaveLength(RAIL_SIZE);
    expect(next[0]?.id).toBe(99);
    expect(next.at(-1)?.id).toBe(RAIL_SIZE - 1);
  });

  it('finds a ROM in whichever cached list holds it, and nothing for one no list holds', () => {
    const client = new QueryClient();
    client.setQueryData(romKeys.galleryPage(platform1, 72), page([80, 81], 72));
    client.setQueryData(romKeys.recent(), page([3, 4]));
    expect(findCachedRom(client, 81)?.name).toBe('Game 81');
    expect(findCachedRom(client, 4)?.name).toBe('Game 4');
    expect(findCachedRom(client, 5)).toBeUndefined();
  });
});
