import type { SiblingRom } from '@romshelf/contract';

import type { RomFileRow, RomUserRow } from '../../../db/schema.js';
import type { RomPersonal } from '../roms.mapper.js';

/** The caller's facts about one listed ROM, and its files. */
export type PersonalFactsOf = (romId: number) => { files: RomFileRow[]; facts: RomPersonal };

/** What a list read of the caller's data about its ROMs, each kind once for all of them. */
export interface PersonalReads {
  fileRows: readonly RomFileRow[];
  romUserRows: readonly RomUserRow[];
  withNotes: ReadonlySet<number>;
  favourites: ReadonlySet<number>;
  /** Keyed `userId:romId`. */
  siblings: ReadonlyMap<string, SiblingRom[]>;
}

/** The caller's facts per listed ROM, from what was read for all of them. */
export function personalFactsOf(userId: number, reads: PersonalReads): PersonalFactsOf {
  const files = new Map<number, RomFileRow[]>();
  for (const file of reads.fileRows) {
    files.set(file.rom_id, [...(files.get(file.rom_id) ?? []), file]);
  }
  const romUsers = new Map(reads.romUserRows.map((romUser) => [romUser.rom_id, romUser]));
  return (romId) => ({
    files: files.get(romId) ?? [],
    facts: {
      romUser: romUsers.get(romId),
      favourite: reads.favourites.has(romId),
      hasNotes: reads.withNotes.has(romId),
      siblings: reads.siblings.get(`${String(userId)}:${String(romId)}`),
    },
  });
}
