import type { NetplayRoomList } from '@romshelf/contract';
import { NETPLAY_DEFAULT_MAX_PLAYERS } from '@romshelf/contract';

import type { NetplayPlayer, NetplayRoom, NetplayRoomStore } from './netplay-rooms.js';

/** Who asks, as the authenticated socket knows them (never from the payload). */
export interface NetplayCaller {
  socketId: string;
  username: string;
  scopes: readonly string[];
}

/** What a client sends to open or join a room (EmulatorJS's `extra`, plus its siblings). */
export interface RoomRequest {
  sessionId: string | null;
  userid: string | null;
  playerId: string | null;
  roomName: string | null;
  gameId: string | null;
  domain: string | null;
  password: string | null;
  maxPlayers: number | null;
}

export type RoomOutcome =
  | { ok: true; sessionId: string; playerKey: string; players: Record<string, NetplayPlayer> }
  | { ok: false; error: string };

/** After a player left: the players still in the room, or none when it vanished. */
export interface LeftRoom {
  sessionId: string;
  players: Record<string, NetplayPlayer>;
}

/** The most players a room may ask for (EmulatorJS offers 2 to 4). */
const MAX_PLAYERS_LIMIT = 16;

export interface NetplayDeps {
  rooms: NetplayRoomStore;
  /** Whether config.yml enables netplay (read per call, so a config reload applies at once). */
  enabled: () => boolean;
  /** Whether a ROM with this id exists. */
  romExists: (romId: number) => Promise<boolean>;
}

/**
 * Netplay rooms as RomM keeps them: opened for a game by a player allowed to play it, joined
 * with the room's password while not full, passed to the next player when the owner leaves and
 * gone with the last one. Changes are serialised within the process.
 */
export class NetplayService {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: NetplayDeps) {}

  /** Open (not full) rooms of a game, by room id, as GET /api/netplay/list answers. */
  async list(gameId: string): Promise<NetplayRoomList> {
    const open: NetplayRoomList = {};
    for (const [sessionId, room] of await this.deps.rooms.all()) {
      const current = Object.keys(room.players).length;
      if (current >= room.max_players || room.game_id !== gameId) continue;
      open[sessionId] = {
        room_name: room.room_name,
        current,
        max: room.max_players,
        player_name: ownerName(room),
        hasPassword: room.password !== null && room.password !== '',
      };
    }
    return open;
  }

  open(caller: NetplayCaller, request: RoomRequest): Promise<RoomOutcome> {
    return this.keyed(request, async (sessionId, playerKey) => {
      if (!this.deps.enabled()) return refusal('Netplay is disabled');
      if (!(await this.mayPlay(caller, request.gameId))) {
        return refusal('Not authorized to open a room for this game');
      }
      if ((await this.deps.rooms.get(sessionId)) !== null) return refusal('Room already exists');
      const room: NetplayRoom = {
        owner: caller.socketId,
        players: { [playerKey]: player(caller, request) },
        peers: [],
        room_name: request.roomName ?? `Room ${sessionId}`,
        game_id: request.gameId ?? '',
        domain: request.domain,
        password: request.password === '' ? null : request.password,
        max_players: maxPlayersOf(request.maxPlayers),
      };
      await this.deps.rooms.set(sessionId, room);
      return { ok: true, sessionId, playerKey, players: room.players };
    });
  }

  join(caller: NetplayCaller, request: RoomRequest): Promise<RoomOutcome> {
    return this.keyed(request, async (sessionId, playerKey) => {
      const room = await this.deps.rooms.get(sessionId);
      if (room === null) return refusal('Room not found');
      if (room.password !== null && room.password !== request.password) {
        return refusal('Incorrect password');
      }
      if (!(await this.mayPlay(caller, room.game_id))) {
        return refusal('Not authorized to join this room');
      }
      if (Object.keys(room.players).length >= room.max_players) return refusal('Room is full');
      if (room.players[playerKey] !== undefined) return refusal('Player already in room');
      room.players[playerKey] = player(caller, request);
      await this.deps.rooms.set(sessionId, room);
      return { ok: true, sessionId, playerKey, players: room.players };
    });
  }

  /** Takes a player out; the owner's leaving hands the room to the next player. */
  leave(socketId: string, sessionId: string, playerKey: string): Promise<LeftRoom | null> {
    return this.exclusive(async () => {
      const room = await this.deps.rooms.get(sessionId);
      if (room === null || room.players[playerKey]?.socketId !== socketId) return null;
      room.players = Object.fromEntries(
        Object.entries(room.players).filter(([key]) => key !== playerKey),
      );
      const remaining = Object.values(room.players);
      const next = remaining[0];
      if (next === undefined) {
        await this.deps.rooms.delete(sessionId);
        return { sessionId, players: {} };
      }
      if (room.owner === socketId) room.owner = next.socketId;
      await this.deps.rooms.set(sessionId, room);
      return { sessionId, players: room.players };
    });
  }

  /** The socket ids of a room's players, when `socketId` is one of them (else none). */
  async peersOf(socketId: string, sessionId: string): Promise<Set<string>> {
    const room = await this.deps.rooms.get(sessionId);
    const peers = new Set(Object.values(room?.players ?? {}).map((entry) => entry.socketId));
    return peers.has(socketId) ? peers : new Set();
  }

  private async mayPlay(caller: NetplayCaller, gameId: string | null): Promise<boolean> {
    if (!caller.scopes.includes('roms.read') || gameId === null || !/^[1-9]\d*$/.test(gameId)) {
      return false;
    }
    const romId = Number(gameId);
    return Number.isSafeInteger(romId) && this.deps.romExists(romId);
  }

  /** Runs `work` (exclusively) with the request's room id and player key, when it has both. */
  private keyed(
    request: RoomRequest,
    work: (sessionId: string, playerKey: string) => Promise<RoomOutcome>,
  ): Promise<RoomOutcome> {
    return this.exclusive(() => {
      const playerKey = request.userid ?? request.playerId;
      if (request.sessionId === null || playerKey === null) {
        return Promise.resolve(refusal('Invalid data: sessionId and playerId required'));
      }
      return work(request.sessionId, playerKey);
    });
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work);
    this.queue = result.catch(() => undefined);
    return result;
  }
}

function refusal(error: string): RoomOutcome {
  return { ok: false, error };
}

function player(caller: NetplayCaller, request: RoomRequest): NetplayPlayer {
  return {
    socketId: caller.socketId,
    player_name: caller.username,
    userid: request.userid,
    playerId: request.playerId,
  };
}

function maxPlayersOf(asked: number | null): number {
  if (asked === null || !Number.isInteger(asked) || asked < 1 || asked > MAX_PLAYERS_LIMIT) {
    return NETPLAY_DEFAULT_MAX_PLAYERS;
  }
  return asked;
}

function ownerName(room: NetplayRoom): string {
  const owner = Object.values(room.players).find((entry) => entry.socketId === room.owner);
  return owner?.player_name ?? 'Unknown';
}
