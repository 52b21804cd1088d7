import { RAIL_SIZE } from '@romshelf/contract';
import type { RomListPage, SimpleRom } from '@romshelf/contract';
import type { QueryClient } from '@tanstack/react-query';

import { romKeys } from './rom-keys';

/** A changed ROM: its id and whatever fields changed (a DetailedRom fits). */
export type RomChange = Pick<SimpleRom, 'id'> & Partial<SimpleRom>;

/** Puts `rom` at the front of `list` (once), keeping at most `max` items. */
export function addToFront(
  list: readonly SimpleRom[],
  rom: SimpleRom,
  max = RAIL_SIZE,
): SimpleRom[] {
  return [rom, ...list.filter((item) => item.id !== rom.id)].slice(0, max);
}

/** Writes `change` into the ROM wherever a cached list (gallery page or rail) shows it. */
export function updateCachedRom(queryClient: QueryClient, change: RomChange): void {
  queryClient.setQueriesData<RomListPage>({ queryKey: romKeys.lists() }, (page) => {
    if (!page?.items.some((item) => item.id === change.id)) return page;
    return {
      ...page,
      items: page.items.map((item) => (item.id === change.id ? { ...item, ...change } : item)),
    };
  });
}

/** Drops deleted ROMs from every cached list, counting them out of its total. */
export function removeCachedRoms(queryClient: QueryClient, ids: readonly number[]): void {
  const gone = new Set(ids);
  queryClient.setQueriesData<RomListPage>({ queryKey: romKeys.lists() }, (page) => {
    if (!page) return page;
    const items = page.items.filter((item) => !gone.has(item.id));
    if (items.length === page.items.length) return page;
    const total =
      page.total === null ? null : Math.max(0, page.total - (page.items.length - items.length));
    return { ...page, items, total };
  });
}

/** The caller just played `rom`: it leads the continue-playing rail. */
export function addCachedContinuePlaying(queryClient: QueryClient, rom: SimpleRom): void {
  queryClient.setQueryData<RomListPage>(romKeys.continuePlaying(), (page) =>
    page ? { ...page, items: addToFront(page.items, rom) } : page,
  );
}

/** `id` left the continue-playing rail (its last play was removed). */
export function removeCachedContinuePlaying(queryClient: QueryClient, id: number): void {
  queryClient.setQueryData<RomListPage>(romKeys.continuePlaying(), (page) =>
    page ? { ...page, items: page.items.filter((item) => item.id !== id) } : page,
  );
}

/** The ROM as a cached list (gallery page or rail) holds it, if one does. */
export function findCachedRom(queryClient: QueryClient, id: number): SimpleRom | undefined {
  for (const [, page] of queryClient.getQueriesData<RomListPage>({ queryKey: romKeys.lists() })) {
    const found = page?.items.find((item) => item.id === id);
    if (found) return found;
  }
  return undefined;
}
