import type { Redis } from 'ioredis';

/**
 * A connection to REDIS_URL. Commands wait for a reconnection instead of failing after a few
 * retries, as BullMQ's workers require (`maxRetriesPerRequest: null`). ioredis is loaded here,
 * so a server without REDIS_URL never holds it.
 */
export async function connectRedis(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  return new Redis(url, { maxRetriesPerRequest: null });
}
