import type { RomDatVerdict, RomDatVerification, RomFileDatVerdict } from '@romshelf/contract';

import { HttpError } from '../../http/http-error.js';
import { nowIso } from '../../lib/time.js';
import type { RomFilesService } from '../roms/files/rom-files.service.js';
import type { RomsService } from '../roms/roms.service.js';
import { datFileName } from './dat-matcher.js';
import type { DatVerificationRepository } from './dat-verification.repository.js';
import { membersOf } from './dat-verification.repository.js';
import type { DatVerificationService } from './dat-verification.service.js';

/** The game's shape that decides how it can be renamed. */
interface RomShape {
  kind: 'file' | 'nested' | 'multi';
  fs_name: string;
}

/**
 * The one rename that makes a `renamed` game verified, if there is one: a single file (or
 * zip) to its name in the set; a folder whose files all carry their set names, to the game's
 * name. Loose disc tracks beside their sheet, or misnamed files inside a folder, are renamed on
 * disk by hand (their sheet names them).
 */
function renameTarget(rom: RomShape, verdict: Omit<RomDatVerdict, 'rename_to'>): string | null {
  if (verdict.status !== 'renamed' || verdict.game_name === null) return null;
  if (rom.kind === 'file') {
    const [only, ...others] = verdict.files;
    if (only === undefined || others.length > 0 || only.verdict !== 'renamed') return null;
    return only.expected_name;
  }
  const filesNamed = verdict.files.every((file) => file.verdict !== 'renamed');
  return filesNamed && rom.fs_name !== verdict.game_name ? verdict.game_name : null;
}

/** A game's verdicts as its page shows them, and the rename to its DAT name. */
export class DatVerdictsService {
  constructor(
    private readonly repository: DatVerificationRepository,
    private readonly verification: DatVerificationService,
    private readonly roms: Pick<RomsService, 'findOr404'>,
    private readonly romFiles: Pick<RomFilesService, 'rename'>,
  ) {}

  /** `GET /api/roms/{id}/dat-verification` (404 for a ROM the caller cannot see). */
  async ofRom(romId: number): Promise<RomDatVerification> {
    const rom = await this.roms.findOr404(romId);
    const statuses = await this.repository.romStatuses(romId);
    const matches = await this.repository.romFileMatches(romId);
    const dats = statuses.map((status) => {
      const files: RomFileDatVerdict[] = matches
        .filter((match) => match.dat_id === status.dat_id)
        .map((match) => ({
          file_id: match.file_id,
          file_name: match.file_name,
          verdict: match.verdict,
          dat_rom_name: match.dat_rom_name,
          expected_name:
            match.dat_rom_name === null || match.game_name === null
              ? null
              : datFileName(
                  (membersOf(match.archive_members)?.length ?? 0) > 0,
                  match.dat_rom_name,
                  match.game_name,
                ),
        }));
      const verdict = {
        dat_id: status.dat_id,
        dat_name: status.dat_name,
        dat_version: status.dat_version,
        status: status.status,
        game_name: status.game_name,
        files,
      };
      return { ...verdict, rename_to: renameTarget(rom, verdict) };
    });
    const good = (verdict: RomDatVerdict) =>
      verdict.status === 'verified' || verdict.status === 'renamed' ? 0 : 1;
    return { rom_id: romId, dats: dats.sort((a, b) => good(a) - good(b)) };
  }

  /**
   * Renames a `renamed` game to its name in a DAT: the ROM keeps its id, so its saves, states,
   * notes, collections and play data stay with it; the move never replaces an entry and stays
   * in the platform folder (RomFilesService.rename). Verified again at once.
   */
  async rename(romId: number, datId: number): Promise<RomDatVerification> {
    const rom = await this.roms.findOr404(romId);
    const verdict = (await this.ofRom(romId)).dats.find((dat) => dat.dat_id === datId);
    if (verdict === undefined) {
      throw new HttpError(404, `ROM ${String(romId)} has no verdict against DAT ${String(datId)}`);
    }
    if (verdict.rename_to === null) {
      throw new HttpError(
        409,
        verdict.status === 'renamed'
          ? 'This game cannot be renamed in one step: rename its files on disk and rescan'
          : `Nothing to rename: the game is ${verdict.status} against this DAT`,
      );
    }
    await this.romFiles.rename(rom, verdict.rename_to, nowIso(), {});
    await this.verification.verifyRoms(rom.platform_id, [romId]);
    return this.ofRom(romId);
  }
}
