import { createHash } from 'node:crypto';

import { LRUCache } from 'lru-cache';

/** How long a verified `Authorization: Basic` header is trusted without hashing again. */
export const VERIFIED_CREDENTIALS_TTL_MS = 60_000;
/** Headers remembered at most (the least recently used is dropped first). */
const MAX_ENTRIES = 1_000;

export interface VerifiedCredential {
  userId: number;
  /** The stored hash the password was checked against: a changed hash means a changed password. */
  passwordHash: string;
}

/**
 * Basic headers whose password was verified recently, so apps sending Basic on every request
 * (RomM's) do not pay an argon2 verification each time. Keyed by the SHA-256 of the header
 * value; the header itself is never kept. Entries expire after a minute and are dropped at once
 * when the user's password, username, role or enabled state changes or the user is deleted.
 */
export class VerifiedCredentials {
  private readonly entries = new LRUCache<string, VerifiedCredential & { expiresAt: number }>({
    max: MAX_ENTRIES,
  });

  constructor(
    private readonly clock: () => number,
    private readonly ttlMs = VERIFIED_CREDENTIALS_TTL_MS,
  ) {}

  private static keyOf(header: string): string {
    return createHash('sha256').update(header).digest('hex');
  }

  find(header: string): VerifiedCredential | undefined {
    const key = VerifiedCredentials.keyOf(header);
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.clock()) {
      this.entries.delete(key);
      return undefined;
    }
    return { userId: entry.userId, passwordHash: entry.passwordHash };
  }

  remember(header: string, credential: VerifiedCredential): void {
    this.entries.set(VerifiedCredentials.keyOf(header), {
      ...credential,
      expiresAt: this.clock() + this.ttlMs,
    });
  }

  forget(header: string): void {
    this.entries.delete(VerifiedCredentials.keyOf(header));
  }

  /** Drops every remembered header of a user. */
  forgetUser(userId: number): void {
    const keys = [...this.entries.entries()].filter(([, entry]) => entry.userId === userId);
    for (const [key] of keys) this.entries.delete(key);
  }
}
