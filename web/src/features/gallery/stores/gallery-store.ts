import type { RomOrderBy, SimpleRom } from '@romshelf/contract';
import { create } from 'zustand';

import { FIRST_WINDOW } from '../gallery-pages';
import type { GalleryWindow } from '../gallery-pages';

export type OrderDir = 'asc' | 'desc';

export const DEFAULT_ORDER_BY: RomOrderBy = 'name';
export const DEFAULT_ORDER_DIR: OrderDir = 'asc';

/** How one gallery context is looked at: its sort and the part of it on screen. */
export interface GalleryPlaceView extends GalleryWindow {
  orderBy: RomOrderBy;
  orderDir: OrderDir;
}

export const DEFAULT_PLACE_VIEW: GalleryPlaceView = {
  ...FIRST_WINDOW,
  orderBy: DEFAULT_ORDER_BY,
  orderDir: DEFAULT_ORDER_DIR,
};

/**
 * The gallery's client state (the ROMs themselves live in the query cache): the open platform,
 * the sort and window of each context (so a return shows it as it was left), and selection.
 */
export interface GalleryState {
  /** The platform whose gallery is open (for the platform info drawer). */
  currentPlatformId: number | null;
  /** Sort and window per context (`placeKey`). */
  places: Readonly<Record<string, GalleryPlaceView>>;
  /** Select mode: a click on a card selects it instead of opening it. */
  selectMode: boolean;
  selectedIds: ReadonlySet<number>;
  /** The last card clicked without shift: the start of a shift-click range. */
  selectionAnchor: number | null;

  /** A gallery opened: a fresh selection, and the platform it shows (if any). */
  enter: (platformId: number | null) => void;
  /** The gallery closed: select mode and selection end. */
  leave: () => void;
  setPlaceView: (key: string, view: GalleryPlaceView) => void;
  toggleSelected: (id: number) => void;
  /** Shift-click: selects every shown ROM between the anchor and `id` (inclusive). */
  selectRange: (id: number, roms: readonly SimpleRom[]) => void;
  selectAll: (roms: readonly SimpleRom[]) => void;
  clearSelection: () => void;
  setSelectMode: (on: boolean) => void;
}

const noSelection = () => ({ selectedIds: new Set<number>(), selectionAnchor: null });

export const useGalleryStore = create<GalleryState>()((set, get) => ({
  currentPlatformId: null,
  places: {},
  selectMode: false,
  selectedIds: new Set<number>(),
  selectionAnchor: null,

  enter: (platformId) => set({ currentPlatformId: platformId, ...noSelection() }),
  leave: () => set({ currentPlatformId: null, selectMode: false, ...noSelection() }),
  setPlaceView: (key, view) => set({ places: { ...get().places, [key]: view } }),

  toggleSelected: (id) => {
    const selected = new Set(get().selectedIds);
    if (selected.has(id)) selected.delete(id);
    else selected.add(id);
    set({ selectedIds: selected, selectionAnchor: id });
  },

  selectRange: (id, roms) => {
    const { selectionAnchor, selectedIds } = get();
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

  selectAll: (roms) => set({ selectedIds: new Set(roms.map((rom) => rom.id)) }),
  clearSelection: () => set(noSelection()),
  setSelectMode: (on) => set(on ? { selectMode: true } : { selectMode: false, ...noSelection() }),
}));
