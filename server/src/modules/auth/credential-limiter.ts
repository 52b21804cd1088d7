/** One attempt to present a password: where it came from and the account it names. */
export interface CredentialAttempt {
  ip: string;
  /** Lower-cased; empty when the header could not be read. */
  username: string;
}

/** The limits every password path shares (README, "Security"). */
export const CREDENTIAL_LIMITS = {
  /** Failures allowed per (client address, username) in one window, then blocked until it ends. */
  perPair: { failures: 10, windowMs: 60_000 },
  /** Failures allowed per client address across all usernames (password spraying). */
  perAddress: { failures: 20, windowMs: 10 * 60_000 },
  /**
   * Per username across addresses: after `freeFailures`, each further attempt waits
   * `baseDelayMs` doubled per failure, capped at `maxDelayMs`, so a distributed guesser is
   * slowed to about one guess a minute while a stranger cannot lock the owner out for longer
   * than that. The count is forgotten `forgetAfterMs` after the last failure.
   */
  perUsername: {
    freeFailures: 5,
    baseDelayMs: 1_000,
    maxDelayMs: 60_000,
    forgetAfterMs: 15 * 60_000,
  },
  /**
   * An address that signed in as a user is "known" for this long: that user skips the
   * per-username delay, and the per-address window (it meets the delay instead while the
   * address is throttled).
   */
  knownAddressMs: 30 * 24 * 3_600_000,
} as const;

export type CredentialLimits = typeof CREDENTIAL_LIMITS;

/**
 * The one limiter every way of presenting a password goes through (HTTP Basic on any route,
 * /api/login, the token password grant), consulted before the password hash is computed.
 * Only failures count. Not `@fastify/rate-limit`: that counts every request per key as it
 * arrives, while this needs failures only, three keys at once and a delay that grows with each
 * failure. In memory for one process (MemoryCredentialLimiter), in Redis when several processes
 * share the load (RedisCredentialLimiter).
 */
export interface CredentialLimiter {
  /** Seconds to wait before this attempt may be checked, or 0 when it may be checked now. */
  retryAfterSeconds(attempt: CredentialAttempt): Promise<number>;
  recordFailure(attempt: CredentialAttempt): Promise<void>;
  /**
   * Clears the pair's count and remembers the address as known for the user. The username's
   * count stays, so someone guessing from elsewhere keeps being slowed.
   */
  recordSuccess(attempt: CredentialAttempt): Promise<void>;
}

/** The wait, in whole seconds (at least 1), of a wait in milliseconds; 0 when there is none. */
export function waitSeconds(waitMs: number): number {
  return waitMs <= 0 ? 0 : Math.max(1, Math.ceil(waitMs / 1000));
}

/** The waits an attempt is subject to, in milliseconds, before they are combined. */
export interface AttemptWaits {
  pair: number;
  address: number;
  username: number;
  /** The user has signed in from this address before. */
  known: boolean;
}

/**
 * The wait of an attempt, in whole seconds. The per-pair window always applies. A user who
 * signed in from this address before is not held back by the address window, which strangers
 * (or one guesser behind the same proxy) filled: while the address is throttled that user is
 * slowed only by the per-username delay, as anyone elsewhere is; otherwise not at all.
 */
export function combinedWait(waits: AttemptWaits): number {
  const { pair, address, username, known } = waits;
  if (!known) return waitSeconds(Math.max(pair, address, username));
  return waitSeconds(Math.max(pair, address > 0 ? username : 0));
}

/** How long the per-username delay holds an attempt back after `failures` failures. */
export function usernameDelayMs(failures: number, limits: CredentialLimits): number {
  const { freeFailures, baseDelayMs, maxDelayMs } = limits.perUsername;
  if (failures < freeFailures) return 0;
  return Math.min(maxDelayMs, baseDelayMs * 2 ** (failures - freeFailures));
}

interface Window {
  failures: number;
  resetAt: number;
}

interface UsernameRecord {
  failures: number;
  lastFailureAt: number;
}

/** Entries kept per map before expired ones are swept. */
const SWEEP_THRESHOLD = 10_000;

