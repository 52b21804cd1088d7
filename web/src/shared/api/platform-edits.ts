import type { Platform } from '@romshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { libraryChanged } from './library-changed';

/** PUT /api/platforms/{id}: the custom display name (empty goes back to the catalog name). */
export function useRenamePlatformMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, customName }: { id: number; customName: string }) =>
      api.put<Platform>(`/platforms/${String(id)}`, { json: { custom_name: customName } }),
    onSuccess: () => libraryChanged(client),
  });
}

/** DELETE /api/platforms/{id}: the platform and its ROMs leave the database; files stay. */
export function useDeletePlatformMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ msg: string }>(`/platforms/${String(id)}`),
    onSuccess: () => libraryChanged(client),
  });
}

/** POST /api/firmware?platform_id=: uploads BIOS files into the platform's firmware folder. */
export function useUploadFirmwareMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ platformId, files }: { platformId: number; files: File[] }) => {
      const body = new FormData();
      for (const file of files) body.append('files', file, file.name);
      return api.post('/firmware', {
        query: { platform_id: platformId },
        body,
        timeoutMs: 600_000,
      });
    },
    onSuccess: () => libraryChanged(client),
  });
}

/** POST /api/firmware/delete: removes a firmware file from the library and the database. */
export function useDeleteFirmwareMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post('/firmware/delete', { json: { firmware: [id], delete_from_fs: [id] } }),
    onSuccess: () => libraryChanged(client),
  });
}
