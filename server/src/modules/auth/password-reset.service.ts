import { ACCOUNT_ERRORS } from '@romshelf/contract';
import type { FastifyBaseLogger } from 'fastify';

import { HttpError } from '../../http/http-error.js';
import type { Mailer } from '../../lib/mailer.js';
import { toIsoUtc } from '../../lib/time.js';
import type { WindowLimiter, WindowLimiters } from '../../lib/expiring-codes.js';
import { countRequest } from '../../lib/expiring-codes.js';
import type { UserAccounts } from '../users/user-accounts.js';
import type { AuthService } from './auth.service.js';
import { hashToken, newToken } from './auth.service.js';
import { hashPassword } from '../../lib/password.js';
import type { TokenRepository } from './token.repository.js';

/** How long a password reset link works. */
export const RESET_TOKEN_SECONDS = 600;

/**
 * Requests allowed per window: asking for a link and using one, per client address (429 when
 * over); links sent per username, so nobody can flood one mailbox from many addresses (over
 * it, the request still answers 200 and sends nothing).
 */
export const PASSWORD_RESET_LIMITS = {
  requestsPerAddress: { max: 5, windowMs: 15 * 60_000 },
  linksPerUsername: { max: 3, windowMs: 60 * 60_000 },
  resetsPerAddress: { max: 10, windowMs: 15 * 60_000 },
} as const;

/**
 * Forgotten passwords: a single-use link valid for 10 minutes, written to the server log and
 * e-mailed when SMTP is configured. The request answers the same whether or not the user exists.
 */
export class PasswordResetService {
  private readonly requests: WindowLimiter;
  private readonly links: WindowLimiter;
  private readonly resets: WindowLimiter;

  constructor(
    private readonly users: UserAccounts,
    private readonly tokens: TokenRepository,
    private readonly auth: AuthService,
    private readonly mailer: Mailer | null,
    private readonly log: FastifyBaseLogger,
    private readonly options: { baseUrl: string | null },
    windows: WindowLimiters,
  ) {
    const { requestsPerAddress, linksPerUsername, resetsPerAddress } = PASSWORD_RESET_LIMITS;
    this.requests = windows('forgot-password', requestsPerAddress.max, requestsPerAddress.windowMs);
    this.links = windows('reset-link', linksPerUsername.max, linksPerUsername.windowMs);
    this.resets = windows('reset-password', resetsPerAddress.max, resetsPerAddress.windowMs);
  }

  async requestReset(username: string, origin: string, clientAddress: string): Promise<void> {
    await countRequest(this.requests, clientAddress);
    const token = newToken();
    const id = hashToken(token);
    const name = username.trim().toLowerCase();
    // Counted whether or not the account exists, so the answer never tells.
    if (!(await this.links.allow(name))) return;
    const user = await this.users.findByUsername(name);
    if (user?.enabled !== 1) return;
    const now = new Date();
    await this.tokens.deleteExpired(toIsoUtc(now));
    await this.tokens.insertOneTime({
      id,
      kind: 'reset',
      user_id: user.id,
      role: null,
      created_at: toIsoUtc(now),
      expires_at: toIsoUtc(new Date(now.getTime() + RESET_TOKEN_SECONDS * 1000)),
      used_at: null,
    });
    const link = `${this.options.baseUrl ?? origin}/reset-password?token=${token}`;
    this.log.info({ username: user.username }, `Password reset link for ${user.username}: ${link}`);
    if (this.mailer !== null && user.email !== null) {
      // Not awaited: how long the mail server takes must not tell who has an account.
      this.mailer
        .send({
          to: user.email,
          subject: 'Reset your RomShelf password',
          text:
            `Someone asked to reset the password of ${user.username}.\n\n` +
            `Open this link within 10 minutes to choose a new one:\n${link}\n\n` +
            'If it was not you, ignore this message.\n',
        })
        .catch((error: unknown) => {
          this.log.warn({ err: error }, 'could not send the password reset e-mail');
        });
    }
  }

  /** Sets a new password from a reset link, once; ends every session and token of the user. */
  async reset(token: string, newPassword: string, clientAddress: string): Promise<void> {
    await countRequest(this.resets, clientAddress);
    const id = hashToken(token);
    const row = await this.tokens.findOneTime(id);
    const now = toIsoUtc(new Date());
    if (row?.kind !== 'reset' || row.user_id === null) {
      throw new HttpError(400, ACCOUNT_ERRORS.resetInvalid);
    }
    if (row.used_at !== null) throw new HttpError(400, ACCOUNT_ERRORS.resetUsed);
    if (row.expires_at <= now) throw new HttpError(400, ACCOUNT_ERRORS.resetExpired);
    if (!(await this.tokens.claimOneTime(id, now))) {
      throw new HttpError(400, ACCOUNT_ERRORS.resetUsed);
    }
    const updated = await this.users.setPasswordHash(row.user_id, await hashPassword(newPassword));
    if (!updated) throw new HttpError(400, ACCOUNT_ERRORS.resetInvalid);
    await this.auth.endAccess(row.user_id);
    await this.tokens.deleteResetsForUser(row.user_id);
  }
}
