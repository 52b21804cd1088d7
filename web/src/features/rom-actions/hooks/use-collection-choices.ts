import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';

import { errorMessage } from '@/lib/api-client';
import {
  addRomsToCollection,
  collectionKeys,
  collectionsQueryOptions,
  createCollection,
  removeRomsFromCollection,
} from '@/shared/api/collections';
import { romKeys } from '@/shared/api/rom-keys';
import { updateRomProps } from '@/shared/api/rom-props';
import { useAuthStore } from '@/shared/stores/auth-store';

import { choiceKey, collectionChoices, membershipChanges } from '../collection-choices';
import type { CollectionChoice, MembershipChange } from '../collection-choices';

/**
 * One collection's change, all or nothing. The favourites collection that does not exist yet is
 * made by the server when a first game becomes a favourite, so those go through the favourite flag.
 */
async function applyChange(change: MembershipChange): Promise<void> {
  const { id } = change.choice;
  if (id === null) {
    for (const romId of change.romIds) {
      await updateRomProps(romId, { data: { is_favorite: change.kind === 'add' } });
    }
  } else if (change.kind === 'add') await addRomsToCollection(id, change.romIds);
  else await removeRomsFromCollection(id, change.romIds);
}

/** Waits for the lists to reload, so the dialog shows the answer before it closes. */
async function refreshAfterMembership(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
    queryClient.invalidateQueries({ queryKey: romKeys.all }),
  ]);
}

/**
 * The rows of the "Add to collection" dialog with the ticks the person made, creating a
 * collection in place (it comes back ticked), and saving: one request per changed collection,
 * each all or nothing; the failures are reported together, the others still apply.
 */
export function useCollectionChoices(
  romIds: readonly number[],
  favouritesName: string,
  enabled: boolean,
) {
  const queryClient = useQueryClient();
  const userId = useAuthStore((state) => state.user?.id ?? null);
  // Membership decides the ticks: read it afresh each time the dialog opens.
  const collections = useQuery({ ...collectionsQueryOptions(), enabled, staleTime: 0 });
  const [ticked, setTicked] = useState<ReadonlyMap<string, boolean>>(new Map());
  const choices = useMemo(
    () =>
      collections.data && userId !== null
        ? collectionChoices(collections.data, userId, romIds, favouritesName)
        : [],
    [collections.data, userId, romIds, favouritesName],
  );
  const isTicked = (choice: CollectionChoice): boolean | 'some' =>
    ticked.get(choiceKey(choice)) ??
    (choice.holding === 'some' ? 'some' : choice.holding === 'all');
  /** On, off; a row holding some of the games comes back to "leave as it is" after off. */
  const toggle = (choice: CollectionChoice) =>
    setTicked((current) => {
      const next = new Map(current);
      const key = choiceKey(choice);
      if (choice.holding === 'some' && current.get(key) === false) next.delete(key);
      else next.set(key, isTicked(choice) !== true);
      return next;
    });

  const creation = useMutation({
    mutationFn: (name: string) => createCollection({ name, description: '' }),
    onSuccess: async (collection) => {
      setTicked((current) => new Map(current).set(String(collection.id), true));
      await refreshAfterMembership(queryClient);
    },
  });
  const changes = membershipChanges(choices, ticked, romIds);
  const saving = useMutation({
    mutationFn: async () => {
      const errors: string[] = [];
      for (const change of changes) {
        try {
          await applyChange(change);
        } catch (error) {
          errors.push(`${change.choice.name}: ${errorMessage(error)}`);
        }
      }
      await refreshAfterMembership(queryClient);
      if (errors.length > 0) throw new Error(errors.join('\n'));
      setTicked(new Map());
    },
  });
  return { collections, choices, isTicked, toggle, changes, creation, saving };
}
