import { STORAGE_KEYS } from '@romshelf/contract';
import { create } from 'zustand';

import { readSetting, writeSetting } from '@/lib/stores/storage';

/** Gallery view modes of SPEC §2. */
export const GALLERY_VIEWS = ['small', 'big', 'list'] as const;
export type GalleryView = (typeof GALLERY_VIEWS)[number];

export function parseGalleryView(value: string | null): GalleryView {
  return GALLERY_VIEWS.find((view) => view === value) ?? 'big';
}

export interface GalleryViewState {
  view: GalleryView;
  setView: (view: GalleryView) => void;
}

/** The chosen view mode, kept in local storage (`settings.galleryView`). */
export const useGalleryViewStore = create<GalleryViewState>()((set) => ({
  view: parseGalleryView(readSetting(STORAGE_KEYS.galleryView)),
  setView: (view) => {
    writeSetting(STORAGE_KEYS.galleryView, view);
    set({ view });
  },
}));
