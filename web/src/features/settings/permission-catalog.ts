import type { PERMISSION_ACTIONS, PERMISSION_ENTITIES } from '@romshelf/contract';
import type { PermissionGrant, PermissionOverride } from '@romshelf/contract';

export type PermissionEntity = (typeof PERMISSION_ENTITIES)[number];
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/** The catalogue's rows as the matrix shows them: what RomShelf does with each. */
export const MATRIX_ENTITIES: readonly PermissionEntity[] = [
  'roms',
  'platforms',
  'collections',
  'playlists',
  'firmware',
  'assets',
  'devices',
  'emulation',
  'users',
  'tasks',
  'logs',
];

/** A grant's key in the matrix: `entity:action`. */
export const grantKey = (entity: string, action: string) => `${entity}:${action}`;

export function keysOf(grants: readonly Pick<PermissionGrant, 'entity' | 'action'>[]): Set<string> {
  return new Set(grants.map((grant) => grantKey(grant.entity, grant.action)));
}

/** Own-only grants of personal entities stay own-only when saved from the matrix. */
const PERSONAL: ReadonlySet<string> = new Set(['collections', 'playlists', 'assets', 'devices']);

function split(key: string): { entity: PermissionEntity; action: PermissionAction } {
  const [entity, action] = key.split(':') as [PermissionEntity, PermissionAction];
  return { entity, action };
}

/** The grants of a set of matrix keys. */
export function grantsOf(keys: ReadonlySet<string>): PermissionGrant[] {
  return [...keys].map((key) => {
    const { entity, action } = split(key);
    return { entity, action, own_only: PERSONAL.has(entity) && action !== 'read' };
  });
}

/** The overrides that turn the group's keys into the wanted ones (grants and denials). */
export function overridesBetween(
  group: ReadonlySet<string>,
  wanted: ReadonlySet<string>,
): PermissionOverride[] {
  const granted = [...wanted].filter((key) => !group.has(key));
  const denied = [...group].filter((key) => !wanted.has(key));
  return [
    ...grantsOf(new Set(granted)).map((grant) => ({ ...grant, granted: true })),
    ...denied.map((key) => ({ ...split(key), own_only: false, granted: false })),
  ];
}

/** The keys a user holds: the group's, plus their grants, minus their denials. */
export function effectiveKeys(
  group: ReadonlySet<string>,
  overrides: readonly PermissionOverride[],
): Set<string> {
  const keys = new Set(group);
  for (const override of overrides) {
    const key = grantKey(override.entity, override.action);
    if (override.granted) keys.add(key);
    else keys.delete(key);
  }
  return keys;
}
