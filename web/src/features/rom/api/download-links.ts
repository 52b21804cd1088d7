import type { CreatedDownloadLink, DownloadLink } from '@romshelf/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** GET /api/download-links?rom_id= — the caller's links to this ROM that still work. */
export function downloadLinksQuery(romId: number) {
  return queryOptions({
    queryKey: ['download-links', romId],
    queryFn: () => api.get<DownloadLink[]>('/download-links', { query: { rom_id: romId } }),
  });
}

export function useDownloadLinksQuery(romId: number, enabled: boolean) {
  return useQuery({ ...downloadLinksQuery(romId), enabled });
}

/** POST /api/download-links — a new link; its token is in this answer only. */
export function useCreateDownloadLinkMutation(romId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (expiresIn: number) =>
      api.post<CreatedDownloadLink>('/download-links', {
        json: { rom_id: romId, expires_in: expiresIn },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['download-links', romId] }),
  });
}

/** DELETE /api/download-links/{id} — the link stops working at once. */
export function useRevokeDownloadLinkMutation(romId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/download-links/${String(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: ['download-links', romId] }),
  });
}
