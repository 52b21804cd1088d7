import { NetplayRoomListSchema } from '@romshelf/contract';
import type { NetplayRoomList } from '@romshelf/contract';
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** How often open rooms are asked for again while they are shown. */
const ROOMS_REFRESH_MS = 3000;

/** GET /api/netplay/list?game_id= — the game's open netplay rooms, by room id. */
export async function fetchNetplayRooms(romId: number): Promise<NetplayRoomList> {
  return NetplayRoomListSchema.parse(
    await api.get('/netplay/list', { query: { game_id: String(romId) } }),
  );
}

/** The open rooms; `live` asks again every few seconds while they are shown. */
export function useNetplayRoomsQuery(romId: number, enabled: boolean, live = true) {
  return useQuery({
    queryKey: ['netplay-rooms', romId] as const,
    queryFn: () => fetchNetplayRooms(romId),
    enabled,
    refetchInterval: live ? ROOMS_REFRESH_MS : false,
  });
}
