import { createHash, randomBytes } from 'node:crypto';

import type {
  ClientToken,
  ClientTokenAdmin,
  ClientTokenCreated,
  ClientTokenExpiry,
  ClientTokenPair,
  CreateClientTokenBody,
  Scope,
} from '@romshelf/contract';
import {
  CLIENT_TOKEN_PREFIX,
  MAX_CLIENT_TOKENS_PER_USER,
  PAIR_CODE_TTL_SECONDS,
  scopesForRole,
} from '@romshelf/contract';

import type { ClientTokenRow, UserRow } from '../../db/schema.js';
import { HttpError } from '../../http/http-error.js';
import { toIsoUtc } from '../../lib/time.js';
import { DISABLED_USER } from '../auth/auth.service.js';
import type { UserAccounts } from '../users/user-accounts.js';
import {
  splitScopes,
  toAdminClientToken,
  toClientToken,
  toCreatedClientToken,
} from './client-tokens.mapper.js';
import type { ClientTokensRepository } from './client-tokens.repository.js';
import type { ExpiringCodes, ShortLivedState, WindowLimiter } from '../../lib/expiring-codes.js';
import {
  countRequest,
  memoryShortLivedState,
  newPairCode,
  normalizeCode,
} from '../../lib/expiring-codes.js';

export const TOKEN_NOT_FOUND = 'Token not found';
export const INVALID_PAIR_CODE = 'Invalid or expired pairing code';
export const INVALID_CLIENT_TOKEN = 'Invalid or expired token';

/** Code exchanges allowed per client address per minute (RomM: 5). */
export const EXCHANGE_LIMIT = { max: 5, windowMs: 60_000 };
/** Pairing-code status checks per client address per minute (each open dialog polls every 2 s). */
export const PAIR_STATUS_LIMIT = { max: 120, windowMs: 60_000 };
/** `last_used_at` is written at most this often per token, not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

const EXPIRY_DAYS: Record<Exclude<ClientTokenExpiry, 'never'>, number> = {
  '30d': 30,
  '90d': 90,
  '1y': 365,
};

/** `rmm_` + 64 hex digits, as RomM's clients expect. */
export function newRawClientToken(): string {
  return CLIENT_TOKEN_PREFIX + randomBytes(32).toString('hex');
}

