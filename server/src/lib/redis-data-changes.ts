import { randomUUID } from 'node:crypto';

import type { Redis } from 'ioredis';

import type { DataChanges } from '../db/data-changes.js';

const CHANNEL = 'romshelf:data-changed';

/** One announcement: the process that wrote and the data version it moved. */
interface Announcement {
  from: string;
  counter: string;
}

function parsed(message: string): Announcement | null {
  try {
    const value = JSON.parse(message) as Partial<Announcement>;
    return typeof value.from === 'string' && typeof value.counter === 'string'
      ? { from: value.from, counter: value.counter }
      : null;
  } catch {
    return null;
  }
}

/** {@link DataChanges} over a Redis channel; `close` ends the subscription's connection. */
export async function redisDataChanges(
  redis: Redis,
): Promise<DataChanges & { close(): Promise<void> }> {
  const sender = randomUUID();
  const subscriber = redis.duplicate();
  const listeners: ((counter: string) => void)[] = [];
  subscriber.on('message', (_channel: string, message: string) => {
    const announcement = parsed(message);
    if (announcement === null || announcement.from === sender) return;
    for (const listener of listeners) listener(announcement.counter);
  });
  await subscriber.subscribe(CHANNEL);
  return {
    announce: (counter) => {
      // Commands wait for a reconnection (connectRedis), so a failure here means Redis is gone
      // for good; the write itself is done and the other processes' caches catch up at the next.
      redis.publish(CHANNEL, JSON.stringify({ from: sender, counter })).catch(() => {});
    },
    onAnnounced: (listener) => {
      listeners.push(listener);
    },
    close: async () => {
      await subscriber.quit();
    },
  };
}
