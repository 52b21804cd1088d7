import { ConfigSchema } from '@romshelf/contract';
import type { LibraryConfig } from '@romshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** GET /api/config */
export async function fetchLibraryConfig(): Promise<LibraryConfig> {
  return ConfigSchema.parse(await api.get('/config', { preloadable: true }));
}

export const configKeys = { all: ['config'] as const };

export const libraryConfigQueryOptions = () =>
  queryOptions({ queryKey: configKeys.all, queryFn: fetchLibraryConfig });

export function useLibraryConfigQuery() {
  return useQuery(libraryConfigQueryOptions());
}
