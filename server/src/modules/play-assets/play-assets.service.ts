import type { Save, SaveSummary, SaveVersion, State } from '@romshelf/contract';

import type { PlayAssetRow } from '../../db/schema.js';
import { withheldFromCaller } from '../hidden-items/visibility.js';
import { HttpError } from '../../http/http-error.js';
import type { ConfinedFiles } from '../../lib/confined-files.js';
import { confinedFile } from '../../lib/stored-files.js';
import type { RomPlayAssets } from '../roms/roms.mapper.js';
import { GalleryScreenshots } from './gallery-screenshots.js';
import { PlayAssetStore } from './play-asset-store.js';
import type { HistoryLimits } from './save-history.js';
import { SaveHistory } from './save-history.js';
import type {
  AssetUploadPart,
  SlotOptions,
  SyncedKind,
  UploadTarget,
  UploadingDevice,
} from './play-asset-store.js';
import {
  newestCreatedFirst,
  ownerFields,
  screenshotLookup,
  stem,
  toSaveDto,
  toScreenshotDto,
  toStateDto,
  toSyncedDto,
} from './play-assets.mapper.js';
import type { PlayAssetKind, PlayAssetsRepository } from './play-assets.repository.js';
import type { SaveDevice, SaveDeviceSyncs } from './save-device-syncs.js';
import { deviceSyncsOf } from './save-device-syncs.js';

export type { AssetUploadPart, SlotOptions, SyncedKind } from './play-asset-store.js';

/** The device a save call is made for (RomM's `device_id`), and its sync session. */
export interface DeviceContext {
  deviceId?: string;
  sessionId?: number;
}

const NO_DEVICE: DeviceContext = {};

/** A save or state just stored by an upload, and the device that sent it (null: none named). */
export interface StoredPlayAsset {
  userId: number;
  kind: SyncedKind;
  id: number;
  deviceId: string | null;
}

/**
 * Saves and states the emulator uploads, per user and ROM, with the screenshot of the same
 * file-name stem. Only the owner lists, reads, replaces, deletes or shares them (anyone else
 * gets 404); a public one is also shown to others in the game's detail and downloadable by them.
 */
export class PlayAssetsService {
  private readonly store: PlayAssetStore;
  private readonly storedListeners: ((stored: StoredPlayAsset) => Promise<void>)[] = [];
  /** The screenshots users add to a game's gallery. */
  readonly gallery: GalleryScreenshots;
  /** The earlier versions of saves and states, and each user's limits. */
  readonly history: SaveHistory;

  constructor(
    private readonly repo: PlayAssetsRepository,
    private readonly assetsDir: string,
    files: ConfinedFiles,
    private readonly clock: () => number = Date.now,
    private readonly devices: SaveDeviceSyncs | null = null,
    historyDefaults: HistoryLimits = { maxVersions: 10, maxAgeDays: 90 },
  ) {
    this.history = new SaveHistory(repo.history(), repo, assetsDir, files, clock, historyDefaults);
    this.store = new PlayAssetStore(repo, assetsDir, files, clock, this.history);
    this.gallery = new GalleryScreenshots(repo.gallery(), assetsDir, files, clock);
  }

  /** Calls `listener` after each upload stores a save or state (not one kept aside). */
  onStored(listener: (stored: StoredPlayAsset) => Promise<void>): void {
    this.storedListeners.push(listener);
  }

  private async withScreenshots(
    userId: number,
    rows: PlayAssetRow[],
    device: SaveDevice | null = null,
  ): Promise<(Save | State)[]> {
    const shotOf = screenshotLookup(
      await this.repo.screenshotsFor(
        userId,
        rows.map((row) => row.rom_id),
      ),
    );
    const dtos = rows.map((row) => toSyncedDto(row, shotOf(row)));
    if (device === null || this.devices === null) return dtos;
    const records = await this.devices.recordsOf(rows.map((row) => row.id));
    return dtos.map((dto) =>
      'device_syncs' in dto
        ? { ...dto, device_syncs: deviceSyncsOf(dto, records.get(dto.id) ?? [], device) }
        : dto,
    );
  }

