import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

import type { Save, SaveSummary, Screenshot, State } from '@romshelf/contract';

import type { PlayAssetRow } from '../../db/schema.js';
import { HttpError } from '../../http/http-error.js';
import type { ConfinedFiles } from '../../lib/confined-files.js';
import { assertSafeFileName, confinedFile, fileNameParts } from '../../lib/stored-files.js';
import { nowIso } from '../../lib/time.js';
import { sniffImage } from '../users/avatar.store.js';
import type { RomPlayAssets } from '../roms/roms.mapper.js';
import { avatarUrl } from '../users/users.mapper.js';
import type {
  OwnedPlayAssetRow,
  PlayAssetKind,
  PlayAssetsRepository,
} from './play-assets.repository.js';

export type SyncedKind = 'save' | 'state';

/** One part of an upload: the save/state file (streamed) or the screenshot (buffered). */
export type AssetUploadPart =
  | { field: 'asset'; fileName: string; stream: Readable; truncated: () => boolean }
  | { field: 'screenshot'; fileName: string; bytes: Buffer };

const KIND_FOLDER: Record<PlayAssetKind, string> = {
  save: 'saves',
  state: 'states',
  screenshot: 'screenshots',
};

function timestamp(value: string): string {
  return encodeURIComponent(value);
}

function stem(fileName: string): string {
  return fileNameParts(fileName).noExt;
}

function toScreenshotDto(row: PlayAssetRow): Screenshot {
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
    is_gallery: false,
    is_public: false,
  };
}

