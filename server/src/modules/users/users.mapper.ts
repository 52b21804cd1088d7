import type { User } from '@romshelf/contract';
import { RoleSchema } from '@romshelf/contract';

import type { UserRow } from '../../db/schema.js';

function parseJsonObject(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Where the web app loads a user's avatar ('' without one), with a cache buster. */
export function avatarUrl(row: Pick<UserRow, 'id' | 'avatar_path' | 'updated_at'>): string {
  if (row.avatar_path === '') return '';
  const stamp = Date.parse(row.updated_at);
  return `/api/users/${row.id}/avatar?ts=${Number.isNaN(stamp) ? 0 : stamp}`;
}

/**
 * The API shape of a user (RomM UserSchema fields and RomShelf's `share_activity`): `oauth_scopes`
 * are the scopes they hold (their group's and their own, or the caller's narrower ones).
 */
export function toUserDto(row: UserRow, scopes: readonly string[]): User {
  const role = RoleSchema.catch('viewer').parse(row.role);
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    enabled: row.enabled === 1,
    role,
    oauth_scopes: [...scopes],
    avatar_path: avatarUrl(row),
    last_login: row.last_login,
    previous_login: row.previous_login,
    last_active: row.last_active,
    ra_username: row.ra_username,
    ra_progression: parseJsonObject(row.ra_progression),
    ui_settings: parseJsonObject(row.ui_settings),
    permission_group_id: row.permission_group_id,
    current_device_id: null,
    share_activity: row.share_activity === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
