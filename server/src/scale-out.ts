import type { Redis } from 'ioredis';

import type { DataChanges } from './db/data-changes.js';
import { NO_OTHER_PROCESSES } from './db/data-changes.js';
import { connectRedis } from './lib/redis.js';
import { redisDataChanges } from './lib/redis-data-changes.js';
import type { CredentialLimiter } from './modules/auth/credential-limiter.js';
import { MemoryCredentialLimiter } from './modules/auth/credential-limiter.js';
import { RedisCredentialLimiter } from './modules/auth/redis-credential-limiter.js';
import type { ShortLivedState } from './lib/expiring-codes.js';
import { memoryShortLivedState } from './lib/expiring-codes.js';
import { redisCodeStores } from './lib/redis-expiring-codes.js';
import { redisWindowLimiters } from './lib/redis-window-limiters.js';
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
  /** Writes told between processes (the data versions their cached answers follow). */
  changes: DataChanges & { close(): Promise<void> };
}

/** Connects to Redis; fails with a clear message when it does not answer. */
export async function openScaleOut(url: string): Promise<ScaleOut> {
  const redis = await connectRedis(url);
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
  return { redis, queues: await openJobQueues(redis), changes: await redisDataChanges(redis) };
}

export async function closeScaleOut(scaleOut: ScaleOut): Promise<void> {
  await closeJobQueues(scaleOut.queues);
  await scaleOut.changes.close();
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

/** How this process hears of the other processes' writes (none without Redis). */
export function dataChangesOf(scaleOut: ScaleOut | null): DataChanges {
  return scaleOut?.changes ?? NO_OTHER_PROCESSES;
}
