import type {
  CreateUserBody,
  InviteLink,
  RegisterBody,
  Role,
  RommRole,
  Scope,
  UpdateUserBody,
  User,
} from '@romshelf/contract';
import { ACCOUNT_ERRORS, ROMM_USER_ROLE, scopesForRole } from '@romshelf/contract';

import type { UserRow, UserUpdate } from '../../db/schema.js';
import { HttpError, forbidden, notAuthenticated } from '../../http/http-error.js';
import { nowIso, toIsoUtc } from '../../lib/time.js';
import type { AuthService } from '../auth/auth.service.js';
import { hashPassword } from '../../lib/password.js';
import type { OneTimeLinks } from '../auth/one-time-links.js';
import type { WindowLimiter, WindowLimiters } from '../../lib/expiring-codes.js';
import { countRequest } from '../../lib/expiring-codes.js';
import type { AvatarStore } from './avatar.store.js';
import type { RaProgressReader } from './ra-progress.js';
import { raUnavailable } from './ra-progress.js';
import { newUserRow } from './user-accounts.js';
import { toUserDto } from './users.mapper.js';
import type { UsersRepository } from './users.repository.js';
import type { PermissionGroupRow, PermissionsService } from '../permissions/permissions.service.js';
import { roleOfGroup } from '../permissions/permissions.service.js';

export interface Caller {
  user: UserRow | null;
  scopes: readonly Scope[];
  /** The session the request came with, kept when users change their own password. */
  sessionId?: string | undefined;
  /** Client address (counted by the credential limiter when a current password is checked). */
  ip?: string | undefined;
}

/** Registrations (invite token attempts) allowed per client address per window. */
export const REGISTER_LIMIT = { max: 10, windowMs: 15 * 60_000 };

export interface UsersServiceOptions {
  inviteTokenSeconds: number;
  /** ROMSHELF_BASE_URL; links fall back to the request's origin. */
  baseUrl: string | null;
}

const RA_NOT_CONFIGURED =
  'RetroAchievements is not configured: set RETROACHIEVEMENTS_API_KEY on the server';

function emailValue(email: string | null | undefined): string | null {
  return email === undefined || email === null || email === '' ? null : email.toLowerCase();
}

/**
 * The role an edit asks for. RomM 5's `user` means "not an admin": an admin becomes a viewer, a
 * viewer or an editor keeps their role (RomM's client sends the role back with every edit).
 */
function roleFor(requested: RommRole, current: string): string {
  if (requested !== ROMM_USER_ROLE) return requested;
  return current === 'admin' ? 'viewer' : current;
}

/**
 * 403 unless the calling credential holds every scope of the role: an account, a password or
 * an invite for a role is a credential, and none may be stronger than the one asking for it.
 */
function assertGrantable(caller: Caller, role: string): void {
  const held = new Set<string>(caller.scopes);
  if (!scopesForRole(role).every((scope) => held.has(scope))) throw forbidden();
}

/** The profile fields of an edit that anyone editing the user may change. */
function profilePatch(body: UpdateUserBody, target: UserRow): UserUpdate {
  const patch: UserUpdate = {};
  if (body.username !== undefined && body.username.toLowerCase() !== target.username) {
    patch.username = body.username.toLowerCase();
  }
  if (body.email !== undefined) patch.email = emailValue(body.email);
  if (body.ra_username !== undefined) {
    patch.ra_username =
      body.ra_username === null || body.ra_username.trim() === '' ? null : body.ra_username.trim();
  }
  if (body.share_activity !== undefined) patch.share_activity = body.share_activity ? 1 : 0;
  if (body.ui_settings !== undefined) {
    patch.ui_settings = body.ui_settings === null ? null : JSON.stringify(body.ui_settings);
  }
  return patch;
}

function signedIn(caller: Caller): UserRow {
  if (caller.user === null) throw notAuthenticated();
  return caller.user;
}

