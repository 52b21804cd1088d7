import { PAGE_SIZE } from '@romshelf/contract';
import type { RomListPage } from '@romshelf/contract';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';

import { pagesToFetch, romAt } from '@/lib/page-window';
import type { ItemRange } from '@/lib/page-window';
import type { RomListContext } from '@/shared/api/rom-keys';
import { romPageQueryOptions } from '@/shared/api/rom-pages';
import { useUiSetting } from '@/shared/stores/ui-settings-store';

/** Which games a console list shows: a platform's, or a collection's (by its scope parameter). */
export interface ConsoleScope {
  platformId: number | null;
  collectionScope?: Readonly<Record<string, string>>;
}

const NO_FILTERS = {};
const NO_INDEX: Readonly<Record<string, number>> = {};

function combine(results: UseQueryResult<RomListPage>[]) {
  const pages = new Map<number, RomListPage>();
  for (const result of results) if (result.data) pages.set(result.data.offset, result.data);
  const first = pages.get(0);
  return {
    pages,
    total: first?.total ?? null,
    charIndex: first?.char_index ?? NO_INDEX,
    error: results.find((result) => result.data === undefined && result.error)?.error ?? null,
  };
}

/**
 * The pages of a console list around the rows drawn, by name (so the letters jump), one game per
 * card as the user's galleries group them: the same query-cache entries as the gallery's pages.
 */
export function useConsolePages(scope: ConsoleScope, range: ItemRange) {
  const queryClient = useQueryClient();
  const groupRoms = useUiSetting('groupRoms');
  const scopeKey = JSON.stringify(scope);
  const context = useMemo<RomListContext>(
    () => ({
      platformId: scope.platformId,
      searchTerm: '',
      orderBy: 'name',
      orderDir: 'asc',
      groupRoms,
      filters: NO_FILTERS,
      collectionScope: scope.collectionScope,
    }),
    // The scope is rebuilt by its screen on every render; its key says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [scopeKey, groupRoms],
  );
  // The first page is always asked for: it carries the total and the letters.
  const knownTotal =
    queryClient.getQueryData(romPageQueryOptions(context, 0).queryKey)?.total ?? null;
  const offsets = [...new Set([0, ...pagesToFetch(range, knownTotal, PAGE_SIZE)])];
  const state = useQueries({
    queries: offsets.map((offset) => romPageQueryOptions(context, offset)),
    combine,
  });
  return {
    ...state,
    romAt: (index: number) => romAt(state.pages, index, PAGE_SIZE),
  };
}
