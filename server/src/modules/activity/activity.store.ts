import type { ActivityEntry } from '@romshelf/contract';
import type { Redis } from 'ioredis';

/** An entry and the time (ms since the epoch) it ends unless a heartbeat renews it. */
interface StoredActivity {
  entry: ActivityEntry;
  expires_at: number;
}

/**
 * Who is playing what right now: one entry per user and device, gone once its time is up.
 * Expiry is judged by the given `now` (so tests move a clock instead of waiting).
 */
export interface ActivityStore {
  /** Keeps the entry until `ttlMs` after `now`. */
  put(entry: ActivityEntry, now: number, ttlMs: number): Promise<void>;
  get(userId: number, deviceId: string, now: number): Promise<ActivityEntry | undefined>;
  /** Removes the entry and answers it, if it was still live. */
  remove(userId: number, deviceId: string, now: number): Promise<ActivityEntry | undefined>;
  all(now: number): Promise<ActivityEntry[]>;
}

const keyOf = (userId: number, deviceId: string) => `${String(userId)}:${deviceId}`;

/** The store of a single process. */
export class MemoryActivityStore implements ActivityStore {
  private readonly entries = new Map<string, StoredActivity>();

  put(entry: ActivityEntry, now: number, ttlMs: number): Promise<void> {
    this.entries.set(keyOf(entry.user_id, entry.device_id), { entry, expires_at: now + ttlMs });
    return Promise.resolve();
  }

  get(userId: number, deviceId: string, now: number): Promise<ActivityEntry | undefined> {
    const stored = this.entries.get(keyOf(userId, deviceId));
    return Promise.resolve(
      stored !== undefined && stored.expires_at > now ? stored.entry : undefined,
    );
  }

  async remove(userId: number, deviceId: string, now: number): Promise<ActivityEntry | undefined> {
    const entry = await this.get(userId, deviceId, now);
    this.entries.delete(keyOf(userId, deviceId));
    return entry;
  }

  all(now: number): Promise<ActivityEntry[]> {
    const live: ActivityEntry[] = [];
    for (const [key, stored] of this.entries) {
      if (stored.expires_at > now) live.push(stored.entry);
      else this.entries.delete(key);
    }
    return Promise.resolve(live);
  }
}

const REDIS_PREFIX = 'romshelf:activity:';

/**
 * The store shared by every process through Redis (REDIS_URL), as RomM keeps activity: one key
 * per user and device whose Redis TTL clears it away; `expires_at` inside decides liveness.
 */
export class RedisActivityStore implements ActivityStore {
  constructor(private readonly redis: Redis) {}

  async put(entry: ActivityEntry, now: number, ttlMs: number): Promise<void> {
    const stored: StoredActivity = { entry, expires_at: now + ttlMs };
    const key = REDIS_PREFIX + keyOf(entry.user_id, entry.device_id);
    await this.redis.set(key, JSON.stringify(stored), 'PX', ttlMs);
  }

  async get(userId: number, deviceId: string, now: number): Promise<ActivityEntry | undefined> {
    return live(await this.redis.get(REDIS_PREFIX + keyOf(userId, deviceId)), now);
  }

  async remove(userId: number, deviceId: string, now: number): Promise<ActivityEntry | undefined> {
    return live(await this.redis.getdel(REDIS_PREFIX + keyOf(userId, deviceId)), now);
  }

  async all(now: number): Promise<ActivityEntry[]> {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await this.redis.scan(
        cursor,
        'MATCH',
        `${REDIS_PREFIX}*`,
        'COUNT',
        500,
      );
      cursor = next;
      keys.push(...found);
    } while (cursor !== '0');
    if (keys.length === 0) return [];
    const values = await this.redis.mget(...keys);
    return values.flatMap((text) => live(text, now) ?? []);
  }
}

function live(text: string | null, now: number): ActivityEntry | undefined {
  if (text === null) return undefined;
  const stored = JSON.parse(text) as StoredActivity;
  return stored.expires_at > now ? stored.entry : undefined;
}
