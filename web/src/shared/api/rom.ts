import type { DetailedRom } from '@romshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { romKeys } from '@/shared/api/rom-keys';

/** GET /api/roms/{id} — the game with its files, hashes and tags. */
export async function fetchRom(id: string): Promise<DetailedRom> {
  return api.get<DetailedRom>(`/roms/${encodeURIComponent(id)}`);
}

export const romQueryOptions = (id: string) =>
  queryOptions({ queryKey: romKeys.detail(id), queryFn: () => fetchRom(id), retry: false });

export function useRomQuery(id: string, enabled = true) {
  return useQuery({ ...romQueryOptions(id), enabled });
}
