import { GALLERY_VIEWS } from '@romshelf/contract';
import type { GalleryView } from '@romshelf/contract';

import { useUiSettingsStore } from '@/shared/stores/ui-settings-store';

export { GALLERY_VIEWS };
export type { GalleryView };

/** The gallery's view mode: the user's `galleryView` interface setting. */
export function useGalleryView(): GalleryView {
  return useUiSettingsStore((state) => state.settings.galleryView);
}

/** Switches the view mode; the choice is saved as the user's default. */
export function setGalleryView(view: GalleryView): void {
  useUiSettingsStore.getState().change('galleryView', view);
}
