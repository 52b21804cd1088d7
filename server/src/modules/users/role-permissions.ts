import type { MyPermissions, PermissionActionKey, PermissionGroup, Role } from '@romshelf/contract';
import { PERMISSION_ACTION_KEYS, PERMISSION_ENTITIES, scopesForRole } from '@romshelf/contract';

type Grant = PermissionGroup['grants'][number];
type Entity = Grant['entity'];

function isEntity(name: string): name is Entity {
  return (PERMISSION_ENTITIES as readonly string[]).includes(name);
}

/** Entities that belong to one user each: their grants reach only the user's own. */
const PERSONAL_ENTITIES: ReadonlySet<Entity> = new Set([
  'collections',
  'playlists',
  'assets',
  'devices',
]);
/** Entities whose write scope also lets the holder delete them. */
const DELETABLE_ENTITIES: ReadonlySet<Entity> = new Set([
  'platforms',
  'roms',
  'firmware',
  'users',
  ...PERSONAL_ENTITIES,
]);

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
  'users:read': ['user.view'],
  'users:write': ['user.create', 'user.edit', 'user.delete'],
};

/**
 * The grants a role amounts to in RomM's vocabulary, from the role's scopes: `X.read` →
 * (X, read), `X.write` → (X, write) and, where it can delete, (X, delete); `tasks.run` →
 * (tasks, write). Everyone may play in the browser (emulation, read).
 */
export function grantsOfRole(role: Role): Grant[] {
  const grants: Grant[] = [{ entity: 'emulation', action: 'read', own_only: false }];
  for (const scope of scopesForRole(role)) {
    if (scope === 'tasks.run') {
      grants.push({ entity: 'tasks', action: 'write', own_only: false });
      continue;
    }
    const [entity, action] = scope.split('.') as [Entity, string];
    // me.* and roms.user.* have no grant: everyone holds them.
    if (!isEntity(entity) || (action !== 'read' && action !== 'write')) continue;
    const ownOnly = action === 'write' && PERSONAL_ENTITIES.has(entity);
    grants.push({ entity, action, own_only: ownOnly });
    if (action === 'write' && DELETABLE_ENTITIES.has(entity)) {
      grants.push({ entity, action: 'delete', own_only: ownOnly });
    }
  }
  return grants;
}

/** GET /api/permissions/me for a user of this role: admins hold every action. */
export function permissionsOfRole(role: Role): MyPermissions {
  const held = new Set(
    grantsOfRole(role).flatMap(
      (grant) => ACTION_KEYS_OF_GRANT[`${grant.entity}:${grant.action}`] ?? [],
    ),
  );
  const keys =
    role === 'admin'
      ? PERMISSION_ACTION_KEYS
      : PERMISSION_ACTION_KEYS.filter((key) => held.has(key));
  return {
    is_admin: role === 'admin',
    grants: keys.map((action) => ({ action, scope: { kind: 'global', id: null } })),
    hidden: { platforms: [], roms: [] },
  };
}

/** The built-in groups: RomM's legacy Viewer (the default) and Editor are RomShelf's roles. */
export const BUILT_IN_GROUPS = [
  { id: 1, role: 'viewer', name: 'Viewer', isDefault: true },
  { id: 2, role: 'editor', name: 'Editor', isDefault: false },
] as const satisfies readonly { id: number; role: Role; name: string; isDefault: boolean }[];

/** The group a user of this role belongs to (`permission_group_id`); admins have none. */
export function permissionGroupIdOf(role: Role): number | null {
  return BUILT_IN_GROUPS.find((group) => group.role === role)?.id ?? null;
}

export function builtInGroups(memberCount: (role: Role) => number): PermissionGroup[] {
  return BUILT_IN_GROUPS.map((group) => ({
    id: group.id,
    name: group.name,
    description: `The ${group.role} role of RomShelf`,
    is_default: group.isDefault,
    is_system: true,
    system_key: group.role,
    color: null,
    grants: grantsOfRole(group.role),
    member_count: memberCount(group.role),
    hidden: [],
    age_limit: null,
    hide_unrated_roms: false,
  }));
}
