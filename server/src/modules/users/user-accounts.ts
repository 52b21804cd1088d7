import { UI_SETTINGS_DEFAULTS } from '@romshelf/contract';
import type { Role } from '@romshelf/contract';

import type { NewUserRow, UserRow } from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';
import type { UsersRepository } from './users.repository.js';

export type UserUpdateOutcome = Awaited<ReturnType<UsersRepository['updateChecked']>>;
export type UserInsertOutcome = Awaited<ReturnType<UsersRepository['insertChecked']>>;

/** A fresh, enabled account row: no avatar or activity yet, the default interface settings. */
export function newUserRow(fields: {
  username: string;
  email: string | null;
  passwordHash: string;
  role: Role;
}): NewUserRow {
  const now = nowIso();
  return {
    username: fields.username,
    email: fields.email,
    password_hash: fields.passwordHash,
    enabled: 1,
    role: fields.role,
    avatar_path: '',
    ra_username: null,
    ra_progression: null,
    ui_settings: JSON.stringify(UI_SETTINGS_DEFAULTS),
    last_login: null,
    last_active: null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * The accounts as other modules see them: sign-in, single sign-on, password resets and the setup
 * wizard read users and record activity here. The access rules of the users API stay in
 * UsersService (which itself depends on the auth module, so these reads live apart from it).
 */
export class UserAccounts {
  constructor(private readonly users: UsersRepository) {}

  async findById(id: number): Promise<UserRow | undefined> {
    return this.users.findById(id);
  }

  async findByUsername(username: string): Promise<UserRow | undefined> {
    return this.users.findByUsername(username);
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    return this.users.findByEmail(email);
  }

  async adminExists(): Promise<boolean> {
    return this.users.adminExists();
  }

  async recordLogin(id: number, now: string): Promise<void> {
    await this.users.setLastLogin(id, now);
  }

  async recordActivity(id: number, now: string): Promise<void> {
    await this.users.setLastActive(id, now);
  }

  /** Invalidates every bearer token issued to the user so far. */
  async revokeTokens(id: number): Promise<void> {
    await this.users.bumpTokenVersion(id);
  }

  /** Stores a new password hash; false when the user is gone. */
  async setPasswordHash(id: number, passwordHash: string): Promise<boolean> {
    const result = await this.users.updateChecked(id, {
      password_hash: passwordHash,
      updated_at: nowIso(),
    });
    return result.outcome === 'updated';
  }

  /** Changes a role (never removing the last enabled admin). */
  async setRole(id: number, role: Role, now: string): Promise<UserUpdateOutcome> {
    return this.users.updateChecked(id, { role, updated_at: now });
  }

  /** Creates an enabled account unless the username or e-mail is taken. */
  async create(fields: Parameters<typeof newUserRow>[0]): Promise<UserInsertOutcome> {
    return this.users.insertChecked(newUserRow(fields), { onlyIfNoAdmin: false });
  }
}