/**
 * The credential limiter of one process: a restart forgets the counts, which is fine for braking
 * guessing (the per-process figures are documented as such).
 */
export class MemoryCredentialLimiter implements CredentialLimiter {
  private readonly pairs = new Map<string, Window>();
  private readonly addresses = new Map<string, Window>();
  private readonly usernames = new Map<string, UsernameRecord>();
  /** `username|ip` → last successful sign-in. */
  private readonly knownAddresses = new Map<string, number>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly limits: CredentialLimits = CREDENTIAL_LIMITS,
  ) {}

  retryAfterSeconds(attempt: CredentialAttempt): Promise<number> {
    const now = this.now();
    return Promise.resolve(
      combinedWait({
        pair: this.windowWait(this.pairs, pairKey(attempt), this.limits.perPair.failures, now),
        address: this.windowWait(this.addresses, attempt.ip, this.limits.perAddress.failures, now),
        username: this.usernameWait(attempt.username, now),
        known: this.isKnownAddress(attempt, now),
      }),
    );
  }

  recordFailure(attempt: CredentialAttempt): Promise<void> {
    const now = this.now();
    this.countInWindow(this.pairs, pairKey(attempt), this.limits.perPair.windowMs, now);
    this.countInWindow(this.addresses, attempt.ip, this.limits.perAddress.windowMs, now);
    const record = this.liveUsername(attempt.username, now);
    if (record === undefined) {
      sweep(
        this.usernames,
        (entry) => now - entry.lastFailureAt > this.limits.perUsername.forgetAfterMs,
      );
      this.usernames.set(attempt.username, { failures: 1, lastFailureAt: now });
    } else {
      record.failures += 1;
      record.lastFailureAt = now;
    }
    return Promise.resolve();
  }

  recordSuccess(attempt: CredentialAttempt): Promise<void> {
    const now = this.now();
    this.pairs.delete(pairKey(attempt));
    sweep(this.knownAddresses, (at) => now - at > this.limits.knownAddressMs);
    this.knownAddresses.set(pairKey(attempt), now);
    return Promise.resolve();
  }

  private isKnownAddress(attempt: CredentialAttempt, now: number): boolean {
    const at = this.knownAddresses.get(pairKey(attempt));
    return at !== undefined && now - at <= this.limits.knownAddressMs;
  }

  private usernameWait(username: string, now: number): number {
    const record = this.liveUsername(username, now);
    const delay = record === undefined ? 0 : usernameDelayMs(record.failures, this.limits);
    return record === undefined || delay === 0 ? 0 : record.lastFailureAt + delay - now;
  }

  private liveUsername(username: string, now: number): UsernameRecord | undefined {
    const record = this.usernames.get(username);
    if (
      record !== undefined &&
      now - record.lastFailureAt > this.limits.perUsername.forgetAfterMs
    ) {
      this.usernames.delete(username);
      return undefined;
    }
    return record;
  }

  private windowWait(map: Map<string, Window>, key: string, max: number, now: number): number {
    const entry = liveWindow(map, key, now);
    return entry === undefined || entry.failures < max ? 0 : entry.resetAt - now;
  }

  private countInWindow(map: Map<string, Window>, key: string, windowMs: number, now: number) {
    const entry = liveWindow(map, key, now);
    if (entry === undefined) {
      sweep(map, (candidate) => candidate.resetAt <= now);
      map.set(key, { failures: 1, resetAt: now + windowMs });
    } else {
      entry.failures += 1;
    }
  }
}

export function pairKey(attempt: CredentialAttempt): string {
  return `${attempt.ip}|${attempt.username}`;
}

function liveWindow(map: Map<string, Window>, key: string, now: number): Window | undefined {
  const entry = map.get(key);
  if (entry !== undefined && entry.resetAt <= now) {
    map.delete(key);
    return undefined;
  }
  return entry;
}

/** Drops expired entries once a map is large, so it cannot grow without bound. */
function sweep<T>(map: Map<string, T>, expired: (entry: T) => boolean): void {
  if (map.size < SWEEP_THRESHOLD) return;
  for (const [key, entry] of map) {
    if (expired(entry)) map.delete(key);
  }
}
