import type { Redis } from 'ioredis';

import type { ExpiringCodeStores, ExpiringCodes } from './expiring-codes.js';

/**
 * Code stores kept in Redis (keys with a TTL), shared by every API process: a pairing code made
 * through one process is exchanged through another, a device polls any of them.
 */
export function redisCodeStores(redis: Redis): ExpiringCodeStores {
  return <T>(name: string): ExpiringCodes<T> => {
    const keyOf = (key: string) => `romshelf:codes:${name}:${key}`;
    const parsed = (text: string | null) => (text === null ? undefined : (JSON.parse(text) as T));
    return {
      set: async (key, value, ttlSeconds) => {
        await redis.set(keyOf(key), JSON.stringify(value), 'PX', ttlSeconds * 1000);
      },
      update: async (key, value) =>
        (await redis.set(keyOf(key), JSON.stringify(value), 'KEEPTTL', 'XX')) === 'OK',
      get: async (key) => parsed(await redis.get(keyOf(key))),
      expiresAt: async (key) => {
        const left = await redis.pttl(keyOf(key));
        return left < 0 ? undefined : Date.now() + left;
      },
      take: async (key) => parsed(await redis.getdel(keyOf(key))),
      delete: async (key) => {
        await redis.del(keyOf(key));
      },
    };
  };
}
