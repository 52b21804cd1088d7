import type { Redis } from 'ioredis';

import type { RealtimeAdapter } from './realtime.gateway.js';

/**
 * The socket.io Redis adapter over two connections of its own (publishing, and subscribing,
 * which holds its connection): events sent by any API or worker process reach the sockets
 * connected to every API process. Loaded only with REDIS_URL.
 */
export async function openRedisAdapter(
  redis: Redis,
  /** The channel prefix; a second socket.io server needs its own (both serve namespace "/"). */
  key?: string,
): Promise<{ adapter: RealtimeAdapter; close: () => void }> {
  const { createAdapter } = await import('@socket.io/redis-adapter');
  const publisher = redis.duplicate();
  const subscriber = redis.duplicate();
  return {
    adapter: createAdapter(publisher, subscriber, key === undefined ? {} : { key }),
    close: () => {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
