import type { QueryClient } from '@tanstack/react-query';

import { platformsQueryKey } from './api/platforms';
import { galleryStore } from './stores/gallery-store';

/** After a change to the library: reload ROM lists, rails, platform counts and open galleries. */
export function libraryChanged(queryClient: QueryClient): void {
  galleryStore.getState().invalidate();
  void queryClient.invalidateQueries({ queryKey: ['roms'] });
  void queryClient.invalidateQueries({ queryKey: platformsQueryKey });
}
