import { z } from 'zod';

import { PAGE_SIZE, PLAY_STATUSES } from '../constants.js';
import { queryBoolean } from './common.js';
import {
  optionalQueryBoolean,
  RomFilterCountsSchema,
  RomFilterQuerySchema,
  RomFiltersSchema,
} from './rom-filters.js';
import { versionPreferenceQuery } from '../version-preference.js';
import { UserNoteSchema } from './rom-notes.js';
import {
  SaveSchema,
  ScreenshotSchema,
  StateSchema,
  UserSaveSchema,
  UserScreenshotSchema,
  UserStateSchema,
} from './play.js';

/** Sub-folder categories of multi-file ROMs (a path part equal to one, or to one plus "s"). */
export const ROM_FILE_CATEGORIES = [
  'game',
  'dlc',
  'hack',
  'manual',
  'patch',
  'update',
  'mod',
  'demo',
  'translation',
  'prototype',
  'cheat',
  'soundtrack',
  'screenshot',
] as const;
export type RomFileCategory = (typeof ROM_FILE_CATEGORIES)[number];

/** A zip member read from the archive's central directory (no decompression, so no md5/sha1). */
export const ArchiveMemberSchema = z.object({
  name: z.string(),
  size: z.number().int(),
  crc_hash: z.string().nullable(),
  md5_hash: z.string().nullable(),
  sha1_hash: z.string().nullable(),
});
export type ArchiveMember = z.infer<typeof ArchiveMemberSchema>;

/** Tags of a soundtrack file (RomM's music library). */
export const TrackMetaSchema = z.object({
  title: z.string().nullable(),
  artist: z.string().nullable(),
  album: z.string().nullable(),
  year: z.string().nullable(),
  genre: z.string().nullable(),
  track: z.number().int().nullable(),
  disc: z.number().int().nullable(),
  duration_seconds: z.number().nullable(),
  has_embedded_cover: z.boolean(),
  cover_path: z.string().nullable(),
});
export type TrackMeta = z.infer<typeof TrackMetaSchema>;

/** One file of a ROM (RomM RomFileSchema). Paths are library-relative. */
export const RomFileSchema = z.object({
  id: z.number().int(),
  rom_id: z.number().int(),
  file_name: z.string(),
  /** Folder of the file, library-relative (e.g. `roms/psx/Game (USA)`). */
  file_path: z.string(),
  file_size_bytes: z.number().int(),
  /** `file_path/file_name`. */
  full_path: z.string(),
  is_top_level: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The file's modification time (ISO-8601). */
  last_modified: z.string().nullable(),
  crc_hash: z.string().nullable(),
  md5_hash: z.string().nullable(),
  sha1_hash: z.string().nullable(),
  ra_hash: z.string().nullable(),
  chd_sha1_hash: z.string().nullable(),
  archive_members: z.array(ArchiveMemberSchema).nullable(),
  category: z.enum(ROM_FILE_CATEGORIES).nullable(),
  missing_from_fs: z.boolean(),
  /** Audio tags of a soundtrack file; null when unknown (RomShelf does not read audio tags). */
  track_meta: TrackMetaSchema.nullable(),
});
export type RomFile = z.infer<typeof RomFileSchema>;

/**
 * The caller's data about a ROM (RomM RomUserSchema plus `is_favorite`); a dummy
 * with id -1 until the caller saves something. `status` is one of the eight play statuses of
 * SPEC §4 (one set); RomM's booleans are derived from it: `backlogged` ⇔ status `backlogged`,
 * `now_playing` ⇔ `now_playing`, `hidden` ⇔ `hidden`.
 */
export const RomUserSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  rom_id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  last_played: z.string().nullable(),
  is_main_sibling: z.boolean(),
  backlogged: z.boolean(),
  now_playing: z.boolean(),
  hidden: z.boolean(),
  rating: z.number(),
  difficulty: z.number(),
  completion: z.number(),
  status: z.enum(PLAY_STATUSES).nullable(),
  /** Favourite (RomM keeps this as a collection; here it is a per-user ROM flag). */
  is_favorite: z.boolean(),
});
export type RomUser = z.infer<typeof RomUserSchema>;

export const RomMetadatumSchema = z.object({
  rom_id: z.number().int(),
  genres: z.array(z.string()),
  franchises: z.array(z.string()),
  collections: z.array(z.string()),
  companies: z.array(z.string()),
  game_modes: z.array(z.string()),
  age_ratings: z.array(z.string()),
  player_count: z.string(),
  first_release_date: z.number().nullable(),
  average_rating: z.number().nullable(),
});

