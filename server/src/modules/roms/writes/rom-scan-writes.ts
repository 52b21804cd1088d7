import type { ScanRomEvent } from '@romshelf/contract';

import type { RomResources } from '../resources/rom-resources.js';
import { toScanRomEvent } from '../roms.mapper.js';
import type { RomWrite, RomWritesRepository } from './rom-writes.repository.js';
import type { RomsRepository, ScanIndexRom, StoredRom } from '../roms.repository.js';

export type { RomFields, RomFileFields, RomWrite } from './rom-writes.repository.js';
export type { ScanIndexRom, StoredRom } from '../roms.repository.js';

/**
 * What the library scan reads and writes of the ROM tables: the stored ROMs of a platform,
 * batches of planned changes, ROMs gone from disk, and the events announcing written ROMs.
 */
export class RomScanWrites {
  constructor(
    private readonly roms: RomsRepository,
    private readonly writes: RomWritesRepository,
    private readonly resources: RomResources,
  ) {}

  /** Every ROM of a platform as compared with the disk, keyed by fs_name. */
  scanIndexOf(platformId: number): Promise<Map<string, ScanIndexRom>> {
    return this.roms.scanIndexOf(platformId);
  }

  /** ROMs with their files, keyed by id (those that exist). */
  storedByIds(ids: readonly number[]): Promise<Map<number, StoredRom>> {
    return this.roms.loadForScan(ids);
  }

  /** One ROM of a platform by its file or folder name, with its files. */
  storedByName(platformId: number, fsName: string): Promise<StoredRom | undefined> {
    return this.roms.findStoredByName(platformId, fsName);
  }

  /** Flags ROMs (and their files) as missing from disk. */
  markMissing(ids: readonly number[], now: string): Promise<void> {
    return this.writes.markRomsMissing(ids, now);
  }

  /**
   * Removes the ROMs of a platform stored under the given file names, other than `keepId`:
   * files an upload folded into a disc sheet's game (ROM `keepId`), once stored on their own.
   */
  async removeFolded(
    platformId: number,
    fsNames: readonly string[],
    keepId: number,
  ): Promise<void> {
    const ids: number[] = [];
    for (const fsName of fsNames) {
      const stored = await this.roms.findStoredByName(platformId, fsName);
      if (stored !== undefined && stored.id !== keepId) ids.push(stored.id);
    }
    await this.writes.deleteRoms(ids);
    for (const id of ids) await this.resources.removeAll(platformId, id);
  }

  /** Runs a scan's writes with the database tuned for bulk writes (see RomWritesRepository). */
  inBulk<T>(work: () => Promise<T>): Promise<T> {
    return this.writes.inBulk(work);
  }

  /** Applies a batch in one transaction; returns the ROM id of each write, in order. */
  apply(writes: readonly RomWrite[], now: string): Promise<number[]> {
    return this.writes.applyBatch(writes, now);
  }

  /** Scan events of the given ROMs (those that exist), in the order of `ids`. */
  async events(ids: readonly number[]): Promise<ScanRomEvent[]> {
    const byId = new Map((await this.roms.findByIds(ids)).map((row) => [row.id, row]));
    return [...new Set(ids)].flatMap((id) => {
      const row = byId.get(id);
      return row === undefined ? [] : [toScanRomEvent(row)];
    });
  }
}
