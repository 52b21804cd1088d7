import type { SetupLibrary, SetupPlatformsResult } from '@romshelf/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

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

/** Binds the chosen folders (empty choices left out); stays pending until the library reloads. */
export function useBindFoldersMutation(onBound: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choices: Record<string, string>) =>
      bindFolders(Object.fromEntries(Object.entries(choices).filter(([, v]) => v))),
    onSuccess: () => {
      onBound();
      return queryClient.invalidateQueries({ queryKey: setupKeys.library() });
    },
  });
}

export { setupKeys };
