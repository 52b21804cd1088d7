import type { RomWithPlatformRow } from '../roms.repository.js';

/** The ROM columns a listed ROM's shared JSON is made of (rom-list-json.ts). */
export const LISTED_ROM_COLUMNS = [
  'id',
  'platform_id',
  'fs_name',
  'fs_name_no_tags',
  'fs_name_no_ext',
  'fs_extension',
  'fs_path',
  'fs_size_bytes',
  'kind',
  'name',
  'name_sort_key',
  'slug',
  'summary',
  'igdb_id',
  'sgdb_id',
  'moby_id',
  'ss_id',
  'ra_id',
  'launchbox_id',
  'hasheous_id',
  'tgdb_id',
  'hltb_id',
  'regions',
  'languages',
  'tags',
  'revision',
  'crc_hash',
  'md5_hash',
  'sha1_hash',
  'ra_hash',
  'missing_from_fs',
  'created_at',
  'updated_at',
  'url_cover',
  'cover_updated_at',
  'manual_updated_at',
  'url_manual',
  'metadata_results',
  'metadatum',
  'alternative_names',
  'youtube_video_id',
  'path_screenshots',
] as const;

/** The platform columns a listed ROM shows, under the names of `RomWithPlatformRow`. */
export const LISTED_PLATFORM_COLUMNS = {
  platform_slug: 'slug',
  platform_fs_slug: 'fs_slug',
  platform_name: 'name',
  platform_custom_name: 'custom_name',
} as const;

/** A listed ROM as read for its shared JSON: its own columns and its platform's names. */
export type ListedRomRow = Pick<
  RomWithPlatformRow,
  (typeof LISTED_ROM_COLUMNS)[number] | keyof typeof LISTED_PLATFORM_COLUMNS
>;
