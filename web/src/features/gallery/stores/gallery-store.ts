import { PAGE_SIZE } from '@romshelf/contract';
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
  toggleSelected: (id: number) => void;
  clearSelection: () => void;
  clearCache: () => void;
  reset: () => void;
}

export const DEFAULT_ORDER_BY: RomOrderBy = 'name';
export const DEFAULT_ORDER_DIR: OrderDir = 'asc';

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
        generation: state.generation + 1,
      });
    },

    toggleSelected: (id) => {
      const selected = new Set(get().selectedIds);
      if (selected.has(id)) selected.delete(id);
      else selected.add(id);
      set({ selectedIds: selected });
    },

    clearSelection: () => set({ selectedIds: new Set<number>() }),

    clearCache: () => set({ cache: {} }),

    reset: () =>
      set((state) => ({
        ...emptySnapshot(),
        contextKey: null,
        currentPlatformId: null,
        fetching: false,
        error: null,
        selectedIds: new Set<number>(),
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
