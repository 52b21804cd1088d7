import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** The few ROM fields this page shows until the ROM contract lands. */
export interface RomSummary {
  id: number;
  name: string | null;
  fs_name: string;
}

/** GET /api/roms/{id} */
export async function fetchRom(id: string): Promise<RomSummary> {
  return api.get<RomSummary>(`/roms/${encodeURIComponent(id)}`);
}

export const romQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['roms', id], queryFn: () => fetchRom(id), retry: false });

export function useRomQuery(id: string) {
  return useQuery(romQueryOptions(id));
}
