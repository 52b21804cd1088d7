import { randomUUID } from 'node:crypto';

import type { Scope } from '@romshelf/contract';
import { scopesForRole } from '@romshelf/contract';
import { SignJWT, jwtVerify } from 'jose';

import type { UserRow } from '../../db/schema.js';
import { HttpError } from '../../http/http-error.js';
import { toIsoUtc } from '../../lib/time.js';
import type { UserAccounts } from '../users/user-accounts.js';
import { DISABLED_USER } from './auth.service.js';
import type { TokenRepository } from './token.repository.js';

/** RomM's issuer for OAuth bearer tokens. */
export const OAUTH_ISSUER = 'romm:oauth';
export const INVALID_TOKEN = 'Invalid or expired token';
export const INVALID_REFRESH_TOKEN = 'Invalid or expired refresh token';

/** A forged, expired, revoked or already used refresh token: bad credentials, as RomM's 401. */
const invalidRefreshToken = () =>
  new HttpError(401, INVALID_REFRESH_TOKEN, { 'www-authenticate': 'Bearer' });

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  /** Seconds until the access token expires. */
  expires: number;
  /** Seconds until the refresh token expires. */
  refresh_expires: number;
}

interface TokenClaims {
  sub: string;
  scopes: string;
  type: 'access' | 'refresh';
  ver: number;
  jti: string;
}

function parseScopes(text: string | undefined): string[] {
  return (text ?? '').split(/\s+/).filter((scope) => scope !== '');
}

/**
 * OAuth2 password and refresh-token grants: HS256 JWTs (`iss romm:oauth`, `sub` = username,
 * space-separated `scopes`, `type`, `exp`, `jti`, plus `ver` = the user's token_version so a
 * password change or disabling the account ends every token). Refresh tokens are stored by jti
 * and work once; presenting a used one revokes all of that user's refresh tokens.
 */
export class OAuthService {
  constructor(
    private readonly users: UserAccounts,
    private readonly tokens: TokenRepository,
    private readonly key: Uint8Array,
    private readonly options: { accessTokenSeconds: number; refreshTokenSeconds: number },
  ) {}

  /** Tokens for a user who proved their password; `scope` must be a subset of the role's. */
  async passwordGrant(user: UserRow, scope: string | undefined): Promise<TokenPair> {
    const held = scopesForRole(user.role);
    const requested = parseScopes(scope);
    const granted = requested.length === 0 ? [...held] : requested;
    if (!granted.every((item) => (held as readonly string[]).includes(item))) {
      throw new HttpError(403, 'Requested scopes exceed the user scopes');
    }
    return this.issue(user, granted);
  }

  /** Swaps a refresh token (once) for a new pair with the same or narrower scopes. */
  async refreshGrant(refreshToken: string | undefined, scope: string | undefined) {
    if (refreshToken === undefined || refreshToken === '') {
      throw new HttpError(400, 'Missing refresh token');
    }
    const claims = await this.verify(refreshToken, 'refresh');
    if (claims === null) throw invalidRefreshToken();
    const user = await this.users.findByUsername(claims.sub);
    if (user === undefined || user.token_version !== claims.ver) {
      throw invalidRefreshToken();
    }
    if (user.enabled !== 1) throw new HttpError(401, DISABLED_USER);
    if (!(await this.tokens.useRefresh(claims.jti, user.id, toIsoUtc(new Date())))) {
      // A replayed refresh token means it leaked: end the whole family.
      await this.tokens.deleteRefreshForUser(user.id);
      throw invalidRefreshToken();
    }
    const previous = parseScopes(claims.scopes);
    const requested = parseScopes(scope);
    if (!requested.every((item) => previous.includes(item))) {
      throw new HttpError(403, 'Requested scopes exceed the refresh token scopes');
    }
    const held = scopesForRole(user.role) as readonly string[];
    const granted = (requested.length === 0 ? previous : requested).filter((item) =>
      held.includes(item),
    );
    return this.issue(user, granted);
  }

  /**
   * Checks an access token; answers its user and the scopes it carries that the user's role
   * still holds. Throws 401 for bad, expired or revoked tokens and disabled users.
   */
  async authenticateAccess(token: string): Promise<{ user: UserRow; scopes: Scope[] }> {
    const failure = new HttpError(401, INVALID_TOKEN, { 'www-authenticate': 'Bearer' });
    const claims = await this.verify(token, 'access');
    if (claims === null) throw failure;
    const user = await this.users.findByUsername(claims.sub);
    if (user === undefined) throw failure;
    if (user.enabled !== 1) throw new HttpError(401, DISABLED_USER);
    if (user.token_version !== claims.ver) throw failure;
    const carried = parseScopes(claims.scopes);
    const scopes = scopesForRole(user.role).filter((item) => carried.includes(item));
    return { user, scopes };
  }

  private async issue(user: UserRow, scopes: readonly string[]): Promise<TokenPair> {
    const now = Math.floor(Date.now() / 1000);
    const scopeText = scopes.join(' ');
    const sign = (type: 'access' | 'refresh', jti: string, seconds: number) =>
      new SignJWT({ scopes: scopeText, type, ver: user.token_version })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.username)
        .setIssuer(OAUTH_ISSUER)
        .setIssuedAt(now)
        .setExpirationTime(now + seconds)
        .setJti(jti)
        .sign(this.key);
    const refreshJti = randomUUID();
    const { accessTokenSeconds, refreshTokenSeconds } = this.options;
    await this.tokens.deleteExpired(toIsoUtc(new Date()));
    await this.tokens.insertRefresh(
      refreshJti,
      user.id,
      toIsoUtc(new Date((now + refreshTokenSeconds) * 1000)),
    );
    return {
      access_token: await sign('access', randomUUID(), accessTokenSeconds),
      refresh_token: await sign('refresh', refreshJti, refreshTokenSeconds),
      token_type: 'bearer',
      expires: accessTokenSeconds,
      refresh_expires: refreshTokenSeconds,
    };
  }

  private async verify(token: string, type: TokenClaims['type']): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: OAUTH_ISSUER,
        algorithms: ['HS256'],
      });
      const { sub, scopes, jti, ver } = payload;
      if (
        payload.type !== type ||
        typeof sub !== 'string' ||
        typeof scopes !== 'string' ||
        typeof jti !== 'string' ||
        typeof ver !== 'number'
      ) {
        return null;
      }
      return { sub, scopes, type, ver, jti };
    } catch {
      return null;
    }
  }
}
