import type { SmartCollection } from '@romshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { collectionsChanged, createSmartCollection } from '@/shared/api/collections';
import type { SmartCollectionFormValues } from '@/shared/api/collections';

/** Saves a gallery's filters as a new smart collection. */
export function useCreateSmartCollectionMutation(onSaved: (collection: SmartCollection) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, isPublic }: { values: SmartCollectionFormValues; isPublic: boolean }) =>
      createSmartCollection(values, isPublic),
    onSuccess: (collection) => {
      collectionsChanged(queryClient);
      onSaved(collection);
    },
  });
}