export const SiblingRomSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  fs_name_no_tags: z.string(),
  fs_name_no_ext: z.string(),
  is_main_sibling: z.boolean(),
  sort_comparator: z.string(),
});
/** Another version of a ROM's game: same platform, a shared metadata provider id. */
export type SiblingRom = z.infer<typeof SiblingRomSchema>;

const nullableObject = z.record(z.string(), z.unknown()).nullable();

/** Fields shared by the simple and detailed ROM (RomM RomSchema). */
export const RomSchema = z.object({
  id: z.number().int(),
  igdb_id: z.number().int().nullable(),
  sgdb_id: z.number().int().nullable(),
  moby_id: z.number().int().nullable(),
  ss_id: z.number().int().nullable(),
  ra_id: z.number().int().nullable(),
  launchbox_id: z.number().int().nullable(),
  hasheous_id: z.number().int().nullable(),
  tgdb_id: z.number().int().nullable(),
  hltb_id: z.number().int().nullable(),
  flashpoint_id: z.string().nullable(),
  gamelist_id: z.string().nullable(),
  libretro_id: z.string().nullable(),

  platform_id: z.number().int(),
  platform_slug: z.string(),
  platform_fs_slug: z.string(),
  platform_custom_name: z.string().nullable(),
  platform_display_name: z.string(),

  fs_name: z.string(),
  fs_name_no_tags: z.string(),
  fs_name_no_ext: z.string(),
  fs_extension: z.string(),
  /** Library-relative folder holding the ROM, e.g. `roms/snes`. */
  fs_path: z.string(),
  fs_size_bytes: z.number().int(),
  /** `fs_path/fs_name`. */
  full_path: z.string(),

  name: z.string().nullable(),
  name_sort_key: z.string().nullable(),
  slug: z.string().nullable(),
  summary: z.string().nullable(),
  alternative_names: z.array(z.string()),
  youtube_video_id: z.string().nullable(),

  metadatum: RomMetadatumSchema,
  igdb_metadata: nullableObject,
  moby_metadata: nullableObject,
  ss_metadata: nullableObject,
  launchbox_metadata: nullableObject,
  hasheous_metadata: nullableObject,
  flashpoint_metadata: nullableObject,
  hltb_metadata: nullableObject,
  gamelist_metadata: nullableObject,
  manual_metadata: nullableObject,
  merged_ra_metadata: nullableObject,

  path_cover_small: z.string(),
  path_cover_large: z.string(),
  url_cover: z.string().nullable(),
  has_manual: z.boolean(),
  has_soundtrack: z.boolean(),
  path_manual: z.string().nullable(),
  url_manual: z.string().nullable(),
  path_video: z.string().nullable(),
  merged_screenshots: z.array(z.string()),

  is_identifying: z.boolean(),
  is_unidentified: z.boolean(),
  is_identified: z.boolean(),
  missing_from_fs: z.boolean(),
  /** Public notes or the caller's own exist for this ROM (RomM). */
  has_notes: z.boolean(),
  /** A plain file in the platform folder. */
  has_simple_single_file: z.boolean(),
  /** A folder with exactly one top-level file. */
  has_nested_single_file: z.boolean(),
  /** A folder with more than one top-level file. */
  has_multiple_files: z.boolean(),

  revision: z.string().nullable(),
  regions: z.array(z.string()),
  languages: z.array(z.string()),
  tags: z.array(z.string()),
  crc_hash: z.string().nullable(),
  md5_hash: z.string().nullable(),
  sha1_hash: z.string().nullable(),
  ra_hash: z.string().nullable(),

  created_at: z.string(),
  updated_at: z.string(),
  rom_user: RomUserSchema,
  files: z.array(RomFileSchema),
  sibling_roms: z.array(SiblingRomSchema),
});

/** A ROM in lists (files are `[]` unless `with_files=true`). */
export const SimpleRomSchema = RomSchema.extend({ screenshot_path: z.string().nullable() });
export type SimpleRom = z.infer<typeof SimpleRomSchema>;

