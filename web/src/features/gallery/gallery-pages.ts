import type { RomListPage, SimpleRom } from '@romshelf/contract';

import { pageOffsetOf } from '@/lib/page-window';
import type { ItemRange } from '@/lib/page-window';

export { pageOffsetOf, pagesToFetch, romAt } from '@/lib/page-window';
export type { ItemRange } from '@/lib/page-window';

/**
 * The windowed gallery's arithmetic: a context of `total` ROMs is laid out in rows, only the
 * rows near the viewport are drawn, and the pages (fixed offsets, multiples of the page size,
 * one query-cache entry each) holding their ROMs are fetched.
 */

/** The grid modes' card sizes: columns as wide as fit, never fewer than `min`. */
export const GRID_LAYOUT = {
  small: { minCardWidth: 136, gap: 8, minColumns: 3, maxColumns: 12 },
  big: { minCardWidth: 220, gap: 16, minColumns: 2, maxColumns: 9 },
} as const;

export type GridMode = keyof typeof GRID_LAYOUT;

/** How many cards fit across `width` pixels of the gallery in a grid mode. */
export function gridColumns(width: number, mode: GridMode): number {
  const { minCardWidth, gap, minColumns, maxColumns } = GRID_LAYOUT[mode];
  const fit = Math.floor((Math.max(0, width) + gap) / (minCardWidth + gap));
  return Math.min(maxColumns, Math.max(minColumns, fit));
}

/** Rows needed for `total` items, `columns` to a row. */
export function rowCount(total: number, columns: number): number {
  return columns > 0 ? Math.ceil(Math.max(0, total) / columns) : 0;
}

/** The items of rows `firstRow`..`lastRow`, cut at the end of the list. */
export function rowsToItems(
  firstRow: number,
  lastRow: number,
  columns: number,
  total: number,
): ItemRange {
  return { first: firstRow * columns, last: Math.min(total - 1, (lastRow + 1) * columns - 1) };
}

/** The row an item sits in. */
export function rowOfItem(index: number, columns: number): number {
  return Math.floor(Math.max(0, index) / Math.max(1, columns));
}

/** The list's size as the server counted it, or what the loaded pages show when it gave none. */
export function totalOf(pages: Iterable<RomListPage>): number | null {
  let total: number | null = null;
  let seen = 0;
  for (const page of pages) {
    if (page.total !== null) return page.total;
    seen = Math.max(seen, page.offset + page.items.length);
    total = seen;
  }
  return total;
}

/**
 * The ROMs of the loaded pages in list order, skipping pages not loaded (a shift-click range
 * can only take what is known).
 */
export function knownRoms(pages: ReadonlyMap<number, RomListPage>): SimpleRom[] {
  return [...pages.entries()].sort(([a], [b]) => a - b).flatMap(([, page]) => page.items);
}

/**
 * The pages to load to reach `ids`, given the whole result's ids in list order
 * (`rom_id_index`): ids not in the list are left out.
 */
export function pagesHolding(
  ids: Iterable<number>,
  orderedIds: readonly number[],
  pageSize: number,
): number[] {
  const position = new Map(orderedIds.map((id, index) => [id, index]));
  const offsets = new Set<number>();
  for (const id of ids) {
    const index = position.get(id);
    if (index !== undefined) offsets.add(pageOffsetOf(index, pageSize));
  }
  return [...offsets].sort((a, b) => a - b);
}
