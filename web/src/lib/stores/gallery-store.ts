import { PAGE_SIZE, RAIL_SIZE } from '@romshelf/contract';
import type { RomListPage, RomOrderBy, SimpleRom } from '@romshelf/contract';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

export type OrderDir = 'asc' | 'desc';

/** What the store asks its fetcher for; the fetcher knows the context (platform, search…). */
export interface RomPageRequest {
  offset: number;
  limit: number;
  orderBy: RomOrderBy;
  orderDir: OrderDir;
}

export type RomPage = Pick<RomListPage, 'items' | 'total' | 'limit' | 'offset' | 'char_index'>;
export type RomPageFetcher = (request: RomPageRequest) => Promise<RomPage>;

/** The paging state of one gallery context, kept so re-entering it shows it again at once. */
export interface GallerySnapshot {
  roms: SimpleRom[];
  /** Offset of the first loaded ROM (not 0 after a jump by letter). */
  startOffset: number;
  /** Where the next page starts: the returned offset plus the limit (SPEC §4). */
  nextOffset: number;
  total: number;
  charIndex: Record<string, number>;
  orderBy: RomOrderBy;
  orderDir: OrderDir;
  loaded: boolean;
}

export type FetchOutcome = 'loaded' | 'ignored' | 'stale' | 'failed';

export interface GalleryState extends GallerySnapshot {
  /** `platform:3`, `search:mario|1,2`… null when no gallery is open. */
  contextKey: string | null;
  currentPlatformId: number | null;
  limit: number;
  fetching: boolean;
  error: unknown;
  selectedIds: ReadonlySet<number>;
  cache: Readonly<Record<string, GallerySnapshot>>;
  /** Bumped whenever in-flight answers must be dropped (context or order change, reset). */
  generation: number;

  enterContext: (key: string, options?: { platformId?: number | null }) => boolean;
  fetchRoms: (
    fetcher: RomPageFetcher,
    options?: { offset?: number; append?: boolean },
  ) => Promise<FetchOutcome>;
  setOrder: (orderBy: RomOrderBy, orderDir: OrderDir) => void;
  /** Select mode: a click on a card selects it instead of opening it. */
  selectMode: boolean;
  /** The last card clicked without shift: the start of a shift-click range. */
  selectionAnchor: number | null;
  /** Recently added ROMs (home rail), newest first, at most RAIL_SIZE. */
  recentRoms: SimpleRom[];
  /** ROMs last played (home rail), most recent first, at most RAIL_SIZE. */
  continuePlayingRoms: SimpleRom[];
  /** Bumped when the library changed (upload, edit, delete): open galleries reload. */
  revision: number;

  toggleSelected: (id: number) => void;
  /** Shift-click: selects every loaded ROM between the anchor and `id` (inclusive). */
  selectRange: (id: number) => void;
  selectAllLoaded: () => void;
  clearSelection: () => void;
  setSelectMode: (on: boolean) => void;
  setRecentRoms: (roms: SimpleRom[]) => void;
  /** Adds at the front (moving it there when already listed). */
  addRecentRom: (rom: SimpleRom) => void;
  removeRecentRom: (id: number) => void;
  setContinuePlayingRoms: (roms: SimpleRom[]) => void;
  addContinuePlayingRom: (rom: SimpleRom) => void;
  removeContinuePlayingRom: (id: number) => void;
  /** Replaces a loaded ROM (after an edit or a props change) wherever it is shown. */
  updateRom: (rom: RomChange) => void;
  /** Drops ROMs (after a delete) from the loaded list, the cache and the rails. */
  removeRoms: (ids: readonly number[]) => void;
  /** The library changed: forget cached contexts and ask open galleries to reload. */
  invalidate: () => void;
  clearCache: () => void;
  reset: () => void;
}

export const DEFAULT_ORDER_BY: RomOrderBy = 'name';
export const DEFAULT_ORDER_DIR: OrderDir = 'asc';

