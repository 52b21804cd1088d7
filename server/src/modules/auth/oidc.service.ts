import { randomBytes } from 'node:crypto';

import type { OidcLoginError, Role } from '@romshelf/contract';
import { USERNAME_MAX, USERNAME_MIN } from '@romshelf/contract';
import type { FastifyBaseLogger } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import * as oidc from 'openid-client';

import type { OidcConfig } from '../../config/app-config.js';
import type { UserRow } from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';
import type { UsersRepository } from '../users/users.repository.js';
import { hashPassword } from './password.js';

/** Cookie holding the signed state, nonce and PKCE verifier between redirect and callback. */
export const OIDC_STATE_COOKIE = 'romshelf_oidc';
export const OIDC_STATE_SECONDS = 600;
const STATE_ISSUER = 'romshelf:oidc';
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A refused single sign-on; `code` becomes `/login?error=<code>`. */
export class OidcLoginFailure extends Error {
  constructor(
    readonly code: OidcLoginError,
    message: string,
  ) {
    super(message);
  }
}

function claimText(claims: Record<string, unknown>, name: string): string | null {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function claimList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  if (typeof value === 'string') return value.split(/[\s,]+/).filter((item) => item !== '');
  return [];
}

/** A valid username from a claim (lowercase, allowed characters, at least 3 long). */
export function usernameFromClaim(text: string): string {
  const cleaned = text
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, '_')
    .slice(0, USERNAME_MAX);
  return cleaned.length >= USERNAME_MIN ? cleaned : cleaned.padEnd(USERNAME_MIN, '_');
}

/**
 * OpenID Connect sign-in (authorization code + PKCE, state and nonce). The provider is
 * discovered from OIDC_SERVER_APPLICATION_URL at the first sign-in. Plain-http issuers are only
 * allowed on loopback addresses (test providers), through openid-client's allowInsecureRequests.
 */
export class OidcService {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly config: OidcConfig,
    private readonly users: UsersRepository,
    private readonly key: Uint8Array,
    private readonly log: FastifyBaseLogger,
  ) {}

  get enabled(): boolean {
    return this.config.enabled;
  }

  /** The provider's authorization URL and the signed state cookie to set. */
  async start(): Promise<{ url: string; stateCookie: string }> {
    const configuration = await this.discover();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    const scope = ['openid', 'profile', 'email', this.config.claimRoles ?? '']
      .filter((item) => item !== '')
      .join(' ');
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.config.redirectUri ?? '',
      scope,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const stateCookie = await new SignJWT({ state, nonce, verifier })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(STATE_ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${OIDC_STATE_SECONDS}s`)
      .sign(this.key);
    return { url: url.href, stateCookie };
  }

  /**
   * Completes the callback: exchanges the code (openid-client checks state, nonce, issuer,
   * audience and the signature), then finds the user by verified e-mail or creates one.
   */
  async finish(query: string, stateCookie: string | undefined): Promise<UserRow> {
    const saved = await this.readState(stateCookie);
    const configuration = await this.discover().catch(() => {
      throw new OidcLoginFailure('oidc_failed', 'provider discovery failed');
    });
    const currentUrl = new URL(this.config.redirectUri ?? '');
    currentUrl.search = query;
    let claims: Record<string, unknown>;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: saved.verifier,
        expectedState: saved.state,
        expectedNonce: saved.nonce,
        idTokenExpected: true,
      });
      claims = { ...(tokens.claims() ?? {}) };
      if (claimText(claims, 'email') === null && typeof claims.sub === 'string') {
        const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
        claims = { ...info, ...claims };
      }
    } catch (error) {
      this.log.warn({ err: error }, 'OIDC callback refused');
      throw new OidcLoginFailure('oidc_failed', 'the provider answer did not check out');
    }
    return this.userFor(claims);
  }

  private async userFor(claims: Record<string, unknown>): Promise<UserRow> {
    const email = claimText(claims, 'email')?.toLowerCase() ?? null;
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    if (email === null || !verified) {
      throw new OidcLoginFailure('oidc_email_unverified', 'no verified e-mail in the claims');
    }
    const role = this.roleFor(claims);
    const existing = await this.users.findByEmail(email);
    if (existing !== undefined) {
      if (existing.enabled !== 1) throw new OidcLoginFailure('oidc_disabled_user', 'disabled');
      if (role !== null && role !== existing.role) {
        const result = await this.users.updateChecked(existing.id, { role, updated_at: nowIso() });
        if (result.outcome === 'updated') return result.user;
      }
      return existing;
    }
    if (!this.config.allowRegistration) {
      throw new OidcLoginFailure('oidc_registration_disabled', 'registration disabled');
    }
    const username = usernameFromClaim(
      claimText(claims, this.config.usernameAttribute) ?? email.split('@')[0] ?? 'user',
    );
    const now = nowIso();
    const result = await this.users.insertChecked(
      {
        username,
        email,
        // No usable password: this account signs in through the provider (or a reset link).
        password_hash: await hashPassword(randomBytes(32).toString('base64url')),
        enabled: 1,
        role: role ?? 'viewer',
        avatar_path: '',
        ra_username: null,
        ra_progression: null,
        ui_settings: null,
        last_login: null,
        last_active: null,
        created_at: now,
        updated_at: now,
      },
      { onlyIfNoAdmin: false },
    );
    if (result.outcome !== 'created') {
      throw new OidcLoginFailure('oidc_username_taken', `cannot create ${username}`);
    }
    return result.user;
  }

  /** The role from OIDC_CLAIM_ROLES; null when no mapping is configured. */
  private roleFor(claims: Record<string, unknown>): Role | null {
    const { claimRoles, roleAdmin, roleEditor, roleViewer } = this.config;
    if (claimRoles === null) return null;
    const groups = claimList(claims[claimRoles]);
    if (roleAdmin !== null && groups.includes(roleAdmin)) return 'admin';
    if (roleEditor !== null && groups.includes(roleEditor)) return 'editor';
    if (roleViewer !== null && (roleViewer === '*' || groups.includes(roleViewer))) return 'viewer';
    throw new OidcLoginFailure('oidc_no_role', 'no group maps to a role');
  }

  private async readState(cookie: string | undefined) {
    if (cookie === undefined || cookie === '') {
      throw new OidcLoginFailure('oidc_failed', 'missing state cookie');
    }
    try {
      const { payload } = await jwtVerify(cookie, this.key, {
        issuer: STATE_ISSUER,
        algorithms: ['HS256'],
      });
      const { state, nonce, verifier } = payload;
      if (typeof state !== 'string' || typeof nonce !== 'string' || typeof verifier !== 'string') {
        throw new Error('incomplete state');
      }
      return { state, nonce, verifier };
    } catch {
      throw new OidcLoginFailure('oidc_failed', 'invalid or expired state cookie');
    }
  }

  private discover(): Promise<oidc.Configuration> {
    if (this.configuration === null) {
      const issuer = new URL(this.config.issuerUrl ?? '');
      const insecure = issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname);
      this.configuration = oidc
        .discovery(
          issuer,
          this.config.clientId ?? '',
          this.config.clientSecret ?? undefined,
          undefined,
          // Deprecated on purpose by openid-client to stand out; used only for loopback issuers.
          // eslint-disable-next-line @typescript-eslint/no-deprecated
          insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          this.configuration = null;
          this.log.error({ err: error }, 'OIDC discovery failed');
          throw error;
        });
    }
    return this.configuration;
  }
}
