import type { Redis } from 'ioredis';

import type {
  CredentialAttempt,
  CredentialLimiter,
  CredentialLimits,
} from './credential-limiter.js';
import { CREDENTIAL_LIMITS, combinedWait, pairKey, usernameDelayMs } from './credential-limiter.js';

const PREFIX = 'romshelf:credentials';

/**
 * The credential limiter shared by every process through Redis: the same limits as
 * MemoryCredentialLimiter, kept in keys that expire with their window, so a guess refused by
 * one API process is refused by all of them.
 */
export class RedisCredentialLimiter implements CredentialLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly now: () => number = Date.now,
    private readonly limits: CredentialLimits = CREDENTIAL_LIMITS,
  ) {}

  async retryAfterSeconds(attempt: CredentialAttempt): Promise<number> {
    const keys = keysOf(attempt);
    const replies = await this.redis
      .multi()
      .get(keys.pair)
      .pttl(keys.pair)
      .get(keys.address)
      .pttl(keys.address)
      .hmget(keys.username, 'failures', 'last')
      .exists(keys.known)
      .exec();
    const [pairCount, pairTtl, addressCount, addressTtl, username, known] = (replies ?? []).map(
      ([error, value]) => {
        if (error !== null) throw error;
        return value;
      },
    );
    const windowWait = (count: unknown, ttl: unknown, max: number) =>
      Number(count ?? 0) >= max ? Number(ttl) : 0;
    const [failures, last] = (username as (string | null)[] | undefined) ?? [];
    const delay = usernameDelayMs(Number(failures ?? 0), this.limits);
    return combinedWait({
      pair: windowWait(pairCount, pairTtl, this.limits.perPair.failures),
      address: windowWait(addressCount, addressTtl, this.limits.perAddress.failures),
      username: delay === 0 ? 0 : Number(last ?? 0) + delay - this.now(),
      known: known === 1,
    });
  }

  async recordFailure(attempt: CredentialAttempt): Promise<void> {
    const keys = keysOf(attempt);
    const { perPair, perAddress, perUsername } = this.limits;
    // A window starts with its first failure (SET NX with the window's expiry) and counts up.
    await this.redis
      .multi()
      .set(keys.pair, 0, 'PX', perPair.windowMs, 'NX')
      .incr(keys.pair)
      .set(keys.address, 0, 'PX', perAddress.windowMs, 'NX')
      .incr(keys.address)
      .hincrby(keys.username, 'failures', 1)
      .hset(keys.username, 'last', this.now())
      .pexpire(keys.username, perUsername.forgetAfterMs)
      .exec();
  }

  async recordSuccess(attempt: CredentialAttempt): Promise<void> {
    const keys = keysOf(attempt);
    await this.redis
      .multi()
      .del(keys.pair)
      .set(keys.known, this.now(), 'PX', this.limits.knownAddressMs)
      .exec();
  }
}

function keysOf(attempt: CredentialAttempt) {
  const pair = pairKey(attempt);
  return {
    pair: `${PREFIX}:pair:${pair}`,
    address: `${PREFIX}:address:${attempt.ip}`,
    username: `${PREFIX}:username:${attempt.username}`,
    known: `${PREFIX}:known:${pair}`,
  };
}
