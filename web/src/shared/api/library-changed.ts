import type { QueryClient } from '@tanstack/react-query';

import { collectionKeys } from './collections';
import { platformKeys } from './platforms';
import { romKeys } from './rom-keys';

/**
 * After a change to the library: reload ROM lists, rails, platform counts, collections (their
 * counts, covers and virtual ones follow the metadata) and open galleries.
 */
export function libraryChanged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: romKeys.all });
  void queryClient.invalidateQueries({ queryKey: platformKeys.all });
  void queryClient.invalidateQueries({ queryKey: collectionKeys.all });
}
