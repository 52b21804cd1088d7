/** Roles and OAuth scopes, with RomM 4.x scope sets so third-party clients keep working. */

export const ROLES = ['admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const READ_SCOPES = [
  'me.read',
  'roms.read',
  'platforms.read',
  'assets.read',
  'devices.read',
  'firmware.read',
  'roms.user.read',
  'collections.read',
  'playlists.read',
] as const;

export const WRITE_SCOPES = [
  ...READ_SCOPES,
  'me.write',
  'assets.write',
  'devices.write',
  'roms.user.write',
  'collections.write',
  'playlists.write',
] as const;

export const EDIT_SCOPES = [
  ...WRITE_SCOPES,
  'roms.write',
  'platforms.write',
  'firmware.write',
] as const;

export const FULL_SCOPES = [
  ...EDIT_SCOPES,
  'users.read',
  'users.write',
  'tasks.run',
  'logs.read',
] as const;

export type Scope = (typeof FULL_SCOPES)[number];

export const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  viewer: WRITE_SCOPES,
  editor: EDIT_SCOPES,
  admin: FULL_SCOPES,
};

export function scopesForRole(role: string): readonly Scope[] {
  return (ROLE_SCOPES as Record<string, readonly Scope[] | undefined>)[role] ?? [];
}

/** Account field rules (RomM-compatible). */
export const USERNAME_PATTERN = /^[a-zA-Z0-9_-]+$/;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 255;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 255;
export const EMAIL_PATTERN = /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/;
