import { STORAGE_KEYS } from '@romshelf/contract';
import { create } from 'zustand';

import { readSetting, writeSetting } from '@/lib/stores/storage';

/** Gallery view modes of SPEC §2. */
export const GALLERY_VIEWS = ['small', 'big', 'list'] as const;
export type GalleryView = (typeof GALLERY_VIEWS)[number];

/** Grid columns per breakpoint for the two grid modes. */
export const GALLERY_COLUMNS: Record<
  Exclude<GalleryView, 'list'>,
  Record<'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl', number>
> = {
  small: { xs: 3, sm: 4, md: 6, lg: 8, xl: 10, xxl: 12 },
  big: { xs: 2, sm: 3, md: 4, lg: 5, xl: 7, xxl: 9 },
};

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
