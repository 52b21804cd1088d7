import type { DetailedRom } from '@romshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { platformKeys } from './platforms';
import { romKeys } from './rom-keys';

/** POST /api/roms/{id}/combine-discs: the game's loose discs become one game (an `.m3u`). */
export function useCombineDiscs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (romId: number) => api.post<DetailedRom>(`/roms/${String(romId)}/combine-discs`),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: romKeys.all }),
        queryClient.invalidateQueries({ queryKey: platformKeys.list() }),
      ]);
    },
  });
}
