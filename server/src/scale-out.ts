import type { Redis } from 'ioredis';

import { connectRedis } from './lib/redis.js';
import type { CredentialLimiter } from './modules/auth/credential-limiter.js';
import { MemoryCredentialLimiter } from './modules/auth/credential-limiter.js';
import { RedisCredentialLimiter } from './modules/auth/redis-credential-limiter.js';
import type { ShortLivedState } from './modules/client-tokens/expiring-codes.js';
import { memoryShortLivedState } from './modules/client-tokens/expiring-codes.js';
import { redisCodeStores } from './modules/client-tokens/redis-expiring-codes.js';
import { redisWindowLimiters } from './modules/client-tokens/redis-window-limiters.js';
import type { JobQueues } from './modules/jobs/job-queues.js';
import { closeJobQueues, openJobQueues } from './modules/jobs/job-queues.js';

/** How long a process waits at start for Redis to answer before it gives up. */
const REDIS_START_TIMEOUT_MS = 10_000;

/**
 * What REDIS_URL shares between API and worker processes: a Redis connection (rate limits; the
 * socket.io adapter's own connections are made from it) and the job queues.
 */
export interface ScaleOut {
  redis: Redis;
  queues: JobQueues;
}

/** Connects to Redis; fails with a clear message when it does not answer. */
export async function openScaleOut(url: string): Promise<ScaleOut> {
  const redis = connectRedis(url);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      redis.ping(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => {
          // The host only: the URL may hold the password.
          reject(new Error(`Redis at ${new URL(url).host} (REDIS_URL) does not answer`));
        }, REDIS_START_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    redis.disconnect();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { redis, queues: openJobQueues(redis) };
}

export async function closeScaleOut(scaleOut: ScaleOut): Promise<void> {
  await closeJobQueues(scaleOut.queues);
  await scaleOut.redis.quit();
}

/**
 * The rate limits and short-lived codes (pairing, device requests): this process's own, or
 * shared by every process through Redis.
 */
export interface Limits {
  credentials: CredentialLimiter;
  shortLived: ShortLivedState;
}

export function createLimits(scaleOut: ScaleOut | null, clock: () => number): Limits {
  if (scaleOut === null) {
    return {
      credentials: new MemoryCredentialLimiter(clock),
      shortLived: memoryShortLivedState(clock),
    };
  }
  return {
    credentials: new RedisCredentialLimiter(scaleOut.redis, clock),
    shortLived: {
      codes: redisCodeStores(scaleOut.redis),
      windows: redisWindowLimiters(scaleOut.redis),
    },
  };
}
