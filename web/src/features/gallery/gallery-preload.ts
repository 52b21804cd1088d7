import type { QueryClient } from '@tanstack/react-query';

import { romPageQueryOptions } from '@/shared/api/rom-pages';
import { useUiSettingsStore } from '@/shared/stores/ui-settings-store';

import { useFilterMemoryStore } from './stores/filter-memory-store';
import { DEFAULT_PLACE_VIEW, useGalleryStore } from './stores/gallery-store';
import { contextOf, placeKey } from './use-gallery-pages';

/**
 * The first page of a platform's gallery, asked for while the app starts (the route's preload)
 * rather than once the gallery has rendered: the server builds it meanwhile. Only when the
 * address names no sort or filters and none are remembered for the platform, so that the
 * gallery asks for this very page; null otherwise.
 */
export function preloadPlatformGallery(
  queryClient: QueryClient,
  platformParam: string,
  search: string,
): Promise<unknown> | null {
  if (!/^\d+$/.test(platformParam) || search !== '') return null;
  const platformId = Number(platformParam);
  if ((useFilterMemoryStore.getState().remembered[`platform:${platformParam}`] ?? '') !== '') {
    return null;
  }
  const place = { platformId };
  const view = useGalleryStore.getState().places[placeKey(place)] ?? DEFAULT_PLACE_VIEW;
  const { settings } = useUiSettingsStore.getState();
  const preferred =
    settings.groupRoms && settings.preferredVersionOnly
      ? {
          regions: settings.versionRegions,
          languages: settings.versionLanguages,
          prereleases: settings.versionPrereleases,
        }
      : null;
  const context = contextOf(place, view, settings.groupRoms, {}, preferred);
  return queryClient.query(romPageQueryOptions(context, 0));
}
