import { createHash, randomBytes } from 'node:crypto';

import type { SessionRow, UserRow } from '../../db/schema.js';
import { HttpError } from '../../http/http-error.js';
import { toIsoUtc } from '../../lib/time.js';
import type { UserAccounts } from '../users/user-accounts.js';
import { parseBasicAuth } from './basic-auth.js';
import type { CredentialAttempt, CredentialLimiter } from './credential-limiter.js';
import { verifyPassword } from '../../lib/password.js';
import type { SessionRepository } from './session.repository.js';
import type { TokenRepository } from './token.repository.js';
import type { VerifiedCredentials } from './verified-credentials.js';

/** Checks a password against a stored hash (argon2id; tests may count calls). */
export type PasswordVerifier = (passwordHash: string | null, password: string) => Promise<boolean>;

/** How often last_seen_at / last_active are written, at most. */
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

export const INCORRECT_CREDENTIALS = 'Incorrect username or password';
export const DISABLED_USER = 'Disabled user';
export const USERPASS_DISABLED = 'Username/password login is disabled';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewSession {
  /** The secret for the session cookie (only its hash is stored). */
  token: string;
  session: SessionRow;
}

export class AuthService {
  constructor(
    private readonly users: UserAccounts,
    private readonly sessions: SessionRepository,
    private readonly tokens: TokenRepository,
    private readonly limiter: CredentialLimiter,
    private readonly verified: VerifiedCredentials,
    private readonly options: { sessionMaxAgeSeconds: number; passwordsDisabled: boolean },
    private readonly verify: PasswordVerifier = verifyPassword,
  ) {}

  /** 403 when single sign-on is the only way in (DISABLE_USERPASS_LOGIN). */
  assertPasswordsAccepted(): void {
    if (this.options.passwordsDisabled) throw new HttpError(403, USERPASS_DISABLED);
  }

  /** 429 with Retry-After while the limiter holds this attempt back. */
  private async assertNotLimited(attempt: CredentialAttempt): Promise<void> {
    const wait = await this.limiter.retryAfterSeconds(attempt);
    if (wait > 0) {
      throw new HttpError(429, `Too many login attempts, try again in ${wait} seconds`, {
        'retry-after': String(wait),
      });
    }
  }

  /**
   * Checks an `Authorization: Basic` header from a client address: every password path comes
   * here. The credential limiter is consulted before the hash is computed (429 with
   * Retry-After); wrong passwords and unknown users count against it. Throws 401 with RomM's
   * messages for unreadable headers, unknown users, wrong passwords and disabled accounts.
   * A header verified in the last minute is not hashed again while the user's row still
   * holds the same password hash and the account is enabled (VerifiedCredentials).
   */
  async authenticateBasic(header: string | undefined, ip: string): Promise<UserRow> {
    this.assertPasswordsAccepted();
    const credentials = parseBasicAuth(header);
    const attempt = { ip, username: credentials?.username.toLowerCase() ?? '' };
    await this.assertNotLimited(attempt);
    const failure = new HttpError(401, INCORRECT_CREDENTIALS, { 'www-authenticate': 'Bearer' });
    if (header === undefined || credentials === null) {
      await this.limiter.recordFailure(attempt);
      throw failure;
    }
    const remembered = await this.rememberedUser(header);
    if (remembered !== undefined) return remembered;
    const user = await this.users.findByUsername(credentials.username);
    const valid = await this.verify(user?.password_hash ?? null, credentials.password);
    if (user === undefined || !valid) {
      await this.limiter.recordFailure(attempt);
      throw failure;
    }
    await this.limiter.recordSuccess(attempt);
    if (user.enabled !== 1) throw new HttpError(401, DISABLED_USER);
    this.verified.remember(header, { userId: user.id, passwordHash: user.password_hash });
    return user;
  }

  /** The user of a recently verified header, read afresh; undefined when it must be verified. */
  private async rememberedUser(header: string): Promise<UserRow | undefined> {
    const credential = this.verified.find(header);
    if (credential === undefined) return undefined;
    const user = await this.users.findById(credential.userId);
    if (user?.enabled === 1 && user.password_hash === credential.passwordHash) return user;
    this.verified.forget(header);
    return undefined;
  }

  /** Forgets the user's recently verified Basic headers (role change, deletion). */
  forgetVerifiedCredentials(userId: number): void {
    this.verified.forgetUser(userId);
  }

  /**
   * Checks a signed-in user's current password (before a password change) under the same
   * limiter as every other password path; false when it is wrong.
   */
  async verifyCurrentPassword(user: UserRow, password: string, ip: string): Promise<boolean> {
    const attempt = { ip, username: user.username.toLowerCase() };
    await this.assertNotLimited(attempt);
    const valid = await this.verify(user.password_hash, password);
    if (valid) await this.limiter.recordSuccess(attempt);
    else await this.limiter.recordFailure(attempt);
    return valid;
  }

  /** Finds the live session of a cookie token; expired sessions and disabled users are dropped. */
  async resolveSession(token: string): Promise<{ session: SessionRow; user: UserRow } | null> {
    const id = hashToken(token);
    const session = await this.sessions.findById(id);
    if (session === undefined) return null;
    const now = new Date();
    if (session.expires_at <= toIsoUtc(now)) {
      await this.sessions.delete(id);
      return null;
    }
    const user = await this.users.findById(session.user_id);
    if (user?.enabled !== 1) {
      await this.sessions.delete(id);
      return null;
    }
    if (now.getTime() - Date.parse(session.last_seen_at) >= ACTIVITY_WRITE_INTERVAL_MS) {
      const stamp = toIsoUtc(now);
      await this.sessions.touch(id, stamp);
      await this.users.recordActivity(user.id, stamp);
      session.last_seen_at = stamp;
      user.last_active = stamp;
    }
    return { session, user };
  }

  /** Opens a session for a user who just proved their credentials. */
  async login(user: UserRow, userAgent: string | undefined): Promise<NewSession> {
    const now = new Date();
    const token = newToken();
    const session: SessionRow = {
      id: hashToken(token),
      user_id: user.id,
      csrf_token: newToken(),
      created_at: toIsoUtc(now),
      expires_at: toIsoUtc(new Date(now.getTime() + this.options.sessionMaxAgeSeconds * 1000)),
      last_seen_at: toIsoUtc(now),
      user_agent: userAgent?.slice(0, 512) ?? null,
    };
    await this.sessions.deleteExpired(session.created_at);
    await this.sessions.insert(session);
    await this.users.recordLogin(user.id, session.created_at);
    return { token, session };
  }

  async logout(sessionId: string): Promise<void> {
    await this.sessions.delete(sessionId);
  }

  async endSessionByToken(token: string): Promise<void> {
    await this.sessions.delete(hashToken(token));
  }

  /**
   * Ends every way a user is signed in: sessions (but `keepSessionId`, the caller's own when
   * they changed their own password), refresh tokens, bearer tokens (token_version bump) and
   * remembered Basic headers.
   */
  async endAccess(userId: number, keepSessionId?: string): Promise<void> {
    this.verified.forgetUser(userId);
    if (keepSessionId === undefined) await this.sessions.deleteForUser(userId);
    else await this.sessions.deleteForUserExcept(userId, keepSessionId);
    await this.tokens.deleteRefreshForUser(userId);
    await this.users.revokeTokens(userId);
  }
}
