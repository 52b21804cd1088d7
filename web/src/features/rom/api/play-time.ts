import { PlayTimeTotalSchema } from '@romshelf/contract';
import type { PlayTimeTotal } from '@romshelf/contract';
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export const playTimeKeys = {
  rom: (romId: number) => ['play-time', romId] as const,
};

/** GET /api/play-sessions/totals?rom_id= (roms.user.read): each user's time on the game. */
export function usePlayTimeQuery(romId: number) {
  return useQuery({
    queryKey: playTimeKeys.rom(romId),
    queryFn: async (): Promise<PlayTimeTotal[]> =>
      PlayTimeTotalSchema.array().parse(
        await api.get('/play-sessions/totals', { query: { rom_id: romId } }),
      ),
  });
}
