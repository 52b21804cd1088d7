import type {
  ArchiveMember,
  DetailedRom,
  RomFile,
  RomFileCategory,
  RomUser,
  ScanRomEvent,
  SiblingRom,
  SimpleRom,
  UserNote,
} from '@romshelf/contract';
import { PLAY_STATUSES, ROM_FILE_CATEGORIES } from '@romshelf/contract';
import type { PlayStatus } from '@romshelf/contract';

import type { RomFileRow, RomUserRow } from '../../db/schema.js';
import { toRomMetadataFields } from './rom-metadata-fields.js';
import { RESOURCES_URL_PREFIX, RomResources } from './resources/rom-resources.js';
import type { RomWithPlatformRow } from './roms.repository.js';

export function parseList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

function parseMembers(text: string | null): ArchiveMember[] | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as ArchiveMember[]) : null;
  } catch {
    return null;
  }
}

const CATEGORIES = new Set<string>(ROM_FILE_CATEGORIES);

export function toRomFileDto(row: RomFileRow): RomFile {
  return {
    id: row.id,
    rom_id: row.rom_id,
    file_name: row.file_name,
    file_path: row.file_path,
    file_size_bytes: row.file_size_bytes,
    full_path: `${row.file_path}/${row.file_name}`,
    is_top_level: row.is_top_level === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_modified: row.last_modified,
    crc_hash: row.crc_hash,
    md5_hash: row.md5_hash,
    sha1_hash: row.sha1_hash,
    ra_hash: row.ra_hash,
    chd_sha1_hash: null,
    archive_members: parseMembers(row.archive_members),
    category:
      row.category !== null && CATEGORIES.has(row.category)
        ? (row.category as RomFileCategory)
        : null,
    missing_from_fs: row.missing_from_fs === 1,
    track_meta: null,
  };
}

const STATUSES = new Set<string>(PLAY_STATUSES);

/**
 * The caller's ROM data: their rom_user row, or a dummy (id -1, RomM's convention) when they
 * never saved any. RomM's booleans mirror the single status.
 */
export function toRomUserDto(
  rom: Pick<RomWithPlatformRow, 'id' | 'created_at' | 'updated_at'>,
  userId: number,
  row: RomUserRow | undefined,
  favourite: boolean,
): RomUser {
  if (row === undefined) {
    return {
      id: -1,
      user_id: userId,
      rom_id: rom.id,
      created_at: rom.created_at,
      updated_at: rom.updated_at,
      last_played: null,
      is_main_sibling: false,
      backlogged: false,
      now_playing: false,
      hidden: false,
      rating: 0,
      difficulty: 0,
      completion: 0,
      status: null,
      is_favorite: favourite,
    };
  }
  const status =
    row.status !== null && STATUSES.has(row.status) ? (row.status as PlayStatus) : null;
  return {
    id: row.id,
    user_id: row.user_id,
    rom_id: row.rom_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_played: row.last_played,
    is_main_sibling: row.is_main_sibling === 1,
    backlogged: status === 'backlogged',
    now_playing: status === 'now_playing',
    hidden: status === 'hidden',
    rating: row.rating,
    difficulty: row.difficulty,
    completion: row.completion,
    status,
    is_favorite: favourite,
  };
}

/** `/assets/romm/resources/<path>?ts=<when it was written>`, or '' without a cover. */
export function coverUrl(
  row: Pick<RomWithPlatformRow, 'id' | 'platform_id' | 'cover_updated_at'>,
  size: 'small' | 'big',
): string {
  if (row.cover_updated_at === null) return '';
  const relative = RomResources.coverPath(row.platform_id, row.id, size);
  return `${RESOURCES_URL_PREFIX}/${relative}?ts=${encodeURIComponent(row.cover_updated_at)}`;
}

/** Whether a metadata source matched the ROM (RomM's `is_identified`). */
export function isIdentified(
  row: Pick<
    RomWithPlatformRow,
    'igdb_id' | 'moby_id' | 'ss_id' | 'ra_id' | 'launchbox_id' | 'hasheous_id'
  >,
): boolean {
  return [row.igdb_id, row.moby_id, row.ss_id, row.ra_id, row.launchbox_id, row.hasheous_id].some(
    (id) => id !== null,
  );
}

/** Every ROM field except dates, user data, files and siblings (the scan event's shape). */
export function toScanRomEvent(row: RomWithPlatformRow): ScanRomEvent {
  const event = romFieldsOf(row) as ScanRomEvent;
  event.has_notes = false;
  return event;
}

