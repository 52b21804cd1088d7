import type { ExportFormat, ExportPlatformSummary } from '@romshelf/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';

import { API_BASE, api } from '@/lib/api-client';

/** GET /api/export/summary: the games an export of these platforms lists, and their folders. */
export function useExportSummaryQuery(platformIds: readonly number[]) {
  return useQuery({
    queryKey: ['exports', 'summary', [...platformIds].sort((a, b) => a - b)],
    queryFn: () =>
      api.get<ExportPlatformSummary[]>('/export/summary', { query: { platform_ids: platformIds } }),
    enabled: platformIds.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/export/{format}: writes the file into each platform's ROM folder (RomM). */
export function useWriteExportMutation() {
  return useMutation({
    mutationFn: ({
      format,
      platformIds,
      localExport,
    }: {
      format: ExportFormat;
      platformIds: readonly number[];
      localExport: boolean;
    }) =>
      api.post<null>(`/export/${format}`, {
        query: { platform_ids: platformIds, local_export: localExport },
        timeoutMs: 600_000,
      }),
  });
}

/** GET /api/export/{format}?platform_id=: one platform's file, downloaded as it is made. */
export function exportDownloadUrl(
  format: ExportFormat,
  platformId: number,
  localExport: boolean,
): string {
  const query = new URLSearchParams({
    platform_id: String(platformId),
    local_export: String(localExport),
  });
  return `${API_BASE}/export/${format}?${query.toString()}`;
}
