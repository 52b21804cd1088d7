import type { RommShape } from './romm-shape.js';

/*
 * RomM 5.2's response models (`backend/endpoints/responses/*.py`), field by field, for the API
 * tests that compare RomShelf's answers with them (`expectRommShape`).
 */

/** `firmware.py` FirmwareSchema. */
export const ROMM_FIRMWARE: RommShape = {
  id: 'int',
  file_name: 'str',
  file_name_no_tags: 'str',
  file_name_no_ext: 'str',
  file_extension: 'str',
  file_path: 'str',
  file_size_bytes: 'int',
  full_path: 'str',
  is_verified: 'bool',
  crc_hash: 'str',
  md5_hash: 'str',
  sha1_hash: 'str',
  missing_from_fs: 'bool',
  created_at: 'datetime',
  updated_at: 'datetime',
};

/** `platform.py` PlatformSchema (35 fields). */
export const ROMM_PLATFORM: RommShape = {
  id: 'int',
  slug: 'str',
  fs_slug: 'str',
  rom_count: 'int',
  name: 'str',
  igdb_slug: 'str?',
  moby_slug: 'str?',
  hltb_slug: 'str?',
  libretro_slug: 'str?',
  custom_name: 'str?',
  description: 'str?',
  igdb_id: 'int?',
  sgdb_id: 'int?',
  moby_id: 'int?',
  launchbox_id: 'int?',
  ss_id: 'int?',
  ra_id: 'int?',
  hasheous_id: 'int?',
  tgdb_id: 'int?',
  flashpoint_id: 'int?',
  category: 'str?',
  generation: 'int?',
  family_name: 'str?',
  family_slug: 'str?',
  url: 'str?',
  url_logo: 'str?',
  firmware: 'list',
  created_at: 'datetime',
  updated_at: 'datetime',
  fs_size_bytes: 'int',
  is_unidentified: 'bool',
  is_identified: 'bool',
  missing_from_fs: 'bool',
  display_name: 'str',
  firmware_count: 'int',
};

/** `identity.py` UserSchema. */
export const ROMM_USER: RommShape = {
  id: 'int',
  username: 'str',
  email: 'str?',
  enabled: 'bool',
  role: 'str',
  permission_group_id: 'int?',
  oauth_scopes: 'list',
  avatar_path: 'str',
  last_login: 'datetime?',
  last_active: 'datetime?',
  ra_username: 'str?',
  ra_progression: 'object?',
  ui_settings: 'object?',
  current_device_id: 'str?',
  created_at: 'datetime',
  updated_at: 'datetime',
};
/**
 * RomShelf's additions to RomM's user (RomM's clients ignore them): `share_activity`, whether
 * others see the user's play time, and `previous_login`, the sign-in before the last one.
 */
export const ROMSHELF_USER: RommShape = {
  ...ROMM_USER,
  share_activity: 'bool',
  previous_login: 'datetime?',
};

/** `device.py` DeviceSchema. */
export const ROMM_DEVICE: RommShape = {
  id: 'str',
  user_id: 'int',
  name: 'str?',
  platform: 'str?',
  client: 'str?',
  client_version: 'str?',
  client_device_identifier: 'str?',
  ip_address: 'str?',
  mac_address: 'str?',
  hostname: 'str?',
  sync_mode: 'str',
  sync_enabled: 'bool',
  sync_config: 'object?',
  last_seen: 'datetime?',
  created_at: 'datetime',
  updated_at: 'datetime',
};

/** `client_token.py` ClientTokenSchema. */
export const ROMM_CLIENT_TOKEN: RommShape = {
  id: 'int',
  name: 'str',
  scopes: 'list',
  expires_at: 'datetime?',
  last_used_at: 'datetime?',
  created_at: 'datetime',
  user_id: 'int',
  device_id: 'str?',
};
/** ClientTokenCreateSchema: the only answer with the raw token. */
export const ROMM_CLIENT_TOKEN_CREATED: RommShape = { ...ROMM_CLIENT_TOKEN, raw_token: 'str' };
/** ClientTokenAdminSchema: everyone's tokens, with their owners. */
export const ROMM_CLIENT_TOKEN_ADMIN: RommShape = {
  ...ROMM_CLIENT_TOKEN,
  username: 'str',
  user_avatar_path: 'str',
  user_updated_at: 'datetime',
};

