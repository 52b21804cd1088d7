import { RAIL_SIZE } from '@romshelf/contract';
import type { RomListPage } from '@romshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { romKeys } from '@/shared/api/rom-keys';

/** GET /api/roms ordered by id, newest first: the "recently added" rail. */
export async function fetchRecentRoms(): Promise<RomListPage> {
  return api.get<RomListPage>('/roms', {
    query: {
      order_by: 'id',
      order_dir: 'desc',
      limit: RAIL_SIZE,
      offset: 0,
      with_char_index: false,
      with_filter_values: false,
    },
  });
}

export const recentRomsQueryOptions = () =>
  queryOptions({ queryKey: romKeys.recent(), queryFn: fetchRecentRoms, staleTime: 15_000 });

export function useRecentRomsQuery() {
  return useQuery(recentRomsQueryOptions());
}

/** GET /api/roms ordered by the caller's last play: the "continue playing" rail. */
export async function fetchContinuePlaying(): Promise<RomListPage> {
  return api.get<RomListPage>('/roms', {
    query: {
      order_by: 'last_played',
      order_dir: 'desc',
      last_played: true,
      limit: RAIL_SIZE,
      offset: 0,
      with_char_index: false,
      with_filter_values: false,
    },
  });
}

export const continuePlayingQueryOptions = () =>
  queryOptions({
    queryKey: romKeys.continuePlaying(),
    queryFn: fetchContinuePlaying,
    staleTime: 15_000,
  });

export function useContinuePlayingQuery() {
  return useQuery(continuePlayingQueryOptions());
}
