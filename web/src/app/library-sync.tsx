import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { platformsQueryKey } from '../lib/api/platforms';
import { galleryStore } from '../lib/stores/gallery-store';
import { useRomStore } from '../features/rom/stores/rom-store';
import { useScanStore } from '../features/scan/stores/scan-store';

/**
 * Keeps what the app shows in step with scans: new platforms refresh the platform lists while
 * the scan runs; the end of a scan drops cached galleries, the current game and ROM queries.
 */
export function LibrarySync() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      useScanStore.subscribe((state, previous) => {
        if (state.finishedCount !== previous.finishedCount) {
          galleryStore.getState().clearCache();
          useRomStore.getState().setCurrent(null);
          void queryClient.invalidateQueries({ queryKey: platformsQueryKey });
          void queryClient.invalidateQueries({ queryKey: ['roms'] });
        } else if (state.platforms.length !== previous.platforms.length) {
          void queryClient.invalidateQueries({ queryKey: platformsQueryKey });
        }
      }),
    [queryClient],
  );
  return null;
}