/** `permission.py` PermissionGroupSchema. */
export const ROMM_PERMISSION_GROUP: RommShape = {
  id: 'int',
  name: 'str',
  description: 'str',
  is_default: 'bool',
  is_system: 'bool',
  system_key: 'str?',
  color: 'str?',
  grants: 'list',
  member_count: 'int',
  hidden: 'list',
  age_limit: 'int?',
  hide_unrated_roms: 'bool',
};

/** `stats.py` StatsReturn (the per-platform maps are empty without `include_platform_stats`). */
export const ROMM_STATS: RommShape = {
  PLATFORMS: 'int',
  ROMS: 'int',
  SAVES: 'int',
  STATES: 'int',
  SCREENSHOTS: 'int',
  TOTAL_FILESIZE_BYTES: 'int',
  METADATA_COVERAGE: 'object',
  REGION_BREAKDOWN: 'object',
};

/** `rom.py` RomUserSchema: the caller's data about a ROM (a dummy with id -1 until saved). */
export const ROMM_ROM_USER: RommShape = {
  id: 'int',
  user_id: 'int',
  rom_id: 'int',
  created_at: 'datetime',
  updated_at: 'datetime',
  last_played: 'datetime?',
  is_main_sibling: 'bool',
  backlogged: 'bool',
  now_playing: 'bool',
  hidden: 'bool',
  rating: 'int',
  difficulty: 'int',
  completion: 'int',
  status: 'str?',
};

/** `rom.py` RomFileSchema. */
export const ROMM_ROM_FILE: RommShape = {
  id: 'int',
  rom_id: 'int',
  file_name: 'str',
  file_path: 'str',
  file_size_bytes: 'int',
  full_path: 'str',
  is_top_level: 'bool',
  created_at: 'datetime',
  updated_at: 'datetime',
  last_modified: 'datetime?',
  crc_hash: 'str?',
  md5_hash: 'str?',
  sha1_hash: 'str?',
  ra_hash: 'str?',
  chd_sha1_hash: 'str?',
  archive_members: 'list?',
  category: 'str?',
  track_meta: 'object?',
};

/** `rom.py` RomMetadataSchema. */
export const ROMM_ROM_METADATA: RommShape = {
  rom_id: 'int',
  genres: 'list',
  franchises: 'list',
  collections: 'list',
  companies: 'list',
  game_modes: 'list',
  age_ratings: 'list',
  player_count: 'str',
  first_release_date: 'int?',
  average_rating: 'float?',
};

/** `rom.py` SiblingRomSchema. */
export const ROMM_SIBLING_ROM: RommShape = {
  id: 'int',
  name: 'str?',
  fs_name_no_tags: 'str',
  fs_name_no_ext: 'str',
  is_main_sibling: 'bool',
  sort_comparator: 'str',
};

/**
 * RomShelf's additions to RomM's ROM models, which RomM's clients ignore: the favourite flag on
 * the caller's data (RomM keeps favourites as a collection) and a file's missing flag.
 */
export const ROMSHELF_ROM_USER: RommShape = { ...ROMM_ROM_USER, is_favorite: 'bool' };
export const ROMSHELF_ROM_FILE: RommShape = { ...ROMM_ROM_FILE, missing_from_fs: 'bool' };

