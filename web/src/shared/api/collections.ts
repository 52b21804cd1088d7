import type {
  Collection,
  SmartCollection,
  VirtualCollection,
  VirtualCollectionType,
} from '@romshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { romKeys } from './rom-keys';

/** The three kinds of collection, as the routes name them. */
export type CollectionKind = 'regular' | 'virtual' | 'smart';

/** One collection of any kind: what a gallery is scoped to and what a route names. */
export interface CollectionRef {
  kind: CollectionKind;
  /** A number for manual and smart collections, the URL-safe base64 id for virtual ones. */
  id: string;
}

export type AnyCollection = Collection | VirtualCollection | SmartCollection;

/** The page of a collection: `/collection/{id}`, `/collection/virtual/{id}`, `/collection/smart/{id}`. */
export function collectionPath(ref: CollectionRef): string {
  const id = encodeURIComponent(ref.id);
  return ref.kind === 'regular' ? `/collection/${id}` : `/collection/${ref.kind}/${id}`;
}

/** The `GET /api/roms` (and /random, /download) scope parameter of a collection. */
export function collectionScopeQuery(ref: CollectionRef): Record<string, string> {
  const name = {
    regular: 'collection_id',
    virtual: 'virtual_collection_id',
    smart: 'smart_collection_id',
  }[ref.kind];
  return { [name]: ref.id };
}

export const collectionKeys = {
  all: ['collections'] as const,
  lists: () => [...collectionKeys.all, 'list'] as const,
  regular: () => [...collectionKeys.lists(), 'regular'] as const,
  smart: () => [...collectionKeys.lists(), 'smart'] as const,
  virtual: (type: VirtualCollectionType | 'all', limit?: number) =>
    [...collectionKeys.lists(), 'virtual', type, limit ?? null] as const,
  details: () => [...collectionKeys.all, 'detail'] as const,
  detail: (ref: CollectionRef) => [...collectionKeys.details(), ref.kind, ref.id] as const,
};

/** GET /api/collections — the caller's collections and the public ones of others. */
export function fetchCollections(): Promise<Collection[]> {
  return api.get<Collection[]>('/collections');
}

/** GET /api/collections/smart — the caller's smart collections and the public ones of others. */
export function fetchSmartCollections(): Promise<SmartCollection[]> {
  return api.get<SmartCollection[]>('/collections/smart');
}

/** GET /api/collections/virtual — collections made from the merged metadata. */
export function fetchVirtualCollections(
  type: VirtualCollectionType | 'all',
  limit?: number,
): Promise<VirtualCollection[]> {
  return api.get<VirtualCollection[]>('/collections/virtual', { query: { type, limit } });
}

/** GET one collection of any kind (404 when it does not exist or is private to someone else). */
export function fetchCollection(ref: CollectionRef): Promise<AnyCollection> {
  const id = encodeURIComponent(ref.id);
  const path = ref.kind === 'regular' ? `/collections/${id}` : `/collections/${ref.kind}/${id}`;
  return api.get<AnyCollection>(path);
}

export const collectionsQueryOptions = () =>
  queryOptions({
    queryKey: collectionKeys.regular(),
    queryFn: fetchCollections,
    staleTime: 30_000,
  });

export const smartCollectionsQueryOptions = () =>
  queryOptions({
    queryKey: collectionKeys.smart(),
    queryFn: fetchSmartCollections,
    staleTime: 30_000,
  });

export const virtualCollectionsQueryOptions = (
  type: VirtualCollectionType | 'all',
  limit?: number,
) =>
  queryOptions({
    queryKey: collectionKeys.virtual(type, limit),
    queryFn: () => fetchVirtualCollections(type, limit),
    staleTime: 60_000,
  });

export const collectionQueryOptions = (ref: CollectionRef) =>
  queryOptions({
    queryKey: collectionKeys.detail(ref),
    queryFn: () => fetchCollection(ref),
    staleTime: 30_000,
    retry: false,
  });

export function useCollectionsQuery() {
  return useQuery(collectionsQueryOptions());
}

export function useSmartCollectionsQuery() {
  return useQuery(smartCollectionsQueryOptions());
}

