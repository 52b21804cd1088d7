import type { Collection } from '@romshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import {
  collectionsChanged,
  createCollection,
  deleteCollection,
  deleteSmartCollection,
  updateCollection,
  updateSmartCollection,
} from '@/shared/api/collections';
import type { AnyCollection, CollectionRef } from '@/shared/api/collections';

/** What the owner's form edits of a collection. */
export interface CollectionEdit {
  name: string;
  description: string;
  isPublic: boolean;
  urlCover: string;
  artwork: File | null;
  removeCover: boolean;
}

function saveCollection(
  refTo: CollectionRef,
  collection: AnyCollection,
  edit: CollectionEdit,
): Promise<AnyCollection> {
  const id = Number(refTo.id);
  if (refTo.kind === 'smart' && 'filter_criteria' in collection) {
    return updateSmartCollection(
      id,
      {
        name: edit.name.trim(),
        description: edit.description,
        filterCriteria: collection.filter_criteria,
      },
      edit.isPublic,
    );
  }
  return updateCollection(
    id,
    {
      name: edit.name.trim(),
      description: edit.description,
      urlCover: edit.urlCover.trim() || undefined,
      artwork: edit.artwork,
    },
    { isPublic: edit.isPublic, removeCover: edit.removeCover },
  );
}

export interface NewCollection {
  name: string;
  description: string;
  isPublic: boolean;
}

/** Creates an empty manual collection. */
export function useCreateCollectionMutation(onCreated: (collection: Collection) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, description, isPublic }: NewCollection) =>
      createCollection({ name: name.trim(), description }, isPublic),
    onSuccess: (collection) => {
      collectionsChanged(queryClient);
      onCreated(collection);
    },
  });
}

/** Saves the owner's form of a manual or smart collection. */
export function useUpdateCollectionMutation(
  refTo: CollectionRef,
  collection: AnyCollection,
  onSaved: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: CollectionEdit) => saveCollection(refTo, collection, edit),
    onSuccess: () => {
      collectionsChanged(queryClient);
      onSaved();
    },
  });
}

/** Deletes a manual or smart collection. */
export function useDeleteCollectionMutation(refTo: CollectionRef, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      refTo.kind === 'smart'
        ? deleteSmartCollection(Number(refTo.id))
        : deleteCollection(Number(refTo.id)),
    onSuccess: () => {
      collectionsChanged(queryClient);
      onDeleted();
    },
  });
}
