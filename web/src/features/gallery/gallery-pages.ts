import type { RomListPage, SimpleRom } from '@romshelf/contract';

/** The part of a gallery context that is on screen: consecutive pages from `start`. */
export interface GalleryWindow {
  /** Offset of the first shown ROM (not 0 after a jump by letter). */
  start: number;
  /** How many pages from `start` are shown; infinite scroll adds one at a time. */
  pages: number;
}

export const FIRST_WINDOW: GalleryWindow = { start: 0, pages: 1 };

/** The offsets of the pages a window shows. */
export function windowOffsets(window: GalleryWindow, pageSize: number): number[] {
  return Array.from({ length: window.pages }, (_, index) => window.start + index * pageSize);
}

export interface GalleryPages {
  roms: SimpleRom[];
  loaded: boolean;
  total: number;
  /** Where the next page starts: the last answer's offset plus its limit (SPEC §4). */
  nextOffset: number;
  /** True while more ROMs exist after the shown ones. */
  more: boolean;
  charIndex: Record<string, number>;
}

const NO_INDEX: Record<string, number> = {};

/**
 * Joins the cached pages of a window, in order, up to the first one not loaded yet: the
 * gallery shows an unbroken run of ROMs.
 */
export function joinPages(pages: readonly (RomListPage | undefined)[]): GalleryPages {
  const roms: SimpleRom[] = [];
  let last: RomListPage | undefined;
  for (const page of pages) {
    if (!page) break;
    roms.push(...page.items);
    last = page;
  }
  const first = pages[0];
  if (!first || !last) {
    return { roms, loaded: false, total: 0, nextOffset: 0, more: false, charIndex: NO_INDEX };
  }
  const total = first.total ?? last.offset + last.items.length;
  const nextOffset = last.offset + last.limit;
  return {
    roms,
    loaded: true,
    total,
    nextOffset,
    more: nextOffset < total,
    charIndex: first.char_index,
  };
}
