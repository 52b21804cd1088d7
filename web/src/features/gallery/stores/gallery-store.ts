import type { RomOrderBy } from '@romshelf/contract';
import { create } from 'zustand';

export type OrderDir = 'asc' | 'desc';

export const DEFAULT_ORDER_BY: RomOrderBy = 'name';
export const DEFAULT_ORDER_DIR: OrderDir = 'asc';

/** How one gallery context is sorted. */
export interface GalleryPlaceView {
  orderBy: RomOrderBy;
  orderDir: OrderDir;
}

export const DEFAULT_PLACE_VIEW: GalleryPlaceView = {
  orderBy: DEFAULT_ORDER_BY,
  orderDir: DEFAULT_ORDER_DIR,
};

/**
 * The gallery's last measured layout: a gallery drawn again (a return from a game) starts with
 * the same columns and row height, so the page is as tall as it was and the browser's scroll
 * restoration lands where the user left.
 */
export interface GalleryLayout {
  width: number;
  /** Row height per view mode, as measured. */
  rowHeights: Readonly<Record<string, number>>;
}

/**
 * The gallery's client state (the ROMs themselves live in the query cache): the open platform,
 * the sort of each context, the last layout, and the selection with the context it belongs to
 * (kept when the gallery closes, so a return to it finds it).
 */
export interface GalleryState {
  /** The platform whose gallery is open (for the platform info drawer). */
  currentPlatformId: number | null;
  /** Sort per context (`placeKey`). */
  places: Readonly<Record<string, GalleryPlaceView>>;
  layout: GalleryLayout;
  /** The context (`placeKey`) the selection was made in. */
  selectionPlace: string | null;
  /** Select mode: a click on a card selects it instead of opening it. */
  selectMode: boolean;
  selectedIds: ReadonlySet<number>;
  /** The last card clicked without shift: the start of a shift-click range. */
  selectionAnchor: number | null;

  /**
   * A gallery opened. Coming back (`returning`) to the context of the selection keeps select
   * mode and the selection; anything else starts a fresh selection.
   */
  enter: (platformId: number | null, place: string, returning: boolean) => void;
  /** The gallery closed: the selection stays for a return to it. */
  leave: () => void;
  setPlaceView: (key: string, view: GalleryPlaceView) => void;
  setLayout: (layout: GalleryLayout) => void;
  toggleSelected: (id: number) => void;
  /** Shift-click: selects every ROM between the anchor and `id` (inclusive) of `orderedIds`. */
  selectRange: (id: number, orderedIds: readonly number[]) => void;
  selectAll: (ids: readonly number[]) => void;
  clearSelection: () => void;
  setSelectMode: (on: boolean) => void;
}

const noSelection = () => ({ selectedIds: new Set<number>(), selectionAnchor: null });

export const useGalleryStore = create<GalleryState>()((set, get) => ({
  currentPlatformId: null,
  places: {},
  layout: { width: 0, rowHeights: {} },
  selectionPlace: null,
  selectMode: false,
  selectedIds: new Set<number>(),
  selectionAnchor: null,

  enter: (platformId, place, returning) => {
    if (returning && get().selectionPlace === place) {
      set({ currentPlatformId: platformId });
      return;
    }
    set({
      currentPlatformId: platformId,
      selectionPlace: place,
      selectMode: false,
      ...noSelection(),
    });
  },
  leave: () => set({ currentPlatformId: null }),
  setPlaceView: (key, view) => set({ places: { ...get().places, [key]: view } }),
  setLayout: (layout) => set({ layout }),

  toggleSelected: (id) => {
    const selected = new Set(get().selectedIds);
    if (selected.has(id)) selected.delete(id);
    else selected.add(id);
    set({ selectedIds: selected, selectionAnchor: id });
  },

  selectRange: (id, orderedIds) => {
    const { selectionAnchor, selectedIds } = get();
    const end = orderedIds.indexOf(id);
    const start = selectionAnchor === null ? -1 : orderedIds.indexOf(selectionAnchor);
    if (end < 0) return;
    if (start < 0) {
      get().toggleSelected(id);
      return;
    }
    const selected = new Set(selectedIds);
    const [from, to] = start <= end ? [start, end] : [end, start];
    for (const rangeId of orderedIds.slice(from, to + 1)) selected.add(rangeId);
    set({ selectedIds: selected });
  },

  selectAll: (ids) => set({ selectedIds: new Set(ids) }),
  clearSelection: () => set(noSelection()),
  setSelectMode: (on) => set(on ? { selectMode: true } : { selectMode: false, ...noSelection() }),
}));
