/**
 * Counts failed logins per key (client address + username) in fixed one-minute windows.
 * Only failures count, so people who sign in often are never locked out; a success clears
 * the key. In memory: a restart forgets the counts, which is fine for brute-force braking.
 */
export class LoginThrottle {
  private readonly windows = new Map<string, { failures: number; resetAt: number }>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait before trying again, or 0 when an attempt is allowed now. */
  retryAfterSeconds(key: string): number {
    const entry = this.live(key);
    if (entry === undefined || entry.failures < this.maxFailures) return 0;
    return Math.max(1, Math.ceil((entry.resetAt - this.now()) / 1000));
  }

  recordFailure(key: string): void {
    const entry = this.live(key);
    if (entry === undefined) {
      this.prune();
      this.windows.set(key, { failures: 1, resetAt: this.now() + this.windowMs });
    } else {
      entry.failures += 1;
    }
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private live(key: string) {
    const entry = this.windows.get(key);
    if (entry !== undefined && entry.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Drops expired windows so the map cannot grow without bound. */
  private prune(): void {
    if (this.windows.size < 10_000) return;
    const now = this.now();
    for (const [key, entry] of this.windows) {
      if (entry.resetAt <= now) this.windows.delete(key);
    }
  }
}

/** Failed password attempts allowed per client address and username within a minute. */
export const LOGIN_FAILURES_PER_MINUTE = 10;
