import { z } from 'zod';

/**
 * Where EmulatorJS's netplay client reaches the signalling server: socket.io's default namespace
 * on its own path, as RomM mounts it.
 */
export const NETPLAY_SOCKET_PATH = '/netplay/socket.io/';

/** Players in a room when its opener names no limit (RomM's default). */
export const NETPLAY_DEFAULT_MAX_PLAYERS = 4;

/** GET /api/netplay/list query (RomM): the game whose open rooms are listed. */
export const NetplayListQuerySchema = z.object({
  game_id: z.string().optional().describe('The ROM id rooms were opened for (required)'),
});

/** One open room of GET /api/netplay/list (field names as RomM's). */
export const NetplayRoomSchema = z.object({
  room_name: z.string(),
  current: z.number().int(),
  max: z.number().int(),
  /** The room owner's username. */
  player_name: z.string(),
  hasPassword: z.boolean(),
});

/** Open rooms (not full) of one game, by room (session) id. */
export const NetplayRoomListSchema = z.record(z.string(), NetplayRoomSchema);

export type NetplayRoomSummary = z.infer<typeof NetplayRoomSchema>;
export type NetplayRoomList = z.infer<typeof NetplayRoomListSchema>;
