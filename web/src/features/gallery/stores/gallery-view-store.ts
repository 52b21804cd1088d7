import { STORAGE_KEYS } from '@romshelf/contract';
import { create } from 'zustand';

import { readSetting, writeSetting } from '@/lib/stores/storage';

/** Gallery view modes of SPEC §2. */
export const GALLERY_VIEWS = ['small', 'big', 'list'] as const;
export type GalleryView = (typeof GALLERY_VIEWS)[number];

export function parseGalleryView(value: string | null): GalleryView {
  return GALLERY_VIEWS.find((view) => view === value) ?? 'big';
}

/** Versions grouping is on unless turned off (SPEC §4); stored as `true` / `false`. */
export function parseGroupRoms(value: string | null): boolean {
  return value !== 'false';
}

export interface GalleryViewState {
  view: GalleryView;
  setView: (view: GalleryView) => void;
  /** One card per game, its versions behind it (`group_by_meta_id`); galleries only. */
  groupRoms: boolean;
  setGroupRoms: (groupRoms: boolean) => void;
}

/**
 * The chosen view mode and versions grouping, kept in local storage (`settings.galleryView`,
 * `settings.groupRoms`).
 */
export const useGalleryViewStore = create<GalleryViewState>()((set) => ({
  view: parseGalleryView(readSetting(STORAGE_KEYS.galleryView)),
  setView: (view) => {
    writeSetting(STORAGE_KEYS.galleryView, view);
    set({ view });
  },
  groupRoms: parseGroupRoms(readSetting(STORAGE_KEYS.groupRoms)),
  setGroupRoms: (groupRoms) => {
    writeSetting(STORAGE_KEYS.groupRoms, String(groupRoms));
    set({ groupRoms });
  },
}));