/** `rom.py` RomSchema, as RomShelf answers it (the nested models with RomShelf's additions). */
const ROMM_ROM: RommShape = {
  id: 'int',
  igdb_id: 'int?',
  sgdb_id: 'int?',
  moby_id: 'int?',
  ss_id: 'int?',
  ra_id: 'int?',
  launchbox_id: 'int?',
  hasheous_id: 'int?',
  tgdb_id: 'int?',
  hltb_id: 'int?',
  flashpoint_id: 'str?',
  gamelist_id: 'str?',
  libretro_id: 'str?',
  platform_id: 'int',
  platform_slug: 'str',
  platform_fs_slug: 'str',
  platform_custom_name: 'str?',
  platform_display_name: 'str',
  fs_name: 'str',
  fs_name_no_tags: 'str',
  fs_name_no_ext: 'str',
  fs_extension: 'str',
  fs_path: 'str',
  fs_size_bytes: 'int',
  full_path: 'str',
  name: 'str?',
  name_sort_key: 'str?',
  slug: 'str?',
  summary: 'str?',
  alternative_names: 'list',
  youtube_video_id: 'str?',
  metadatum: ROMM_ROM_METADATA,
  igdb_metadata: 'object?',
  moby_metadata: 'object?',
  ss_metadata: 'object?',
  launchbox_metadata: 'object?',
  hasheous_metadata: 'object?',
  flashpoint_metadata: 'object?',
  hltb_metadata: 'object?',
  gamelist_metadata: 'object?',
  manual_metadata: 'object?',
  merged_ra_metadata: 'object?',
  path_cover_small: 'str',
  path_cover_large: 'str',
  url_cover: 'str?',
  has_manual: 'bool',
  has_soundtrack: 'bool',
  path_manual: 'str?',
  url_manual: 'str?',
  path_video: 'str?',
  merged_screenshots: 'list',
  is_identifying: 'bool',
  is_unidentified: 'bool',
  is_identified: 'bool',
  missing_from_fs: 'bool',
  has_notes: 'bool',
  has_simple_single_file: 'bool',
  has_nested_single_file: 'bool',
  has_multiple_files: 'bool',
  revision: 'str?',
  regions: 'list',
  languages: 'list',
  tags: 'list',
  crc_hash: 'str?',
  md5_hash: 'str?',
  sha1_hash: 'str?',
  ra_hash: 'str?',
  created_at: 'datetime',
  updated_at: 'datetime',
  rom_user: ROMSHELF_ROM_USER,
  files: { listOf: ROMSHELF_ROM_FILE },
  sibling_roms: { listOf: ROMM_SIBLING_ROM },
};

/** `rom.py` SimpleRomSchema: a ROM in lists. */
export const ROMM_SIMPLE_ROM: RommShape = { ...ROMM_ROM, screenshot_path: 'str?' };

/** `rom.py` DetailedRomSchema: a ROM with everything about it. */
export const ROMM_DETAILED_ROM: RommShape = {
  ...ROMM_ROM,
  user_saves: 'list',
  user_states: 'list',
  user_screenshots: 'list',
  all_user_saves: 'list',
  all_user_states: 'list',
  all_user_screenshots: 'list',
  user_collections: { listOf: { id: 'int', name: 'str', is_smart: 'bool' } },
  all_user_notes: 'list',
};

/** `filters.py` RomFiltersDict: the values a ROM list can be filtered by. */
export const ROMM_ROM_FILTERS: RommShape = {
  genres: 'list',
  franchises: 'list',
  collections: 'list',
  companies: 'list',
  game_modes: 'list',
  age_ratings: 'list',
  player_counts: 'list',
  regions: 'list',
  languages: 'list',
  tags: 'list',
  platforms: 'list',
};

/** The ROM list page (`CustomLimitOffsetPage`), with RomShelf's `filter_value_counts`. */
export const ROMM_ROM_PAGE: RommShape = {
  items: { listOf: ROMM_SIMPLE_ROM },
  total: 'int?',
  limit: 'int',
  offset: 'int',
  char_index: 'object',
  rom_id_index: 'list',
  filter_values: ROMM_ROM_FILTERS,
  filter_value_counts: 'object',
};

