import type { QueryClient } from '@tanstack/react-query';

import { collectionKeys } from './collections';
import { completenessKeys } from './completeness';
import { platformKeys } from './platforms';
import { romKeys } from './rom-keys';

/**
 * After a change to the library: reload ROM lists, rails, platform counts, collections (their
 * counts, covers and virtual ones follow the metadata), open galleries and completeness figures.
 */
export function libraryChanged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: romKeys.all });
  void queryClient.invalidateQueries({ queryKey: platformKeys.all });
  void queryClient.invalidateQueries({ queryKey: collectionKeys.all });
  void queryClient.invalidateQueries({ queryKey: completenessKeys.all });
}