/** Removes what another module keeps of a deleted user outside the database's rows. */
export type UserDeletedListener = (userId: number) => Promise<void>;

export class UsersService {
  private readonly registrations: WindowLimiter;
  private readonly deletedListeners = new Set<UserDeletedListener>();

  constructor(
    private readonly users: UsersRepository,
    private readonly links: OneTimeLinks,
    private readonly auth: AuthService,
    private readonly avatars: AvatarStore,
    private readonly ra: RaProgressReader | null,
    private readonly options: UsersServiceOptions,
    windows: WindowLimiters,
    private readonly permissions: PermissionsService,
  ) {
    this.registrations = windows('register', REGISTER_LIMIT.max, REGISTER_LIMIT.windowMs);
  }

  /**
   * Creates an account. Anonymous callers may only create the first admin, while no admin exists
   * (the role is forced to admin); afterwards creating users needs `users.write`, and only
   * admins may create admins.
   */
  async create(caller: Caller, body: CreateUserBody): Promise<User> {
    const setup = caller.user === null;
    await this.assertMayCreate(caller);
    const group =
      setup || body.permission_group_id === undefined || body.permission_group_id === null
        ? null
        : await this.permissions.group(body.permission_group_id);
    const role = group === null ? body.role : roleOfGroup(group);
    if (!setup) assertGrantable(caller, role);
    const created = await this.insert(
      { ...body, role: setup ? 'admin' : role, groupId: group?.id },
      { onlyIfNoAdmin: setup },
    );
    if (created === 'admin-exists') throw notAuthenticated();
    return this.dto(created);
  }

  /**
   * The part of `create`'s access decision that needs no body, taken before the body is read:
   * anonymous only while no admin exists (401 afterwards), else `users.write` (403).
   */
  async assertMayCreate(caller: Caller): Promise<void> {
    if (caller.user === null) {
      // Cheap early answer; the insert re-checks in its transaction to close the race.
      if (await this.users.adminExists()) throw notAuthenticated();
    } else if (!caller.scopes.includes('users.write')) {
      throw forbidden();
    }
  }

  /** Editing someone else needs `users.write`: decided before the body is read. */
  assertMayEdit(caller: Caller, id: number): void {
    const actor = signedIn(caller);
    if (actor.id !== id && !caller.scopes.includes('users.write')) throw forbidden();
  }

  async list(): Promise<User[]> {
    return Promise.all((await this.users.list()).map((row) => this.dto(row)));
  }

  /** Which of these users let others see what they play (`share_activity`). */
  async sharingActivity(ids: readonly number[]): Promise<Set<number>> {
    const sharing = new Set<number>();
    for (const id of new Set(ids)) {
      if ((await this.users.findById(id))?.share_activity === 1) sharing.add(id);
    }
    return sharing;
  }

  /** One user: yourself, or anyone with `users.read`. */
  async get(caller: Caller, id: number): Promise<User> {
    const actor = signedIn(caller);
    if (actor.id !== id && !caller.scopes.includes('users.read')) throw forbidden();
    const row = await this.users.findById(id);
    if (row === undefined) throw new HttpError(404, ACCOUNT_ERRORS.userNotFound);
    return this.dto(row, actor.id === id ? caller.scopes : undefined);
  }