/** `collection.py` BaseCollectionSchema: what every kind of collection carries. */
const ROMM_COLLECTION_BASE: RommShape = {
  name: 'str',
  description: 'str',
  rom_ids: 'list',
  rom_count: 'int',
  path_cover_small: 'str?',
  path_cover_large: 'str?',
  path_covers_small: 'list',
  path_covers_large: 'list',
  is_public: 'bool',
  is_favorite: 'bool',
  is_virtual: 'bool',
  is_smart: 'bool',
  created_at: 'datetime',
  updated_at: 'datetime',
};

/** `collection.py` CollectionSchema: a manual collection. */
export const ROMM_COLLECTION: RommShape = {
  ...ROMM_COLLECTION_BASE,
  id: 'int',
  url_cover: 'str',
  user_id: 'int',
  owner_username: 'str',
};

/** `collection.py` SmartCollectionSchema: a saved filter. */
export const ROMM_SMART_COLLECTION: RommShape = {
  ...ROMM_COLLECTION_BASE,
  id: 'int',
  filter_criteria: 'object',
  filter_summary: 'str',
  user_id: 'int',
  owner_username: 'str',
};

/** `collection.py` VirtualCollectionSchema: a collection generated from the metadata. */
export const ROMM_VIRTUAL_COLLECTION: RommShape = {
  ...ROMM_COLLECTION_BASE,
  id: 'str',
  type: 'str',
};

/** `heartbeat.py` HeartbeatResponse, with RomShelf's two additions named. */
export const ROMM_HEARTBEAT: RommShape = {
  SYSTEM: { VERSION: 'str', SHOW_SETUP_WIZARD: 'bool', ROMSHELF_VERSION: 'str' },
  METADATA_SOURCES: {
    ANY_SOURCE_ENABLED: 'bool',
    IGDB_API_ENABLED: 'bool',
    SS_API_ENABLED: 'bool',
    SS_DEV_CREDENTIALS_SET: 'bool',
    MOBY_API_ENABLED: 'bool',
    STEAMGRIDDB_API_ENABLED: 'bool',
    RA_API_ENABLED: 'bool',
    LAUNCHBOX_API_ENABLED: 'bool',
    HASHEOUS_API_ENABLED: 'bool',
    PLAYMATCH_API_ENABLED: 'bool',
    TGDB_API_ENABLED: 'bool',
    FLASHPOINT_API_ENABLED: 'bool',
    HLTB_API_ENABLED: 'bool',
    LIBRETRO_API_ENABLED: 'bool',
  },
  FILESYSTEM: { FS_PLATFORMS: 'list' },
  EMULATION: { DISABLE_EMULATOR_JS: 'bool', DISABLE_RUFFLE_RS: 'bool' },
  // UPLOAD_TIMEOUT: RomM 4.7's, kept for the apps that still read it. KIOSK_*: RomShelf's own
  // (RomM's web client learns kiosk mode from its server-rendered settings).
  FRONTEND: {
    KIOSK_MODE: 'bool',
    KIOSK_ALLOW_PLAY: 'bool',
    DISABLE_USERPASS_LOGIN: 'bool',
    DISABLE_LOGS_VIEWER: 'bool',
    YOUTUBE_BASE_URL: 'str',
    UPLOAD_TIMEOUT: 'int',
  },
  OIDC: { ENABLED: 'bool', AUTOLOGIN: 'bool', PROVIDER: 'str', RP_INITIATED_LOGOUT: 'bool' },
  TASKS: {
    ENABLE_SCHEDULED_RESCAN: 'bool',
    SCHEDULED_RESCAN_CRON: 'str',
    ENABLE_SCHEDULED_UPDATE_SWITCH_TITLEDB: 'bool',
    SCHEDULED_UPDATE_SWITCH_TITLEDB_CRON: 'str',
    ENABLE_SCHEDULED_UPDATE_LAUNCHBOX_METADATA: 'bool',
    SCHEDULED_UPDATE_LAUNCHBOX_METADATA_CRON: 'str',
    ENABLE_SCHEDULED_CONVERT_IMAGES_TO_WEBP: 'bool',
    SCHEDULED_CONVERT_IMAGES_TO_WEBP_CRON: 'str',
  },
};

