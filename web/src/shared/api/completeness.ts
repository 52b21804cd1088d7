import type { CompletenessSet, MissingGamesPage } from '@romshelf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { API_BASE, api } from '@/lib/api-client';

export const completenessKeys = { all: ['completeness'] as const };

/** A set narrowed to a region and/or a language of its games (empty: the whole set). */
export interface CompletenessFilter {
  region: string;
  language: string;
}

const filterQuery = (filter: CompletenessFilter) => ({
  region: filter.region || undefined,
  language: filter.language || undefined,
});

/** GET /api/completeness: each bound DAT's figure, one platform's or the whole library's. */
export function useCompletenessQuery(platformId: number | null, filter: CompletenessFilter) {
  return useQuery({
    queryKey: [...completenessKeys.all, platformId, filter],
    queryFn: () =>
      api.get<CompletenessSet[]>('/completeness', {
        query: { platform_id: platformId ?? undefined, ...filterQuery(filter) },
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/completeness/{dat}/missing: one page of the games the library lacks. */
export function useMissingGamesQuery(
  datId: number,
  filter: CompletenessFilter & { search: string },
  page: { limit: number; offset: number },
  enabled: boolean,
) {
  return useQuery({
    queryKey: [...completenessKeys.all, 'missing', datId, filter, page],
    queryFn: () =>
      api.get<MissingGamesPage>(`/completeness/${String(datId)}/missing`, {
        query: { ...filterQuery(filter), search: filter.search.trim() || undefined, ...page },
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The download URL of the missing games as CSV or as a fixdat (Logiqx DAT). */
export function missingExportUrl(
  datId: number,
  format: 'missing.csv' | 'fixdat',
  filter: CompletenessFilter & { search: string },
): string {
  const query = new URLSearchParams();
  if (filter.region) query.set('region', filter.region);
  if (filter.language) query.set('language', filter.language);
  if (filter.search.trim()) query.set('search', filter.search.trim());
  const suffix = query.size > 0 ? `?${query.toString()}` : '';
  return `${API_BASE}/completeness/${String(datId)}/${format}${suffix}`;
}
