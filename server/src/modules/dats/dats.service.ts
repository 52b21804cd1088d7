import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

import type { Dat, DatFolderSync } from '@romshelf/contract';
import type { FastifyBaseLogger } from 'fastify';

import type { DatRow } from '../../db/schema-dats.js';
import { HttpError } from '../../http/http-error.js';
import type { ConfinedFiles } from '../../lib/confined-files.js';
import { withheldFromCaller } from '../hidden-items/visibility.js';
import type { PlatformsService } from '../platforms/platforms.service.js';
import { DatFormatError } from './dat-entries.js';
import type { DatFile, DatImporter, PlatformBinder } from './dat-importer.js';
import { platformForHeader } from './dat-platform-binding.js';
import type { DatsRepository } from './dats.repository.js';
import { DAT_FILE_RE, listFolderDats } from './dats-folder.js';

/** What changed: lets verification follow the DATs (the DAT ids replaced or removed). */
export type DatChange =
  | { kind: 'imported'; datId: number; platformId: number | null; replacedIds: number[] }
  | { kind: 'rebound'; datId: number; platformId: number | null }
  | { kind: 'removed'; datId: number; platformId: number | null };

export type DatChangeListener = (change: DatChange) => void | Promise<void>;

function toDat(row: DatRow): Dat {
  return {
    id: row.id,
    platform_id: row.platform_id,
    platform_binding: row.platform_binding,
    name: row.name,
    description: row.description,
    version: row.version,
    author: row.author,
    homepage: row.homepage,
    header_name: row.header_name,
    format: row.format,
    source: row.source,
    source_path: row.source_path,
    file_name: row.file_name,
    file_size_bytes: row.file_size_bytes,
    game_count: row.game_count,
    rom_count: row.rom_count,
    imported_at: row.imported_at,
  };
}

/**
 * DAT files: uploaded ones and those of the `dats` folder beside the library's ROMs, each
 * bound to a platform (from its header name unless the user chose one). Listeners hear every
 * change, so the verdicts follow the DATs.
 */
export class DatsService {
  private readonly listeners: DatChangeListener[] = [];
  private folderSync: Promise<DatFolderSync> | null = null;

  constructor(
    private readonly repository: DatsRepository,
    private readonly importer: DatImporter,
    private readonly platforms: PlatformsService,
    private readonly files: ConfinedFiles,
    private readonly datsDir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  onChange(listener: DatChangeListener): void {
    this.listeners.push(listener);
  }

  /** The DATs, but those of platforms hidden from the caller. */
  async list(): Promise<Dat[]> {
    const hidden = withheldFromCaller().platformIds;
    return (await this.repository.list())
      .filter((row) => row.platform_id === null || !hidden.includes(row.platform_id))
      .map(toDat);
  }

  async get(id: number): Promise<Dat> {
    const row = await this.repository.find(id);
    const hidden = withheldFromCaller().platformIds;
    if (row === undefined || (row.platform_id !== null && hidden.includes(row.platform_id))) {
      throw new HttpError(404, 'DAT not found');
    }
    return toDat(row);
  }

  /** Imports an uploaded DAT (streamed to the temp area first). */
  async upload(fileName: string, stream: Readable, truncated: () => boolean): Promise<Dat> {
    if (!DAT_FILE_RE.test(fileName)) {
      stream.resume();
      throw new HttpError(400, 'A DAT file ends in .dat, .xml or .zip');
    }
    const staged = await this.files.stage(stream, { truncated });
    try {
      const name = path.basename(fileName);
      const file: DatFile = {
        filePath: staged.temp,
        fileName: name,
        sizeBytes: staged.size,
        source: 'upload',
        sourcePath: null,
        mtimeMs: null,
      };
      return await this.get(await this.importFile(file));
    } finally {
      await this.files.discard(staged);
    }
  }

  /** Binds a DAT to a platform by hand (null: to none); re-imports keep the choice. */
  async rebind(id: number, platformId: number | null): Promise<Dat> {
    await this.get(id);
    if (platformId !== null) await this.platforms.get(platformId);
    await this.repository.bind(id, platformId, 'manual');
    await this.tell({ kind: 'rebound', datId: id, platformId });
    return this.get(id);
  }

  /** Removes a DAT and its verdicts; a folder DAT's file goes too, or the next scan would re-add it. */
  async remove(id: number): Promise<void> {
    const dat = await this.get(id);
    if (dat.source === 'folder' && dat.source_path !== null) {
      await rm(path.join(this.datsDir, ...dat.source_path.split('/')), { force: true });
    }
    if (await this.repository.remove(id)) {
      await this.tell({ kind: 'removed', datId: id, platformId: dat.platform_id });
    }
  }

  /**
   * Brings the `dats` folder's DATs up to date: new and changed files are imported, DATs whose
   * file is gone removed, and DATs without a platform bound if one now matches. One at a time.
   */
  syncFolder(): Promise<DatFolderSync> {
    this.folderSync ??= this.readFolder().finally(() => {
      this.folderSync = null;
    });
    return this.folderSync;
  }

  private async readFolder(): Promise<DatFolderSync> {
    const result: DatFolderSync = { imported: 0, removed: 0, unchanged: 0, failed: [] };
    const known = new Map(
      (await this.repository.folderDats()).map((row) => [row.source_path, row]),
    );
    for (const file of await listFolderDats(this.datsDir)) {
      const row = known.get(file.relativePath);
      known.delete(file.relativePath);
      if (row?.file_size_bytes === file.sizeBytes && row.file_mtime_ms === file.mtimeMs) {
        result.unchanged += 1;
        continue;
      }
      try {
        await this.importFile({
          filePath: file.absolutePath,
          fileName: path.basename(file.relativePath),
          sizeBytes: file.sizeBytes,
          source: 'folder',
          sourcePath: file.relativePath,
          mtimeMs: file.mtimeMs,
        });
        result.imported += 1;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        this.log.warn(`dats: ${file.relativePath} not imported: ${error.detail}`);
        result.failed.push({ path: file.relativePath, detail: error.detail });
      }
    }
    for (const gone of known.values()) {
      if (await this.repository.remove(gone.id)) {
        result.removed += 1;
        await this.tell({ kind: 'removed', datId: gone.id, platformId: gone.platform_id });
      }
    }
    await this.bindUnbound();
    return result;
  }

  /** Binds automatically bound DATs that have no platform yet to one that now matches. */
  private async bindUnbound(): Promise<void> {
    const binder = await this.binder();
    for (const dat of await this.repository.unboundAuto()) {
      const platformId = binder(dat.header_name);
      if (platformId === null) continue;
      await this.repository.bind(dat.id, platformId, 'auto');
      await this.tell({ kind: 'rebound', datId: dat.id, platformId });
    }
  }

  private async binder(): Promise<PlatformBinder> {
    const platforms = await this.platforms.list();
    return (headerName) => platformForHeader(headerName, platforms);
  }

  private async importFile(file: DatFile): Promise<number> {
    // Read before the import's transaction: SQLite has one connection, which it holds.
    const binder = await this.binder();
    try {
      const { datId, replacedIds } = await this.importer.import(file, binder);
      const dat = await this.get(datId);
      await this.tell({ kind: 'imported', datId, platformId: dat.platform_id, replacedIds });
      return datId;
    } catch (error) {
      if (error instanceof DatFormatError) throw new HttpError(400, error.message);
      throw error;
    }
  }

  private async tell(change: DatChange): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(change);
      } catch (error) {
        this.log.error(`dats: a listener failed on ${change.kind}: ${(error as Error).message}`);
      }
    }
  }
}
