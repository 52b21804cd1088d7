import type { RomListPage } from '@romshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { romKeys } from '@/shared/api/rom-keys';

/**
 * What `filter_values` depends on: RomM scopes it by platform, collection and search only,
 * never by filters.
 */
export interface FilterScope {
  platformId: number | null;
  searchTerm: string;
  collectionScope?: Readonly<Record<string, string>>;
}

/** GET /api/roms with only the `filter_values` sidecar: the values the drawer offers. */
export async function fetchFilterValues(scope: FilterScope, signal?: AbortSignal) {
  const page = await api.get<RomListPage>('/roms', {
    query: {
      ...scope.collectionScope,
      platform_id: scope.platformId ?? undefined,
      search_term: scope.searchTerm.trim() || undefined,
      limit: 1,
      with_char_index: false,
      with_filter_values: true,
    },
    signal,
  });
  return { values: page.filter_values, counts: page.filter_value_counts };
}

/**
 * The drawer's values, asked for once it opens; every library change (scan, edit, delete)
 * refreshes them with the ROM lists.
 */
export const filterValuesQueryOptions = (scope: FilterScope) =>
  queryOptions({
    queryKey: romKeys.filterValues(scope),
    queryFn: ({ signal }) => fetchFilterValues(scope, signal),
    staleTime: Infinity,
  });

export function useFilterValues(scope: FilterScope, enabled: boolean) {
  return useQuery({ ...filterValuesQueryOptions(scope), enabled });
}
