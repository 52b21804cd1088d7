import { PAGE_SIZE } from '@romshelf/contract';
import type { RomListPage } from '@romshelf/contract';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { QueryClient, UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';

import { romKeys } from '@/shared/api/rom-keys';
import type { RomListContext } from '@/shared/api/rom-keys';

import { romPageQueryOptions } from './api/roms';
import { joinPages, windowOffsets } from './gallery-pages';
import type { GalleryPages } from './gallery-pages';
import { DEFAULT_PLACE_VIEW, useGalleryStore } from './stores/gallery-store';
import type { GalleryPlaceView } from './stores/gallery-store';

/** Which ROMs a gallery shows (the URL's context); the sort is the gallery's own. */
export interface GalleryPlace {
  platformId?: number | null;
  searchTerm?: string;
}

export function placeKey(place: GalleryPlace): string {
  return JSON.stringify([place.platformId ?? null, place.searchTerm ?? '']);
}

function contextOf(place: GalleryPlace, view: GalleryPlaceView): RomListContext {
  return {
    platformId: place.platformId ?? null,
    searchTerm: place.searchTerm ?? '',
    orderBy: view.orderBy,
    orderDir: view.orderDir,
  };
}

/** The view left last time, when its first page is still cached; else the top of the list. */
function restoreView(place: GalleryPlace, queryClient: QueryClient): GalleryPlaceView {
  const saved = useGalleryStore.getState().places[placeKey(place)];
  if (!saved) return DEFAULT_PLACE_VIEW;
  const first = romPageQueryOptions(contextOf(place, saved), saved.start).queryKey;
  return queryClient.getQueryData(first) ? saved : { ...saved, start: 0, pages: 1 };
}

interface PagesState {
  pages: GalleryPages;
  /** A page of the window is being loaded for the first time. */
  loading: boolean;
  error: unknown;
}

function pagesState(results: readonly UseQueryResult<RomListPage>[]): PagesState {
  return {
    pages: joinPages(results.map((result) => result.data)),
    loading: results.some((result) => result.data === undefined && result.isFetching),
    error: results.find((result) => result.data === undefined && result.error)?.error ?? null,
  };
}

/**
 * The pages of one gallery context on screen, from the query cache: sort, jump to an offset,
 * load the next page, retry. The view is remembered per context for a return to it.
 */
export function useGalleryPages(place: GalleryPlace) {
  const queryClient = useQueryClient();
  const [view, setView] = useState(() => restoreView(place, queryClient));
  const key = placeKey(place);
  useEffect(() => useGalleryStore.getState().setPlaceView(key, view), [key, view]);

  const context = contextOf(place, view);
  const state = pagesState(
    useQueries({
      queries: windowOffsets(view, PAGE_SIZE).map((offset) => romPageQueryOptions(context, offset)),
    }),
  );

  const { pages, loading } = state;
  const loadMore = useCallback(() => {
    if (pages.more && !loading) setView((current) => ({ ...current, pages: current.pages + 1 }));
  }, [pages.more, loading]);
  const jumpTo = (offset: number) =>
    setView((current) => ({ ...current, start: offset, pages: 1 }));
  const sortBy = (orderBy: GalleryPlaceView['orderBy'], orderDir: GalleryPlaceView['orderDir']) =>
    setView({ orderBy, orderDir, start: 0, pages: 1 });
  const retry = () =>
    void queryClient.refetchQueries({ queryKey: romKeys.galleryContext(context), type: 'active' });

  return { ...state, view, loadMore, jumpTo, sortBy, retry };
}
