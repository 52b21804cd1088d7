import type { SimpleRom } from '@romshelf/contract';
import { describe, expect, it, vi } from 'vitest';

import { createGalleryStore, hasMore } from './gallery-store';
import type { RomPage, RomPageFetcher, RomPageRequest } from './gallery-store';

function rom(id: number): SimpleRom {
  return { id, name: `Game ${String(id)}` } as SimpleRom;
}

/** A library of `total` ROMs with ids 1…total, paged like the API. */
function library(total: number, charIndex: Record<string, number> = {}) {
  const requests: RomPageRequest[] = [];
  const fetcher: RomPageFetcher = (request) => {
    requests.push(request);
    const items: SimpleRom[] = [];
    for (let id = request.offset + 1; id <= Math.min(total, request.offset + request.limit); id++) {
      items.push(rom(id));
    }
    return Promise.resolve({
      items,
      total,
      limit: request.limit,
      offset: request.offset,
      char_index: charIndex,
    });
  };
  return { fetcher, requests };
}

/** A fetcher whose answers the test releases by hand. */
function manualFetcher() {
  const pending: { request: RomPageRequest; resolve: (page: RomPage) => void }[] = [];
  const fetcher: RomPageFetcher = (request) =>
    new Promise((resolve) => pending.push({ request, resolve }));
  const answer = (index: number, ids: number[], total = 100) => {
    const entry = pending[index];
    if (!entry) throw new Error(`no request ${String(index)}`);
    entry.resolve({
      items: ids.map(rom),
      total,
      limit: entry.request.limit,
      offset: entry.request.offset,
      char_index: {},
    });
  };
  return { fetcher, pending, answer };
}

const ids = (roms: readonly SimpleRom[]) => roms.map((item) => item.id);

