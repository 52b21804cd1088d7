import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CredentialAttempt } from '../../src/modules/auth/credential-limiter.js';
import {
  CREDENTIAL_LIMITS,
  MemoryCredentialLimiter,
} from '../../src/modules/auth/credential-limiter.js';
import { RedisCredentialLimiter } from '../../src/modules/auth/redis-credential-limiter.js';
import { redisWindowLimiters } from '../../src/lib/redis-window-limiters.js';

/** The Redis limiters against a real Redis: the same answers as the in-memory ones. */
const REDIS_URL = process.env.ROMSHELF_TEST_REDIS_URL;
let connection: Redis | undefined;

function redisClient(): Redis {
  if (connection === undefined) throw new Error('no Redis connection');
  return connection;
}

beforeAll(async () => {
  if (REDIS_URL === undefined || REDIS_URL === '') {
    throw new Error('ROMSHELF_TEST_REDIS_URL is not set (.ci/run starts a Redis and sets it)');
  }
  connection = new Redis(REDIS_URL);
  await connection.ping();
});

afterAll(async () => {
  await connection?.quit();
});

/** A fresh address per test, so keys left by another test or run never count. */
function freshAttempt(username: string): CredentialAttempt {
  return {
    ip: `10.${String(Math.floor(Math.random() * 250))}.0.${String(Date.now() % 250)}`,
    username,
  };
}

describe('RedisCredentialLimiter', () => {
  it('answers as the in-memory limiter: per pair, per address, per username and known addresses', async () => {
    const redis = redisClient();
    const memory = new MemoryCredentialLimiter();
    const shared = new RedisCredentialLimiter(redis);
    const both = async (
      action: (limiter: MemoryCredentialLimiter | RedisCredentialLimiter) => Promise<unknown>,
    ) => {
      const [inMemory, inRedis] = await Promise.all([action(memory), action(shared)]);
      expect(inRedis).toEqual(inMemory);
      return inRedis;
    };
    const owner = freshAttempt(`owner-${String(Date.now())}`);
    await both((limiter) => limiter.recordSuccess(owner));

    // Five failures on the owner's name from elsewhere: the stranger waits, the owner does not.
    const stranger = { ...owner, ip: `${owner.ip}1` };
    for (let index = 0; index < CREDENTIAL_LIMITS.perUsername.freeFailures; index += 1) {
      expect(await both((limiter) => limiter.retryAfterSeconds(stranger))).toBe(0);
      await both((limiter) => limiter.recordFailure(stranger));
    }
    expect(await both((limiter) => limiter.retryAfterSeconds(stranger))).toBe(1);
    expect(await both((limiter) => limiter.retryAfterSeconds(owner))).toBe(0);

    // Ten failures of one pair block it for the rest of its one-minute window.
    const guesser = freshAttempt(`guessed-${String(Date.now())}`);
    for (let index = 0; index < CREDENTIAL_LIMITS.perPair.failures; index += 1) {
      await both((limiter) =>
        limiter.recordFailure({ ...guesser, username: `${guesser.username}${String(index % 2)}` }),
      );
    }
    const pair = { ...guesser, username: `${guesser.username}0` };
    for (let index = 0; index < 5; index += 1) await both((limiter) => limiter.recordFailure(pair));
    expect(await redis.get(`romshelf:credentials:pair:${pair.ip}|${pair.username}`)).toBe('10');
    // Each counts its own milliseconds: the two waits may straddle a second.
    const [inMemory, inRedis] = await Promise.all([
      memory.retryAfterSeconds(pair),
      shared.retryAfterSeconds(pair),
    ]);
    expect(inRedis).toBeGreaterThan(50);
    expect(inRedis).toBeLessThanOrEqual(60);
    expect(Math.abs(inRedis - inMemory)).toBeLessThanOrEqual(1);

    // A success clears the pair's count but keeps the username's.
    await both((limiter) => limiter.recordSuccess(pair));
    expect(await redis.exists(`romshelf:credentials:pair:${pair.ip}|${pair.username}`)).toBe(0);
  });
});

describe('RedisCredentialLimiter while an address is throttled', () => {
  it('lets users known at that address through and holds everyone else, as in memory', async () => {
    const redis = redisClient();
    const memory = new MemoryCredentialLimiter();
    const shared = new RedisCredentialLimiter(redis);
    const both = async (
      action: (limiter: MemoryCredentialLimiter | RedisCredentialLimiter) => Promise<unknown>,
    ) => {
      const [inMemory, inRedis] = await Promise.all([action(memory), action(shared)]);
      expect(inRedis).toEqual(inMemory);
      return inRedis;
    };
    const household = freshAttempt(`household-${String(Date.now())}`);
    await both((limiter) => limiter.recordSuccess(household));
    for (let index = 0; index < CREDENTIAL_LIMITS.perAddress.failures; index += 1) {
      const sprayed = {
        ip: household.ip,
        username: `spray-${String(Date.now())}-${String(index)}`,
      };
      await both((limiter) => limiter.recordFailure(sprayed));
    }
    expect(await both((limiter) => limiter.retryAfterSeconds(household))).toBe(0);
    const stranger = { ip: household.ip, username: `stranger-${String(Date.now())}` };
    const wait = await shared.retryAfterSeconds(stranger);
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(600);
  });
});

describe('redisWindowLimiters', () => {
  it('allows max requests per key in a window, counted across limiter instances', async () => {
    const redis = redisClient();
    const name = `test-${String(Date.now())}`;
    const first = redisWindowLimiters(redis)(name, 3, 60_000);
    const second = redisWindowLimiters(redis)(name, 3, 60_000);
    const answers = [
      await first.allow('10.0.0.1'),
      await second.allow('10.0.0.1'),
      await first.allow('10.0.0.1'),
      await second.allow('10.0.0.1'),
      await first.allow('10.0.0.2'),
    ];
    expect(answers).toEqual([true, true, true, false, true]);
    const ttl = await redis.pttl(`romshelf:limits:${name}:10.0.0.1`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});
