import { GALLERY_VIEWS } from '@romshelf/contract';
import type { GalleryView } from '@romshelf/contract';

import { useMemo } from 'react';

import type { PreferredVersions } from '@/shared/api/rom-keys';
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

/**
 * With versions grouped and the `preferredVersionOnly` setting on: the user's priorities that
 * choose each game's one version; else null.
 */
export function usePreferredVersions(): PreferredVersions | null {
  const on = useUiSettingsStore(
    (state) => state.settings.groupRoms && state.settings.preferredVersionOnly,
  );
  const regions = useUiSettingsStore((state) => state.settings.versionRegions);
  const languages = useUiSettingsStore((state) => state.settings.versionLanguages);
  const prereleases = useUiSettingsStore((state) => state.settings.versionPrereleases);
  return useMemo(
    () => (on ? { regions, languages, prereleases } : null),
    [on, regions, languages, prereleases],
  );
}

/** Whether grouped galleries show only each game's preferred version. */
export function usePreferredVersionOnly(): boolean {
  return useUiSettingsStore((state) => state.settings.preferredVersionOnly);
}

/** Shows only each game's preferred version (or every version behind one card). */
export function setPreferredVersionOnly(only: boolean): void {
  useUiSettingsStore.getState().change('preferredVersionOnly', only);
}

/** Turns versions grouping on or off for the user's galleries. */
export function setGroupRoms(groupRoms: boolean): void {
  useUiSettingsStore.getState().change('groupRoms', groupRoms);
}
