import type { Dat, DatFolderSync } from '@romshelf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { api } from '@/lib/api-client';
import { xhrUpload } from '@/lib/xhr-upload';

export const datKeys = { all: ['dats'] as const };

/** A DAT may be large (a Redump set is tens of megabytes): allow a slow link. */
const DAT_UPLOAD_TIMEOUT_MS = 30 * 60_000;

/** GET /api/dats */
export function useDatsQuery() {
  return useQuery({ queryKey: datKeys.all, queryFn: () => api.get<Dat[]>('/dats') });
}

/** POST /api/dats with the upload's progress (0–1; null when no upload runs). */
export function useUploadDatMutation() {
  const client = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      setProgress(0);
      return xhrUpload<Dat>('/dats', body, {
        timeoutMs: DAT_UPLOAD_TIMEOUT_MS,
        onProgress: (loaded, total) => setProgress(total > 0 ? loaded / total : 0),
      });
    },
    onSettled: async () => {
      setProgress(null);
      await client.invalidateQueries({ queryKey: datKeys.all });
    },
  });
  return { ...mutation, progress };
}

/** PUT /api/dats/{id}: binds a DAT to a platform (null: none). */
export function useRebindDatMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, platformId }: { id: number; platformId: number | null }) =>
      api.put<Dat>(`/dats/${String(id)}`, { json: { platform_id: platformId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: datKeys.all }),
  });
}

/** DELETE /api/dats/{id} */
export function useRemoveDatMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/dats/${String(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: datKeys.all }),
  });
}

/** POST /api/dats/folder: reads the library's `dats` folder now. */
export function useSyncDatFolderMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DatFolderSync>('/dats/folder'),
    onSuccess: () => client.invalidateQueries({ queryKey: datKeys.all }),
  });
}
