import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

import { MAX_AUTOCLEANUP_LIMIT, MAX_SAVES_PER_SLOT } from '@romshelf/contract';

import type { PlayAssetRow } from '../../db/schema.js';
import { HttpError } from '../../http/http-error.js';
import type { ConfinedFiles, StagedFile } from '../../lib/confined-files.js';
import { assertSafeFileName, confinedFile, fileNameParts } from '../../lib/stored-files.js';
import { toIsoUtc } from '../../lib/time.js';
import { sniffImage } from '../../lib/image-sniff.js';
import { KIND_FOLDER, stem } from './play-assets.mapper.js';
import type { SaveHistory } from './save-history.js';
import type {
  PlayAssetFields,
  PlayAssetKind,
  PlayAssetsRepository,
} from './play-assets.repository.js';

export type SyncedKind = 'save' | 'state';

/** One part of an upload: the save/state file (streamed) or the screenshot (buffered). */
export type AssetUploadPart =
  | { field: 'asset'; fileName: string; stream: Readable; truncated: () => boolean }
  | { field: 'screenshot'; fileName: string; bytes: Buffer };

/** A new asset of a ROM, or new content for an existing one (PUT). */
export type UploadTarget = { romId: number; emulator: string | null } | { existingId: number };

/** RomM's slot options of `POST /api/saves`. */
export interface SlotOptions {
  slot: string | null;
  overwrite: boolean;
  autocleanup: boolean;
  autocleanupLimit: number;
}

/**
 * The device sending a save: it becomes the origin of a new save, and `conflictOf` says why
 * the upload must not replace `current` (the save of that name, or the latest of the slot),
 * or null when it may.
 */
export interface UploadingDevice {
  id: string;
  conflictOf: (current: PlayAssetRow, slotted: boolean) => Promise<string | null>;
}

/** Stored, or kept aside because it conflicted with a save changed elsewhere. */
export type UploadOutcome = { id: number } | { id: number; conflict: string };

const NO_SLOT: SlotOptions = {
  slot: null,
  overwrite: false,
  autocleanup: false,
  autocleanupLimit: 10,
};

const DATETIME_TAG = / \[\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\]$/;

/** RomM's name of a slotted upload: ` [YYYY-MM-DD_HH-MM-SS]` (UTC) before the extension. */
export function withDatetimeTag(fileName: string, at: Date): string {
  const { noExt, extension } = fileNameParts(fileName);
  const tag = at.toISOString().slice(0, 19).replace('T', '_').replaceAll(':', '-');
  const base = `${noExt.replace(DATETIME_TAG, '')} [${tag}]`;
  return extension === '' ? base : `${base}.${extension}`;
}

/** The name a conflicting upload is kept under: ` [conflict YYYY-MM-DD_HH-MM-SS]`. */
export function withConflictTag(fileName: string, at: Date): string {
  const { noExt, extension } = fileNameParts(fileName);
  const tag = at.toISOString().slice(0, 19).replace('T', '_').replaceAll(':', '-');
  const base = `${noExt.replace(DATETIME_TAG, '')} [conflict ${tag}]`;
  return extension === '' ? base : `${base}.${extension}`;
}

/** Versions a slot keeps: the server cap, or the client's smaller ask (clamped to 1..100). */
function slotRetention({ autocleanup, autocleanupLimit }: SlotOptions): number {
  if (!autocleanup) return MAX_SAVES_PER_SLOT;
  return Math.min(
    MAX_SAVES_PER_SLOT,
    Math.max(1, Math.min(autocleanupLimit, MAX_AUTOCLEANUP_LIMIT)),
  );
}

interface ReceivedScreenshot {
  bytes: Buffer;
  extension: string;
}

interface Received {
  staged: StagedFile;
  fileName: string;
  screenshot: ReceivedScreenshot | null;
}

/** The screenshot's bytes with the extension of its image format; 400 when not an image. */
function checkedScreenshot(bytes: Buffer): ReceivedScreenshot {
  const format = sniffImage(bytes);
  if (format === null) {
    throw new HttpError(400, 'Screenshot must be a PNG, JPEG, WebP or GIF image');
  }
  return { bytes, extension: format === 'jpeg' ? 'jpg' : format };
}

/**
 * Writes of saves, states and their screenshots under
 * `<data>/assets/users/<user id>/{saves|states|screenshots}/<platform folder>/<rom id>/`.
 * An upload is all or nothing: the files wait in the temp area until every part is received
 * and valid, then are moved into place and recorded in one transaction.
 */
export class PlayAssetStore {
  constructor(
    private readonly repo: PlayAssetsRepository,
    private readonly assetsDir: string,
    private readonly files: ConfinedFiles,
    private readonly clock: () => number,
    private readonly history: SaveHistory,
  ) {}