/** Puts `rom` at the front of `list` (once), keeping at most `max` items. */
export function addToFront(
  list: readonly SimpleRom[],
  rom: SimpleRom,
  max = RAIL_SIZE,
): SimpleRom[] {
  return [rom, ...list.filter((item) => item.id !== rom.id)].slice(0, max);
}

/** A changed ROM: its id and whatever fields changed (a DetailedRom fits). */
export type RomChange = Pick<SimpleRom, 'id'> & Partial<SimpleRom>;

function replaceRom(list: readonly SimpleRom[], rom: RomChange): SimpleRom[] {
  return list.map((item) => (item.id === rom.id ? { ...item, ...rom } : item));
}

function emptySnapshot(): GallerySnapshot {
  return {
    roms: [],
    startOffset: 0,
    nextOffset: 0,
    total: 0,
    charIndex: {},
    orderBy: DEFAULT_ORDER_BY,
    orderDir: DEFAULT_ORDER_DIR,
    loaded: false,
  };
}

/** True while more ROMs exist after the loaded ones. */
export function hasMore(state: Pick<GallerySnapshot, 'loaded' | 'nextOffset' | 'total'>): boolean {
  return state.loaded && state.nextOffset < state.total;
}

/** The gallery paging rules of SPEC §4, as a store independent of React and of the API. */
export function createGalleryStore(limit = PAGE_SIZE) {
  return createStore<GalleryState>()((set, get) => ({
    ...emptySnapshot(),
    contextKey: null,
    currentPlatformId: null,
    limit,
    fetching: false,
    error: null,
    selectedIds: new Set<number>(),
    selectMode: false,
    selectionAnchor: null,
    recentRoms: [],
    continuePlayingRoms: [],
    revision: 0,
    cache: {},
    generation: 0,

    enterContext: (key, options = {}) => {
      const state = get();
      const platformId = options.platformId ?? null;
      if (state.contextKey === key) {
        if (state.currentPlatformId !== platformId) set({ currentPlatformId: platformId });
        return state.loaded;
      }
      const cached = state.cache[key];
      set({
        ...(cached ?? emptySnapshot()),
        contextKey: key,
        currentPlatformId: platformId,
        fetching: false,
        error: null,
        selectedIds: new Set<number>(),
        selectionAnchor: null,
        generation: state.generation + 1,
      });
      return cached !== undefined;
    },

    fetchRoms: async (fetcher, options = {}) => {
      const start = get();
      if (start.fetching) return 'ignored';
      const append = options.append ?? false;
      const offset = options.offset ?? (append ? start.nextOffset : 0);
      const { generation, contextKey } = start;
      set({ fetching: true, error: null });
      let page: RomPage;
      try {
        page = await fetcher({
          offset,
          limit: start.limit,
          orderBy: start.orderBy,
          orderDir: start.orderDir,
        });
      } catch (error) {
        if (get().generation !== generation) return 'stale';
        set({ fetching: false, error });
        return 'failed';
      }
      const state = get();
      if (state.generation !== generation) return 'stale';
      const replace = offset === 0 || !append;
      const roms = replace ? page.items : [...state.roms, ...page.items];
      const next: GallerySnapshot = {
        roms,
        startOffset: replace ? page.offset : state.startOffset,
        nextOffset: page.offset + page.limit,
        total: page.total ?? page.offset + page.items.length,
        charIndex: page.char_index,
        orderBy: state.orderBy,
        orderDir: state.orderDir,
        loaded: true,
      };
      set({
        ...next,
        fetching: false,
        cache: contextKey === null ? state.cache : { ...state.cache, [contextKey]: next },
      });
      return 'loaded';
    },

    setOrder: (orderBy, orderDir) => {
      const state = get();
      if (state.orderBy === orderBy && state.orderDir === orderDir) return;
      set({
        ...emptySnapshot(),
        orderBy,
        orderDir,
        fetching: false,
        selectedIds: new Set<number>(),
        selectionAnchor: null,
        generation: state.generation + 1,
      });
    },

    toggleSelected: (id) => {
      const selected = new Set(get().selectedIds);
      if (selected.has(id)) selected.delete(id);
      else selected.add(id);
      set({ selectedIds: selected, selectionAnchor: id });
    },

    selectRange: (id) => {
      const { roms, selectionAnchor, selectedIds } = get();
      const end = roms.findIndex((rom) => rom.id === id);
      const start =
        selectionAnchor === null ? -1 : roms.findIndex((rom) => rom.id === selectionAnchor);
      if (end < 0) return;
      if (start < 0) {
        get().toggleSelected(id);
        return;
      }
      const selected = new Set(selectedIds);
      const [from, to] = start <= end ? [start, end] : [end, start];
      for (const rom of roms.slice(from, to + 1)) selected.add(rom.id);
      set({ selectedIds: selected });
    },

    selectAllLoaded: () => set({ selectedIds: new Set(get().roms.map((rom) => rom.id)) }),

    clearSelection: () => set({ selectedIds: new Set<number>(), selectionAnchor: null }),

    setSelectMode: (on) =>
      set(
        on
          ? { selectMode: true }
          : { selectMode: false, selectedIds: new Set<number>(), selectionAnchor: null },
      ),

    setRecentRoms: (roms) => set({ recentRoms: roms.slice(0, RAIL_SIZE) }),
    addRecentRom: (rom) => set({ recentRoms: addToFront(get().recentRoms, rom) }),
    removeRecentRom: (id) => set({ recentRoms: get().recentRoms.filter((rom) => rom.id !== id) }),
    setContinuePlayingRoms: (roms) => set({ continuePlayingRoms: roms.slice(0, RAIL_SIZE) }),
    addContinuePlayingRom: (rom) =>
      set({ continuePlayingRoms: addToFront(get().continuePlayingRoms, rom) }),
    removeContinuePlayingRom: (id) =>
      set({ continuePlayingRoms: get().continuePlayingRoms.filter((rom) => rom.id !== id) }),

    updateRom: (rom) => {
      const state = get();
      set({
        roms: replaceRom(state.roms, rom),
        recentRoms: replaceRom(state.recentRoms, rom),
        continuePlayingRoms: replaceRom(state.continuePlayingRoms, rom),
        cache: Object.fromEntries(
          Object.entries(state.cache).map(([key, snapshot]) => [
            key,
            { ...snapshot, roms: replaceRom(snapshot.roms, rom) },
          ]),
        ),
      });
    },

    removeRoms: (ids) => {
      const gone = new Set(ids);
      const keep = (list: readonly SimpleRom[]) => list.filter((rom) => !gone.has(rom.id));
      const state = get();
      const selected = new Set([...state.selectedIds].filter((id) => !gone.has(id)));
      const removedHere = state.roms.length - keep(state.roms).length;
      set({
        roms: keep(state.roms),
        total: Math.max(0, state.total - removedHere),
        selectedIds: selected,
        recentRoms: keep(state.recentRoms),
        continuePlayingRoms: keep(state.continuePlayingRoms),
        cache: {},
      });
    },

    invalidate: () => set((state) => ({ cache: {}, revision: state.revision + 1 })),

    clearCache: () => set({ cache: {} }),

    reset: () =>
      set((state) => ({
        ...emptySnapshot(),
        contextKey: null,
        currentPlatformId: null,
        fetching: false,
        error: null,
        selectedIds: new Set<number>(),
        selectMode: false,
        selectionAnchor: null,
        generation: state.generation + 1,
      })),
  }));
}

export type GalleryStore = ReturnType<typeof createGalleryStore>;

/** The app's one gallery store. */
export const galleryStore = createGalleryStore();

export function useGalleryStore<T>(selector: (state: GalleryState) => T): T {
  return useStore(galleryStore, selector);
}
