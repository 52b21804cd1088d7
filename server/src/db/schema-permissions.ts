import type { Generated } from 'kysely';

/** Named sets of grants (RomM 5.2 permission groups); `system_key` marks the built-in three. */
export interface PermissionGroupTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  is_default: Generated<number>;
  /** 'viewer', 'editor' or 'admin' for the built-in groups, null for the admin's own. */
  system_key: string | null;
  color: string | null;
  created_at: string;
  updated_at: string;
}

/** One (entity, action) a group grants; `own_only` limits it to what the member owns. */
export interface PermissionGroupGrantTable {
  group_id: number;
  entity: string;
  action: string;
  own_only: Generated<number>;
}

/** A per-user grant (`granted` 1) or denial (0) on top of the user's group. */
export interface UserPermissionOverrideTable {
  user_id: number;
  entity: string;
  action: string;
  granted: number;
  own_only: Generated<number>;
}

/** A platform or ROM hidden from one user or from the members of one permission group. */
export interface HiddenItemTable {
  id: Generated<number>;
  /** `platforms` or `roms` (RomM's entity names). */
  entity: string;
  entity_id: number;
  user_id: number | null;
  group_id: number | null;
  created_at: string;
}

/** A link downloading one ROM without a session (download-links module). */
export interface DownloadLinkTable {
  id: Generated<number>;
  user_id: number;
  rom_id: number;
  /** SHA-256 (hex) of the link's token. */
  hashed_token: string;
  expires_at: string;
  created_at: string;
  last_used_at: string | null;
  downloads: Generated<number>;
}
