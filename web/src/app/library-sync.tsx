import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { platformKeys } from '@/shared/api/platforms';
import { romKeys } from '@/shared/api/rom-keys';
import { useRomStore } from '../features/rom/stores/rom-store';
import { useScanStore } from '../features/scan/stores/scan-store';

/**
 * Keeps what the app shows in step with scans: new platforms refresh the platform lists while
 * the scan runs; the end of a scan refreshes the galleries and every ROM query and drops the
 * current game.
 */
export function LibrarySync() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      useScanStore.subscribe((state, previous) => {
        if (state.finishedCount !== previous.finishedCount) {
          useRomStore.getState().setCurrent(null);
          void queryClient.invalidateQueries({ queryKey: platformKeys.all });
          void queryClient.invalidateQueries({ queryKey: romKeys.all });
        } else if (state.platforms.length !== previous.platforms.length) {
          void queryClient.invalidateQueries({ queryKey: platformKeys.all });
        }
      }),
    [queryClient],
  );
  return null;
}
