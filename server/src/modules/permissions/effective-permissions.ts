import type {
  MyPermissions,
  PermissionActionKey,
  PermissionGrant,
  PermissionOverride,
  Scope,
} from '@romshelf/contract';
import { FULL_SCOPES, PERMISSION_ACTION_KEYS } from '@romshelf/contract';

/** Scopes every signed-in user holds: their own account and their own game data. */
const EVERYONE_SCOPES: readonly Scope[] = [
  'me.read',
  'me.write',
  'roms.user.read',
  'roms.user.write',
];

/** The scope each (entity, action) grant gives; grants without one gate UI actions only. */
const SCOPE_OF_GRANT: Readonly<Record<string, Scope>> = {
  'roms:read': 'roms.read',
  'roms:write': 'roms.write',
  'platforms:read': 'platforms.read',
  'platforms:write': 'platforms.write',
  'firmware:read': 'firmware.read',
  'firmware:write': 'firmware.write',
  'assets:read': 'assets.read',
  'assets:write': 'assets.write',
  'devices:read': 'devices.read',
  'devices:write': 'devices.write',
  'collections:read': 'collections.read',
  'collections:write': 'collections.write',
  'playlists:read': 'playlists.read',
  'playlists:write': 'playlists.write',
  'users:read': 'users.read',
  'users:write': 'users.write',
  'tasks:write': 'tasks.run',
  'logs:read': 'logs.read',
};

/**
 * RomM's projection of grants onto its UI action keys (one grant unlocks several actions).
 * RomShelf has no streaming, so `stream.start` is never granted.
 */
const ACTION_KEYS_OF_GRANT: Readonly<Record<string, readonly PermissionActionKey[]>> = {
  'roms:read': ['rom.view', 'rom.download', 'rom.favorite'],
  'roms:write': ['rom.upload', 'rom.edit', 'rom.match', 'rom.refresh'],
  'roms:delete': ['rom.delete'],
  'platforms:read': ['platform.view'],
  'platforms:write': ['platform.create', 'platform.edit', 'library.scan'],
  'platforms:delete': ['platform.delete'],
  'collections:read': ['collection.view'],
  'collections:write': ['collection.create', 'collection.edit'],
  'collections:delete': ['collection.delete'],
  'playlists:write': ['playlist.edit'],
  'emulation:read': ['rom.play'],
  'emulation:write': ['netplay.host'],
  'users:read': ['user.view'],
  'users:write': ['user.create', 'user.edit', 'user.delete'],
};

const keyOf = (grant: Pick<PermissionGrant, 'entity' | 'action'>) =>
  `${grant.entity}:${grant.action}`;

/** What a user is, as far as permissions go. */
export interface PermissionSubject {
  isAdmin: boolean;
  /** Their group's grants. */
  grants: readonly PermissionGrant[];
  /** Their own grants and denials, which win over the group's. */
  overrides: readonly PermissionOverride[];
}

/** The grants a user holds: the group's, plus their own grants, minus their own denials. */
export function effectiveGrants(subject: PermissionSubject): PermissionGrant[] {
  const held = new Map(subject.grants.map((grant) => [keyOf(grant), grant]));
  for (const override of subject.overrides) {
    if (override.granted) {
      const { entity, action, own_only } = override;
      held.set(keyOf(override), { entity, action, own_only });
    } else {
      held.delete(keyOf(override));
    }
  }
  return [...held.values()];
}

/** The scopes a user holds, in the catalogue's order: every scope for administrators. */
export function scopesOfSubject(subject: PermissionSubject): Scope[] {
  if (subject.isAdmin) return [...FULL_SCOPES];
  const held = new Set<Scope>(EVERYONE_SCOPES);
  for (const grant of effectiveGrants(subject)) {
    const scope = SCOPE_OF_GRANT[keyOf(grant)];
    if (scope !== undefined) held.add(scope);
  }
  return FULL_SCOPES.filter((scope) => held.has(scope));
}

/** GET /api/permissions/me for a user: admins hold every action. */
export function myPermissionsOf(
  subject: PermissionSubject,
  hidden: MyPermissions['hidden'],
): MyPermissions {
  const held = new Set(
    effectiveGrants(subject).flatMap((grant) => ACTION_KEYS_OF_GRANT[keyOf(grant)] ?? []),
  );
  const keys = subject.isAdmin
    ? PERMISSION_ACTION_KEYS
    : PERMISSION_ACTION_KEYS.filter((key) => held.has(key));
  return {
    is_admin: subject.isAdmin,
    grants: keys.map((action) => ({ action, scope: { kind: 'global', id: null } })),
    hidden,
  };
}
