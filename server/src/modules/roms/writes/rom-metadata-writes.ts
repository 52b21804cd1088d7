import type { NewRomRow } from '../../../db/schema.js';
import type { RomWritesRepository } from './rom-writes.repository.js';
import type { RomsRepository, RomWithPlatformRow } from '../roms.repository.js';

/** A ROM row with its platform fields, as metadata identification reads it. */
export type RomRecord = RomWithPlatformRow;

/** Columns metadata identification may change on a ROM. */
export type RomRecordChanges = Partial<Omit<NewRomRow, 'id'>>;

/**
 * The ROM reads and writes the metadata module needs: one row with its platform, and column
 * changes that go through the ROM repository (so cached ROM aggregates are dropped).
 */
export class RomMetadataWrites {
  constructor(
    private readonly roms: RomsRepository,
    private readonly writes: RomWritesRepository,
  ) {}

  find(romId: number): Promise<RomRecord | undefined> {
    return this.roms.findById(romId);
  }

  update(romId: number, changes: RomRecordChanges, now: string): Promise<void> {
    return this.writes.updateRom(romId, changes, now);
  }
}
