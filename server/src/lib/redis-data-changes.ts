import { randomUUID } from 'node:crypto';

import type { Redis } from 'ioredis';

import type { DataChanges } from '../db/data-changes.js';

const CHANNEL = 'romshelf:data-changed';

/** {@link DataChanges} over a Redis channel; `close` ends the subscription's connection. */
export async function redisDataChanges(
  redis: Redis,
): Promise<DataChanges & { close(): Promise<void> }> {
  const sender = randomUUID();
  const subscriber = redis.duplicate();
  let received = 0;
  subscriber.on('message', (_channel: string, from: string) => {
    if (from !== sender) received += 1;
  });
  await subscriber.subscribe(CHANNEL);
  return {
    announce: () => {
      // Commands wait for a reconnection (connectRedis), so a failure here means Redis is gone
      // for good; the write itself is done and the other processes' caches catch up at the next.
      redis.publish(CHANNEL, sender).catch(() => {});
    },
    get received() {
      return received;
    },
    close: async () => {
      await subscriber.quit();
    },
  };
}
