import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

import type { DatTables } from './schema-dats.js';
import type {
  DeviceSaveSyncTable,
  DeviceTable,
  PlaySessionTable,
  SyncSessionTable,
} from './schema-devices.js';
import type {
  DownloadLinkTable,
  HiddenItemTable,
  PermissionGroupGrantTable,
  PermissionGroupTable,
  UserPermissionOverrideTable,
} from './schema-permissions.js';
import type { SaveHistoryTables } from './schema-save-history.js';
import type { RomListTables } from './schema-rom-list.js';
import type { WebdavTables } from './schema-webdav.js';

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
  /** The sign-in before the current one; null until the user signs in a second time. */
  previous_login: Generated<string | null>;
  last_active: string | null;
  created_at: string;
  updated_at: string;
  /** Bumped when the password changes or the account is disabled: older bearer tokens die. */
  token_version: Generated<number>;
  /** 1 when other users may see this user's play activity (administrators always may). */
  share_activity: Generated<number>;
  /** The user's permission group; null falls back to the default group. */
  permission_group_id: Generated<number | null>;
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

/** Platform folders found in the library (one row per folder, `fs_slug` = folder name). */
export interface PlatformTable {
  id: Generated<number>;
  slug: string;
  fs_slug: string;
  name: string;
  custom_name: string | null;
  description: string | null;
  igdb_id: number | null;
  sgdb_id: number | null;
  moby_id: number | null;
  ss_id: number | null;
  ra_id: number | null;
  launchbox_id: number | null;
  hasheous_id: number | null;
  tgdb_id: number | null;
  flashpoint_id: number | null;
  igdb_slug: string | null;
  moby_slug: string | null;
  hltb_slug: string | null;
  libretro_slug: string | null;
  category: string | null;
  generation: number | null;
  family_name: string | null;
  family_slug: string | null;
  url: string | null;
  url_logo: string | null;
  missing_from_fs: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** ROMs: a file or a folder directly inside a platform's ROM folder. */
export interface RomTable {
  id: Generated<number>;
  platform_id: number;
  fs_name: string;
  fs_name_no_tags: string;
  fs_name_no_ext: string;
  fs_extension: string;
  /** Library-relative folder holding the ROM, e.g. `roms/snes`. */
  fs_path: string;
  fs_size_bytes: number;
  /** Latest modification time of the ROM's files, in ms. */
  fs_mtime_ms: number;
  kind: 'file' | 'nested' | 'multi';
  name: string | null;
  name_sort_key: string;
  /** Generated: first character of name_sort_key. */
  sort_char: Generated<string>;
  /** Words of the name and tag-free file name, folded (romSearchText; indexed by rom_search). */
  search_text: string;
  slug: string | null;
  summary: string | null;
  igdb_id: number | null;
  sgdb_id: number | null;
  moby_id: number | null;
  ss_id: number | null;
  ra_id: number | null;
  launchbox_id: number | null;
  hasheous_id: number | null;
  tgdb_id: number | null;
  hltb_id: number | null;
  /** JSON string lists. */
  regions: string;
  languages: string;
  tags: string;
  revision: string | null;
  crc_hash: string | null;
  md5_hash: string | null;
  sha1_hash: string | null;
  /** RetroAchievements hash of the ROM (its single or top-level file's); null for none. */
  ra_hash: string | null;
  missing_from_fs: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Address the stored cover was fetched from (null when uploaded or none). */
  url_cover: Generated<string | null>;
  /** When the stored cover (WebP small/big) was written; null = no cover. */
  cover_updated_at: Generated<string | null>;
  /** When the stored PDF manual was written; null = no manual. */
  manual_updated_at: Generated<string | null>;
  /** The manual the metadata providers offer (downloaded again on request); null = none. */
  url_manual: Generated<string | null>;
  /** JSON list of fields edited by hand (kept by metadata updates). */
  manual_fields: Generated<string>;
  /** JSON map source → normalised provider game (metadata module); null = never identified. */
  metadata_results: Generated<string | null>;
  /** JSON RomMetadataSchema facets merged from the provider results. */
  metadatum: Generated<string | null>;
  /** JSON string list. */
  alternative_names: Generated<string>;
  youtube_video_id: Generated<string | null>;
  /** JSON list of screenshot URLs the stored screenshots were fetched from. */
  url_screenshots: Generated<string>;
  /** JSON list of stored screenshot paths, relative to the resources folder. */
  path_screenshots: Generated<string>;
  /** JSON map source → how its id was found (`hash`, `name`, `id`, `manual`, `stored`). */
  match_methods: Generated<string>;
  /** Virtual: the versions group, `<provider>-<platform>-<id>` of the first provider id; null = none. */
  group_key: Generated<string | null>;
  /** Generated: the merged metadata's first release date (ms); null = unknown. */
  first_release_date: Generated<number | null>;
}

/** LaunchBox Games Database dump: games (`data` = the record's fields as JSON). */
export interface LaunchboxGameTable {
  database_id: number;
  name: string;
  platform: string;
  /** `lower(name):platform`. */
  name_key: string;
  /** Folded name (no accents, spaces or punctuation) + `:platform`. */
  folded_key: string;
  data: string;
}

export interface LaunchboxAltNameTable {
  alt_key: string;
  database_id: number;
  name: string;
  region: string | null;
}

export interface LaunchboxImageTable {
  database_id: number;
  file_name: string;
  type: string;
  region: string | null;
}

/** A user's own data about a ROM (play status, favourite, rating, notes…). */
export interface RomUserTable {
  id: Generated<number>;
  user_id: number;
  rom_id: number;
  /** One of PLAY_STATUSES, or null. */
  status: string | null;
  is_main_sibling: Generated<number>;
  rating: Generated<number>;
  difficulty: Generated<number>;
  completion: Generated<number>;
  last_played: string | null;
  created_at: string;
  updated_at: string;
}

/** One filterable value of a ROM (migration 202611280100_rom_facets, db/rom-facets-sql.ts). */
export interface RomFacetTable {
  /** A `filter_values` key (`genres`, `regions`, …) or `verified`. */
  kind: string;
  value: string;
  rom_id: number;
  /** The ROM's (migration 202612020400_rom_facet_counts). */
  platform_id: number;
}

/** A ROM's versions group and rank in it (migration 202612020410_rom_versions), kept by triggers. */
export interface RomVersionTable {
  rom_id: number;
  group_key: string;
  /** 1 for a pre-release (demo, beta, prototype…). */
  prerelease: number;
  /** The best rank of its regions in `rom_version_region`. */
  region_rank: number;
  fs_name_no_ext: string;
  /** 1 for its group's best member (a caller's main version aside). */
  is_winner: number;
}

/** The rank of each region name under `scan.priority.region`. */
export interface RomVersionRegionTable {
  region: string;
  rank: number;
}

/** A user's saved ROM filter; members are the live result of `filter_criteria` (JSON). */
export interface SmartCollectionTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: string;
  filter_criteria: string;
  is_public: number;
  created_at: string;
  updated_at: string;
}

