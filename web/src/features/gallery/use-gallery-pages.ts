import { PAGE_SIZE } from '@romshelf/contract';
import type { RomListPage, SimpleRom } from '@romshelf/contract';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { QueryClient, UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

import { collectionScopeQuery } from '@/shared/api/collections';
import type { CollectionRef } from '@/shared/api/collections';
import { romKeys } from '@/shared/api/rom-keys';
import type { PreferredVersions, RomListContext } from '@/shared/api/rom-keys';

import { fetchRoms, romPageQueryOptions } from '@/shared/api/rom-pages';
import { knownRoms, pagesHolding, pagesToFetch, totalOf } from './gallery-pages';
import { parseSort, withSort } from './gallery-sort';
import type { ItemRange } from './gallery-pages';
import { DEFAULT_PLACE_VIEW, useGalleryStore } from './stores/gallery-store';
import type { GalleryPlaceView } from './stores/gallery-store';
import { useGroupRoms, usePreferredVersions } from './stores/gallery-view-store';

/** Which ROMs a gallery shows (the URL's context); the sort is the gallery's own. */
export interface GalleryPlace {
  platformId?: number | null;
  searchTerm?: string;
  /** The collection (of any kind) the gallery shows. */
  collection?: CollectionRef;
}

export function placeKey(place: GalleryPlace): string {
  const collection = place.collection ? [place.collection.kind, place.collection.id] : null;
  return JSON.stringify([place.platformId ?? null, place.searchTerm ?? '', collection]);
}

/** The `GET /api/roms` scope parameter of the place's collection, if it has one. */
export function placeCollectionScope(place: GalleryPlace): Record<string, string> | undefined {
  return place.collection ? collectionScopeQuery(place.collection) : undefined;
}

/** Filter values by `GET /api/roms` name (see gallery-filters.ts). */
export type GalleryFilterQuery = Readonly<Record<string, string | readonly string[]>>;

/** The `GET /api/roms` context of a gallery place seen with `view`, grouping and filters. */
export function contextOf(
  place: GalleryPlace,
  view: GalleryPlaceView,
  groupRoms: boolean,
  filters: GalleryFilterQuery,
  preferredVersions: PreferredVersions | null,
): RomListContext {
  return {
    platformId: place.platformId ?? null,
    searchTerm: place.searchTerm ?? '',
    orderBy: view.orderBy,
    orderDir: view.orderDir,
    groupRoms,
    preferredVersions,
    filters,
    collectionScope: placeCollectionScope(place),
  };
}

const NO_FILTER_QUERY: GalleryFilterQuery = {};
const NO_INDEX: Readonly<Record<string, number>> = {};

export interface GalleryPages {
  /** The loaded pages on screen (and the first page), by offset. */
  pages: ReadonlyMap<number, RomListPage>;
  /** The number of ROMs in the context; null until a page answered. */
  total: number | null;
  charIndex: Readonly<Record<string, number>>;
  /** A page on screen is being loaded for the first time. */
  loading: boolean;
  /** The first error of a page on screen that has no data. */
  error: unknown;
}

/** Keeps the map (and so the ROM objects' owners) the same while no page's data changed. */
function combinePages(results: UseQueryResult<RomListPage>[]): GalleryPages {
  const pages = new Map<number, RomListPage>();
  for (const result of results) if (result.data) pages.set(result.data.offset, result.data);
  const first = pages.get(0);
  return {
    pages,
    total: first?.total ?? totalOf(pages.values()),
    charIndex: first?.char_index ?? NO_INDEX,
    loading: results.some((result) => result.data === undefined && result.isFetching),
    error: results.find((result) => result.data === undefined && result.error)?.error ?? null,
  };
}

/** Every page of `context` in the cache, by offset. */
function cachedPages(queryClient: QueryClient, context: RomListContext) {
  const pages = new Map<number, RomListPage>();
  for (const [, page] of queryClient.getQueriesData<RomListPage>({
    queryKey: romKeys.galleryContext(context),
  })) {
    if (page) pages.set(page.offset, page);
  }
  return pages;
}

/**
 * The ids of the whole result in list order, and the ROMs of `ids` in that order, loading the
 * pages that hold them into the one cache (pages already there are not asked again).
 */
async function resolveRoms(
  queryClient: QueryClient,
  context: RomListContext,
  ids: ReadonlySet<number>,
): Promise<SimpleRom[]> {
  const known = new Map<number, SimpleRom>();
  const collect = () => {
    for (const page of cachedPages(queryClient, context).values()) {
      for (const rom of page.items) if (ids.has(rom.id)) known.set(rom.id, rom);
    }
  };
  collect();
  const order = await fetchWholeResultIds(context);
  if (known.size < ids.size) {
    const missing = [...ids].filter((id) => !known.has(id));
    for (const offset of pagesHolding(missing, order, PAGE_SIZE)) {
      await queryClient.query(romPageQueryOptions(context, offset));
    }
    collect();
  }
  return order.flatMap((id) => known.get(id) ?? []);
}

/** GET /api/roms with rom_id_index: the ids of the whole result, in list order. */
async function fetchWholeResultIds(context: RomListContext): Promise<number[]> {
  const answer = await fetchRoms({ ...context, offset: 0, limit: 1, withRomIdIndex: true });
  return answer.rom_id_index;
}

/**
 * The pages of one gallery context around what is on screen, from the query cache: the view
 * reports the items it shows (`showRange`), the pages holding them (and the first page, for the
 * total and the character index) are fetched by offset. The sort is in the URL, and
 * remembered per context whatever the filters.
 */
export function useGalleryPages(
  place: GalleryPlace,
  filters: GalleryFilterQuery = NO_FILTER_QUERY,
) {
  const queryClient = useQueryClient();
  const key = placeKey(place);
  const [params, setParams] = useSearchParams();
  // The URL names the sort; without one, the context's last sort (or the default) applies.
  const named = parseSort(params) ?? useGalleryStore.getState().places[key] ?? DEFAULT_PLACE_VIEW;
  const { orderBy, orderDir } = named;
  const view = useMemo<GalleryPlaceView>(() => ({ orderBy, orderDir }), [orderBy, orderDir]);
  useEffect(() => useGalleryStore.getState().setPlaceView(key, view), [key, view]);
  const [range, setRange] = useState<ItemRange>({ first: 0, last: 0 });

  const groupRoms = useGroupRoms();
  const preferredVersions = usePreferredVersions();
  const filtersKey = JSON.stringify(filters);
  const context = useMemo(
    () => contextOf(place, view, groupRoms, filters, preferredVersions),
    // The place and filters are rebuilt by their page on every render; their keys say when
    // they changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, view, groupRoms, filtersKey, preferredVersions],
  );
  // The first page is always asked for: it carries the total that sizes the list.
  const knownTotal =
    queryClient.getQueryData(romPageQueryOptions(context, 0).queryKey)?.total ?? null;
  const offsets = [...new Set([0, ...pagesToFetch(range, knownTotal, PAGE_SIZE)])];
  const state = useQueries({
    queries: offsets.map((offset) => romPageQueryOptions(context, offset)),
    combine: combinePages,
  });

  const showRange = useCallback(
    (next: ItemRange) => {
      // Asked at once, not after the render the new range causes: on a busy device that
      // render alone held each page's request back by a few hundred milliseconds.
      for (const offset of pagesToFetch(next, knownTotal, PAGE_SIZE)) {
        queryClient.query(romPageQueryOptions(context, offset)).catch(() => undefined);
      }
      setRange((current) =>
        current.first === next.first && current.last === next.last ? current : next,
      );
    },
    [queryClient, context, knownTotal],
  );
  const sortBy = (next: GalleryPlaceView['orderBy'], nextDir: GalleryPlaceView['orderDir']) =>
    setParams((current) => withSort(current, { orderBy: next, orderDir: nextDir }), {
      replace: true,
    });
  const retry = () =>
    void queryClient.refetchQueries({ queryKey: romKeys.galleryContext(context), type: 'active' });
  const allIds = useCallback(() => fetchWholeResultIds(context), [context]);
  const known = useCallback(
    (ids: ReadonlySet<number>) =>
      knownRoms(cachedPages(queryClient, context)).filter((rom) => ids.has(rom.id)),
    [queryClient, context],
  );
  const resolve = useCallback(
    (ids: ReadonlySet<number>) => resolveRoms(queryClient, context, ids),
    [queryClient, context],
  );

  return { ...state, view, showRange, sortBy, retry, allIds, known, resolve };
}