export function hashClientToken(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

export function isClientToken(bearer: string): boolean {
  return bearer.startsWith(CLIENT_TOKEN_PREFIX);
}

/**
 * Who manages tokens: the signed-in user and the scopes of the credential they called with
 * (a session or HTTP Basic carries every scope of the role; a bearer token only its own).
 */
export interface TokenManager {
  user: UserRow;
  scopes: readonly Scope[];
}

/**
 * Scopes asked for that the calling credential does not hold: 403, so no credential can mint
 * or reveal a stronger one (RomM compares with the owner's role instead).
 */
export function checkScopesHeld(requested: readonly string[], held: readonly string[]): void {
  const heldSet = new Set(held);
  const extra = [...new Set(requested.filter((scope) => !heldSet.has(scope)))].sort();
  if (extra.length > 0) {
    throw new HttpError(403, `Requested scopes exceed your permissions: ${extra.join(', ')}`);
  }
}

/** The scopes a stored token actually grants: those it carries that its owner's role holds. */
function grantedScopes(row: ClientTokenRow, owner: UserRow): Scope[] {
  const carried = new Set(splitScopes(row.scopes));
  return scopesForRole(owner.role).filter((scope) => carried.has(scope));
}

/** Whether the manager's credential holds every scope the token grants. */
function withinScopes(row: ClientTokenRow, manager: TokenManager): boolean {
  const held = new Set<string>(manager.scopes);
  return grantedScopes(row, manager.user).every((scope) => held.has(scope));
}

export interface NewTokenFields {
  name: string;
  scopes: readonly string[];
  expiresIn: ClientTokenExpiry | null | undefined;
  device?: { id: string; clientDeviceIdentifier: string };
}

/**
 * RomM's client API tokens: created by their owner with a subset of the owner's scopes and an
 * optional lifetime, shown raw once, stored hashed, revocable; administrators see and revoke
 * everyone's. A pairing code lets a device fetch a fresh secret for a token without typing it.
 */
export class ClientTokensService {
  private readonly pairCodes: ExpiringCodes<{ tokenId: number; userId: number }>;
  private readonly exchanges: WindowLimiter;
  private readonly statusChecks: WindowLimiter;

  constructor(
    private readonly tokens: ClientTokensRepository,
    private readonly users: UserAccounts,
    private readonly now: () => number = Date.now,
    state: ShortLivedState = memoryShortLivedState(now),
  ) {
    this.pairCodes = state.codes('pair');
    this.exchanges = state.windows('pair-exchange', EXCHANGE_LIMIT.max, EXCHANGE_LIMIT.windowMs);
    const { max, windowMs } = PAIR_STATUS_LIMIT;
    this.statusChecks = state.windows('pair-status', max, windowMs);
  }

  async create(manager: TokenManager, body: CreateClientTokenBody): Promise<ClientTokenCreated> {
    const { user } = manager;
    checkScopesHeld(body.scopes, manager.scopes);
    if ((await this.tokens.countByUser(user.id)) >= MAX_CLIENT_TOKENS_PER_USER) {
      throw new HttpError(400, `Maximum of ${MAX_CLIENT_TOKENS_PER_USER} tokens per user reached`);
    }
    const { row, raw } = await this.issue(user.id, {
      name: body.name,
      scopes: body.scopes,
      expiresIn: body.expires_in,
    });
    return toCreatedClientToken(row, raw);
  }

  /** Stores a new token for the user (no checks: callers have made them). */
  async issue(
    userId: number,
    fields: NewTokenFields,
  ): Promise<{ row: ClientTokenRow; raw: string }> {
    const raw = newRawClientToken();
    const row = await this.tokens.insert({
      user_id: userId,
      name: fields.name,
      hashed_token: hashClientToken(raw),
      scopes: [...new Set(fields.scopes)].join(' '),
      expires_at: this.expiryOf(fields.expiresIn),
      last_used_at: null,
      created_at: toIsoUtc(new Date(this.now())),
      device_id: fields.device?.id ?? null,
      client_device_identifier: fields.device?.clientDeviceIdentifier ?? null,
    });
    return { row, raw };
  }

  async deviceIdOf(userId: number, clientDeviceIdentifier: string): Promise<string | undefined> {
    return this.tokens.findDeviceId(userId, clientDeviceIdentifier);
  }

  /** The manager's tokens that grant nothing beyond the calling credential's scopes. */
  async list(manager: TokenManager): Promise<ClientToken[]> {
    const rows = await this.tokens.listByUser(manager.user.id);
    return rows.filter((row) => withinScopes(row, manager)).map(toClientToken);
  }

  async listAll(): Promise<ClientTokenAdmin[]> {
    return (await this.tokens.listAll()).map(toAdminClientToken);
  }

  /** Revokes one of the manager's tokens within the calling credential's scopes. */
  async revoke(id: number, manager: TokenManager): Promise<void> {
    await this.manageable(id, manager);
    if (!(await this.tokens.delete(id, manager.user.id))) throw new HttpError(404, TOKEN_NOT_FOUND);
  }

  /** Revokes anyone's token (administrators). */
  async revokeAny(id: number): Promise<void> {
    if (!(await this.tokens.delete(id))) throw new HttpError(404, TOKEN_NOT_FOUND);
  }

  /** A new secret for one of the manager's tokens; the old one stops working at once. */
  async regenerate(id: number, manager: TokenManager): Promise<ClientTokenCreated> {
    await this.manageable(id, manager);
    const raw = newRawClientToken();
    const row = await this.tokens.replaceHash(id, manager.user.id, hashClientToken(raw));
    if (row === undefined) throw new HttpError(404, TOKEN_NOT_FOUND);
    return toCreatedClientToken(row, raw);
  }

  /** A short code a device trades once, within a minute, for a fresh secret of this token. */
  async pair(id: number, manager: TokenManager): Promise<ClientTokenPair> {
    await this.manageable(id, manager);
    const code = newPairCode();
    const pairing = { tokenId: id, userId: manager.user.id };
    await this.pairCodes.set(code, pairing, PAIR_CODE_TTL_SECONDS);
    return { code, expires_in: PAIR_CODE_TTL_SECONDS };
  }

  /** Whether a pairing code is still waiting to be exchanged (the web page polls it). */
  async isPairCodeLive(code: string, clientAddress: string): Promise<boolean> {
    await countRequest(this.statusChecks, clientAddress);
    return (await this.pairCodes.get(normalizeCode(code))) !== undefined;
  }

  /**
   * Trades a pairing code for the token with a new secret. The code is consumed before anything
   * else happens, so it works once even when two devices race; exchanges are rate-limited per
   * client address because the code is short.
   */
  async exchange(code: string, clientAddress: string): Promise<ClientTokenCreated> {
    if (!(await this.exchanges.allow(clientAddress))) {
      throw new HttpError(429, 'Too many exchange attempts. Try again later.');
    }
    const pairing = await this.pairCodes.take(normalizeCode(code));
    if (pairing === undefined) throw new HttpError(404, INVALID_PAIR_CODE);
    const owner = await this.users.findById(pairing.userId);
    if (owner?.enabled !== 1) throw new HttpError(403, 'Token owner is disabled');
    const raw = newRawClientToken();
    const row = await this.tokens.replaceHash(
      pairing.tokenId,
      pairing.userId,
      hashClientToken(raw),
    );
    if (row === undefined) throw new HttpError(404, 'Token no longer exists');
    return toCreatedClientToken(row, raw);
  }

  /**
   * Checks a bearer `rmm_…` token: its owner, and the scopes it carries that the owner's role
   * still holds. Unknown, revoked and expired tokens answer 401; so do disabled owners.
   */
  async authenticate(
    raw: string,
  ): Promise<{ user: UserRow; scopes: Scope[]; deviceId: string | null }> {
    const failure = new HttpError(401, INVALID_CLIENT_TOKEN, { 'www-authenticate': 'Bearer' });
    const row = await this.tokens.findByHash(hashClientToken(raw));
    if (row === undefined) throw failure;
    const now = this.now();
    if (row.expires_at !== null && Date.parse(row.expires_at) <= now) throw failure;
    const user = await this.users.findById(row.user_id);
    if (user === undefined) throw failure;
    if (user.enabled !== 1) throw new HttpError(401, DISABLED_USER);
    const lastUsed = row.last_used_at === null ? 0 : Date.parse(row.last_used_at);
    if (now - lastUsed >= LAST_USED_RESOLUTION_MS) {
      await this.tokens.touch(row.id, toIsoUtc(new Date(now)));
    }
    return { user, scopes: grantedScopes(row, user), deviceId: row.device_id };
  }

  /** 404 for someone else's token, 403 for one granting more than the calling credential holds. */
  private async manageable(id: number, manager: TokenManager): Promise<void> {
    const row = await this.tokens.find(id, manager.user.id);
    if (row === undefined) throw new HttpError(404, TOKEN_NOT_FOUND);
    if (!withinScopes(row, manager)) {
      throw new HttpError(403, 'This token has scopes your credential does not hold');
    }
  }

  private expiryOf(expiresIn: ClientTokenExpiry | null | undefined): string | null {
    if (expiresIn === undefined || expiresIn === null || expiresIn === 'never') return null;
    return toIsoUtc(new Date(this.now() + EXPIRY_DAYS[expiresIn] * 86_400_000));
  }
}
