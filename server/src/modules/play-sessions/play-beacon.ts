import { createHmac } from 'node:crypto';

import { sameToken } from '../../http/csrf.js';
import { toIsoUtc } from '../../lib/time.js';

/** How long one play's beacon token works: a long evening of play. */
const TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

/** Who may report play time on a game with a token, until when. */
export interface BeaconGrant {
  userId: number;
  romId: number;
}

/**
 * Tokens for `navigator.sendBeacon`, which can send neither an Authorization nor a CSRF header:
 * the web player gets one per play from a normal (CSRF-checked) call, and the beacon carries it
 * in its body. It is signed (HMAC of the server's secret key), names the user and the game, and
 * expires; a cross-site page can neither read nor forge one, and the session cookie is not used.
 */
export class PlayBeacon {
  private readonly key: Buffer;

  constructor(
    secretKey: Uint8Array,
    private readonly clock: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', secretKey).update('romshelf play beacon').digest();
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  issue(grant: BeaconGrant): { token: string; expires_at: string } {
    const expires = this.clock() + TOKEN_TTL_MS;
    const payload = `${grant.userId}.${grant.romId}.${expires}`;
    return { token: `${payload}.${this.sign(payload)}`, expires_at: toIsoUtc(new Date(expires)) };
  }

  /** The grant of a valid, unexpired token, else null. */
  verify(token: string): BeaconGrant | null {
    const match = /^(\d{1,15})\.(\d{1,15})\.(\d{1,15})\.([\w-]{43})$/.exec(token);
    if (match === null) return null;
    const [, user, rom, expires, signature] = match;
    const payload = `${user}.${rom}.${expires}`;
    if (!sameToken(this.sign(payload), signature ?? '')) return null;
    if (Number(expires) < this.clock()) return null;
    return { userId: Number(user), romId: Number(rom) };
  }
}
