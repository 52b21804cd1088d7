import { Redis } from 'ioredis';

/**
 * A connection to REDIS_URL. Commands wait for a reconnection instead of failing after a few
 * retries, as BullMQ's workers require (`maxRetriesPerRequest: null`).
 */
export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null });
}
