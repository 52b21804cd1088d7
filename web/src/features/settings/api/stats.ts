import type { Stats } from '@romshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { settingsKeys } from './settings-keys';

/** GET /api/stats with the per-platform metadata coverage and region breakdown. */
export async function fetchStats(): Promise<Stats> {
  return api.get<Stats>('/stats', { query: { include_platform_stats: true } });
}

export const statsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.stats(), queryFn: fetchStats });

export function useStatsQuery() {
  return useQuery(statsQueryOptions());
}
