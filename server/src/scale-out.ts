import type { Redis } from 'ioredis';

import { connectRedis } from './lib/redis.js';
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