export function useVirtualCollectionsQuery(
  type: VirtualCollectionType | 'all',
  limit?: number,
  enabled = true,
) {
  return useQuery({ ...virtualCollectionsQueryOptions(type, limit), enabled });
}

export function useCollectionQuery(ref: CollectionRef) {
  return useQuery(collectionQueryOptions(ref));
}

/** The text fields and the cover of the create / update form. */
export interface CollectionFormValues {
  name: string;
  description: string;
  /** A picture the server fetches as the cover. */
  urlCover?: string;
  /** An uploaded picture (the server re-encodes it). */
  artwork?: Blob | null;
}

function collectionFormData(values: CollectionFormValues): FormData {
  const form = new FormData();
  form.append('name', values.name);
  form.append('description', values.description);
  if (values.urlCover) form.append('url_cover', values.urlCover);
  if (values.artwork) form.append('artwork', values.artwork);
  return form;
}

/** POST /api/collections (multipart, flags in the query as RomM sends them). */
export function createCollection(
  values: CollectionFormValues,
  isPublic = false,
): Promise<Collection> {
  return api.post<Collection>('/collections', {
    body: collectionFormData(values),
    query: { is_public: isPublic },
  });
}

/** PUT /api/collections/{id}; `removeCover` goes back to the collage of member covers. */
export function updateCollection(
  id: number,
  values: CollectionFormValues,
  options: { isPublic?: boolean; removeCover?: boolean } = {},
): Promise<Collection> {
  return api.put<Collection>(`/collections/${String(id)}`, {
    body: collectionFormData(values),
    query: { is_public: options.isPublic, remove_cover: options.removeCover || undefined },
  });
}

/** DELETE /api/collections/{id} — the ROMs stay in the library. */
export function deleteCollection(id: number): Promise<unknown> {
  return api.delete(`/collections/${String(id)}`);
}

/** POST /api/collections/{id}/roms — adds all of them or none. */
export function addRomsToCollection(id: number, romIds: readonly number[]): Promise<Collection> {
  return api.post<Collection>(`/collections/${String(id)}/roms`, { json: { rom_ids: romIds } });
}

/** DELETE /api/collections/{id}/roms — removes all of them or none. */
export function removeRomsFromCollection(
  id: number,
  romIds: readonly number[],
): Promise<Collection> {
  return api.delete<Collection>(`/collections/${String(id)}/roms`, {
    json: { rom_ids: romIds },
  });
}

/** The fields of a smart collection: `filterCriteria` uses the `GET /api/roms` filter names. */
export interface SmartCollectionFormValues {
  name: string;
  description: string;
  filterCriteria: Readonly<Record<string, unknown>>;
}

function smartFormData(values: SmartCollectionFormValues): FormData {
  const form = new FormData();
  form.append('name', values.name);
  form.append('description', values.description);
  form.append('filter_criteria', JSON.stringify(values.filterCriteria));
  return form;
}

/** POST /api/collections/smart (422 `{detail}` when the criteria are not ROM filters). */
export function createSmartCollection(
  values: SmartCollectionFormValues,
  isPublic = false,
): Promise<SmartCollection> {
  return api.post<SmartCollection>('/collections/smart', {
    body: smartFormData(values),
    query: { is_public: isPublic },
  });
}

/** PUT /api/collections/smart/{id}. */
export function updateSmartCollection(
  id: number,
  values: SmartCollectionFormValues,
  isPublic?: boolean,
): Promise<SmartCollection> {
  return api.put<SmartCollection>(`/collections/smart/${String(id)}`, {
    body: smartFormData(values),
    query: { is_public: isPublic },
  });
}

/** DELETE /api/collections/smart/{id}. */
export function deleteSmartCollection(id: number): Promise<unknown> {
  return api.delete(`/collections/smart/${String(id)}`);
}

/**
 * After a collection changed (created, edited, members added or removed, deleted): reload the
 * collection lists and pages, and the ROM lists and details (galleries scoped by a collection,
 * `user_collections`, favourites).
 */
export function collectionsChanged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: collectionKeys.all });
  void queryClient.invalidateQueries({ queryKey: romKeys.all });
}