/** A ROM with everything about it (`GET /api/roms/{id}`). */
export const DetailedRomSchema = RomSchema.extend({
  /** The caller's own, newest first (screenshots: those taken with their saves and states). */
  user_saves: z.array(SaveSchema),
  user_states: z.array(StateSchema),
  user_screenshots: z.array(ScreenshotSchema),
  /** Own plus other users' public ones (`PUT /api/{saves,states}/{id}/visibility`). */
  all_user_saves: z.array(UserSaveSchema),
  all_user_states: z.array(UserStateSchema),
  all_user_screenshots: z.array(UserScreenshotSchema),
  user_collections: z.array(
    z.object({ id: z.number().int(), name: z.string(), is_smart: z.boolean() }),
  ),
  /** The caller's notes and other users' public ones, last updated first (RomM). */
  all_user_notes: z.array(UserNoteSchema),
});
export type DetailedRom = z.infer<typeof DetailedRomSchema>;

/** One page of `GET /api/roms`. */
export const RomListPageSchema = z.object({
  items: z.array(SimpleRomSchema),
  total: z.number().int().nullable(),
  limit: z.number().int(),
  offset: z.number().int(),
  /** First character of the sort key → offset of the first item starting with it. */
  char_index: z.record(z.string(), z.number().int()),
  rom_id_index: z.array(z.number().int()),
  filter_values: RomFiltersSchema,
  /** Counts behind `filter_values` (empty objects when `with_filter_values=false`). */
  filter_value_counts: RomFilterCountsSchema,
});
export type RomListPage = z.infer<typeof RomListPageSchema>;

/** Sort columns of the ROM list; `name` sorts by `name_sort_key`. */
export const ROM_ORDER_BY = [
  'name',
  'id',
  'fs_name',
  'fs_size_bytes',
  'created_at',
  'updated_at',
  /** The caller's last play; ROMs never played are left out. */
  'last_played',
  /** The caller's rating (unrated ROMs count as 0). */
  'rating',
  /** The first release date of the merged metadata; ROMs without one come first ascending. */
  'first_release_date',
] as const;
export type RomOrderBy = (typeof ROM_ORDER_BY)[number];

export const ROMS_MAX_LIMIT = 10_000;

/**
 * Query of `GET /api/roms`: the filters, then paging, sort and sidecars. Unknown `order_by`
 * values sort by name, as RomM does.
 */
export const RomListQuerySchema = RomFilterQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(ROMS_MAX_LIMIT).default(PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  order_by: z.string().max(64).optional(),
  order_dir: z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(['asc', 'desc']))
    .default('asc'),
  with_char_index: queryBoolean(true),
  /** `filter_values` (and `filter_value_counts`) over the platform and search scope only. */
  with_filter_values: queryBoolean(true),
  /**
   * The ids of the whole filtered result in list order (`rom_id_index`), e.g. to select all of
   * it. Off unless asked: RomM sends it by default, but it is the whole result on every page.
   */
  with_rom_id_index: queryBoolean(false),
  with_files: queryBoolean(false),
  with_total: queryBoolean(true),
  /**
   * One ROM per game (versions sharing a provider id on one platform): the caller's main
   * version, else a release before a pre-release, the best region of `scan.priority.region`,
   * then the file name. Filters apply first; each item's `sibling_roms` lists its versions.
   */
  group_by_meta_id: queryBoolean(false),
  /**
   * One game, one ROM: per game (its DAT parent and clones, else its versions group) only the
   * version best by `region_priority`, then `language_priority` (an untagged name's language
   * follows its region), the caller's main version first. Betas, prototypes, demos and samples
   * are left out unless `with_prereleases`.
   */
  preferred_version_only: queryBoolean(false),
  ...versionPreferenceQuery,
  with_prereleases: queryBoolean(false),
});
export type RomListQuery = z.infer<typeof RomListQuerySchema>;

/** `GET /api/roms/random`: one ROM of the filtered scope, or null when none matches (RomM). */
export const RomRandomQuerySchema = RomFilterQuerySchema;
export const RandomRomSchema = SimpleRomSchema.nullable();

export const RomIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** `DELETE /api/roms/{id}/files/{file_id}`: a ROM and one of its files. */
export const RomFileParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  file_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/**
 * `GET /api/roms/{id}/content/{file_name}` (and `/api/roms/{file_id}/files/content/{file_name}`):
 * as in RomM, `file_name` only names the download (`output.zip`, the ROM's `fs_name`…).
 */
export const RomContentParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  file_name: z.string().min(1).max(1024),
});

const commaSeparatedIds = (name: string) =>
  z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, `${name} must be comma-separated ids`)
    .optional();

