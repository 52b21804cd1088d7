import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

import { MISSING_ROMS_LIMIT } from '@romshelf/contract';
import type { MissingRoms } from '@romshelf/contract';
import type { FastifyBaseLogger } from 'fastify';

import { chunks, ID_CHUNK } from '../../../db/id-chunks.js';
import type { RomMaintenanceRepository } from './rom-maintenance.repository.js';
import { RomResources } from '../resources/rom-resources.js';
import type { RomWritesRepository } from './rom-writes.repository.js';

/** Called as a maintenance job moves on: items done of the total. */
export type ProgressReport = (done: number, total: number) => void;

/** RomM's `cleanup_stats` of `cleanup_missing_roms`. */
export interface MissingRomsCleanupStats {
  platform_ids: number[] | null;
  roms_found: number;
  roms_deleted: number;
  errors: number;
}

/** RomM's `cleanup_stats` of `cleanup_orphaned_resources`. */
export interface OrphanCleanupStats {
  platforms_in_db: number;
  roms_in_db: number;
  platforms_in_fs: number;
  roms_in_fs: number;
  removed_fs_platforms: number;
  removed_fs_roms: number;
}

/** Numeric sub-folders of a folder (resource folders are named by id); none when it is absent. */
export async function numericFolders(folder: string): Promise<number[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isDirectory() && /^\d+$/.test(entry.name))
    .map((entry) => Number(entry.name));
}

/** The library's maintenance jobs on ROM rows and their stored resources. */
export class RomMaintenance {
  constructor(
    private readonly repository: RomMaintenanceRepository,
    private readonly writes: RomWritesRepository,
    private readonly resources: RomResources,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Deletes the ROMs flagged missing from disk (of the given platforms, or all) with their
   * stored resources. ROMs present on disk are never touched.
   */
  async cleanupMissingRoms(
    platformIds: number[] | null,
    report: ProgressReport,
  ): Promise<MissingRomsCleanupStats> {
    const missing = await this.repository.missingRoms(platformIds);
    const stats = {
      platform_ids: platformIds,
      roms_found: missing.length,
      roms_deleted: 0,
      errors: 0,
    };
    report(0, missing.length);
    for (const part of chunks(missing, ID_CHUNK)) {
      await this.writes.deleteRoms(part.map((rom) => rom.id));
      for (const rom of part) {
        await this.resources.removeAll(rom.platform_id, rom.id).catch((error: unknown) => {
          stats.errors += 1;
          this.log.warn(`cleanup: resources of ROM ${rom.id}: ${(error as Error).message}`);
        });
        stats.roms_deleted += 1;
      }
      report(stats.roms_deleted, missing.length);
    }
    return stats;
  }

  /** ROMs flagged missing from disk, for library management (the first MISSING_ROMS_LIMIT). */
  missingRoms(): Promise<MissingRoms> {
    return this.repository.missingList(MISSING_ROMS_LIMIT);
  }

  /**
   * Deletes every ROM row of a platform (their user data cascades) and the platform's stored
   * resources; the files in the library stay. Returns how many ROMs were deleted.
   */
  async removePlatformRoms(platformId: number): Promise<number> {
    const ids = await this.repository.romIdsOf(platformId);
    await this.writes.deleteRoms(ids);
    await rm(this.resources.absolute(path.join('roms', String(platformId))), {
      recursive: true,
      force: true,
    });
    return ids.length;
  }

  /**
   * Removes resource folders (`roms/<platform>/<rom>`: covers, screenshots, manuals) whose ROM
   * or platform is no longer in the database. With an empty database and resources on disk
   * nothing is removed unless `force` (a database being restored looks the same).
   */
  async cleanupOrphanedResources(
    platformIds: readonly number[],
    options: { force: boolean },
    report: ProgressReport,
  ): Promise<OrphanCleanupStats> {
    const owners = await this.repository.owners();
    const romsByPlatform = new Map<number, Set<number>>(platformIds.map((id) => [id, new Set()]));
    for (const rom of owners) romsByPlatform.get(rom.platform_id)?.add(rom.id);
    const root = this.resources.absolute('roms');
    const onDisk = new Map<number, number[]>();
    for (const platformId of await numericFolders(root)) {
      onDisk.set(platformId, await numericFolders(path.join(root, String(platformId))));
    }
    const stats: OrphanCleanupStats = {
      platforms_in_db: platformIds.length,
      roms_in_db: owners.length,
      platforms_in_fs: onDisk.size,
      roms_in_fs: [...onDisk.values()].reduce((sum, roms) => sum + roms.length, 0),
      removed_fs_platforms: 0,
      removed_fs_roms: 0,
    };
    if (onDisk.size > 0 && platformIds.length === 0 && !options.force) {
      this.log.warn('cleanup: the database has no platforms; orphaned resources left (force)');
      return stats;
    }
    let done = 0;
    report(done, onDisk.size);
    for (const [platformId, romIds] of onDisk) {
      const kept = romsByPlatform.get(platformId);
      if (kept === undefined) {
        await rm(path.join(root, String(platformId)), { recursive: true, force: true });
        stats.removed_fs_platforms += 1;
        stats.removed_fs_roms += romIds.length;
      } else {
        for (const romId of romIds.filter((id) => !kept.has(id))) {
          await rm(this.resources.absolute(RomResources.romFolder(platformId, romId)), {
            recursive: true,
            force: true,
          });
          stats.removed_fs_roms += 1;
        }
      }
      done += 1;
      report(done, onDisk.size);
    }
    return stats;
  }
}