function toAssetDto(row: PlayAssetRow, screenshot: PlayAssetRow | undefined) {
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

function toSaveDto(row: PlayAssetRow, screenshot: PlayAssetRow | undefined): Save {
  return { ...toAssetDto(row, screenshot), slot: null, content_hash: row.content_hash };
}

function toSyncedDto(row: PlayAssetRow, screenshot: PlayAssetRow | undefined): Save | State {
  return row.kind === 'save' ? toSaveDto(row, screenshot) : toAssetDto(row, screenshot);
}

function isNewer(a: PlayAssetRow, b: PlayAssetRow): boolean {
  return a.updated_at === b.updated_at ? a.id > b.id : a.updated_at > b.updated_at;
}

/**
 * Finds a save's or state's screenshot among `shots`: same ROM, same file-name stem; the newest
 * when several share the stem (a PNG then a JPEG), whatever order the query gave.
 */
function screenshotLookup(shots: readonly PlayAssetRow[]) {
  const byKey = new Map<string, PlayAssetRow>();
  for (const shot of shots) {
    const key = `${shot.rom_id}/${stem(shot.file_name)}`;
    const current = byKey.get(key);
    if (current === undefined || isNewer(shot, current)) byKey.set(key, shot);
  }
  return (row: PlayAssetRow) => byKey.get(`${row.rom_id}/${stem(row.file_name)}`);
}

/** The owner fields of RomM's `all_user_*` items. */
function ownerFields(row: OwnedPlayAssetRow) {
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

function newestCreatedFirst(a: PlayAssetRow, b: PlayAssetRow): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return b.id - a.id;
}

/**
 * Saves and states the emulator uploads, per user and ROM, under
 * `<data>/assets/users/<user id>/{saves|states|screenshots}/<platform folder>/<rom id>/`.
 * A state's (or save's) screenshot is the user's screenshot of the same ROM with the same
 * file-name stem. Only the owner can list, read, replace or delete them: anyone else gets 404.
 */
export class PlayAssetsService {
  constructor(
    private readonly repo: PlayAssetsRepository,
    private readonly assetsDir: string,
    private readonly files: ConfinedFiles,
  ) {}

  private async withScreenshots(userId: number, rows: PlayAssetRow[]): Promise<(Save | State)[]> {
    const shotOf = screenshotLookup(
      await this.repo.screenshotsFor(
        userId,
        rows.map((row) => row.rom_id),
      ),
    );
    return rows.map((row) => toSyncedDto(row, shotOf(row)));
  }

  async list(
    userId: number,
    kind: SyncedKind,
    filters: { romId?: number; platformId?: number },
  ): Promise<(Save | State)[]> {
    return this.withScreenshots(userId, await this.repo.list(userId, kind, filters));
  }

  /** The caller's saves of one ROM by slot: how many, and the most recently updated of each. */
  async saveSummary(userId: number, romId: number): Promise<SaveSummary> {
    const saves = (await this.list(userId, 'save', { romId })) as Save[];
    const bySlot = new Map<string | null, { count: number; latest: Save }>();
    for (const save of saves) {
      const entry = bySlot.get(save.slot);
      if (entry === undefined) bySlot.set(save.slot, { count: 1, latest: save });
      else {
        entry.count += 1;
        if (save.updated_at > entry.latest.updated_at) entry.latest = save;
      }
    }
    const slots = [...bySlot].map(([slot, entry]) => ({ slot, ...entry }));
    slots.sort((a, b) => b.latest.updated_at.localeCompare(a.latest.updated_at));
    return { total_count: saves.length, slots };
  }

  /**
   * The caller's saves, states and screenshots of one ROM, from one query. There is no
   * standalone screenshot upload, so `user_screenshots` are those sent with saves and states
   * (RomM lists every screenshot of the user for the ROM, newest created first).
   */
  async forRom(userId: number, romId: number): Promise<RomPlayAssets> {
    const rows = await this.repo.ofRom(userId, romId);
    const shots = rows.filter((row) => row.kind === 'screenshot').sort(newestCreatedFirst);
    const saves = rows.filter((row) => row.kind === 'save');
    const states = rows.filter((row) => row.kind === 'state');
    const shotOf = screenshotLookup(shots);
    // Assets have no public flag, so nobody else's are visible: all_user_* are the caller's own.
    return {
      user_saves: saves.map((row) => toSaveDto(row, shotOf(row))),
      user_states: states.map((row) => toAssetDto(row, shotOf(row))),
      user_screenshots: shots.map(toScreenshotDto),
      all_user_saves: saves.map((row) => ({ ...toSaveDto(row, shotOf(row)), ...ownerFields(row) })),
      all_user_states: states.map((row) => ({
        ...toAssetDto(row, shotOf(row)),
        ...ownerFields(row),
      })),
      all_user_screenshots: shots.map((row) => ({ ...toScreenshotDto(row), ...ownerFields(row) })),
    };
  }

  private async owned(userId: number, kind: PlayAssetKind, id: number): Promise<PlayAssetRow> {
    const row = await this.repo.findOwned(userId, kind, id);
    if (row === undefined) throw new HttpError(404, `${kind} with id ${id} not found`);
    return row;
  }

  async get(userId: number, kind: SyncedKind, id: number): Promise<Save | State> {
    const row = await this.owned(userId, kind, id);
    const [dto] = await this.withScreenshots(userId, [row]);
    if (dto === undefined) throw new HttpError(404, `${kind} with id ${id} not found`);
    return dto;
  }

  private absolute(row: PlayAssetRow): string {
    return path.join(this.assetsDir, ...row.file_path.split('/'), row.file_name);
  }

  /** The owner's file, confined to the assets folder. */
  async openContent(userId: number, kind: PlayAssetKind, id: number) {
    const row = await this.owned(userId, kind, id);
    const file = await confinedFile(this.assetsDir, this.absolute(row));
    if (file === null) throw new HttpError(404, `${kind} file ${row.file_name} not found on disk`);
    return { file, fileName: row.file_name };
  }

  private folder(userId: number, kind: PlayAssetKind, fsSlug: string, romId: number): string {
    return ['users', String(userId), KIND_FOLDER[kind], fsSlug, String(romId)].join('/');
  }

  private async storeScreenshot(
    userId: number,
    romId: number,
    fsSlug: string,
    assetName: string,
    shot: { fileName: string; bytes: Buffer },
  ): Promise<void> {
    const format = sniffImage(shot.bytes);
    if (format === null)
      throw new HttpError(400, 'Screenshot must be a PNG, JPEG, WebP or GIF image');
    const fileName = `${stem(assetName)}.${format === 'jpeg' ? 'jpg' : format}`;
    const folder = this.folder(userId, 'screenshot', fsSlug, romId);
    const written = await this.files.writeBytes(this.assetsDir, folder, fileName, shot.bytes);
    await this.repo.upsert(
      {
        kind: 'screenshot',
        user_id: userId,
        rom_id: romId,
        file_name: fileName,
        file_path: folder,
        file_size_bytes: written.size,
        emulator: null,
        content_hash: written.md5,
      },
      nowIso(),
    );
  }

  /**
   * Stores an uploaded save or state (replacing the user's file of the same name for that ROM)
   * and its optional screenshot. `existingId` replaces the content of that asset instead (PUT).
   */
  async upload(
    userId: number,
    kind: SyncedKind,
    target: { romId: number; emulator: string | null } | { existingId: number },
    parts: AsyncIterable<AssetUploadPart>,
  ): Promise<Save | State> {
    let romId: number;
    let emulator: string | null;
    let fixedName: string | null = null;
    if ('existingId' in target) {
      const row = await this.owned(userId, kind, target.existingId);
      romId = row.rom_id;
      emulator = row.emulator;
      fixedName = row.file_name;
    } else {
      romId = target.romId;
      emulator = target.emulator;
    }
    const place = await this.repo.romPlace(romId);
    if (place === undefined) throw new HttpError(404, `ROM with id ${romId} not found`);

    let stored: PlayAssetRow | null = null;
    let screenshot: { fileName: string; bytes: Buffer } | null = null;
    for await (const part of parts) {
      if (part.field === 'screenshot') {
        screenshot = { fileName: part.fileName, bytes: part.bytes };
        continue;
      }
      if (stored !== null) throw new HttpError(400, `Only one ${kind} file per request`);
      const fileName = fixedName ?? assertSafeFileName(part.fileName);
      const folder = this.folder(userId, kind, place.platform_fs_slug, romId);
      const written = await this.files.writeStream(this.assetsDir, folder, fileName, part.stream, {
        truncated: part.truncated,
        check: async (_temp, file) => {
          if (file.size === 0) throw new HttpError(400, `The ${kind} file is empty`);
          await Promise.resolve();
        },
      });
      stored = await this.repo.upsert(
        {
          kind,
          user_id: userId,
          rom_id: romId,
          file_name: fileName,
          file_path: folder,
          file_size_bytes: written.size,
          emulator: emulator === null || emulator === '' ? null : emulator,
          content_hash: written.md5,
        },
        nowIso(),
      );
    }
    if (stored === null) {
      const field = kind === 'save' ? 'saveFile' : 'stateFile';
      throw new HttpError(400, `Missing the ${field} file`);
    }
    if (screenshot !== null) {
      await this.storeScreenshot(
        userId,
        romId,
        place.platform_fs_slug,
        stored.file_name,
        screenshot,
      );
    }
    return this.get(userId, kind, stored.id);
  }

  /** Deletes the caller's assets among `ids` (with their screenshots); returns the deleted ids. */
  async delete(userId: number, kind: SyncedKind, ids: readonly number[]): Promise<number[]> {
    const rows = await this.repo.findOwnedByIds(userId, kind, ids);
    const shots = await this.repo.screenshotsFor(
      userId,
      rows.map((row) => row.rom_id),
    );
    const doomed = [...rows];
    for (const row of rows) {
      const shot = shots.find(
        (candidate) =>
          candidate.rom_id === row.rom_id && stem(candidate.file_name) === stem(row.file_name),
      );
      if (shot !== undefined) doomed.push(shot);
    }
    for (const row of doomed) {
      const file = await confinedFile(this.assetsDir, this.absolute(row));
      if (file !== null) await rm(file.real, { force: true });
    }
    await this.repo.delete(doomed.map((row) => row.id));
    return rows.map((row) => row.id);
  }
}
