import type { SetupLibrary, SetupPlatformsResult } from '@romshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

const setupKeys = { library: () => ['setup', 'library'] as const };

/** GET /api/setup/library: layout, platform folders with counts, unknown folders. */
export const setupLibraryQueryOptions = () =>
  queryOptions({
    queryKey: setupKeys.library(),
    queryFn: () => api.get<SetupLibrary>('/setup/library'),
  });

export function useSetupLibraryQuery() {
  return useQuery(setupLibraryQueryOptions());
}

/** POST /api/setup/platforms: binds unknown folders to platforms (config.yml). */
export function bindFolders(bindings: Record<string, string>): Promise<SetupPlatformsResult> {
  return api.post<SetupPlatformsResult>('/setup/platforms', { json: { bindings } });
}

export { setupKeys };
