import type { Redis } from 'ioredis';

import type { RealtimeAdapter } from './realtime.gateway.js';

/**
 * The socket.io Redis adapter over two connections of its own (publishing, and subscribing,
 * which holds its connection): events sent by any API or worker process reach the sockets
 * connected to every API process. Loaded only with REDIS_URL.
 */
export async function openRedisAdapter(
  redis: Redis,
): Promise<{ adapter: RealtimeAdapter; close: () => void }> {
  const { createAdapter } = await import('@socket.io/redis-adapter');
  const publisher = redis.duplicate();
  const subscriber = redis.duplicate();
  return {
    adapter: createAdapter(publisher, subscriber),
    close: () => {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