export const RomContentQuerySchema = z.object({
  /** Comma-joined RomFile ids to include; all files when absent. */
  file_ids: commaSeparatedIds('file_ids'),
  /** A zip's files go under `.hidden/` (muOS multi-disc layout), as in RomM. */
  hidden_folder: optionalQueryBoolean,
  /** A client token, for console apps that cannot send an Authorization header (feeds' links). */
  token: z.string().min(1).max(200).optional(),
});

/** Most ROMs one `GET /api/roms/download` zips (a whole platform of the biggest libraries). */
export const BULK_DOWNLOAD_MAX_ROMS = 100_000;

/** Query of `GET /api/roms/download`: the ROMs (`rom_ids`), a whole platform or a collection. */
export const RomBulkDownloadQuerySchema = z
  .object({
    rom_ids: commaSeparatedIds('rom_ids'),
    platform_id: z.coerce.number().int().min(1).optional(),
    /** A whole collection of one kind (the ROMs the caller can see in it). */
    collection_id: z.coerce.number().int().min(1).optional(),
    virtual_collection_id: z.string().min(1).max(2_000).optional(),
    smart_collection_id: z.coerce.number().int().min(1).optional(),
    /** The zip's name (`.zip` is added when missing). */
    filename: z.string().min(1).max(255).optional(),
  })
  .refine(
    (query) =>
      [
        query.rom_ids,
        query.platform_id,
        query.collection_id,
        query.virtual_collection_id,
        query.smart_collection_id,
      ].filter((value) => value !== undefined).length === 1,
    'Give one of rom_ids, platform_id, collection_id, virtual_collection_id or smart_collection_id',
  );
export type RomBulkDownloadQuery = z.infer<typeof RomBulkDownloadQuerySchema>;

/** Hash parameters of `GET /api/roms/by-hash` and how many hex digits each one has. */
const ROM_HASH_LENGTHS = { crc_hash: 8, md5_hash: 32, sha1_hash: 40, ra_hash: 32 } as const;

/** How many fields of a parsed query are given. */
const givenCount = (query: Readonly<Record<string, unknown>>): number =>
  Object.values(query).filter((value) => value !== undefined).length;

/** A hash given as hex digits in either case; compared lower-cased, as they are stored. */
const hexHash = (digits: number) =>
  z
    .string()
    .regex(new RegExp(`^[0-9A-Fa-f]{${digits}}$`), `must be ${digits} hexadecimal digits`)
    .transform((value) => value.toLowerCase())
    .optional();

/**
 * Query of `GET /api/roms/by-hash`: at least one hash of a ROM or of one of its files (crc32,
 * md5, sha1, RetroAchievements hash).
 */
export const RomByHashQuerySchema = z
  .object({
    crc_hash: hexHash(ROM_HASH_LENGTHS.crc_hash),
    md5_hash: hexHash(ROM_HASH_LENGTHS.md5_hash),
    sha1_hash: hexHash(ROM_HASH_LENGTHS.sha1_hash),
    ra_hash: hexHash(ROM_HASH_LENGTHS.ra_hash),
  })
  .refine(
    (query) => givenCount(query) > 0,
    'Give at least one of crc_hash, md5_hash, sha1_hash, ra_hash',
  );
export type RomByHashQuery = z.infer<typeof RomByHashQuerySchema>;

/** Metadata provider ids `GET /api/roms/by-metadata-provider` looks ROMs up by. */
export const ROM_PROVIDER_ID_PARAMS = [
  'igdb_id',
  'moby_id',
  'ss_id',
  'ra_id',
  'launchbox_id',
  'hasheous_id',
  'tgdb_id',
  'flashpoint_id',
  'hltb_id',
] as const;

const providerId = z.coerce.number().int().min(1).max(2_147_483_647).optional();

/** Query of `GET /api/roms/by-metadata-provider`: exactly one provider id. */
export const RomByProviderQuerySchema = z
  .object({
    igdb_id: providerId,
    moby_id: providerId,
    ss_id: providerId,
    ra_id: providerId,
    launchbox_id: providerId,
    hasheous_id: providerId,
    tgdb_id: providerId,
    /** Flashpoint ids are UUID strings. */
    flashpoint_id: z.string().trim().min(1).max(100).optional(),
    hltb_id: providerId,
  })
  .refine((query) => givenCount(query) > 0, `Give one of ${ROM_PROVIDER_ID_PARAMS.join(', ')}`)
  .refine((query) => givenCount(query) <= 1, 'Give only one metadata provider id');
