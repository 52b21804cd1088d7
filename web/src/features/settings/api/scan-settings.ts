import type { LibraryConfig, ScanSettingsInput } from '@romshelf/contract';
import {
  ConfigSchema,
  GAMELIST_IMAGE_TYPES,
  GAMELIST_THUMBNAIL_TYPES,
  SCAN_MEDIA_TYPES,
  SCAN_PRIORITY_SOURCES,
} from '@romshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { configKeys } from '@/shared/api/library-config';
import { useConfigStore } from '@/shared/stores/config-store';

type Source = (typeof SCAN_PRIORITY_SOURCES)[number];

const known =
  <T extends string>(values: readonly T[]) =>
  (list: readonly string[]): T[] =>
    list.filter((value): value is T => (values as readonly string[]).includes(value));
const sources = known<Source>(SCAN_PRIORITY_SOURCES);

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

/**
 * The scan settings in force, as `PUT /api/config/scan` takes them (values config.yml holds that
 * the route would refuse are left out).
 */
export function scanSettingsOf(config: LibraryConfig): ScanSettingsInput {
  const overrides = config.SCAN_ARTWORK_PRIORITY_OVERRIDES;
  return {
    metadata_priority: sources(config.SCAN_METADATA_PRIORITY),
    artwork_priority: sources(config.SCAN_ARTWORK_PRIORITY),
    cover_priority: overrides.url_cover ? sources(overrides.url_cover) : null,
    screenshot_priority: overrides.url_screenshots ? sources(overrides.url_screenshots) : null,
    manual_priority: overrides.url_manual ? sources(overrides.url_manual) : null,
    region_priority: config.SCAN_REGION_PRIORITY,
    language_priority: config.SCAN_LANGUAGE_PRIORITY,
    media: known(SCAN_MEDIA_TYPES)(config.SCAN_MEDIA),
    gamelist_export: config.GAMELIST_AUTO_EXPORT_ON_SCAN,
    gamelist_thumbnail: oneOf(GAMELIST_THUMBNAIL_TYPES, config.GAMELIST_MEDIA_THUMBNAIL, 'box2d'),
    gamelist_image: oneOf(GAMELIST_IMAGE_TYPES, config.GAMELIST_MEDIA_IMAGE, 'screenshot'),
    pegasus_export: config.PEGASUS_AUTO_EXPORT_ON_SCAN,
  };
}

/** PUT /api/config/scan: writes the scan section of config.yml; the new config is used at once. */
export function useScanSettingsMutation() {
  const client = useQueryClient();
  const setConfig = useConfigStore((state) => state.setConfig);
  return useMutation({
    mutationFn: async (settings: ScanSettingsInput) =>
      ConfigSchema.parse(await api.put('/config/scan', { json: settings })),
    onSuccess: (config) => {
      setConfig(config);
      client.setQueryData(configKeys.all, config);
    },
  });
}
