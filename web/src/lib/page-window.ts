import type { RomListPage, SimpleRom } from '@romshelf/contract';

/**
 * A windowed list's paging: only the items near the screen are drawn, and the pages (fixed
 * offsets, multiples of the page size, one query-cache entry each) holding them are fetched.
 * Shared by the gallery and console mode.
 */

/** A range of item indexes, both ends included; empty when `last < first`. */
export interface ItemRange {
  first: number;
  last: number;
}

/** The offset of the page holding item `index`. */
export function pageOffsetOf(index: number, pageSize: number): number {
  return Math.floor(Math.max(0, index) / pageSize) * pageSize;
}

/**
 * The offsets of the pages to have for the items on screen: those holding `range`, widened by
 * `ahead` items each way so the next page is on its way before its first row shows. Cut to
 * the list (`total`); at least the first page while nothing is known.
 */
export function pagesToFetch(
  range: ItemRange,
  total: number | null,
  pageSize: number,
  ahead = Math.floor(pageSize / 2),
): number[] {
  if (total === null) return [pageOffsetOf(range.first, pageSize)];
  if (total === 0 || range.last < range.first) return [];
  const first = pageOffsetOf(Math.max(0, range.first - ahead), pageSize);
  const last = pageOffsetOf(Math.min(total - 1, range.last + ahead), pageSize);
  const offsets: number[] = [];
  for (let offset = first; offset <= last; offset += pageSize) offsets.push(offset);
  return offsets;
}

/** The ROM at `index` from the page that holds it, if that page is loaded. */
export function romAt(
  pages: ReadonlyMap<number, RomListPage>,
  index: number,
  pageSize: number,
): SimpleRom | undefined {
  const offset = pageOffsetOf(index, pageSize);
  return pages.get(offset)?.items[index - offset];
}
