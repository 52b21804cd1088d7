import type { Redis } from 'ioredis';

/** A player in a room, keyed in the room by the player id its client chose. */
export interface NetplayPlayer {
  socketId: string;
  /** The player's RomShelf username (never a name the client sent). */
  player_name: string;
  userid: string | null;
  playerId: string | null;
}

/** A netplay room as RomM stores it (same field names, so a shared Redis reads the same). */
export interface NetplayRoom {
  /** The socket id of the player who owns the room (the first to open or the next in line). */
  owner: string;
  players: Record<string, NetplayPlayer>;
  peers: string[];
  room_name: string;
  game_id: string;
  domain: string | null;
  password: string | null;
  max_players: number;
}

/** Where rooms live: this process's memory, or Redis for every API process. */
export interface NetplayRoomStore {
  get(sessionId: string): Promise<NetplayRoom | null>;
  set(sessionId: string, room: NetplayRoom): Promise<void>;
  delete(sessionId: string): Promise<void>;
  all(): Promise<Map<string, NetplayRoom>>;
}

export class MemoryNetplayRooms implements NetplayRoomStore {
  private readonly rooms = new Map<string, NetplayRoom>();

  get(sessionId: string): Promise<NetplayRoom | null> {
    const room = this.rooms.get(sessionId);
    return Promise.resolve(room === undefined ? null : structuredClone(room));
  }

  set(sessionId: string, room: NetplayRoom): Promise<void> {
    this.rooms.set(sessionId, structuredClone(room));
    return Promise.resolve();
  }

  delete(sessionId: string): Promise<void> {
    this.rooms.delete(sessionId);
    return Promise.resolve();
  }

  all(): Promise<Map<string, NetplayRoom>> {
    return Promise.resolve(new Map(structuredClone([...this.rooms])));
  }
}

/** RomM's Redis hash of rooms: one JSON value per room id. */
export const NETPLAY_ROOMS_KEY = 'netplay:rooms';

export class RedisNetplayRooms implements NetplayRoomStore {
  constructor(private readonly redis: Redis) {}

  async get(sessionId: string): Promise<NetplayRoom | null> {
    const value = await this.redis.hget(NETPLAY_ROOMS_KEY, sessionId);
    return value === null ? null : (JSON.parse(value) as NetplayRoom);
  }

  async set(sessionId: string, room: NetplayRoom): Promise<void> {
    await this.redis.hset(NETPLAY_ROOMS_KEY, sessionId, JSON.stringify(room));
  }

  async delete(sessionId: string): Promise<void> {
    await this.redis.hdel(NETPLAY_ROOMS_KEY, sessionId);
  }

  async all(): Promise<Map<string, NetplayRoom>> {
    const values = await this.redis.hgetall(NETPLAY_ROOMS_KEY);
    return new Map(
      Object.entries(values).map(([id, value]) => [id, JSON.parse(value) as NetplayRoom]),
    );
  }
}
