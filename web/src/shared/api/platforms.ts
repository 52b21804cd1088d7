import type { Platform } from '@romshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** GET /api/platforms — every platform, with ROM counts and sizes. */
export async function fetchPlatforms(): Promise<Platform[]> {
  return api.get<Platform[]>('/platforms', { preloadable: true });
}

export const platformKeys = {
  all: ['platforms'] as const,
  list: () => [...platformKeys.all, 'list'] as const,
  supported: () => [...platformKeys.all, 'supported'] as const,
};

export const platformsQueryOptions = () =>
  queryOptions({ queryKey: platformKeys.list(), queryFn: fetchPlatforms, staleTime: 30_000 });

export function usePlatformsQuery() {
  return useQuery(platformsQueryOptions());
}

/** Platforms sorted by display name, the way lists show them. */
export function sortPlatforms(platforms: readonly Platform[]): Platform[] {
  return [...platforms].sort((a, b) =>
    a.display_name.localeCompare(b.display_name, undefined, { sensitivity: 'base' }),
  );
}

/** GET /api/platforms/supported — every platform RomShelf knows, folder or not. */
export async function fetchSupportedPlatforms(): Promise<Platform[]> {
  return api.get<Platform[]>('/platforms/supported');
}

export function useSupportedPlatformsQuery(enabled = true) {
  return useQuery({
    queryKey: platformKeys.supported(),
    queryFn: fetchSupportedPlatforms,
    staleTime: Infinity,
    enabled,
  });
}

/** POST /api/platforms — adds a platform by folder name (the server creates the folder). */
export async function addPlatform(fsSlug: string): Promise<Platform> {
  return api.post<Platform>('/platforms', { json: { fs_slug: fsSlug } });
}