export type RomByProviderQuery = z.infer<typeof RomByProviderQuerySchema>;

/** Editable personal data (RomM RomUserData); every field optional, only given ones change. */
export const RomUserDataSchema = z
  .object({
    status: z.enum(PLAY_STATUSES).nullable(),
    backlogged: z.boolean(),
    now_playing: z.boolean(),
    hidden: z.boolean(),
    is_favorite: z.boolean(),
    is_main_sibling: z.boolean(),
    rating: z.number().int().min(0).max(10),
    difficulty: z.number().int().min(0).max(10),
    completion: z.number().int().min(0).max(100),
  })
  .partial();
export type RomUserData = z.infer<typeof RomUserDataSchema>;

/**
 * Body of `PUT /api/roms/{id}/props`: `{data, update_last_played, remove_last_played}` (SPEC);
 * RomM's bare RomUserData body with the two flags as query parameters is accepted too.
 */
export const RomPropsBodySchema = RomUserDataSchema.extend({
  data: RomUserDataSchema.optional(),
  update_last_played: z.boolean().optional(),
  remove_last_played: z.boolean().optional(),
}).optional();
export type RomPropsBody = z.infer<typeof RomPropsBodySchema>;

export const RomPropsQuerySchema = z.object({
  update_last_played: optionalQueryBoolean,
  remove_last_played: optionalQueryBoolean,
});

/** Query of `PUT /api/roms/{id}` (also accepted as form fields). */
export const RomUpdateQuerySchema = z.object({
  remove_cover: optionalQueryBoolean,
  unmatch_metadata: optionalQueryBoolean,
});

/** A flag given as a query parameter, a form field (`'true'`) or a JSON boolean. */
const flexibleBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'True', 'False'])])
  .optional()
  .transform((value) =>
    value === undefined || typeof value === 'boolean'
      ? value
      : value === 'true' || value === '1' || value === 'True',
  );

/** Largest value accepted for a provider id in `PUT /api/roms/{id}`. */
const PROVIDER_ID = z
  .union([z.number().int().min(0).max(2_147_483_647), z.string().regex(/^\s*\d{0,10}\s*$/)])
  .transform((value) =>
    typeof value === 'number' ? value : value.trim() === '' ? null : Number(value),
  )
  .nullable();

/**
 * Fields of `PUT /api/roms/{id}` (multipart form or JSON; the file part `artwork` is read
 * separately). Only given fields change; `''` clears a provider id or the summary.
 */
export const RomUpdateFieldsSchema = z
  .object({
    name: z.string().trim().min(1, 'Name must not be empty').max(450),
    fs_name: z.string().min(1, 'File name must not be empty'),
    summary: z.string().max(100_000).nullable(),
    url_cover: z.string().max(2048).nullable(),
    igdb_id: PROVIDER_ID,
    moby_id: PROVIDER_ID,
    ss_id: PROVIDER_ID,
    launchbox_id: PROVIDER_ID,
    remove_cover: flexibleBoolean,
    unmatch_metadata: flexibleBoolean,
  })
  .partial();
export type RomUpdateFields = z.infer<typeof RomUpdateFieldsSchema>;

/** Body of `POST /api/roms/delete`. Ids in `delete_from_fs` but not in `roms` are ignored. */
export const DeleteRomsBodySchema = z.object({
  roms: z.array(z.number().int().min(1)).max(10_000),
  delete_from_fs: z.array(z.number().int().min(1)).max(10_000).default([]),
});
export type DeleteRomsBody = z.infer<typeof DeleteRomsBodySchema>;

/**
 * Answer of `POST /api/roms/delete`: RomM 4.x `msg` plus RomM 5 BulkOperationResponse fields.
 * Unknown ids are not an error of the request: they are listed in `failed_ids`.
 */
export const DeleteRomsResponseSchema = z.object({
  msg: z.string(),
  successful_items: z.number().int(),
  failed_ids: z.array(z.number().int()),
  errors: z.array(z.string()),
});
export type DeleteRomsResponse = z.infer<typeof DeleteRomsResponseSchema>;

/** Headers of `POST /api/roms` (one multipart request per file). */
export const UPLOAD_PLATFORM_HEADER = 'x-upload-platform';
/** The file name, plain or percent-encoded (`encodeURIComponent`); decoded when it parses. */
export const UPLOAD_FILENAME_HEADER = 'x-upload-filename';