  /**
   * Edits a user: your own profile with `me.write` (a new password needs the current one),
   * anyone's with `users.write`. Role and enabled changes need `users.write`; nobody changes
   * their own role or disables themselves, only admins grant or remove the admin role, and the
   * last enabled admin stays. A new password, username or disabling ends the user's sessions
   * (but the caller's own) and tokens.
   */
  async update(
    caller: Caller,
    id: number,
    body: UpdateUserBody,
    avatar: Buffer | null,
  ): Promise<User> {
    const actor = signedIn(caller);
    const self = actor.id === id;
    const canManage = caller.scopes.includes('users.write');
    this.assertMayEdit(caller, id);
    const target = await this.users.findById(id);
    if (target === undefined) throw new HttpError(404, ACCOUNT_ERRORS.userNotFound);

    const patch = profilePatch(body, target);
    const group = await this.requestedGroup(body, target);
    const role =
      group !== null
        ? roleOfGroup(group)
        : body.role === undefined
          ? undefined
          : roleFor(body.role, target.role);
    if (group !== null || (role !== undefined && role !== target.role)) {
      if (!canManage) throw forbidden();
      if (self) throw new HttpError(400, ACCOUNT_ERRORS.selfRole);
      if (target.role === 'admin' && actor.role !== 'admin') throw forbidden();
      assertGrantable(caller, role ?? target.role);
      if (role !== undefined) patch.role = role;
      if (group !== null) patch.permission_group_id = group.id;
    }
    if (body.enabled !== undefined && (body.enabled ? 1 : 0) !== target.enabled) {
      if (!canManage) throw forbidden();
      if (self) throw new HttpError(400, ACCOUNT_ERRORS.selfDisable);
      patch.enabled = body.enabled ? 1 : 0;
    }
    if (body.password !== undefined) {
      if (self) {
        if (body.current_password === undefined || body.current_password === '') {
          throw new HttpError(400, ACCOUNT_ERRORS.currentPasswordRequired);
        }
        const valid = await this.auth.verifyCurrentPassword(
          target,
          body.current_password,
          caller.ip ?? '',
        );
        if (!valid) {
          throw new HttpError(400, ACCOUNT_ERRORS.wrongCurrentPassword);
        }
      } else {
        assertGrantable(caller, patch.role ?? target.role);
      }
      patch.password_hash = await hashPassword(body.password);
    }
    if (avatar !== null) patch.avatar_path = await this.avatars.save(id, avatar);
    patch.updated_at = nowIso();

    const result = await this.users.updateChecked(id, patch);
    switch (result.outcome) {
      case 'not-found':
        throw new HttpError(404, ACCOUNT_ERRORS.userNotFound);
      case 'username-taken':
        throw new HttpError(409, 'Username already exists');
      case 'email-taken':
        throw new HttpError(409, 'Email already exists');
      case 'last-admin':
        throw new HttpError(400, ACCOUNT_ERRORS.lastAdmin);
      case 'updated':
        break;
    }
    const endsAccess =
      patch.password_hash !== undefined || patch.username !== undefined || patch.enabled === 0;
    if (endsAccess) await this.auth.endAccess(id, self ? caller.sessionId : undefined);
    else if (patch.role !== undefined) this.auth.forgetVerifiedCredentials(id);
    if (patch.role !== undefined) this.permissions.events.usersChanged([id]);
    const fresh = (await this.users.findById(id)) ?? result.user;
    return this.dto(fresh, self ? caller.scopes : undefined);
  }

  /**
   * Moves a user to a permission group (PUT /api/permissions/users/{id}); they take its role.
   * Nobody moves themselves to another role, and the last enabled admin stays.
   */
  async setGroup(caller: Caller, id: number, group: PermissionGroupRow): Promise<void> {
    const actor = signedIn(caller);
    const target = await this.users.findById(id);
    if (target === undefined) throw new HttpError(404, ACCOUNT_ERRORS.userNotFound);
    const role = roleOfGroup(group);
    if (actor.id === id && role !== target.role) throw new HttpError(400, ACCOUNT_ERRORS.selfRole);
    const result = await this.users.updateChecked(id, {
      role,
      permission_group_id: group.id,
      updated_at: nowIso(),
    });
    if (result.outcome === 'last-admin') throw new HttpError(400, ACCOUNT_ERRORS.lastAdmin);
    if (result.outcome === 'not-found') throw new HttpError(404, ACCOUNT_ERRORS.userNotFound);
    if (role !== target.role) this.auth.forgetVerifiedCredentials(id);
  }

