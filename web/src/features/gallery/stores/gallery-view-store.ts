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

/** One card per game, its versions behind it (`group_by_meta_id`): the `groupRoms` setting. */
export function useGroupRoms(): boolean {
  return useUiSettingsStore((state) => state.settings.groupRoms);
}

/** Turns versions grouping on or off for the user's galleries. */
export function setGroupRoms(groupRoms: boolean): void {
  useUiSettingsStore.getState().change('groupRoms', groupRoms);
}