  absolute(row: PlayAssetRow): string {
    return path.join(this.assetsDir, ...row.file_path.split('/'), row.file_name);
  }

  private folder(userId: number, kind: PlayAssetKind, fsSlug: string, romId: number): string {
    return ['users', String(userId), KIND_FOLDER[kind], fsSlug, String(romId)].join('/');
  }

  /** The asset a PUT replaces (owned, else 404) or null, and the ROM's place (else 404). */
  private async resolve(userId: number, kind: SyncedKind, target: UploadTarget) {
    let existing: PlayAssetRow | null = null;
    let romId: number;
    let emulator: string | null;
    if ('existingId' in target) {
      const row = await this.repo.findOwned(userId, kind, target.existingId);
      if (row === undefined)
        throw new HttpError(404, `${kind} with id ${target.existingId} not found`);
      existing = row;
      romId = row.rom_id;
      emulator = row.emulator;
    } else {
      romId = target.romId;
      emulator = target.emulator === '' ? null : target.emulator;
    }
    const place = await this.repo.romPlace(romId);
    if (place === undefined) throw new HttpError(404, `ROM with id ${romId} not found`);
    return { existing, romId, emulator, fsSlug: place.platform_fs_slug };
  }

  /**
   * Stores an upload; answers the id of the save or state it stored (or found identical). A
   * device's upload that conflicts is stored as a save of its own, without a slot, named
   * ` [conflict <time>]`, and the outcome says so.
   */
  async upload(
    userId: number,
    kind: SyncedKind,
    target: UploadTarget,
    parts: AsyncIterable<AssetUploadPart>,
    slotOptions: SlotOptions = NO_SLOT,
    device: UploadingDevice | null = null,
  ): Promise<UploadOutcome> {
    const { existing, romId, emulator, fsSlug } = await this.resolve(userId, kind, target);
    const received = await this.receive(kind, parts, existing?.file_name ?? null);
    if ('screenshotOnly' in received) {
      // Only a PUT may omit the file: it then sets the screenshot of what it names (RomM).
      if (existing === null) throw new HttpError(400, 'Missing the file');
      const owner = { romId, fsSlug, fileName: existing.file_name };
      const shot = await this.writeScreenshot(userId, owner, received.screenshotOnly);
      await this.repo.upsert(shot, toIsoUtc(new Date(this.clock())), existing.is_public === 1);
      return { id: existing.id };
    }
    try {
      // A new slotted save; a PUT keeps the name and slot of what it replaces.
      const slot = existing === null && kind === 'save' ? slotOptions.slot : null;
      const now = new Date(this.clock());
      if (slot !== null && !slotOptions.overwrite) {
        const versions = await this.repo.slotVersions(userId, romId, slot);
        const same = versions.find((version) => version.content_hash === received.staged.md5);
        if (same !== undefined) {
          await this.prune(userId, romId, slot, slotRetention(slotOptions));
          return { id: same.id };
        }
      }
      const conflict =
        device === null || existing !== null || slotOptions.overwrite
          ? null
          : await this.conflictOf(userId, romId, slot, received.fileName, device);
      if (conflict !== null) {
        const aside = await this.commit(userId, kind, received, {
          romId,
          fsSlug,
          folder: this.folder(userId, kind, fsSlug, romId),
          fileName: assertSafeFileName(withConflictTag(received.fileName, now)),
          emulator,
          slot: null,
          now: toIsoUtc(now),
          originDeviceId: device?.id ?? null,
        });
        return { id: aside.id, conflict };
      }
      const stored = await this.commit(userId, kind, received, {
        romId,
        fsSlug,
        folder: this.folder(userId, kind, fsSlug, romId),
        fileName:
          slot === null
            ? received.fileName
            : assertSafeFileName(withDatetimeTag(received.fileName, now)),
        emulator,
        slot: existing?.slot ?? slot,
        now: toIsoUtc(now),
        originDeviceId: device?.id ?? null,
      });
      if (slot !== null) await this.prune(userId, romId, slot, slotRetention(slotOptions));
      return { id: stored.id };
    } finally {
      await this.files.discard(received.staged);
    }
  }

  /** Why a device's new save must not land on the slot's latest save or the save of its name. */
  private async conflictOf(
    userId: number,
    romId: number,
    slot: string | null,
    fileName: string,
    device: UploadingDevice,
  ): Promise<string | null> {
    const current =
      slot === null
        ? await this.repo.findByName(userId, 'save', romId, fileName)
        : (await this.repo.slotVersions(userId, romId, slot))[0];
    return current === undefined ? null : device.conflictOf(current, slot !== null);
  }

