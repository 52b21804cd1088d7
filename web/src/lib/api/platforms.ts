import type { Platform } from '@romshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../api-client';

/** GET /api/platforms — every platform, with ROM counts and sizes. */
export async function fetchPlatforms(): Promise<Platform[]> {
  return api.get<Platform[]>('/platforms');
}

export const platformsQueryKey = ['platforms'] as const;

export const platformsQueryOptions = () =>
  queryOptions({ queryKey: platformsQueryKey, queryFn: fetchPlatforms, staleTime: 30_000 });

export function usePlatformsQuery() {
  return useQuery(platformsQueryOptions());
}

/** Platforms sorted by display name, the way lists show them. */
export function sortPlatforms(platforms: readonly Platform[]): Platform[] {
  return [...platforms].sort((a, b) =>
    a.display_name.localeCompare(b.display_name, undefined, { sensitivity: 'base' }),
  );
}
