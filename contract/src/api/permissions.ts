import { z } from 'zod';

/** RomM's UI action keys, in RomM's order: what `GET /api/permissions/me` grants. */
export const PERMISSION_ACTION_KEYS = [
  'rom.view',
  'rom.play',
  'rom.download',
  'rom.upload',
  'rom.edit',
  'rom.delete',
  'rom.match',
  'rom.refresh',
  'rom.favorite',
  'platform.view',
  'platform.create',
  'platform.edit',
  'platform.delete',
  'collection.view',
  'collection.create',
  'collection.edit',
  'collection.delete',
  'playlist.edit',
  'library.scan',
  'stream.start',
  'netplay.host',
  'user.view',
  'user.create',
  'user.edit',
  'user.delete',
  'app.admin',
] as const;
export type PermissionActionKey = (typeof PERMISSION_ACTION_KEYS)[number];

/** RomM's permission vocabulary: entities and actions of a grant. */
export const PERMISSION_ENTITIES = [
  'platforms',
  'roms',
  'collections',
  'playlists',
  'firmware',
  'assets',
  'devices',
  'users',
  'tasks',
  'logs',
  'streaming',
  'emulation',
] as const;
export const PERMISSION_ACTIONS = ['read', 'write', 'delete'] as const;

/** GET /api/permissions/me: the caller's permissions, for RomM's clients to show or hide actions. */
export const MyPermissionsSchema = z.object({
  is_admin: z.boolean(),
  grants: z.array(
    z.object({
      action: z.enum(PERMISSION_ACTION_KEYS),
      scope: z.object({
        kind: z.enum(['global', 'platform', 'collection', 'rom']),
        id: z.number().int().nullable(),
      }),
    }),
  ),
  /** Platforms and ROMs hidden from the caller (none: RomShelf does not hide by permission). */
  hidden: z.object({ platforms: z.array(z.number().int()), roms: z.array(z.number().int()) }),
});
export type MyPermissions = z.infer<typeof MyPermissionsSchema>;

/** A built-in permission group (RomM PermissionGroupSchema): one per non-admin role. */
export const PermissionGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  is_default: z.boolean(),
  /** Seeded by the server and not deletable (both of RomShelf's groups are). */
  is_system: z.boolean(),
  /** The role the group stands for (RomM's seeded `viewer` and `editor` groups). */
  system_key: z.enum(['viewer', 'editor']).nullable(),
  color: z.string().nullable(),
  grants: z.array(
    z.object({
      entity: z.enum(PERMISSION_ENTITIES),
      action: z.enum(PERMISSION_ACTIONS),
      own_only: z.boolean(),
    }),
  ),
  member_count: z.number().int(),
  hidden: z.array(z.object({ entity: z.enum(PERMISSION_ENTITIES), entity_id: z.number().int() })),
  age_limit: z.number().int().nullable(),
  hide_unrated_roms: z.boolean(),
});
export type PermissionGroup = z.infer<typeof PermissionGroupSchema>;

/** Socket events about permissions (RomM emits the same). */
export const PERMISSION_EVENTS = { changed: 'permissions:changed' } as const;

/** Whose effective permissions changed: a user's id, or null when it may be anyone's. */
export interface PermissionsChangedPayload {
  user_id: number | null;
}

export interface PermissionServerToClientEvents {
  [PERMISSION_EVENTS.changed]: (payload: PermissionsChangedPayload) => void;
}
