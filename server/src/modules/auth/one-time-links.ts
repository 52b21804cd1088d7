import type { OneTimeTokenRow } from '../../db/schema.js';
import { toIsoUtc } from '../../lib/time.js';
import { hashToken, newToken } from './auth.service.js';
import type { TokenRepository } from './token.repository.js';

/**
 * Single-use links other modules hand out (registration invites): only the hash of the secret is
 * stored; the secret itself goes into the link.
 */
export class OneTimeLinks {
  constructor(private readonly tokens: TokenRepository) {}

  /** Stores a new link and answers its secret. */
  async issue(
    link: Pick<OneTimeTokenRow, 'kind' | 'user_id' | 'role'>,
    lifetimeSeconds: number,
  ): Promise<string> {
    const token = newToken();
    const now = new Date();
    await this.tokens.deleteExpired(toIsoUtc(now));
    await this.tokens.insertOneTime({
      id: hashToken(token),
      ...link,
      created_at: toIsoUtc(now),
      expires_at: toIsoUtc(new Date(now.getTime() + lifetimeSeconds * 1000)),
      used_at: null,
    });
    return token;
  }

  async find(token: string): Promise<OneTimeTokenRow | undefined> {
    return this.tokens.findOneTime(hashToken(token));
  }

  /** Claims an unused link; false when someone else used it first. */
  async claim(token: string, now: string): Promise<boolean> {
    return this.tokens.claimOneTime(hashToken(token), now);
  }

  /** Gives a claimed link back (what it was for could not be done). */
  async release(token: string): Promise<void> {
    await this.tokens.releaseOneTime(hashToken(token));
  }
}