/** Notes about a ROM (RomM 5): several per user, public or private; `tags` is a JSON list. */
export interface RomNoteTable {
  id: Generated<number>;
  rom_id: number;
  user_id: number;
  title: string;
  content: string;
  is_public: number;
  tags: string;
  created_at: string;
  updated_at: string;
}

/** Files of a ROM (one for a plain file ROM). */
export interface RomFileTable {
  id: Generated<number>;
  rom_id: number;
  file_name: string;
  /** Library-relative folder of the file. */
  file_path: string;
  file_size_bytes: number;
  mtime_ms: number;
  last_modified: string | null;
  crc_hash: string | null;
  md5_hash: string | null;
  sha1_hash: string | null;
  /** RetroAchievements hash (modules/hashing/ra-hash.ts); null when the console has no rule. */
  ra_hash: string | null;
  category: string | null;
  /** JSON list of zip members, or null. */
  archive_members: string | null;
  is_top_level: number;
  missing_from_fs: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** BIOS / firmware files found in the library's `bios` folders (or uploaded there). */
export interface FirmwareTable {
  id: Generated<number>;
  platform_id: number;
  file_name: string;
  /** Library-relative folder, e.g. `bios/psx` or `psx/bios`. */
  file_path: string;
  file_size_bytes: number;
  mtime_ms: number;
  crc_hash: string;
  md5_hash: string;
  sha1_hash: string;
  is_verified: number;
  missing_from_fs: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A user's emulator save, state or screenshot for one ROM, stored under the assets folder. */
export interface PlayAssetTable {
  id: Generated<number>;
  kind: 'save' | 'state' | 'screenshot';
  user_id: number;
  rom_id: number;
  file_name: string;
  /** Folder relative to the assets folder, e.g. `users/3/states/nes/12`. */
  file_path: string;
  file_size_bytes: number;
  emulator: string | null;
  /** MD5 of the content. */
  content_hash: string | null;
  /** A save's slot (RomM): uploads to a slot keep their versions, the oldest pruned. */
  slot: string | null;
  /** The device that first uploaded a save; cleared when that device is removed. */
  origin_device_id: string | null;
  /** The device that wrote the current content (null: none named). */
  written_by_device_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: other users see it in the game's `all_user_*` lists and may download it. */
  is_public: Generated<number>;
  /** 1: a screenshot the user added to the game's gallery (not one taken with a save or state). */
  is_gallery: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** The ID token a session signed in with through single sign-on. */
export interface OidcSessionTable {
  session_id: string;
  id_token: string;
}

/** A provider role not applied because the user is the last administrator. */
export interface OidcRoleKeptTable {
  user_id: number;
  provider_role: string;
  kept_at: string;
}

/** One ended task run (history of the Tasks page). */
/** A schedule saved on the Tasks page; it overrides the task's environment variables. */
export interface TaskScheduleTable {
  task_name: string;
  /** 1 when the task runs on its schedule, 0 when it runs by hand only. */
  enabled: number;
  cron: string;
  updated_at: string;
}

export interface TaskRunTable {
  id: string;
  task_key: string;
  /** The task's title when it ran. */
  task_name: string;
  task_type: string;
  /** manual, scheduled or watcher. */
  trigger: string;
  /** finished or failed. */
  status: string;
  created_at: string;
  started_at: string | null;
  ended_at: string;
  duration_ms: number;
  /** JSON: the run's counters under RomM's meta keys. */
  meta: Generated<string>;
  error: string | null;
}

/** Client API tokens (`rmm_…`), stored as the SHA-256 hex of the raw token. */
export interface ClientTokenTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  hashed_token: string;
  /** Space-separated scopes. */
  scopes: string;
  expires_at: string | null;
  last_used_at: string | null;
  created_at: string;
  /** Set for tokens issued through the device authorisation flow. */
  device_id: string | null;
  client_device_identifier: string | null;
}

/** A user's manual collection; `is_favorite` marks their favourites (one per user). */
export interface CollectionTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: Generated<string>;
  /** Where the own cover was fetched from ('' = uploaded or none). */
  url_cover: Generated<string>;
  is_public: Generated<number>;
  is_favorite: Generated<number>;
  /** When the own cover was stored; null = no own cover (the collage of member covers). */
  cover_updated_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A ROM in a collection. */
export interface CollectionRomTable {
  collection_id: number;
  rom_id: number;
  added_at: string;
}

export interface Database extends DatTables, SaveHistoryTables, WebdavTables, RomListTables {
  user: UserTable;
  permission_group: PermissionGroupTable;
  permission_group_grant: PermissionGroupGrantTable;
  user_permission_override: UserPermissionOverrideTable;
  session: SessionTable;
  oidc_session: OidcSessionTable;
  oidc_role_kept: OidcRoleKeptTable;
  refresh_token: RefreshTokenTable;
  one_time_token: OneTimeTokenTable;
  client_token: ClientTokenTable;
  download_link: DownloadLinkTable;
  platform: PlatformTable;
  rom: RomTable;
  rom_file: RomFileTable;
  firmware: FirmwareTable;
  play_asset: PlayAssetTable;
  rom_user: RomUserTable;
  rom_note: RomNoteTable;
  launchbox_game: LaunchboxGameTable;
  launchbox_alt_name: LaunchboxAltNameTable;
  launchbox_image: LaunchboxImageTable;
  task_run: TaskRunTable;
  task_schedule: TaskScheduleTable;
  rom_facet: RomFacetTable;
  rom_version: RomVersionTable;
  rom_version_region: RomVersionRegionTable;
  collection: CollectionTable;
  collection_rom: CollectionRomTable;
  smart_collection: SmartCollectionTable;
  device: DeviceTable;
  device_save_sync: DeviceSaveSyncTable;
  sync_session: SyncSessionTable;
  play_session: PlaySessionTable;
  hidden_items: HiddenItemTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUserRow = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type SessionRow = Selectable<SessionTable>;
export type OneTimeTokenRow = Selectable<OneTimeTokenTable>;
export type ClientTokenRow = Selectable<ClientTokenTable>;
export type DownloadLinkRow = Selectable<DownloadLinkTable>;
export type NewClientTokenRow = Insertable<ClientTokenTable>;
export type PlatformRow = Selectable<PlatformTable>;
export type NewPlatformRow = Insertable<PlatformTable>;
export type RomRow = Selectable<RomTable>;
export type NewRomRow = Insertable<RomTable>;
export type RomFileRow = Selectable<RomFileTable>;
export type NewRomFileRow = Insertable<RomFileTable>;
export type RomUserRow = Selectable<RomUserTable>;
export type CollectionRow = Selectable<CollectionTable>;
export type TaskRunRow = Selectable<TaskRunTable>;
export type NewTaskRunRow = Insertable<TaskRunTable>;
export type RomNoteRow = Selectable<RomNoteTable>;
export type FirmwareRow = Selectable<FirmwareTable>;
export type PlayAssetRow = Selectable<PlayAssetTable>;
export type SmartCollectionRow = Selectable<SmartCollectionTable>;
