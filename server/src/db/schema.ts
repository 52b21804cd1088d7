import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Accounts. Booleans are 0/1 integers; JSON columns hold serialised text. */
export interface UserTable {
  id: Generated<number>;
  /** Always lowercase. */
  username: string;
  /** Lowercase; unique when present. */
  email: string | null;
  password_hash: string;
  enabled: number;
  role: string;
  /** Path under the assets folder, '' when the user has no avatar. */
  avatar_path: string;
  ra_username: string | null;
  ra_progression: string | null;
  ui_settings: string | null;
  last_login: string | null;
  last_active: string | null;
  created_at: string;
  updated_at: string;
  /** Bumped when the password changes or the account is disabled: older bearer tokens die. */
  token_version: Generated<number>;
}

/** Browser sessions. `id` is the SHA-256 (hex) of the token held in the cookie. */
export interface SessionTable {
  id: string;
  user_id: number;
  csrf_token: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  user_agent: string | null;
}

/** OAuth refresh tokens handed out by POST /api/token (by JWT id); each works once. */
export interface RefreshTokenTable {
  jti: string;
  user_id: number;
  expires_at: string;
  used_at: string | null;
}

/**
 * Single-use links: invites (`role` set, `user_id` = inviter) and password resets (`user_id` =
 * the account). `id` is the SHA-256 (hex) of the token in the link.
 */
export interface OneTimeTokenTable {
  id: string;
  kind: 'invite' | 'reset';
  user_id: number | null;
  role: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  refresh_token: RefreshTokenTable;
  one_time_token: OneTimeTokenTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUserRow = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type SessionRow = Selectable<SessionTable>;
export type OneTimeTokenRow = Selectable<OneTimeTokenTable>;
