import type { SearchCoverResult } from '@romshelf/contract';

import { api } from '@/lib/api-client';

/** GET /api/search/cover: SteamGridDB games with their cover grids. */
export function searchSteamGridCovers(
  searchTerm: string,
  signal?: AbortSignal,
): Promise<SearchCoverResult[]> {
  return api.get<SearchCoverResult[]>('/search/cover', {
    query: { search_term: searchTerm.trim() },
    signal,
  });
}