  /** The group an edit moves the user to, when it names another one than theirs. */
  private async requestedGroup(
    body: UpdateUserBody,
    target: UserRow,
  ): Promise<PermissionGroupRow | null> {
    const id = body.permission_group_id;
    if (id === undefined || id === target.permission_group_id) return null;
    return id === null ? this.permissions.defaultGroup() : this.permissions.group(id);
  }

  /** The API shape of a user, with the scopes they hold now unless the caller's are given. */
  private async dto(row: UserRow, scopes?: readonly string[]): Promise<User> {
    return toUserDto(row, scopes ?? (await this.permissions.scopesOf(row)));
  }

  /** Called after a user is deleted, before the deletion is answered. */
  onDeleted(listener: UserDeletedListener): void {
    this.deletedListeners.add(listener);
  }

  /**
   * Deletes a user (`users.write`): never yourself, never the last enabled admin. Their rows go
   * with the user's (foreign keys), their files under `assets/users/<id>/` (avatar, saves,
   * states, screenshots and save history) here, and other modules' files by their listeners.
   */
  async delete(caller: Caller, id: number): Promise<void> {
    const actor = signedIn(caller);
    if (actor.id === id) throw new HttpError(400, ACCOUNT_ERRORS.selfDelete);
    const target = await this.users.findById(id);
    if (target === undefined) throw new HttpError(404, ACCOUNT_ERRORS.userNotFound);
    if (target.role === 'admin' && actor.role !== 'admin') throw forbidden();
    const outcome = await this.users.deleteChecked(id);
    if (outcome === 'not-found') throw new HttpError(404, ACCOUNT_ERRORS.userNotFound);
    if (outcome === 'last-admin') throw new HttpError(400, ACCOUNT_ERRORS.lastAdmin);
    this.auth.forgetVerifiedCredentials(id);
    await this.avatars.remove(id);
    for (const listener of this.deletedListeners) await listener(id);
  }

  /** The avatar image of a user (any signed-in user may see avatars). */
  async avatar(id: number): Promise<Buffer> {
    const row = await this.users.findById(id);
    const bytes = row === undefined || row.avatar_path === '' ? null : await this.avatars.read(id);
    if (bytes === null) throw new HttpError(404, 'Avatar not found');
    return bytes;
  }

  /** A single-use registration link for a role (`users.write`; admin invites by admins only). */
  async createInvite(
    caller: Caller,
    role: Role,
    expirationSeconds: number | undefined,
    origin: string,
  ): Promise<InviteLink> {
    const actor = signedIn(caller);
    if (!caller.scopes.includes('users.write')) throw forbidden();
    assertGrantable(caller, role);
    const token = await this.links.issue(
      { kind: 'invite', user_id: actor.id, role },
      expirationSeconds ?? this.options.inviteTokenSeconds,
    );
    const base = this.options.baseUrl ?? origin;
    return { token, url: `${base}/register?token=${encodeURIComponent(token)}` };
  }

  /** Creates an account from an invite; the link works once and only until it expires. */
  async register(body: RegisterBody, clientAddress: string): Promise<User> {
    await countRequest(this.registrations, clientAddress);
    const invite = await this.links.find(body.token);
    const now = toIsoUtc(new Date());
    if (invite?.kind !== 'invite' || invite.role === null) {
      throw new HttpError(400, ACCOUNT_ERRORS.inviteInvalid);
    }
    if (invite.used_at !== null) throw new HttpError(400, ACCOUNT_ERRORS.inviteUsed);
    if (invite.expires_at <= now) throw new HttpError(400, ACCOUNT_ERRORS.inviteExpired);
    // The inviter must still be allowed to make this invite (not disabled or demoted since).
    const inviter = invite.user_id === null ? undefined : await this.users.findById(invite.user_id);
    const inviterScopes: readonly string[] =
      inviter === undefined ? [] : await this.permissions.scopesOf(inviter);
    if (
      inviter?.enabled !== 1 ||
      !inviterScopes.includes('users.write') ||
      (invite.role === 'admin' && inviter.role !== 'admin')
    ) {
      throw new HttpError(400, ACCOUNT_ERRORS.inviteInvalid);
    }
    if (!(await this.links.claim(body.token, now))) {
      throw new HttpError(400, ACCOUNT_ERRORS.inviteUsed);
    }
    try {
      const created = await this.insert(
        {
          username: body.username,
          password: body.password,
          email: body.email,
          role: invite.role as Role,
        },
        { onlyIfNoAdmin: false },
      );
      if (created === 'admin-exists') throw new HttpError(400, ACCOUNT_ERRORS.inviteInvalid);
      return await this.dto(created);
    } catch (error) {
      await this.links.release(body.token);
      throw error;
    }
  }

