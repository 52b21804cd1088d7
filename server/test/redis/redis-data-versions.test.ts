import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';

import { DataVersions } from '../../src/db/data-versions.js';
import { redisDataChanges } from '../../src/lib/redis-data-changes.js';

/** Two processes' data versions over a real Redis: each write moves its own kind elsewhere. */
const REDIS_URL = process.env.ROMSHELF_TEST_REDIS_URL;
const closing: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const close of closing.reverse()) await close();
});

async function oneProcess(): Promise<DataVersions> {
  if (REDIS_URL === undefined || REDIS_URL === '') {
    throw new Error('ROMSHELF_TEST_REDIS_URL is not set (.ci/run starts a Redis and sets it)');
  }
  const redis = new Redis(REDIS_URL);
  const changes = await redisDataChanges(redis);
  closing.push(
    () => redis.quit(),
    () => changes.close(),
  );
  return new DataVersions(changes);
}

it('moves on the other process the version of the kind written, and of the user', async () => {
  const [api, worker] = [await oneProcess(), await oneProcess()];
  worker.wrote('romRows');
  api.wrote('userData', 5);
  await expect.poll(() => api.of(['romRows'])).toBe(1);
  await expect.poll(() => worker.of(['userData'], 5)).toBe(1);
  // Nothing else moved, and a process does not count its own announcement twice.
  expect(api.of(['platforms', 'notes', 'collections'])).toBe(0);
  expect(worker.of(['userData'], 6)).toBe(0);
  expect(worker.of(['romRows'])).toBe(1);
  expect(api.of(['userData'], 5)).toBe(1);
});
