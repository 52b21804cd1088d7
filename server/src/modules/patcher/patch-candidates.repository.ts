import { isPatchFileName, PATCH_FILE_EXTENSIONS } from '@romshelf/contract';
import type { PatchCandidate } from '@romshelf/contract';

import type { Db } from '../../db/database.js';
import type { Withheld } from '../hidden-items/visibility.js';
import { withheldClauses } from '../hidden-items/withheld-sql.js';

/** At most this many patch files of a platform are offered for one game. */
const CANDIDATES_LIMIT = 500;

/** Patch files in the library: a game's own, and those stored on its platform beside it. */
export class PatchCandidatesRepository {
  constructor(private readonly db: Db) {}

  private files() {
    return this.db
      .selectFrom('rom_file')
      .innerJoin('rom', 'rom.id', 'rom_file.rom_id')
      .select([
        'rom_file.id as file_id',
        'rom_file.rom_id',
        'rom_file.file_name',
        'rom_file.file_size_bytes',
      ])
      .where('rom_file.missing_from_fs', '=', 0)
      .orderBy('rom_file.file_name')
      .orderBy('rom_file.id');
  }

  /**
   * The game's own patch files first, then the other patch files of its platform, but those of
   * games withheld from the caller.
   */
  async forRom(romId: number, platformId: number, withheld: Withheld): Promise<PatchCandidate[]> {
    const own = (await this.files().where('rom_file.rom_id', '=', romId).execute()).filter((row) =>
      isPatchFileName(row.file_name),
    );
    let besideQuery = this.files().where('rom.platform_id', '=', platformId);
    for (const clause of withheldClauses(withheld)) besideQuery = besideQuery.where(clause);
    const beside = await besideQuery
      .where('rom_file.rom_id', '!=', romId)
      .where((eb) =>
        eb.or(
          PATCH_FILE_EXTENSIONS.map((extension) =>
            eb(eb.fn<string>('lower', ['rom_file.file_name']), 'like', `%${extension}`),
          ),
        ),
      )
      .limit(CANDIDATES_LIMIT)
      .execute();
    return [
      ...own.map((row) => ({ ...row, own: true })),
      ...beside.map((row) => ({ ...row, own: false })),
    ];
  }
}
