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
  /** Platforms and ROMs hidden from the caller. */
  hidden: z.object({ platforms: z.array(z.number().int()), roms: z.array(z.number().int()) }),
});
export type MyPermissions = z.infer<typeof MyPermissionsSchema>;

/** The keys of the built-in groups: RomShelf's former roles. */
export const SYSTEM_GROUP_KEYS = ['viewer', 'editor', 'admin'] as const;
export type SystemGroupKey = (typeof SYSTEM_GROUP_KEYS)[number];

/** One (entity, action) a group grants; `own_only` limits it to what the member owns. */
export const PermissionGrantSchema = z.object({
  entity: z.enum(PERMISSION_ENTITIES),
  action: z.enum(PERMISSION_ACTIONS),
  own_only: z.boolean().default(false),
});
export type PermissionGrant = z.infer<typeof PermissionGrantSchema>;

/** A per-user grant (`granted` true) or denial (false) on top of the user's group. */
export const PermissionOverrideSchema = PermissionGrantSchema.extend({ granted: z.boolean() });
export type PermissionOverride = z.infer<typeof PermissionOverrideSchema>;

const HiddenEntitySchema = z.object({
  entity: z.enum(PERMISSION_ENTITIES),
  entity_id: z.number().int(),
});

/** A permission group (RomM PermissionGroupSchema). */
export const PermissionGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  is_default: z.boolean(),
  /** RomShelf's: one of the three built-in groups, which cannot be deleted. */
  is_system: z.boolean(),
  /** The former role a built-in group stands for; null for the groups admins create. */
  system_key: z.enum(SYSTEM_GROUP_KEYS).nullable(),
  color: z.string().nullable(),
  grants: z.array(PermissionGrantSchema),
  member_count: z.number().int(),
  hidden: z.array(HiddenEntitySchema),
  age_limit: z.number().int().nullable(),
  hide_unrated_roms: z.boolean(),
});
export type PermissionGroup = z.infer<typeof PermissionGroupSchema>;

const GroupNameSchema = z.string().trim().min(1).max(255);
const GroupColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{3,8}$/, 'Expected a hex colour such as #7c5cff')
  .nullable();

/** POST /api/permissions/groups. */
export const CreatePermissionGroupBodySchema = z.object({
  name: GroupNameSchema,
  description: z.string().max(1000).default(''),
  is_default: z.boolean().default(false),
  color: GroupColorSchema.default(null),
  grants: z.array(PermissionGrantSchema).max(100).default([]),
});
export type CreatePermissionGroupBody = z.input<typeof CreatePermissionGroupBodySchema>;

/** PUT /api/permissions/groups/{id}: the fields given change. */
export const UpdatePermissionGroupBodySchema = z.object({
  name: GroupNameSchema.nullish(),
  description: z.string().max(1000).nullish(),
  is_default: z.boolean().nullish(),
  color: GroupColorSchema.optional(),
  grants: z.array(PermissionGrantSchema).max(100).nullish(),
});
export type UpdatePermissionGroupBody = z.input<typeof UpdatePermissionGroupBodySchema>;

/** GET /api/permissions/catalog: the vocabulary of grants. */
export const PermissionCatalogSchema = z.object({
  entities: z.array(z.enum(PERMISSION_ENTITIES)),
  actions: z.array(z.enum(PERMISSION_ACTIONS)),
});
export type PermissionCatalog = z.infer<typeof PermissionCatalogSchema>;

/** GET /api/permissions/users/{id}: a user's group and overrides (RomM UserPermissionsSchema). */
export const UserPermissionsSchema = z.object({
  user_id: z.number().int(),
  permission_group_id: z.number().int().nullable(),
  overrides: z.array(PermissionOverrideSchema),
  hidden: z.array(HiddenEntitySchema),
  age_limit: z.number().int().nullable(),
  hide_unrated_roms: z.boolean().nullable(),
});
export type UserPermissions = z.infer<typeof UserPermissionsSchema>;

/**
 * PUT /api/permissions/users/{id}: with `set_group`, the group (null: the default group);
 * `overrides`, when given, replace the user's.
 */
export const UpdateUserPermissionsBodySchema = z.object({
  permission_group_id: z.number().int().nullable().default(null),
  set_group: z.boolean().default(false),
  overrides: z.array(PermissionOverrideSchema).max(100).nullish(),
});
export type UpdateUserPermissionsBody = z.input<typeof UpdateUserPermissionsBodySchema>;

/** Socket events about permissions (RomM emits the same). */
export const PERMISSION_EVENTS = { changed: 'permissions:changed' } as const;

/** Whose effective permissions changed: a user's id, or null when it may be anyone's. */
export interface PermissionsChangedPayload {
  user_id: number | null;
}

export interface PermissionServerToClientEvents {
  [PERMISSION_EVENTS.changed]: (payload: PermissionsChangedPayload) => void;
}