/** The fields every caller sees alike, without the dates (ScanRomEvent without `has_notes`). */
function romFieldsOf(row: RomWithPlatformRow): Omit<ScanRomEvent, 'has_notes'> {
  const identified = isIdentified(row);
  return {
    id: row.id,
    igdb_id: row.igdb_id,
    sgdb_id: row.sgdb_id,
    moby_id: row.moby_id,
    ss_id: row.ss_id,
    ra_id: row.ra_id,
    launchbox_id: row.launchbox_id,
    hasheous_id: row.hasheous_id,
    tgdb_id: row.tgdb_id,
    hltb_id: row.hltb_id,
    flashpoint_id: null,
    gamelist_id: null,
    libretro_id: null,
    platform_id: row.platform_id,
    platform_slug: row.platform_slug,
    platform_fs_slug: row.platform_fs_slug,
    platform_custom_name: row.platform_custom_name,
    platform_display_name: row.platform_custom_name ?? row.platform_name,
    fs_name: row.fs_name,
    fs_name_no_tags: row.fs_name_no_tags,
    fs_name_no_ext: row.fs_name_no_ext,
    fs_extension: row.fs_extension,
    fs_path: row.fs_path,
    fs_size_bytes: row.fs_size_bytes,
    full_path: `${row.fs_path}/${row.fs_name}`,
    name: row.name,
    name_sort_key: row.name_sort_key,
    slug: row.slug,
    summary: row.summary,
    flashpoint_metadata: null,
    hltb_metadata: null,
    gamelist_metadata: null,
    manual_metadata: null,
    ...toRomMetadataFields(row),
    path_cover_small: coverUrl(row, 'small'),
    path_cover_large: coverUrl(row, 'big'),
    url_cover: row.url_cover,
    has_manual: row.manual_updated_at !== null,
    has_soundtrack: false,
    path_manual:
      row.manual_updated_at === null ? null : RomResources.manualPath(row.platform_id, row.id),
    url_manual: row.url_manual,
    path_video: null,
    is_identifying: false,
    is_unidentified: !identified,
    is_identified: identified,
    missing_from_fs: row.missing_from_fs === 1,
    has_simple_single_file: row.kind === 'file',
    has_nested_single_file: row.kind === 'nested',
    has_multiple_files: row.kind === 'multi',
    revision: row.revision,
    regions: parseList(row.regions),
    languages: parseList(row.languages),
    tags: parseList(row.tags),
    crc_hash: row.crc_hash,
    md5_hash: row.md5_hash,
    sha1_hash: row.sha1_hash,
    ra_hash: row.ra_hash,
    screenshot_path: null,
  };
}

/** The fields of a listed ROM that are the same for every caller. */
export type SharedRomFields = Omit<SimpleRom, 'has_notes' | 'rom_user' | 'files' | 'sibling_roms'>;

/** The caller's own fields of a listed ROM. */
export type PersonalRomFields = Pick<
  SimpleRom,
  'has_notes' | 'rom_user' | 'files' | 'sibling_roms'
>;

/** A listed ROM's fields that do not depend on who asks (a SimpleRom without its personal ones). */
export function toSharedRomFields(row: RomWithPlatformRow): SharedRomFields {
  const fields = romFieldsOf(row) as SharedRomFields;
  fields.created_at = row.created_at;
  fields.updated_at = row.updated_at;
  return fields;
}

/** A listed ROM's fields that belong to the caller (see `toSimpleRomDto`). */
export function toPersonalRomFields(
  rom: Pick<RomWithPlatformRow, 'id' | 'created_at' | 'updated_at'>,
  userId: number,
  files: readonly RomFileRow[],
  personal: RomPersonal,
): PersonalRomFields {
  const { romUser, favourite = false, hasNotes = false, siblings = [] } = personal;
  return {
    has_notes: hasNotes,
    rom_user: toRomUserDto(rom, userId, romUser, favourite),
    files: files.map(toRomFileDto),
    sibling_roms: [...siblings],
  };
}

/** The caller's own facts about a ROM in a list or detail. */
export interface RomPersonal {
  romUser?: RomUserRow;
  /** In the caller's favourites collection. */
  favourite?: boolean;
  hasNotes?: boolean;
  siblings?: readonly SiblingRom[];
}

/** A ROM in lists; `files` only when they were loaded (`with_files`). */
export function toSimpleRomDto(
  row: RomWithPlatformRow,
  userId: number,
  files: readonly RomFileRow[] = [],
  personal: RomPersonal = {},
): SimpleRom {
  // Completed in place rather than spread into a copy: a page builds 72 of these objects of
  // about 70 fields, and the copy doubled the garbage each list request leaves.
  return Object.assign(toSharedRomFields(row), toPersonalRomFields(row, userId, files, personal));
}

/** The caller's saves, states and screenshots of a ROM (built by the play-assets module). */
export type RomPlayAssets = Pick<
  DetailedRom,
  | 'user_saves'
  | 'user_states'
  | 'user_screenshots'
  | 'all_user_saves'
  | 'all_user_states'
  | 'all_user_screenshots'
>;

export function toDetailedRomDto(
  row: RomWithPlatformRow,
  userId: number,
  files: readonly RomFileRow[],
  personal: Omit<RomPersonal, 'hasNotes'>,
  playAssets: RomPlayAssets,
  notes: readonly UserNote[],
  userCollections: DetailedRom['user_collections'],
): DetailedRom {
  return {
    ...toSimpleRomDto(row, userId, files, { ...personal, hasNotes: notes.length > 0 }),
    ...playAssets,
    user_collections: [...userCollections],
    all_user_notes: [...notes],
  };
}
