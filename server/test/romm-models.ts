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
