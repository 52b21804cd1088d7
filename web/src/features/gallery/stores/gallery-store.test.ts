import type { SimpleRom } from '@romshelf/contract';
import { beforeEach, describe, expect, it } from 'vitest';

import { useGalleryStore } from './gallery-store';

const roms = [1, 2, 3, 4, 5].map((id) => ({ id }) as SimpleRom);
const store = () => useGalleryStore.getState();

describe('gallery selection', () => {
  beforeEach(() => store().leave());

  it('toggles, selects shift ranges both ways, selects all shown and clears', () => {
    store().toggleSelected(2);
    store().selectRange(4, roms);
    expect(store().selectedIds).toEqual(new Set([2, 3, 4]));
    store().toggleSelected(5);
    store().selectRange(3, roms);
    expect(store().selectedIds).toEqual(new Set([2, 3, 4, 5]));
    store().selectAll(roms);
    expect(store().selectedIds.size).toBe(5);
    store().clearSelection();
    expect(store().selectedIds.size).toBe(0);
  });

  it('a range without an anchor selects just the clicked ROM', () => {
    store().selectRange(3, roms);
    expect(store().selectedIds).toEqual(new Set([3]));
  });

  it('entering a gallery clears the selection; leaving also ends select mode', () => {
    store().setSelectMode(true);
    store().toggleSelected(1);
    store().enter(7);
    expect(store()).toMatchObject({
      currentPlatformId: 7,
      selectMode: true,
      selectionAnchor: null,
    });
    expect(store().selectedIds.size).toBe(0);
    store().toggleSelected(1);
    store().leave();
    expect(store()).toMatchObject({ currentPlatformId: null, selectMode: false });
    expect(store().selectedIds.size).toBe(0);
  });
});