describe('gallery store paging (SPEC §4)', () => {
  it('asks for pages of the configured size, name ascending by default', async () => {
    const store = createGalleryStore(72);
    const { fetcher, requests } = library(200);
    store.getState().enterContext('platform:1', { platformId: 1 });
    await store.getState().fetchRoms(fetcher);
    expect(requests).toEqual([{ offset: 0, limit: 72, orderBy: 'name', orderDir: 'asc' }]);
    expect(store.getState().roms).toHaveLength(72);
    expect(store.getState().total).toBe(200);
    expect(store.getState().currentPlatformId).toBe(1);
  });

  it('ignores a fetch while another one runs', async () => {
    const store = createGalleryStore(10);
    const { fetcher, pending, answer } = manualFetcher();
    store.getState().enterContext('platform:1');
    const first = store.getState().fetchRoms(fetcher);
    expect(store.getState().fetching).toBe(true);
    await expect(store.getState().fetchRoms(fetcher, { append: true })).resolves.toBe('ignored');
    expect(pending).toHaveLength(1);
    answer(0, [1, 2, 3]);
    await expect(first).resolves.toBe('loaded');
    expect(store.getState().fetching).toBe(false);
  });

  it('replaces the list for a fetch at offset 0, even when appending', async () => {
    const store = createGalleryStore(3);
    const { fetcher } = library(10);
    store.getState().enterContext('platform:1');
    await store.getState().fetchRoms(fetcher);
    await store.getState().fetchRoms(fetcher, { append: true });
    expect(ids(store.getState().roms)).toEqual([1, 2, 3, 4, 5, 6]);
    await store.getState().fetchRoms(fetcher, { offset: 0, append: true });
    expect(ids(store.getState().roms)).toEqual([1, 2, 3]);
  });

  it('replaces the list for a non-append fetch at any offset (a jump)', async () => {
    const store = createGalleryStore(3);
    const { fetcher } = library(10);
    store.getState().enterContext('platform:1');
    await store.getState().fetchRoms(fetcher);
    await store.getState().fetchRoms(fetcher, { offset: 6 });
    expect(ids(store.getState().roms)).toEqual([7, 8, 9]);
    expect(store.getState().startOffset).toBe(6);
  });

  it('appends other fetches', async () => {
    const store = createGalleryStore(4);
    const { fetcher, requests } = library(10);
    store.getState().enterContext('search:x');
    await store.getState().fetchRoms(fetcher);
    await store.getState().fetchRoms(fetcher, { append: true });
    await store.getState().fetchRoms(fetcher, { append: true });
    expect(ids(store.getState().roms)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(requests.map((request) => request.offset)).toEqual([0, 4, 8]);
  });

  it('sets the next offset to the returned offset plus the limit', async () => {
    const store = createGalleryStore(72);
    const fetcher: RomPageFetcher = () =>
      Promise.resolve({ items: [rom(1)], total: 500, limit: 50, offset: 30, char_index: {} });
    store.getState().enterContext('platform:1');
    await store.getState().fetchRoms(fetcher, { offset: 30 });
    expect(store.getState().nextOffset).toBe(80);
  });

  it('knows when everything is loaded', async () => {
    const store = createGalleryStore(4);
    const { fetcher } = library(6);
    store.getState().enterContext('platform:1');
    expect(hasMore(store.getState())).toBe(false);
    await store.getState().fetchRoms(fetcher);
    expect(hasMore(store.getState())).toBe(true);
    await store.getState().fetchRoms(fetcher, { append: true });
    expect(hasMore(store.getState())).toBe(false);
  });

  it('keeps the character index of the answer', async () => {
    const store = createGalleryStore(4);
    const { fetcher } = library(6, { a: 0, m: 3 });
    store.getState().enterContext('platform:1');
    await store.getState().fetchRoms(fetcher);
    expect(store.getState().charIndex).toEqual({ a: 0, m: 3 });
  });

  it('caches results per context and reuses them on re-entry', async () => {
    const store = createGalleryStore(3);
    const one = library(10);
    const two = library(5);
    store.getState().enterContext('platform:1', { platformId: 1 });
    await store.getState().fetchRoms(one.fetcher);
    await store.getState().fetchRoms(one.fetcher, { append: true });
    expect(store.getState().enterContext('platform:2', { platformId: 2 })).toBe(false);
    expect(store.getState().roms).toEqual([]);
    await store.getState().fetchRoms(two.fetcher);
    expect(store.getState().enterContext('platform:1', { platformId: 1 })).toBe(true);
    expect(ids(store.getState().roms)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(store.getState().nextOffset).toBe(6);
    expect(store.getState().currentPlatformId).toBe(1);
    expect(one.requests).toHaveLength(2);
  });

  it('drops an answer that arrives after the context changed', async () => {
    const store = createGalleryStore(3);
    const { fetcher, answer } = manualFetcher();
    store.getState().enterContext('platform:1');
    const late = store.getState().fetchRoms(fetcher);
    store.getState().enterContext('platform:2');
    expect(store.getState().fetching).toBe(false);
    const current = store.getState().fetchRoms(fetcher);
    answer(0, [1, 2, 3]);
    answer(1, [7, 8]);
    await expect(late).resolves.toBe('stale');
    await expect(current).resolves.toBe('loaded');
    expect(ids(store.getState().roms)).toEqual([7, 8]);
    expect(store.getState().cache['platform:1']).toBeUndefined();
  });

  it('changing the order starts over with the new sort', async () => {
    const store = createGalleryStore(3);
    const { fetcher, requests } = library(10);
    store.getState().enterContext('platform:1');
    await store.getState().fetchRoms(fetcher);
    store.getState().setOrder('fs_size_bytes', 'desc');
    expect(store.getState().roms).toEqual([]);
    expect(store.getState().loaded).toBe(false);
    await store.getState().fetchRoms(fetcher);
    expect(requests.at(-1)).toEqual({
      offset: 0,
      limit: 3,
      orderBy: 'fs_size_bytes',
      orderDir: 'desc',
    });
  });

  it('records a failure and lets the next fetch run', async () => {
    const store = createGalleryStore(3);
    const failing = vi.fn<RomPageFetcher>().mockRejectedValueOnce(new Error('boom'));
    store.getState().enterContext('platform:1');
    await expect(store.getState().fetchRoms(failing)).resolves.toBe('failed');
    expect(store.getState().error).toBeInstanceOf(Error);
    expect(store.getState().fetching).toBe(false);
    await expect(store.getState().fetchRoms(library(2).fetcher)).resolves.toBe('loaded');
    expect(store.getState().error).toBeNull();
  });

  it('reset clears selection, pagination and the current context', async () => {
    const store = createGalleryStore(3);
    const { fetcher } = library(10);
    store.getState().enterContext('platform:1', { platformId: 1 });
    await store.getState().fetchRoms(fetcher);
    store.getState().toggleSelected(2);
    store.getState().reset();
    const state = store.getState();
    expect(state.selectedIds.size).toBe(0);
    expect(state.roms).toEqual([]);
    expect(state.nextOffset).toBe(0);
    expect(state.total).toBe(0);
    expect(state.charIndex).toEqual({});
    expect(state.contextKey).toBeNull();
    expect(state.currentPlatformId).toBeNull();
  });

  it('toggles selected ids; entering another context clears them', () => {
    const store = createGalleryStore(3);
    store.getState().enterContext('platform:1');
    store.getState().toggleSelected(4);
    store.getState().toggleSelected(5);
    store.getState().toggleSelected(4);
    expect([...store.getState().selectedIds]).toEqual([5]);
    store.getState().enterContext('platform:2');
    expect(store.getState().selectedIds.size).toBe(0);
  });
});

describe('recent and continue-playing lists (SPEC §4)', () => {
  it('add at the front, once, and can remove items', () => {
    const store = createGalleryStore(72);
    store.getState().setRecentRoms([rom(1), rom(2)]);
    store.getState().addRecentRom(rom(3));
    expect(store.getState().recentRoms.map((item) => item.id)).toEqual([3, 1, 2]);
    store.getState().addRecentRom(rom(2));
    expect(store.getState().recentRoms.map((item) => item.id)).toEqual([2, 3, 1]);
    store.getState().removeRecentRom(3);
    expect(store.getState().recentRoms.map((item) => item.id)).toEqual([2, 1]);

    store.getState().addContinuePlayingRom(rom(5));
    store.getState().addContinuePlayingRom(rom(6));
    expect(store.getState().continuePlayingRoms.map((item) => item.id)).toEqual([6, 5]);
    store.getState().removeContinuePlayingRom(6);
    expect(store.getState().continuePlayingRoms.map((item) => item.id)).toEqual([5]);
  });

  it('keep at most RAIL_SIZE (15) items', () => {
    const store = createGalleryStore(72);
    for (let id = 1; id <= 20; id++) store.getState().addContinuePlayingRom(rom(id));
    const ids = store.getState().continuePlayingRoms.map((item) => item.id);
    expect(ids).toHaveLength(15);
    expect(ids[0]).toBe(20);
  });
});

describe('selection', () => {
  it('toggles, selects shift ranges both ways, selects all loaded and clears', async () => {
    const store = createGalleryStore(72);
    const { fetcher } = library(10);
    store.getState().enterContext('platform:1');
    await store.getState().fetchRoms(fetcher);
    store.getState().setSelectMode(true);
    store.getState().toggleSelected(3);
    store.getState().selectRange(6);
    expect([...store.getState().selectedIds].sort((a, b) => a - b)).toEqual([3, 4, 5, 6]);
    store.getState().toggleSelected(9);
    store.getState().selectRange(8);
    expect(store.getState().selectedIds.has(8)).toBe(true);
    expect(store.getState().selectedIds.size).toBe(6);
    store.getState().toggleSelected(9);
    expect(store.getState().selectedIds.has(9)).toBe(false);
    store.getState().selectAllLoaded();
    expect(store.getState().selectedIds.size).toBe(10);
    store.getState().setSelectMode(false);
    expect(store.getState().selectedIds.size).toBe(0);
  });

  it('a range without an anchor selects just the clicked ROM', async () => {
    const store = createGalleryStore(72);
    const { fetcher } = library(5);
    store.getState().enterContext('platform:1');
    await store.getState().fetchRoms(fetcher);
    store.getState().selectRange(4);
    expect([...store.getState().selectedIds]).toEqual([4]);
  });

  it('reset leaves select mode and clears the selection', () => {
    const store = createGalleryStore(72);
    store.getState().setSelectMode(true);
    store.getState().toggleSelected(1);
    store.getState().reset();
    expect(store.getState().selectMode).toBe(false);
    expect(store.getState().selectedIds.size).toBe(0);
  });
});

describe('library changes', () => {
  it('updateRom replaces a loaded ROM and removeRoms drops ROMs everywhere', async () => {
    const store = createGalleryStore(72);
    const { fetcher } = library(4);
    store.getState().enterContext('platform:1');
    await store.getState().fetchRoms(fetcher);
    store.getState().setRecentRoms([rom(2)]);
    store.getState().updateRom({ id: 2, name: 'Renamed' });
    expect(store.getState().roms[1]?.name).toBe('Renamed');
    expect(store.getState().recentRoms[0]?.name).toBe('Renamed');
    store.getState().toggleSelected(2);
    store.getState().removeRoms([2]);
    expect(store.getState().roms.map((item) => item.id)).toEqual([1, 3, 4]);
    expect(store.getState().total).toBe(3);
    expect(store.getState().recentRoms).toEqual([]);
    expect(store.getState().selectedIds.size).toBe(0);
  });

  it('invalidate forgets cached contexts and bumps the revision', async () => {
    const store = createGalleryStore(72);
    const { fetcher } = library(4);
    store.getState().enterContext('platform:1');
    await store.getState().fetchRoms(fetcher);
    const revision = store.getState().revision;
    store.getState().invalidate();
    expect(store.getState().cache).toEqual({});
    expect(store.getState().revision).toBe(revision + 1);
  });
});
