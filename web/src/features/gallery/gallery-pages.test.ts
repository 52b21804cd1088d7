import type { RomListPage, SimpleRom } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import {
  gridColumns,
  knownRoms,
  pageOffsetOf,
  pagesHolding,
  pagesToFetch,
  romAt,
  rowCount,
  rowOfItem,
  rowsToItems,
  totalOf,
} from './gallery-pages';

function page(offset: number, count: number, total: number | null, limit = 72): RomListPage {
  const items = Array.from(
    { length: count },
    (_, index) => ({ id: offset + index + 1 }) as SimpleRom,
  );
  return { items, total, limit, offset, char_index: { a: 0 } } as unknown as RomListPage;
}

const ids = (roms: readonly SimpleRom[]) => roms.map((rom) => rom.id);

describe('windowed gallery layout', () => {
  it('fits as many columns as the width holds, within each mode’s bounds', () => {
    // 1440x900 with the side bar and the jump bar: about 1,250 px for the cards.
    expect(gridColumns(1250, 'big')).toBe(5);
    expect(gridColumns(1250, 'small')).toBe(8);
    // A 390 px phone: 358 px.
    expect(gridColumns(358, 'big')).toBe(2);
    expect(gridColumns(358, 'small')).toBe(3);
    // Before the width is known, and on a huge screen.
    expect(gridColumns(0, 'big')).toBe(2);
    expect(gridColumns(0, 'small')).toBe(3);
    expect(gridColumns(10_000, 'big')).toBe(9);
    expect(gridColumns(10_000, 'small')).toBe(12);
  });

  it('counts rows and maps rows to items and items to rows', () => {
    expect(rowCount(23_079, 5)).toBe(4616);
    expect(rowCount(10, 5)).toBe(2);
    expect(rowCount(0, 5)).toBe(0);
    expect(rowsToItems(2, 4, 5, 100)).toEqual({ first: 10, last: 24 });
    // The last row is cut at the end of the list.
    expect(rowsToItems(19, 20, 5, 98)).toEqual({ first: 95, last: 97 });
    expect(rowOfItem(0, 5)).toBe(0);
    expect(rowOfItem(14, 5)).toBe(2);
    expect(rowOfItem(15, 5)).toBe(3);
  });
});

describe('pages by offset around the viewport', () => {
  it('puts an item on the page of its offset', () => {
    expect(pageOffsetOf(0, 72)).toBe(0);
    expect(pageOffsetOf(71, 72)).toBe(0);
    expect(pageOffsetOf(72, 72)).toBe(72);
    expect(pageOffsetOf(18_437, 72)).toBe(18_432);
  });

  it('asks for the pages of the items on screen and half a page around them', () => {
    // Items 100-139 of 23,079, widened to 64-175: pages 0, 72 and 144.
    expect(pagesToFetch({ first: 100, last: 139 }, 23_079, 72)).toEqual([0, 72, 144]);
    expect(pagesToFetch({ first: 110, last: 139 }, 23_079, 72)).toEqual([72, 144]);
    // At the top nothing before the first page.
    expect(pagesToFetch({ first: 0, last: 20 }, 23_079, 72)).toEqual([0]);
    expect(pagesToFetch({ first: 0, last: 40 }, 23_079, 72)).toEqual([0, 72]);
    // A jump deep into the list: only the pages there, not those before.
    expect(pagesToFetch({ first: 18_437, last: 18_460 }, 23_079, 72)).toEqual([18_360, 18_432]);
    // At the end nothing past the last item.
    expect(pagesToFetch({ first: 23_050, last: 23_078 }, 23_079, 72)).toEqual([22_968, 23_040]);
    expect(pagesToFetch({ first: 0, last: 3 }, 4, 72, 0)).toEqual([0]);
  });

  it('asks only for the page of the first item while the size is unknown, none when empty', () => {
    expect(pagesToFetch({ first: 500, last: 540 }, null, 72)).toEqual([432]);
    expect(pagesToFetch({ first: 0, last: 10 }, 0, 72)).toEqual([]);
    expect(pagesToFetch({ first: 5, last: 4 }, 100, 72)).toEqual([]);
  });

  it('finds an item in the page that holds it, or nothing when that page is not loaded', () => {
    const pages = new Map([
      [0, page(0, 72, 200)],
      [144, page(144, 56, 200)],
    ]);
    expect(romAt(pages, 0, 72)?.id).toBe(1);
    expect(romAt(pages, 71, 72)?.id).toBe(72);
    expect(romAt(pages, 72, 72)).toBeUndefined();
    expect(romAt(pages, 150, 72)?.id).toBe(151);
    expect(romAt(pages, 199, 72)?.id).toBe(200);
    expect(romAt(pages, 200, 72)).toBeUndefined();
  });

  it('takes the total from the server, or counts the loaded pages when it gave none', () => {
    expect(totalOf([page(72, 72, 500)])).toBe(500);
    expect(totalOf([page(0, 72, null), page(72, 10, null)])).toBe(82);
    expect(totalOf([])).toBeNull();
  });

  it('lists the known ROMs in list order, skipping pages not loaded', () => {
    const pages = new Map([
      [144, page(144, 2, 300)],
      [0, page(0, 2, 300)],
    ]);
    expect(ids(knownRoms(pages))).toEqual([1, 2, 145, 146]);
  });

  it('finds the pages holding ROMs by their place in the whole result', () => {
    const order = Array.from({ length: 300 }, (_, index) => 1000 + index);
    expect(pagesHolding([1000, 1001, 1073, 1299, 7], order, 72)).toEqual([0, 72, 288]);
    expect(pagesHolding([], order, 72)).toEqual([]);
  });
});
