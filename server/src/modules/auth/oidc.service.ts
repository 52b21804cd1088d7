import { randomBytes } from 'node:crypto';

import type { OidcLoginError, OidcRoleKept, Role } from '@romshelf/contract';
import { USERNAME_MAX, USERNAME_MIN } from '@romshelf/contract';
import type { FastifyBaseLogger } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import type * as Oidc from 'openid-client';

import type { OidcConfig } from '../../config/app-config.js';
import type { UserRow } from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';
import type { UserAccounts } from '../users/user-accounts.js';
import type { OidcRepository } from './oidc.repository.js';
import { hashPassword } from '../../lib/password.js';

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

/** openid-client, loaded when OIDC is on: a server without it does not hold the library. */
const openidClient = () => import('openid-client');

/**
 * OpenID Connect sign-in (authorization code + PKCE, state and nonce). The provider is
 * discovered from OIDC_SERVER_APPLICATION_URL at start-up and again at each sign-in. Plain-http issuers are only
 * allowed on loopback addresses (test providers), through openid-client's allowInsecureRequests.
 */
export class OidcService {
  /** The last discovered provider configuration. */
  private configuration: Oidc.Configuration | null = null;

  constructor(
    private readonly config: OidcConfig,
    private readonly users: UserAccounts,
    private readonly records: OidcRepository,
    private readonly key: Uint8Array,
    private readonly log: FastifyBaseLogger,
  ) {}

  get enabled(): boolean {
    return this.config.enabled;
  }

  /** Reads the provider's discovery document once at start-up, to log an unreachable provider. */
  async checkProvider(): Promise<void> {
    if (!this.enabled) return;
    try {
      await this.discover();
      this.log.info({ issuer: this.config.issuerUrl }, 'OIDC provider reachable');
    } catch {
      // discover() logged it
    }
  }

  /**
   * The provider's authorization URL and the signed state cookie to set. The discovery document
   * is read again at each sign-in, so an unreachable provider is noticed (and logged) here rather
   * than at its sign-in page.
   */
  async start(): Promise<{ url: string; stateCookie: string }> {
    const configuration = await this.discover();
    const oidc = await openidClient();
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
   * audience and, with non-repudiation checks on, the ID token's signature against the provider's
   * published keys), merges the userinfo claims (they win; their `sub` must match), then finds the
   * user by verified e-mail or creates one. Refusals are logged with who and why.
   */
  async finish(
    query: string,
    stateCookie: string | undefined,
  ): Promise<{ user: UserRow; idToken: string }> {
    let claims: Record<string, unknown> | null = null;
    try {
      const verified = await this.verifiedClaims(query, stateCookie);
      claims = verified.claims;
      return { user: await this.userFor(claims), idToken: verified.idToken };
    } catch (error) {
      if (error instanceof OidcLoginFailure) this.logRefusal(error, claims);
      throw error;
    }
  }

  private async verifiedClaims(
    query: string,
    stateCookie: string | undefined,
  ): Promise<{ claims: Record<string, unknown>; idToken: string }> {
    const saved = await this.readState(stateCookie);
    const configuration = this.configuration ?? (await this.discover());
    const currentUrl = new URL(this.config.redirectUri ?? '');
    currentUrl.search = query;
    const oidc = await openidClient();
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: saved.verifier,
        expectedState: saved.state,
        expectedNonce: saved.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.id_token ?? '';
      const idClaims: Record<string, unknown> = { ...(tokens.claims() ?? {}) };
      const sub = typeof idClaims.sub === 'string' ? idClaims.sub : '';
      if (configuration.serverMetadata().userinfo_endpoint === undefined) {
        return { claims: idClaims, idToken };
      }
      const info = await oidc.fetchUserInfo(configuration, tokens.access_token, sub);
      return { claims: { ...idClaims, ...info }, idToken };
    } catch (error) {
      if (error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied') {
        throw new OidcLoginFailure('oidc_cancelled', 'cancelled at the provider');
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new OidcLoginFailure(
        'oidc_failed',
        `the provider's answer did not check out: ${reason}`,
      );
    }
  }

