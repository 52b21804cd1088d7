import { randomUUID } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';

import type { SaveHistorySettings, SaveHistorySettingsBody, SaveVersion } from '@romshelf/contract';

import type { PlayAssetRow } from '../../db/schema.js';
import type { PlayAssetVersionRow } from '../../db/schema-save-history.js';
import { HttpError } from '../../http/http-error.js';
import type { ConfinedFiles } from '../../lib/confined-files.js';
import { confinedFile, fileNameParts } from '../../lib/stored-files.js';
import { toIsoUtc } from '../../lib/time.js';
import { KIND_FOLDER } from './play-assets.mapper.js';
import type { PlayAssetsRepository } from './play-assets.repository.js';
import type { NamedVersionRow, SaveHistoryRepository } from './save-history.repository.js';

/** How many earlier versions an asset keeps (0: none) and for how many days (0: no limit). */
export interface HistoryLimits {
  maxVersions: number;
  maxAgeDays: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function toVersionDto(row: NamedVersionRow, kind: 'save' | 'state'): SaveVersion {
  return {
    id: row.id,
    asset_id: row.asset_id,
    kind,
    file_name: row.file_name,
    file_size_bytes: row.file_size_bytes,
    content_hash: row.content_hash,
    emulator: row.emulator,
    device_id: row.device_id,
    device_name: row.device_name,
    saved_at: row.saved_at,
    replaced_at: row.replaced_at,
    download_path: `/api/${KIND_FOLDER[kind]}/${row.asset_id}/versions/${row.id}/content`,
  };
}

/**
 * Save history: when an upload replaces a save or state, its previous content moves to
 * `users/<id>/history/<saves|states>/<asset id>/` with a version row, kept up to the user's
 * count and age (their own limits, else the server's). Restoring a version makes its bytes the
 * current content again and keeps the content it replaces as a version: nothing is lost.
 */
export class SaveHistory {
  constructor(
    private readonly repo: SaveHistoryRepository,
    private readonly assets: PlayAssetsRepository,
    private readonly assetsDir: string,
    private readonly files: ConfinedFiles,
    private readonly clock: () => number,
    private readonly defaults: HistoryLimits,
  ) {}

  private now(): string {
    return toIsoUtc(new Date(this.clock()));
  }

  private assetFile(row: PlayAssetRow): string {
    return path.join(this.assetsDir, ...row.file_path.split('/'), row.file_name);
  }

  private versionFile(row: PlayAssetVersionRow): string {
    return path.join(this.assetsDir, ...row.file_path.split('/'), row.stored_name);
  }

  async limits(userId: number): Promise<HistoryLimits> {
    const own = await this.repo.settings(userId);
    return {
      maxVersions: own?.max_versions ?? this.defaults.maxVersions,
      maxAgeDays: own?.max_age_days ?? this.defaults.maxAgeDays,
    };
  }

  async settings(userId: number): Promise<SaveHistorySettings> {
    const own = await this.repo.settings(userId);
    return {
      max_versions: own?.max_versions ?? null,
      max_age_days: own?.max_age_days ?? null,
      default_max_versions: this.defaults.maxVersions,
      default_max_age_days: this.defaults.maxAgeDays,
    };
  }

  /** Stores the user's limits and applies them to the versions kept now. */
  async saveSettings(userId: number, body: SaveHistorySettingsBody): Promise<SaveHistorySettings> {
    await this.repo.saveSettings(userId, body, this.now());
    await this.pruneUser(userId);
    return this.settings(userId);
  }

  /**
   * Keeps the current content of `row` as a version before it is replaced (unless the user keeps
   * none, or `always` for a restore), then prunes all of the user's versions.
   */
  async keep(row: PlayAssetRow, always = false): Promise<void> {
    const limits = await this.limits(row.user_id);
    if (limits.maxVersions === 0 && !always) return;
    const current = await confinedFile(this.assetsDir, this.assetFile(row));
    if (current === null) return;
    const folder = ['users', String(row.user_id), 'history', KIND_FOLDER[row.kind], String(row.id)];
    const real = await this.files.folder(this.assetsDir, folder.join('/'));
    const { extension } = fileNameParts(row.file_name);
    const storedName = extension === '' ? randomUUID() : `${randomUUID()}.${extension}`;
    await rename(current.real, path.join(real, storedName));
    await this.repo.insert({
      asset_id: row.id,
      user_id: row.user_id,
      file_name: row.file_name,
      file_path: folder.join('/'),
      stored_name: storedName,
      file_size_bytes: row.file_size_bytes,
      content_hash: row.content_hash,
      emulator: row.emulator,
      device_id: row.written_by_device_id,
      saved_at: row.updated_at,
      replaced_at: this.now(),
    });
    await this.prune(row.user_id, null, always ? Math.max(1, limits.maxVersions) : null);
  }

