import { Redis } from 'ioredis';
import { beforeAll } from 'vitest';

/**
 * Each file of the Redis project starts from an empty Redis: the files share one server, one at
 * a time, and what one leaves (the credential limiter's locks, plays, rooms) must not decide
 * another's outcome.
 */
beforeAll(async () => {
  const url = process.env.ROMSHELF_TEST_REDIS_URL;
  if (url === undefined || url === '') return;
  const redis = new Redis(url);
  try {
    await redis.flushdb();
  } finally {
    await redis.quit();
  }
});
