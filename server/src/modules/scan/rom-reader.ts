import type { ScanStats } from '@romshelf/contract';
import type { FastifyBaseLogger } from 'fastify';

import type { PlatformRow } from '../../db/schema.js';
import { ALL_HASH_ALGORITHMS } from '../hashing/file-hasher.js';
import type { HashPool } from '../hashing/hash-pool.js';
import type { RomWrite } from '../roms/writes/rom-scan-writes.js';
import type { PlannedRom, RomReadResults, RomReads } from './scan-planner.js';
import { buildWrite, planReads, raStreamRule } from './scan-planner.js';
import { readZipMembers } from './zip-members.js';

/**
 * Reads what the planner asks for a ROM (hashes on the worker pool, zip member lists) and
 * turns it into the ROM's rows. RA hashes come from the same reads: a whole-file console's is
 * the file's MD5, an arcade one's comes from the name, and only header or byte-order rules
 * hash again, in the worker pass.
 */
export class RomReader {
  constructor(
    private readonly hashPool: HashPool,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * The row changes of one ROM, hashing what is new or changed. Returns null (and logs) when a
   * file cannot be read: the ROM is left as it was and the scan goes on.
   */
  async prepareWrite(
    platform: PlatformRow,
    item: PlannedRom,
    skipHash: boolean,
    stats: ScanStats,
  ): Promise<RomWrite | null> {
    const reads = planReads(platform.ra_id, item, skipHash);
    try {
      return buildWrite(platform.id, item, reads, await this.read(reads, stats));
    } catch (error) {
      const { fsPath, fsName } = item.walked;
      stats.skipped_files += 1;
      this.log.warn(
        { rom: `${fsPath}/${fsName}` },
        `scan: skipped ROM ${fsPath}/${fsName}: ${(error as Error).message}`,
      );
      return null;
    }
  }

  private async read(reads: RomReads, stats: ScanStats): Promise<RomReadResults> {
    const results: RomReadResults = { hashes: new Map(), combined: null, members: new Map() };
    if (reads.combined.length > 0) {
      const result = await this.hashPool.run({
        paths: reads.combined.map((file) => file.absPath),
        algorithms: ALL_HASH_ALGORITHMS,
        combined: true,
        ra: reads.combined.map((file) => raStreamRule(reads, file)),
      });
      reads.combined.forEach((file, index) =>
        results.hashes.set(file, result.files[index] ?? null),
      );
      results.combined = result.combined;
      stats.hashed_files += reads.combined.length;
      stats.hashed_bytes += reads.combined.reduce((sum, file) => sum + file.size, 0);
    }
    for (const file of reads.single) {
      const rule = raStreamRule(reads, file);
      results.hashes.set(file, await this.hashPool.hashFile(file.absPath, file.size, rule));
      stats.hashed_files += 1;
      stats.hashed_bytes += file.size;
    }
    for (const file of reads.zips) {
      try {
        results.members.set(file, JSON.stringify(await readZipMembers(file.absPath)));
      } catch (error) {
        this.log.warn(
          { path: file.absPath },
          `scan: cannot list zip members: ${(error as Error).message}`,
        );
        results.members.set(file, null);
      }
    }
    return results;
  }
}