  async versions(row: PlayAssetRow): Promise<SaveVersion[]> {
    const kind = row.kind === 'state' ? 'state' : 'save';
    return (await this.repo.ofAsset(row.user_id, row.id)).map((version) =>
      toVersionDto(version, kind),
    );
  }

  private async version(row: PlayAssetRow, versionId: number): Promise<NamedVersionRow> {
    const version = (await this.repo.ofAsset(row.user_id, row.id)).find(
      (candidate) => candidate.id === versionId,
    );
    if (version === undefined) throw new HttpError(404, `Version ${versionId} not found`);
    return version;
  }

  /** The file of one version, confined to the assets folder. */
  async open(row: PlayAssetRow, versionId: number) {
    const version = await this.version(row, versionId);
    const file = await confinedFile(this.assetsDir, this.versionFile(version));
    if (file === null) throw new HttpError(404, `Version ${versionId} not found on disk`);
    return { file, fileName: version.file_name };
  }

  /** The version's bytes become the asset's current content; the replaced content is kept. */
  async restore(row: PlayAssetRow, versionId: number): Promise<void> {
    const version = await this.version(row, versionId);
    const file = await confinedFile(this.assetsDir, this.versionFile(version));
    if (file === null) throw new HttpError(404, `Version ${versionId} not found on disk`);
    await this.keep(row, true);
    const folder = await this.files.folder(this.assetsDir, row.file_path);
    await rename(file.real, path.join(folder, row.file_name));
    await this.repo.delete([version.id]);
    await this.assets.replaceContent(row.id, {
      file_size_bytes: version.file_size_bytes,
      content_hash: version.content_hash,
      emulator: version.emulator,
      written_by_device_id: null,
      updated_at: this.now(),
    });
  }

  /**
   * Deletes the versions beyond the user's limits (of these assets, or all of the user's):
   * past the newest `maxVersions` per asset, or replaced more than `maxAgeDays` ago.
   */
  async prune(
    userId: number,
    assetIds: readonly number[] | null,
    keepAtLeast: number | null = null,
  ): Promise<number> {
    const limits = await this.limits(userId);
    const maxVersions = keepAtLeast ?? limits.maxVersions;
    const cutoff =
      limits.maxAgeDays === 0
        ? null
        : toIsoUtc(new Date(this.clock() - limits.maxAgeDays * DAY_MS));
    const rows = await this.repo.ofUser(userId, assetIds);
    const seen = new Map<number, number>();
    const doomed = rows.filter((row) => {
      const rank = seen.get(row.asset_id) ?? 0;
      seen.set(row.asset_id, rank + 1);
      return rank >= maxVersions || (cutoff !== null && row.replaced_at < cutoff);
    });
    await this.removeFiles(doomed);
    await this.repo.delete(doomed.map((row) => row.id));
    return doomed.length;
  }

  private pruneUser(userId: number): Promise<number> {
    return this.prune(userId, null);
  }

  /** Whether any version is kept (a due scheduled prune with none is not started). */
  async hasVersions(): Promise<boolean> {
    return (await this.repo.usersWithVersions()).length > 0;
  }

  /** Applies every user's limits (the scheduled task); answers how many versions went. */
  async pruneAll(): Promise<number> {
    let removed = 0;
    for (const userId of await this.repo.usersWithVersions()) {
      removed += await this.pruneUser(userId);
    }
    return removed;
  }

  /** Deletes the version files of assets about to be deleted (their rows go with them). */
  async forget(userId: number, assetIds: readonly number[]): Promise<void> {
    await this.removeFiles(await this.repo.ofUser(userId, assetIds));
  }

  private async removeFiles(rows: readonly PlayAssetVersionRow[]): Promise<void> {
    for (const row of rows) {
      const file = await confinedFile(this.assetsDir, this.versionFile(row));
      if (file !== null) await rm(file.real, { force: true });
    }
  }
}