  /** Pulls a user's RetroAchievements progression into `ra_progression`. */
  async refreshRetroAchievements(caller: Caller, id: number): Promise<User> {
    const actor = signedIn(caller);
    if (actor.id !== id && !caller.scopes.includes('users.write')) throw forbidden();
    if (this.ra === null) throw new HttpError(400, RA_NOT_CONFIGURED);
    const target = await this.users.findById(id);
    if (target === undefined) throw new HttpError(404, ACCOUNT_ERRORS.userNotFound);
    if (target.ra_username === null || target.ra_username === '') {
      throw new HttpError(400, 'Set a RetroAchievements username first');
    }
    const progression = await this.ra.userProgress(target.ra_username).catch((error: unknown) => {
      throw raUnavailable(error);
    });
    const result = await this.users.updateChecked(id, {
      ra_progression: JSON.stringify(progression),
      updated_at: nowIso(),
    });
    if (result.outcome !== 'updated') throw new HttpError(404, ACCOUNT_ERRORS.userNotFound);
    return this.dto(result.user, actor.id === id ? caller.scopes : undefined);
  }

  /**
   * Pulls the RetroAchievements progression of every user with a RetroAchievements username
   * (RomM's scheduled progress sync); a user whose read fails is logged and skipped. Returns
   * RomM's `update_stats`; throws when RetroAchievements is not configured.
   */
  async syncAllRetroAchievements(
    report: (done: number, total: number) => void,
    onFailure: (username: string, error: Error) => void,
  ): Promise<{ processed: number; failed: number; total: number }> {
    if (this.ra === null) throw new HttpError(400, RA_NOT_CONFIGURED);
    const linked = (await this.users.list()).filter(
      (user) => user.ra_username !== null && user.ra_username !== '',
    );
    const stats = { processed: 0, failed: 0, total: linked.length };
    report(0, linked.length);
    for (const user of linked) {
      try {
        const progression = await this.ra.userProgress(user.ra_username ?? '');
        await this.users.updateChecked(user.id, {
          ra_progression: JSON.stringify(progression),
          updated_at: nowIso(),
        });
      } catch (error) {
        stats.failed += 1;
        onFailure(user.username, raUnavailable(error));
      }
      stats.processed += 1;
      report(stats.processed, linked.length);
    }
    return stats;
  }

  private async insert(
    body: {
      username: string;
      password: string;
      email?: string | null | undefined;
      role: Role;
      groupId?: number | undefined;
    },
    options: { onlyIfNoAdmin: boolean },
  ): Promise<UserRow | 'admin-exists'> {
    const row = newUserRow({
      username: body.username.toLowerCase(),
      email: emailValue(body.email),
      passwordHash: await hashPassword(body.password),
      role: body.role,
    });
    const result = await this.users.insertChecked(
      body.groupId === undefined ? row : { ...row, permission_group_id: body.groupId },
      options,
    );
    switch (result.outcome) {
      case 'created':
        return result.user;
      case 'admin-exists':
        return 'admin-exists';
      case 'username-taken':
        throw new HttpError(409, 'Username already exists');
      case 'email-taken':
        throw new HttpError(409, 'Email already exists');
    }
  }
}
