import type { RomListPage, SimpleRom } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { joinPages, windowOffsets } from './gallery-pages';

function page(offset: number, count: number, total: number | null, limit = 72): RomListPage {
  const items = Array.from(
    { length: count },
    (_, index) => ({ id: offset + index + 1 }) as SimpleRom,
  );
  return { items, total, limit, offset, char_index: { a: 0 } } as unknown as RomListPage;
}

const ids = (roms: readonly SimpleRom[]) => roms.map((rom) => rom.id);

describe('gallery pages (SPEC §4)', () => {
  it('asks for consecutive pages of the page size from the window start', () => {
    expect(windowOffsets({ start: 0, pages: 3 }, 72)).toEqual([0, 72, 144]);
    expect(windowOffsets({ start: 130, pages: 2 }, 72)).toEqual([130, 202]);
  });

  it('is not loaded before its first page', () => {
    expect(joinPages([undefined])).toMatchObject({ roms: [], loaded: false, more: false });
  });

  it('joins pages in order and sets the next offset to the last offset plus the limit', () => {
    const joined = joinPages([page(0, 72, 200), page(72, 72, 200)]);
    expect(joined.roms).toHaveLength(144);
    expect(ids(joined.roms).slice(70, 74)).toEqual([71, 72, 73, 74]);
    expect(joined).toMatchObject({ loaded: true, total: 200, nextOffset: 144, more: true });
    expect(joined.charIndex).toEqual({ a: 0 });
  });

  it('stops at the first page not loaded yet', () => {
    const joined = joinPages([page(0, 72, 200), undefined, page(144, 56, 200)]);
    expect(joined.roms).toHaveLength(72);
    expect(joined.nextOffset).toBe(72);
  });

  it('knows when everything is loaded', () => {
    expect(joinPages([page(0, 72, 144), page(72, 72, 144)]).more).toBe(false);
    expect(joinPages([page(100, 44, 144)]).more).toBe(false);
    expect(joinPages([page(100, 20, 144)])).toMatchObject({ nextOffset: 172, more: false });
  });

  it('counts the answer when the server gives no total', () => {
    expect(joinPages([page(0, 10, null)])).toMatchObject({ total: 10, more: false });
  });
});
