import type { SearchCoverResult } from '@romshelf/contract';
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { metadataKeys } from '@/shared/api/metadata';

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

/** Only still images can become covers (animated grids are WebM or animated WebP/PNG). */
function staticGames(games: readonly SearchCoverResult[]): SearchCoverResult[] {
  return games
    .map((game) => ({
      ...game,
      resources: game.resources.filter((resource) => resource.type === 'static'),
    }))
    .filter((game) => game.resources.length > 0);
}

/** The still covers SteamGridDB has for `term` (none asked while `enabled` is false or `term` empty). */
export function useCoverSearchQuery(term: string, enabled: boolean) {
  return useQuery({
    queryKey: metadataKeys.coverSearch(term),
    queryFn: async ({ signal }) => staticGames(await searchSteamGridCovers(term, signal)),
    enabled: enabled && term !== '',
    retry: false,
    staleTime: 60_000,
  });
}
