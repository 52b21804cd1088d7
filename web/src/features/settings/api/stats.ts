import type { Stats } from '@romshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** GET /api/stats with the per-platform metadata coverage and region breakdown. */
export async function fetchStats(): Promise<Stats> {
  return api.get<Stats>('/stats', { query: { include_platform_stats: true } });
}

export const statsQueryKey = ['stats'] as const;

export const statsQueryOptions = () =>
  queryOptions({ queryKey: statsQueryKey, queryFn: fetchStats });

export function useStatsQuery() {
  return useQuery(statsQueryOptions());
}
