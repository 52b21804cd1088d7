import type { Save, Screenshot, State } from '@romshelf/contract';

import type { PlayAssetRow } from '../../db/schema.js';
import { fileNameParts } from '../../lib/stored-files.js';
import { avatarUrl } from '../users/users.mapper.js';
import type { OwnedPlayAssetRow, PlayAssetKind } from './play-assets.repository.js';

export const KIND_FOLDER: Record<PlayAssetKind, string> = {
  save: 'saves',
  state: 'states',
  screenshot: 'screenshots',
};

function timestamp(value: string): string {
  return encodeURIComponent(value);
}

export function stem(fileName: string): string {
  return fileNameParts(fileName).noExt;
}

export function toScreenshotDto(row: PlayAssetRow): Screenshot {
  const parts = fileNameParts(row.file_name);
  return {
    id: row.id,
    rom_id: row.rom_id,
    user_id: row.user_id,
    file_name: row.file_name,
    file_name_no_tags: parts.noTags,
    file_name_no_ext: parts.noExt,
    file_extension: parts.extension,
    file_path: row.file_path,
    file_size_bytes: row.file_size_bytes,
    full_path: `${row.file_path}/${row.file_name}`,
    download_path: `/api/screenshots/${row.id}/content?timestamp=${timestamp(row.updated_at)}`,
    missing_from_fs: false,
    created_at: row.created_at,
    updated_at: row.updated_at,
    is_gallery: row.is_gallery === 1,
    is_public: row.is_public === 1,
  };
}

export function toStateDto(row: PlayAssetRow, screenshot: PlayAssetRow | undefined): State {
  const shot = toScreenshotDto(row);
  return {
    id: shot.id,
    rom_id: shot.rom_id,
    user_id: shot.user_id,
    file_name: shot.file_name,
    file_name_no_tags: shot.file_name_no_tags,
    file_name_no_ext: shot.file_name_no_ext,
    file_extension: shot.file_extension,
    file_path: shot.file_path,
    file_size_bytes: shot.file_size_bytes,
    full_path: shot.full_path,
    missing_from_fs: shot.missing_from_fs,
    created_at: shot.created_at,
    updated_at: shot.updated_at,
    is_public: shot.is_public,
    download_path: `/api/${KIND_FOLDER[row.kind]}/${row.id}/content?timestamp=${timestamp(row.updated_at)}`,
    emulator: row.emulator,
    screenshot: screenshot === undefined ? null : toScreenshotDto(screenshot),
  };
}

export function toSaveDto(row: PlayAssetRow, screenshot: PlayAssetRow | undefined): Save {
  return {
    ...toStateDto(row, screenshot),
    slot: row.slot,
    content_hash: row.content_hash,
    origin_device_id: row.origin_device_id,
    device_syncs: [],
  };
}

export function toSyncedDto(row: PlayAssetRow, screenshot: PlayAssetRow | undefined): Save | State {
  return row.kind === 'save' ? toSaveDto(row, screenshot) : toStateDto(row, screenshot);
}

function isNewer(a: PlayAssetRow, b: PlayAssetRow): boolean {
  return a.updated_at === b.updated_at ? a.id > b.id : a.updated_at > b.updated_at;
}

function shotKey(row: PlayAssetRow): string {
  return `${row.user_id}/${row.rom_id}/${stem(row.file_name)}`;
}

/**
 * Finds a save's or state's screenshot among `shots`: same owner, same ROM, same file-name
 * stem; the newest when several share the stem (a PNG then a JPEG), whatever order the query gave.
 */
export function screenshotLookup(shots: readonly PlayAssetRow[]) {
  const byKey = new Map<string, PlayAssetRow>();
  for (const shot of shots) {
    const key = shotKey(shot);
    const current = byKey.get(key);
    if (current === undefined || isNewer(shot, current)) byKey.set(key, shot);
  }
  return (row: PlayAssetRow) => byKey.get(shotKey(row));
}

/** The owner fields of RomM's `all_user_*` items. */
export function ownerFields(row: OwnedPlayAssetRow) {
  return {
    username: row.owner_username,
    user_avatar_path: avatarUrl({
      id: row.user_id,
      avatar_path: row.owner_avatar_path,
      updated_at: row.owner_updated_at,
    }),
    user_updated_at: row.owner_updated_at,
  };
}

export function newestCreatedFirst(a: PlayAssetRow, b: PlayAssetRow): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return b.id - a.id;
}