  /** The caller's device named in a save call (404 when not theirs), or null. */
  private async deviceOf(userId: number, deviceId: string | undefined): Promise<SaveDevice | null> {
    if (deviceId === undefined) return null;
    if (this.devices === null) throw new HttpError(404, `Device with ID ${deviceId} not found`);
    return this.devices.device(userId, deviceId);
  }

  async list(
    userId: number,
    kind: SyncedKind,
    filters: { romId?: number; platformId?: number; slot?: string },
    deviceId?: string,
  ): Promise<(Save | State)[]> {
    const device = await this.deviceOf(userId, deviceId);
    const rows = await this.repo.list(userId, kind, filters, withheldFromCaller());
    return this.withScreenshots(userId, rows, device);
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
   * The saves, states and screenshots of one ROM for its detail, from one query: `user_*` the
   * caller's own, `all_user_*` the caller's own and everyone's public ones (as RomM). Screenshots
   * are those sent with saves and states and those added to the game's gallery (`is_gallery`),
   * newest created first as RomM lists them; only the former pair with a save or state.
   */
  async forRom(userId: number, romId: number): Promise<RomPlayAssets> {
    const rows = await this.repo.ofRom(userId, romId);
    const shots = rows.filter((row) => row.kind === 'screenshot').sort(newestCreatedFirst);
    const saves = rows.filter((row) => row.kind === 'save');
    const states = rows.filter((row) => row.kind === 'state');
    const shotOf = screenshotLookup(shots.filter((row) => row.is_gallery === 0));
    const own = (row: PlayAssetRow) => row.user_id === userId;
    return {
      user_saves: saves.filter(own).map((row) => toSaveDto(row, shotOf(row))),
      user_states: states.filter(own).map((row) => toStateDto(row, shotOf(row))),
      user_screenshots: shots.filter(own).map(toScreenshotDto),
      all_user_saves: saves.map((row) => ({ ...toSaveDto(row, shotOf(row)), ...ownerFields(row) })),
      all_user_states: states.map((row) => ({
        ...toStateDto(row, shotOf(row)),
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

  async get(
    userId: number,
    kind: SyncedKind,
    id: number,
    deviceId?: string,
  ): Promise<Save | State> {
    const device = await this.deviceOf(userId, deviceId);
    const row = await this.owned(userId, kind, id);
    const [dto] = await this.withScreenshots(userId, [row], device);
    if (dto === undefined) throw new HttpError(404, `${kind} with id ${id} not found`);
    return dto;
  }

  /**
   * The file of the caller's own asset or of anyone's public one, confined to the assets folder.
   * A device downloading its owner's save `optimistic`ally has it counted as synced (RomM).
   */
  async openContent(
    userId: number,
    kind: PlayAssetKind,
    id: number,
    context: DeviceContext & { optimistic?: boolean } = NO_DEVICE,
  ) {
    const device = await this.deviceOf(userId, context.deviceId);
    const row = await this.repo.findReadable(userId, kind, id);
    if (row === undefined) throw new HttpError(404, `${kind} with id ${id} not found`);
    const file = await confinedFile(this.assetsDir, this.store.absolute(row));
    if (file === null) throw new HttpError(404, `${kind} file ${row.file_name} not found on disk`);
    if (device !== null && context.optimistic !== false && row.user_id === userId) {
      await this.devices?.recordSync(userId, device.id, row.id, row.updated_at);
    }
    await this.countOperation(userId, context.sessionId);
    return { file, fileName: row.file_name };
  }

  /** The device has the save as it is now (`/downloaded`); answers it with its device syncs. */
  async confirmDownloaded(userId: number, id: number, deviceId: string): Promise<Save> {
    const row = await this.owned(userId, 'save', id);
    const device = await this.deviceOf(userId, deviceId);
    await this.devices?.recordSync(userId, deviceId, row.id, row.updated_at);
    return (await this.get(userId, 'save', id, device?.id)) as Save;
  }

  /** Stops or resumes syncing one of the caller's saves on one of their devices. */
  async setTracked(userId: number, id: number, deviceId: string, tracked: boolean): Promise<Save> {
    const row = await this.owned(userId, 'save', id);
    await this.deviceOf(userId, deviceId);
    await this.devices?.setUntracked(deviceId, row.id, !tracked);
    return (await this.get(userId, 'save', id, deviceId)) as Save;
  }

  private async countOperation(userId: number, sessionId: number | undefined): Promise<void> {
    if (sessionId !== undefined) await this.devices?.countOperation(userId, sessionId);
  }

  /**
   * Shares or unshares the owner's save or state, its screenshot with it; the update time stays
   * (RomM: visibility is not a new version).
   */
  async setVisibility(
    userId: number,
    kind: SyncedKind,
    id: number,
    isPublic: boolean,
  ): Promise<Save | State> {
    const row = await this.owned(userId, kind, id);
    const shots = await this.repo.screenshotsFor(userId, [row.rom_id]);
    const shotIds = shots
      .filter((shot) => stem(shot.file_name) === stem(row.file_name))
      .map((shot) => shot.id);
    await this.repo.setPublic([row.id, ...shotIds], isPublic);
    return this.get(userId, kind, id);
  }

  /**
   * Stores an uploaded save or state (replacing the user's file of the same name for that ROM)
   * and its optional screenshot, all or nothing. `existingId` replaces the content of that
   * asset instead (PUT). Saves honour RomM's slot options.
   */
  async upload(
    userId: number,
    kind: SyncedKind,
    target: UploadTarget,
    parts: AsyncIterable<AssetUploadPart>,
    slotOptions?: SlotOptions,
    context: DeviceContext = NO_DEVICE,
  ): Promise<Save | State> {
    const device = await this.deviceOf(userId, context.deviceId);
    const uploading = device === null ? null : this.uploadingDevice(device.id);
    const outcome = await this.store.upload(userId, kind, target, parts, slotOptions, uploading);
    if ('conflict' in outcome) {
      const kept = await this.owned(userId, kind, outcome.id);
      throw new HttpError(
        409,
        `${outcome.conflict}; nothing was overwritten: your upload is kept as save ` +
          `${kept.id} "${kept.file_name}"`,
      );
    }
    if (device !== null) {
      const row = await this.owned(userId, kind, outcome.id);
      await this.devices?.recordSync(userId, device.id, row.id, row.updated_at);
    }
    await this.countOperation(userId, context.sessionId);
    const stored = { userId, kind, id: outcome.id, deviceId: device?.id ?? null };
    for (const listener of this.storedListeners) await listener(stored);
    return this.get(userId, kind, outcome.id, device?.id);
  }

  /**
   * RomM's rule: a device may not replace a save changed since it last synced it; in a slot,
   * not even when it never synced the slot's latest save.
   */
  private uploadingDevice(deviceId: string): UploadingDevice {
    return {
      id: deviceId,
      conflictOf: async (current, slotted) => {
        const records = (await this.devices?.recordsOf([current.id]))?.get(current.id) ?? [];
        const own = records.find((record) => record.device_id === deviceId);
        const behind =
          own === undefined
            ? slotted
            : Date.parse(own.last_synced_at) < Date.parse(current.updated_at);
        if (!behind) return null;
        return slotted
          ? 'Slot has a newer save since your last sync'
          : 'Save has been updated since your last sync';
      },
    };
  }

  /** The earlier versions of one of the caller's saves or states, newest first. */
  async versions(userId: number, kind: SyncedKind, id: number): Promise<SaveVersion[]> {
    return this.history.versions(await this.owned(userId, kind, id));
  }

  /** The file of one earlier version of the caller's save or state. */
  async openVersion(userId: number, kind: SyncedKind, id: number, versionId: number) {
    return this.history.open(await this.owned(userId, kind, id), versionId);
  }

  /**
   * Makes an earlier version the current content of the caller's save or state (a new update:
   * devices see it as changed); the content it replaces becomes a version.
   */
  async restoreVersion(
    userId: number,
    kind: SyncedKind,
    id: number,
    versionId: number,
  ): Promise<Save | State> {
    await this.history.restore(await this.owned(userId, kind, id), versionId);
    return this.get(userId, kind, id);
  }

  /** Deletes the caller's assets among `ids` (with their screenshots); returns the deleted ids. */
  async delete(userId: number, kind: SyncedKind, ids: readonly number[]): Promise<number[]> {
    const rows = await this.repo.findOwnedByIds(userId, kind, ids);
    await this.store.remove(userId, rows);
    return rows.map((row) => row.id);
  }
}
