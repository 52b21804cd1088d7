import { beforeEach, describe, expect, it } from 'vitest';

import { useGalleryStore } from './gallery-store';

const ids = [1, 2, 3, 4, 5];
const store = () => useGalleryStore.getState();
const PLACE = '[7,""]';

describe('gallery selection', () => {
  beforeEach(() => {
    store().enter(null, 'fresh', false);
    store().leave();
  });

  it('toggles, selects shift ranges both ways, selects all and clears', () => {
    store().toggleSelected(2);
    store().selectRange(4, ids);
    expect(store().selectedIds).toEqual(new Set([2, 3, 4]));
    store().toggleSelected(5);
    store().selectRange(3, ids);
    expect(store().selectedIds).toEqual(new Set([2, 3, 4, 5]));
    store().selectAll([1, 2, 3, 4, 5, 6, 7]);
    expect(store().selectedIds.size).toBe(7);
    store().clearSelection();
    expect(store().selectedIds.size).toBe(0);
  });

  it('a range without an anchor selects just the clicked ROM', () => {
    store().selectRange(3, ids);
    expect(store().selectedIds).toEqual(new Set([3]));
  });

  it('opening a gallery starts a fresh selection, out of select mode', () => {
    store().setSelectMode(true);
    store().toggleSelected(1);
    store().enter(7, PLACE, false);
    expect(store()).toMatchObject({
      currentPlatformId: 7,
      selectMode: false,
      selectionAnchor: null,
    });
    expect(store().selectedIds.size).toBe(0);
  });

  it('a return to the same context keeps select mode and the selection', () => {
    store().enter(7, PLACE, false);
    store().setSelectMode(true);
    store().selectAll([1, 2, 3]);
    store().leave();
    expect(store().currentPlatformId).toBeNull();
    store().enter(7, PLACE, true);
    expect(store()).toMatchObject({ currentPlatformId: 7, selectMode: true });
    expect(store().selectedIds).toEqual(new Set([1, 2, 3]));
  });

  it('a return to another context, or a fresh visit, drops the selection', () => {
    store().enter(7, PLACE, false);
    store().setSelectMode(true);
    store().selectAll([1, 2, 3]);
    store().leave();
    store().enter(8, '[8,""]', true);
    expect(store().selectedIds.size).toBe(0);
    expect(store().selectMode).toBe(false);
    store().enter(7, PLACE, true);
    expect(store().selectedIds.size).toBe(0);
  });
});
