import { useCallback, useEffect, useMemo, useState } from 'react';
import { NavigationType, useNavigationType, useSearchParams } from 'react-router';

import { filtersKey, NO_FILTERS, parseFilters, withFilters } from './gallery-filters';
import type { GalleryFilters } from './gallery-filters';
import { useFilterMemoryStore } from './stores/filter-memory-store';

export interface GalleryFiltering {
  filters: GalleryFilters;
  /** `filtersKey(filters)`: '' when nothing is filtered. */
  key: string;
  /** Writes the filters into the URL: a new history entry with `push`, else in place. */
  setFilters: (next: GalleryFilters, options?: { push?: boolean }) => void;
  clear: () => void;
}

/**
 * The filters of one gallery context (`context`, e.g. `platform:3`), read from and written to the
 * URL, the source of truth: deep links, back/forward and reload keep them. A context opened
 * without filters (a link, the platforms drawer) gets the ones last used in it back; a step back
 * through history is left as it was.
 */
export function useGalleryFilters(context: string): GalleryFiltering {
  const [params, setParams] = useSearchParams();
  const navigationType = useNavigationType();
  const fromUrl = useMemo(() => parseFilters(params), [params]);
  const urlKey = filtersKey(fromUrl);
  const saved = useFilterMemoryStore((state) => state.remembered[context] ?? '');
  // The remembered filters to bring back, decided once per context opened: a context met
  // without filters by a new navigation (not Back/Forward) gets them; they stay pending until
  // the URL carries them.
  const restoreFor = () =>
    urlKey === '' && saved !== '' && navigationType !== NavigationType.Pop ? saved : null;
  const [entered, setEntered] = useState(() => ({ context, restore: restoreFor() }));
  let current = entered;
  if (entered.context !== context) {
    current = { context, restore: restoreFor() };
    setEntered(current);
  } else if (entered.restore !== null && urlKey !== '') {
    current = { context, restore: null };
    setEntered(current);
  }
  const restoring = current.restore;
  const filters = useMemo(
    () => (restoring === null ? fromUrl : parseFilters(new URLSearchParams(restoring))),
    [restoring, fromUrl],
  );
  const key = restoring ?? urlKey;

  useEffect(() => {
    if (restoring !== null) {
      setParams((params) => withFilters(params, filters), { replace: true });
      return;
    }
    useFilterMemoryStore.getState().remember(context, urlKey);
  }, [context, urlKey, restoring, filters, setParams]);

  const setFilters = useCallback(
    (next: GalleryFilters, options?: { push?: boolean }) =>
      setParams((current) => withFilters(current, next), { replace: !options?.push }),
    [setParams],
  );
  const clear = useCallback(() => setFilters(NO_FILTERS, { push: true }), [setFilters]);
  return { filters, key, setFilters, clear };
}
