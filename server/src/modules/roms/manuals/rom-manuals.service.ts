import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';

import type { DetailedRom } from '@romshelf/contract';

import { HttpError } from '../../../http/http-error.js';
import { nowIso } from '../../../lib/time.js';
import { RomResources } from '../resources/rom-resources.js';
import type { RomWritesRepository } from '../writes/rom-writes.repository.js';
import type { RomsService } from '../roms.service.js';

/** A ROM's PDF manual: stored, removed and opened for sending. */
export class RomManualsService {
  constructor(
    private readonly roms: RomsService,
    private readonly writes: RomWritesRepository,
    private readonly resources: RomResources,
  ) {}

  /** Stores a PDF manual for a ROM (checked by content). */
  async saveManual(
    id: number,
    userId: number,
    stream: Readable & { truncated?: boolean },
  ): Promise<DetailedRom> {
    const rom = await this.roms.findOr404(id);
    await this.resources.saveManual(rom.platform_id, rom.id, stream);
    await this.writes.updateRom(id, { manual_updated_at: nowIso() }, nowIso());
    return this.roms.get(id, userId);
  }

  /** Removes the stored manual of a ROM (404 when it has none); a rescan leaves it removed. */
  async deleteManual(id: number, userId: number): Promise<DetailedRom> {
    const rom = await this.roms.findOr404(id);
    if (rom.manual_updated_at === null) {
      throw new HttpError(404, `ROM with id ${id} has no manual`);
    }
    await this.resources.removeManual(rom.platform_id, rom.id);
    // Marked as edited by hand: metadata updates do not download the provider's manual back.
    const edited = new Set<string>(JSON.parse(rom.manual_fields) as string[]);
    edited.add('manual');
    await this.writes.updateRom(
      id,
      { manual_updated_at: null, manual_fields: JSON.stringify([...edited].sort()) },
      nowIso(),
    );
    return this.roms.get(id, userId);
  }

  /** The stored manual of a ROM, with the name it is served under (`<game>.pdf`). */
  async openManual(
    id: number,
  ): Promise<{ absPath: string; size: number; mtimeMs: number; fileName: string }> {
    const rom = await this.roms.findOr404(id);
    if (rom.manual_updated_at === null) {
      throw new HttpError(404, `ROM with id ${id} has no manual`);
    }
    const absPath = this.resources.absolute(RomResources.manualPath(rom.platform_id, rom.id));
    try {
      const stats = await stat(absPath);
      return {
        absPath,
        size: stats.size,
        mtimeMs: stats.mtimeMs,
        fileName: `${rom.fs_name_no_ext}.pdf`,
      };
    } catch {
      throw new HttpError(404, `ROM with id ${id} has no manual`);
    }
  }
}
