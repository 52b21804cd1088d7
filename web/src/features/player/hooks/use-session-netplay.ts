import type { NetplayRoomSummary } from '@romshelf/contract';
import { useSearchParams } from 'react-router';

import { NETPLAY_JOIN_PARAM, roomPassword } from '@/lib/netplay-join';
import { useCurrentUserQuery } from '@/shared/api/current-user';
import { useLibraryConfigQuery } from '@/shared/api/library-config';
import { useNetplayRoomsQuery } from '@/shared/api/netplay-rooms';

import type { SessionNetplay } from './use-ejs-session';

export interface NetplayChoice {
  /** Netplay for the session, null when config.yml turns it off (or it is still loading). */
  netplay: SessionNetplay | null;
  /** The room the page was opened to join, once found in the open rooms. */
  room: NetplayRoomSummary | null;
  /** The page was opened to join a room that is no longer open (closed or full). */
  roomGone: boolean;
  /** config.yml and the signed-in user have answered: `netplay` is final. */
  settled: boolean;
}

/** Netplay for the player page: config.yml's switch and ICE servers, and the room to join. */
export function useSessionNetplay(romId: number): NetplayChoice {
  const configQuery = useLibraryConfigQuery();
  const userQuery = useCurrentUserQuery();
  const config = configQuery.data;
  const username = userQuery.data?.username;
  const settled = !configQuery.isPending && !userQuery.isPending;
  const [params] = useSearchParams();
  const sessionId = params.get(NETPLAY_JOIN_PARAM);
  const enabled = config?.EJS_NETPLAY_ENABLED === true && username !== undefined;
  const rooms = useNetplayRoomsQuery(romId, enabled && sessionId !== null, false);
  const room = sessionId === null ? null : (rooms.data?.[sessionId] ?? null);
  if (config?.EJS_NETPLAY_ENABLED !== true || username === undefined) {
    return { netplay: null, room: null, roomGone: false, settled };
  }
  return {
    netplay: {
      options: { iceServers: config.EJS_NETPLAY_ICE_SERVERS },
      username,
      join:
        sessionId !== null && room !== null
          ? { sessionId, roomName: room.room_name, password: roomPassword(sessionId) }
          : null,
    },
    room,
    roomGone: sessionId !== null && rooms.isSuccess && room === null,
    settled,
  };
}
