import { z } from 'zod';

/** A STUN/TURN server for EmulatorJS netplay. */
export const NetplayIceServerSchema = z.object({
  urls: z.string(),
  username: z.string().optional(),
  credential: z.string().optional(),
});

/** The keys bound to one button of a player (EmulatorJS control settings). */
export const EjsButtonSchema = z.object({
  value: z.string().optional(),
  value2: z.string().optional(),
});

/** GET /api/config: the library rules read from config.yml (key names as RomM's). */
export const ConfigSchema = z.object({
  CONFIG_FILE_MOUNTED: z.boolean(),
  CONFIG_FILE_WRITABLE: z.boolean(),
  CONFIG_FILE_PARSE_ERROR: z.string().nullable(),
  /**
   * Entries of `system.platforms` / `system.versions` that were ignored: the folder is not a
   * plain folder name or the value is not a platform slug (RomShelf's own key).
   */
  CONFIG_FILE_INVALID_BINDINGS: z.array(
    z.object({
      key: z.enum(['system.platforms', 'system.versions']),
      folder: z.string(),
      value: z.string(),
    }),
  ),
  EXCLUDED_PLATFORMS: z.array(z.string()),
  EXCLUDED_SINGLE_EXT: z.array(z.string()),
  EXCLUDED_SINGLE_FILES: z.array(z.string()),
  EXCLUDED_MULTI_FILES: z.array(z.string()),
  EXCLUDED_MULTI_PARTS_EXT: z.array(z.string()),
  EXCLUDED_MULTI_PARTS_FILES: z.array(z.string()),
  DEFAULT_EXCLUDED_DIRS: z.array(z.string()),
  DEFAULT_EXCLUDED_FILES: z.array(z.string()),
  DEFAULT_EXCLUDED_EXTENSIONS: z.array(z.string()),
  PLATFORMS_BINDING: z.record(z.string(), z.string()),
  PLATFORMS_VERSIONS: z.record(z.string(), z.string()),
  SKIP_HASH_CALCULATION: z.boolean(),
  /** `emulatorjs.*` of config.yml, which RomM's web player applies over its own defaults. */
  EJS_DEBUG: z.boolean(),
  EJS_CACHE_LIMIT: z.number().int().nullable(),
  EJS_DISABLE_AUTO_UNLOAD: z.boolean(),
  EJS_DISABLE_BATCH_BOOTUP: z.boolean(),
  EJS_NETPLAY_ENABLED: z.boolean(),
  EJS_NETPLAY_ICE_SERVERS: z.array(NetplayIceServerSchema),
  /** Core (or `default`) → option → value. */
  EJS_SETTINGS: z.record(z.string(), z.record(z.string(), z.string())),
  /** Core → player (`0`–`3`) → button → key bindings. */
  EJS_CONTROLS: z.record(z.string(), z.record(z.string(), z.record(z.string(), EjsButtonSchema))),
  SCAN_METADATA_PRIORITY: z.array(z.string()),
  SCAN_ARTWORK_PRIORITY: z.array(z.string()),
  /** `scan.priority.cover|screenshot|manual`: artwork order for one kind of media. */
  SCAN_ARTWORK_PRIORITY_OVERRIDES: z.object({
    url_cover: z.array(z.string()).optional(),
    url_screenshots: z.array(z.string()).optional(),
    url_manual: z.array(z.string()).optional(),
  }),
  SCAN_REGION_PRIORITY: z.array(z.string()),
  SCAN_LANGUAGE_PRIORITY: z.array(z.string()),
  SCAN_MEDIA: z.array(z.string()),
  GAMELIST_AUTO_EXPORT_ON_SCAN: z.boolean(),
  GAMELIST_MEDIA_THUMBNAIL: z.string(),
  GAMELIST_MEDIA_IMAGE: z.string(),
  PEGASUS_AUTO_EXPORT_ON_SCAN: z.boolean(),
});
export type LibraryConfig = z.infer<typeof ConfigSchema>;

/** GET /api/library/info: where the library lives, for people who manage it. */
export const LibraryInfoSchema = z.object({
  /** Absolute path of the library folder on the server. */
  library_path: z.string(),
  /** The layout in use; `roms/{platform}` when the library is still empty (the preferred one). */
  structure: z.enum(['roms/{platform}', '{platform}/roms']),
  /** Platform folders found, after exclusions. */
  platform_folders: z.array(z.string()),
});
export type LibraryInfo = z.infer<typeof LibraryInfoSchema>;

/** The exclusion lists of config.yml, named as in RomM's `/api/config/exclude` routes. */
export const EXCLUSION_TYPES = [
  'EXCLUDED_PLATFORMS',
  'EXCLUDED_SINGLE_EXT',
  'EXCLUDED_SINGLE_FILES',
  'EXCLUDED_MULTI_FILES',
  'EXCLUDED_MULTI_PARTS_EXT',
  'EXCLUDED_MULTI_PARTS_FILES',
] as const;
export const ExclusionTypeSchema = z.enum(EXCLUSION_TYPES);
export type ExclusionType = z.infer<typeof ExclusionTypeSchema>;

/** A folder name as config.yml keys it (one path segment). */
const folderName = z.string().trim().min(1).max(255);

/** `POST /api/config/system/platforms|versions`: folder `fs_slug` holds platform `slug`. */
export const PlatformBindingBodySchema = z.object({
  fs_slug: folderName,
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/i, 'a platform slug is expected'),
});
export type PlatformBindingBody = z.infer<typeof PlatformBindingBodySchema>;

export const PlatformBindingParamsSchema = z.object({ fs_slug: folderName });

/** `POST /api/config/exclude`: adds one value to one exclusion list. */
export const ExclusionBodySchema = z.object({
  exclusion_value: z.string().trim().min(1).max(255),
  exclusion_type: ExclusionTypeSchema,
});
export type ExclusionBody = z.infer<typeof ExclusionBodySchema>;

export const ExclusionParamsSchema = z.object({
  exclusion_type: ExclusionTypeSchema,
  exclusion_value: z.string().min(1).max(255),
});

/** GET /api/library/missing-roms: ROMs flagged missing from disk (library management). */
export const MissingRomsSchema = z.object({
  total: z.number().int(),
  items: z.array(
    z.object({
      id: z.number().int(),
      name: z.string().nullable(),
      fs_name: z.string(),
      fs_path: z.string(),
      platform_id: z.number().int(),
      platform_display_name: z.string(),
    }),
  ),
});
export type MissingRoms = z.infer<typeof MissingRomsSchema>;

/** How many missing ROMs the list shows at most (the cleanup covers all of them). */
export const MISSING_ROMS_LIMIT = 500;