/** `config.py` ConfigResponse, with RomShelf's `CONFIG_FILE_INVALID_BINDINGS`. */
export const ROMM_CONFIG: RommShape = {
  CONFIG_FILE_MOUNTED: 'bool',
  CONFIG_FILE_WRITABLE: 'bool',
  CONFIG_FILE_PARSE_ERROR: 'str?',
  CONFIG_FILE_INVALID_BINDINGS: 'list',
  EXCLUDED_PLATFORMS: 'list',
  EXCLUDED_SINGLE_EXT: 'list',
  EXCLUDED_SINGLE_FILES: 'list',
  EXCLUDED_MULTI_FILES: 'list',
  EXCLUDED_MULTI_PARTS_EXT: 'list',
  EXCLUDED_MULTI_PARTS_FILES: 'list',
  DEFAULT_EXCLUDED_DIRS: 'list',
  DEFAULT_EXCLUDED_FILES: 'list',
  DEFAULT_EXCLUDED_EXTENSIONS: 'list',
  PLATFORMS_BINDING: 'object',
  PLATFORMS_VERSIONS: 'object',
  SKIP_HASH_CALCULATION: 'bool',
  EJS_DEBUG: 'bool',
  EJS_CACHE_LIMIT: 'int?',
  EJS_DISABLE_AUTO_UNLOAD: 'bool',
  EJS_DISABLE_BATCH_BOOTUP: 'bool',
  EJS_NETPLAY_ENABLED: 'bool',
  EJS_NETPLAY_ICE_SERVERS: 'list',
  EJS_SETTINGS: 'object',
  EJS_CONTROLS: 'object',
  SCAN_METADATA_PRIORITY: 'list',
  SCAN_ARTWORK_PRIORITY: 'list',
  // Only the kinds of media config.yml orders (url_cover, url_screenshots, url_manual).
  SCAN_ARTWORK_PRIORITY_OVERRIDES: 'object',
  SCAN_REGION_PRIORITY: 'list',
  SCAN_LANGUAGE_PRIORITY: 'list',
  SCAN_MEDIA: 'list',
  GAMELIST_AUTO_EXPORT_ON_SCAN: 'bool',
  GAMELIST_MEDIA_THUMBNAIL: 'str',
  GAMELIST_MEDIA_IMAGE: 'str',
  PEGASUS_AUTO_EXPORT_ON_SCAN: 'bool',
};

/** `tasks.py` TaskInfo: one task of `GET /api/tasks`. */
export const ROMM_TASK_INFO: RommShape = {
  name: 'str',
  type: 'str',
  manual_run: 'bool',
  title: 'str',
  description: 'str',
  enabled: 'bool',
  cron_string: 'str?',
};

/** `oauth.py` TokenResponse of `POST /api/token` (lifetimes in seconds). */
export const ROMM_TOKEN: RommShape = {
  access_token: 'str',
  refresh_token: 'str',
  token_type: 'str',
  expires: 'int',
  refresh_expires: 'int',
};

/** `identity.py` InviteLinkSchema. */
export const ROMM_INVITE_LINK: RommShape = { token: 'str', url: 'str' };

/** `client_token.py` ClientTokenPairSchema: a pairing code and its seconds. */
export const ROMM_CLIENT_TOKEN_PAIR: RommShape = { code: 'str', expires_in: 'int' };

/** `device_auth.py`: the token a device polls for once approved. */
export const ROMM_DEVICE_TOKEN: RommShape = {
  access_token: 'str',
  device_id: 'str',
  scopes: 'list',
  expires_at: 'datetime?',
};
