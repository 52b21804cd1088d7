import { randomInt } from 'node:crypto';

import { PAIR_CODE_ALPHABET, PAIR_CODE_LENGTH } from '@romshelf/contract';

import { HttpError } from '../http/http-error.js';

/** A random 8-character code without look-alike characters (pairing and device user codes). */
export function newPairCode(): string {
  let code = '';
  for (let index = 0; index < PAIR_CODE_LENGTH; index += 1) {
    code += PAIR_CODE_ALPHABET.charAt(randomInt(PAIR_CODE_ALPHABET.length));
  }
  return code;
}

/** What a person typed (`abcd-efgh`, `ABCD EFGH`) as the stored form of a code. */
export function normalizeCode(code: string): string {
  return code.replace(/[-\s]/g, '').toUpperCase();
}

/**
 * Short-lived values by key, forgotten when they expire, like RomM's Redis keys with a TTL:
 * pairing codes and device requests live for minutes. In memory for one process (a restart
 * simply voids them), in Redis when several API processes must all know them.
 */
export interface ExpiringCodes<T> {
  set(key: string, value: T, ttlSeconds: number): Promise<void>;
  /** Replaces the value and keeps the expiry; false when the key is gone. */
  update(key: string, value: T): Promise<boolean>;
  get(key: string): Promise<T | undefined>;
  /** Milliseconds since the epoch when the key expires. */
  expiresAt(key: string): Promise<number | undefined>;
  /** Reads and forgets a value in one step, so only one caller ever gets it. */
  take(key: string): Promise<T | undefined>;
  delete(key: string): Promise<void>;
}

/** Makes the code store named `name` (its values JSON): in memory, or in Redis. */
export type ExpiringCodeStores = <T>(name: string) => ExpiringCodes<T>;

/** The code stores of one process. */
export function memoryCodeStores(now: () => number): ExpiringCodeStores {
  return <T>() => new MemoryExpiringCodes<T>(now);
}

export class MemoryExpiringCodes<T> implements ExpiringCodes<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();

  constructor(private readonly now: () => number) {}

  set(key: string, value: T, ttlSeconds: number): Promise<void> {
    this.sweep();
    this.entries.set(key, { value, expiresAt: this.now() + ttlSeconds * 1000 });
    return Promise.resolve();
  }

  update(key: string, value: T): Promise<boolean> {
    const entry = this.live(key);
    if (entry !== undefined) entry.value = value;
    return Promise.resolve(entry !== undefined);
  }

  get(key: string): Promise<T | undefined> {
    return Promise.resolve(this.live(key)?.value);
  }

  expiresAt(key: string): Promise<number | undefined> {
    return Promise.resolve(this.live(key)?.expiresAt);
  }

  take(key: string): Promise<T | undefined> {
    const entry = this.live(key);
    this.entries.delete(key);
    return Promise.resolve(entry?.value);
  }

  delete(key: string): Promise<void> {
    this.entries.delete(key);
    return Promise.resolve();
  }

  private live(key: string) {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) this.entries.delete(key);
    }
  }
}

/** Requests allowed per key (a client address) in a fixed window, as RomM counts them. */
export interface WindowLimiter {
  /** Counts one request; false when the key is over its limit for this window. */
  allow(key: string): Promise<boolean>;
}

/** Counts one request against a limiter: 429 `{detail}` once the key is over its limit. */
export async function countRequest(limiter: WindowLimiter, key: string): Promise<void> {
  if (!(await limiter.allow(key))) {
    throw new HttpError(429, 'Too many requests. Try again later.');
  }
}

/** Makes the window limiter named `name`: in memory, or in Redis when processes share limits. */
export type WindowLimiters = (name: string, max: number, windowMs: number) => WindowLimiter;

/** The window limiters of one process. */
export function memoryWindowLimiters(now: () => number): WindowLimiters {
  return (_name, max, windowMs) => new MemoryWindowLimiter(now, max, windowMs);
}

export class MemoryWindowLimiter implements WindowLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly now: () => number,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  allow(key: string): Promise<boolean> {
    const now = this.now();
    let window = this.windows.get(key);
    if (window === undefined || window.resetAt <= now) {
      if (this.windows.size > 10_000) this.sweep(now);
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return Promise.resolve(window.count <= this.max);
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
    }
  }
}

/** Where the short-lived state of pairing and device flows lives: codes and request limits. */
export interface ShortLivedState {
  codes: ExpiringCodeStores;
  windows: WindowLimiters;
}

export function memoryShortLivedState(now: () => number): ShortLivedState {
  return { codes: memoryCodeStores(now), windows: memoryWindowLimiters(now) };
}