  private logRefusal(failure: OidcLoginFailure, claims: Record<string, unknown> | null): void {
    if (claims === null) {
      this.log.warn({ code: failure.code }, `single sign-on refused: ${failure.message}`);
      return;
    }
    const sub = claimText(claims, 'sub');
    const username = claimText(claims, this.config.usernameAttribute);
    const email = claimText(claims, 'email');
    this.log.warn(
      { sub, username, email, code: failure.code },
      `single sign-on refused for ${sub ?? '?'} (${username ?? email ?? '?'}): ${failure.message}`,
    );
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
      if (role === null || role === existing.role) {
        await this.records.clearRoleKept(existing.id);
        return existing;
      }
      const now = nowIso();
      const result = await this.users.setRole(existing.id, role, now);
      if (result.outcome === 'updated') {
        await this.records.clearRoleKept(existing.id);
        return result.user;
      }
      if (result.outcome === 'last-admin') {
        await this.records.recordRoleKept(existing.id, role, now);
        this.log.warn(
          { sub: claimText(claims, 'sub'), username: existing.username, providerRole: role },
          `single sign-on kept ${existing.username} admin although the provider says ${role}: ` +
            'they are the last administrator',
        );
      }
      return existing;
    }
    if (!this.config.allowRegistration) {
      throw new OidcLoginFailure('oidc_registration_disabled', 'registration disabled');
    }
    const username = usernameFromClaim(
      claimText(claims, this.config.usernameAttribute) ?? email.split('@')[0] ?? 'user',
    );
    const result = await this.users.create({
      username,
      email,
      // No usable password: this account signs in through the provider (or a reset link).
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      role: role ?? 'viewer',
    });
    if (result.outcome !== 'created') {
      throw new OidcLoginFailure('oidc_username_taken', `cannot create ${username}`);
    }
    return result.user;
  }

  /** Keeps the ID token of a session signed in through the provider (for RP-initiated logout). */
  async rememberSession(sessionId: string, idToken: string): Promise<void> {
    if (idToken !== '') await this.records.saveIdToken(sessionId, idToken);
  }

  /**
   * Where to send the browser to end the provider's session too (OIDC_RP_INITIATED_LOGOUT): the
   * provider's `end_session_endpoint` with the session's ID token as `id_token_hint`. Null when
   * off, when the session did not come from the provider or when the provider has no such endpoint.
   */
  async logoutUrl(sessionId: string): Promise<string | null> {
    if (!this.enabled || !this.config.rpInitiatedLogout) return null;
    const idToken = await this.records.findIdToken(sessionId);
    if (idToken === undefined) return null;
    try {
      const configuration = this.configuration ?? (await this.discover());
      if (configuration.serverMetadata().end_session_endpoint === undefined) return null;
      const oidc = await openidClient();
      return oidc.buildEndSessionUrl(configuration, { id_token_hint: idToken }).href;
    } catch {
      return null;
    }
  }

  /** Administrators kept so because no other exists, although the provider gave a lower role. */
  rolesKept(): Promise<OidcRoleKept[]> {
    return this.records.listRolesKept();
  }

  /** The role from OIDC_CLAIM_ROLES; null when no mapping is configured. */
  private roleFor(claims: Record<string, unknown>): Role | null {
    const { claimRoles, roleAdmin, roleEditor, roleViewer } = this.config;
    if (claimRoles === null) return null;
    const groups = claimList(claims[claimRoles]);
    if (roleAdmin !== null && groups.includes(roleAdmin)) return 'admin';
    if (roleEditor !== null && groups.includes(roleEditor)) return 'editor';
    if (roleViewer !== null && (roleViewer === '*' || groups.includes(roleViewer))) return 'viewer';
    const held = groups.length > 0 ? groups.join(', ') : 'none';
    throw new OidcLoginFailure(
      'oidc_no_role',
      `no group in "${claimRoles}" maps to a role (${held})`,
    );
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

  private async discover(): Promise<Oidc.Configuration> {
    const issuer = this.config.issuerUrl ?? '';
    const url = new URL(issuer);
    const insecure = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
    try {
      const oidc = await openidClient();
      const configuration = await oidc.discovery(
        url,
        this.config.clientId ?? '',
        this.config.clientSecret ?? undefined,
        undefined,
        // Deprecated on purpose by openid-client to stand out; used only for loopback issuers.
        // eslint-disable-next-line @typescript-eslint/no-deprecated
        insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
      // The ID token comes straight from the token endpoint, where the spec lets TLS vouch for
      // it; its signature is checked against the provider's keys anyway (plain http is allowed
      // on loopback, and a signature is what the token claims to carry).
      oidc.enableNonRepudiationChecks(configuration);
      this.configuration = configuration;
      return configuration;
    } catch (error) {
      this.log.error(
        { err: error, issuer },
        'OIDC provider unreachable: single sign-on is unavailable',
      );
      throw new OidcLoginFailure('oidc_unavailable', 'provider discovery failed');
    }
  }
}