  /**
   * Reads every part: the asset into the temp area (its name checked first), the screenshot
   * into memory and checked to be an image. Nothing is stored; on a refusal the temp file goes.
   */
  private async receive(
    kind: SyncedKind,
    parts: AsyncIterable<AssetUploadPart>,
    fixedName: string | null,
  ): Promise<Received | { screenshotOnly: ReceivedScreenshot }> {
    let asset: { staged: StagedFile; fileName: string } | null = null;
    let shot: { bytes: Buffer } | null = null;
    try {
      for await (const part of parts) {
        if (part.field === 'screenshot') {
          shot = { bytes: part.bytes };
          continue;
        }
        if (asset !== null) throw new HttpError(400, `Only one ${kind} file per request`);
        const fileName = fixedName ?? assertSafeFileName(part.fileName);
        const staged = await this.files.stage(part.stream, {
          truncated: part.truncated,
          check: async (_temp, file) => {
            if (file.size === 0) throw new HttpError(400, `The ${kind} file is empty`);
            await Promise.resolve();
          },
        });
        asset = { staged, fileName };
      }
      // A replacement (fixed name) may carry the screenshot alone.
      if (asset === null && (fixedName === null || shot === null)) {
        throw new HttpError(400, `Missing the ${kind === 'save' ? 'saveFile' : 'stateFile'} file`);
      }
      const screenshot = shot === null ? null : checkedScreenshot(shot.bytes);
      if (asset === null && screenshot !== null) return { screenshotOnly: screenshot };
      if (asset === null) throw new HttpError(400, 'Missing the file');
      return { ...asset, screenshot };
    } catch (error) {
      if (asset !== null) await this.files.discard(asset.staged);
      throw error;
    }
  }

  /**
   * Keeps the content a same-named upload replaces in the history, moves the files into place,
   * then records both rows in one transaction.
   */
  private async commit(
    userId: number,
    kind: SyncedKind,
    received: Received,
    at: {
      romId: number;
      fsSlug: string;
      folder: string;
      fileName: string;
      emulator: string | null;
      slot: string | null;
      now: string;
      originDeviceId?: string | null;
    },
  ): Promise<PlayAssetRow> {
    const replaced = await this.repo.findByName(userId, kind, at.romId, at.fileName);
    if (replaced !== undefined && replaced.content_hash !== received.staged.md5) {
      await this.history.keep(replaced);
    }
    const written = await this.files.place(this.assetsDir, received.staged, at.folder, at.fileName);
    const shot =
      received.screenshot === null
        ? null
        : await this.writeScreenshot(userId, at, received.screenshot);
    return this.repo.transaction(async (repo) => {
      const stored = await repo.upsert(
        {
          kind,
          user_id: userId,
          rom_id: at.romId,
          file_name: at.fileName,
          file_path: at.folder,
          file_size_bytes: written.size,
          emulator: at.emulator,
          content_hash: written.md5,
          slot: at.slot,
        },
        at.now,
        false,
        at.originDeviceId ?? null,
      );
      if (shot !== null) await repo.upsert(shot, at.now, stored.is_public === 1);
      return stored;
    });
  }

  /** Writes the screenshot of a save or state (same stem); answers the row to record. */
  private async writeScreenshot(
    userId: number,
    owner: { romId: number; fsSlug: string; fileName: string },
    screenshot: ReceivedScreenshot,
  ): Promise<PlayAssetFields> {
    const folder = this.folder(userId, 'screenshot', owner.fsSlug, owner.romId);
    const fileName = `${stem(owner.fileName)}.${screenshot.extension}`;
    const file = await this.files.writeBytes(this.assetsDir, folder, fileName, screenshot.bytes);
    return {
      kind: 'screenshot',
      user_id: userId,
      rom_id: owner.romId,
      file_name: fileName,
      file_path: folder,
      file_size_bytes: file.size,
      emulator: null,
      content_hash: file.md5,
      slot: null,
    };
  }

  /** Deletes a slot's versions beyond the newest `keep`, with their screenshots and files. */
  private async prune(userId: number, romId: number, slot: string, keep: number): Promise<void> {
    const versions = await this.repo.slotVersions(userId, romId, slot);
    await this.remove(userId, versions.slice(keep));
  }

  /** Deletes these assets of the user with their screenshots, rows and files. */
  async remove(userId: number, rows: readonly PlayAssetRow[]): Promise<void> {
    if (rows.length === 0) return;
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
    await this.history.forget(
      userId,
      rows.map((row) => row.id),
    );
    await this.repo.delete(doomed.map((row) => row.id));
    for (const row of doomed) {
      const file = await confinedFile(this.assetsDir, this.absolute(row));
      if (file !== null) await rm(file.real, { force: true });
    }
  }
}
