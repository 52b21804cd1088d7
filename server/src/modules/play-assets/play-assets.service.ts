import type { Save, SaveSummary, State } from '@romshelf/contract';

import type { PlayAssetRow } from '../../db/schema.js';
import { HttpError } from '../../http/http-error.js';
import type { ConfinedFiles } from '../../lib/confined-files.js';
import { confinedFile } from '../../lib/stored-files.js';
import type { RomPlayAssets } from '../roms/roms.mapper.js';
import { PlayAssetStore } from './play-asset-store.js';
import type { AssetUploadPart, SlotOptions, SyncedKind, UploadTarget } from './play-asset-store.js';
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

export type { AssetUploadPart, SlotOptions, SyncedKind } from './play-asset-store.js';

/**
 * Saves and states the emulator uploads, per user and ROM, with the screenshot of the same
 * file-name stem. Only the owner lists, reads, replaces, deletes or shares them (anyone else
 * gets 404); a public one is also shown to others in the game's detail and downloadable by them.
 */
export class PlayAssetsService {
  private readonly store: PlayAssetStore;

  constructor(
    private readonly repo: PlayAssetsRepository,
    private readonly assetsDir: string,
    files: ConfinedFiles,
    clock: () => number = Date.now,
  ) {
    this.store = new PlayAssetStore(repo, assetsDir, files, clock);
  }

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
    filters: { romId?: number; platformId?: number; slot?: string },
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
   * The saves, states and screenshots of one ROM for its detail, from one query: `user_*` the
   * caller's own, `all_user_*` the caller's own and everyone's public ones (as RomM). There is
   * no standalone screenshot upload, so screenshots are those sent with saves and states (RomM
   * lists every screenshot, newest created first).
   */
  async forRom(userId: number, romId: number): Promise<RomPlayAssets> {
    const rows = await this.repo.ofRom(userId, romId);
    const shots = rows.filter((row) => row.kind === 'screenshot').sort(newestCreatedFirst);
    const saves = rows.filter((row) => row.kind === 'save');
    const states = rows.filter((row) => row.kind === 'state');
    const shotOf = screenshotLookup(shots);
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

  async get(userId: number, kind: SyncedKind, id: number): Promise<Save | State> {
    const row = await this.owned(userId, kind, id);
    const [dto] = await this.withScreenshots(userId, [row]);
    if (dto === undefined) throw new HttpError(404, `${kind} with id ${id} not found`);
    return dto;
  }

  /** The file of the caller's own asset or of anyone's public one, confined to the assets folder. */
  async openContent(userId: number, kind: PlayAssetKind, id: number) {
    const row = await this.repo.findReadable(userId, kind, id);
    if (row === undefined) throw new HttpError(404, `${kind} with id ${id} not found`);
    const file = await confinedFile(this.assetsDir, this.store.absolute(row));
    if (file === null) throw new HttpError(404, `${kind} file ${row.file_name} not found on disk`);
    return { file, fileName: row.file_name };
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
  ): Promise<Save | State> {
    const id = await this.store.upload(userId, kind, target, parts, slotOptions);
    return this.get(userId, kind, id);
  }

  /** Deletes the caller's assets among `ids` (with their screenshots); returns the deleted ids. */
  async delete(userId: number, kind: SyncedKind, ids: readonly number[]): Promise<number[]> {
    const rows = await this.repo.findOwnedByIds(userId, kind, ids);
    await this.store.remove(userId, rows);
    return rows.map((row) => row.id);
  }
}
