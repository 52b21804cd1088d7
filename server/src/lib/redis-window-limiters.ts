import type { Redis } from 'ioredis';

import type { WindowLimiter, WindowLimiters } from './expiring-codes.js';

/**
 * Window limiters kept in Redis, shared by every API process: a window starts with its first
 * request (a key that expires with it) and counts up.
 */
export function redisWindowLimiters(redis: Redis): WindowLimiters {
  return (name, max, windowMs): WindowLimiter => ({
    allow: async (key) => {
      const counter = `romshelf:limits:${name}:${key}`;
      const replies = await redis
        .multi()
        .set(counter, 0, 'PX', windowMs, 'NX')
        .incr(counter)
        .exec();
      const [error, count] = replies?.[1] ?? [new Error('no reply from Redis'), null];
      if (error !== null) throw error;
      return Number(count) <= max;
    },
  });
}
