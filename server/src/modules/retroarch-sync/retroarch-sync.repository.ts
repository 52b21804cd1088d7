import { sql } from 'kysely';

import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { fileNameParts } from '../../lib/stored-files.js';
import type { Withheld } from '../hidden-items/visibility.js';
import { withheldClauses } from '../hidden-items/withheld-sql.js';
import type { GameCandidate } from './game-choice.js';

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}.%`;

/** The library lookups RetroArch's names need (read only). */
export class RetroArchSyncRepository {
  constructor(private readonly db: Db) {}

  /** The user (whose hidden items apply), undefined when gone. */
  user(userId: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('user').selectAll().where('id', '=', userId).executeTakeFirst();
  }

  /**
   * The games RetroArch may mean by a content name: the ROM's own name without its extension
   * (a zip, a folder game) or one of its files' (the `.cue`, `.m3u` or plain file it loaded).
   */
  async candidates(stem: string, withheld: Withheld): Promise<GameCandidate[]> {
    const rows = await this.db
      .selectFrom('rom')
      .innerJoin('platform', 'platform.id', 'rom.platform_id')
      .leftJoin('rom_file', (join) =>
        join
          .onRef('rom_file.rom_id', '=', 'rom.id')
          .on(sql<boolean>`rom_file.file_name LIKE ${likePrefix(stem)} ESCAPE '\\'`),
      )
      .select([
        'rom.id as romId',
        'rom.fs_name_no_ext',
        'rom_file.file_name',
        'platform.slug as platformSlug',
        'platform.fs_slug as platformFsSlug',
      ])
      .where((eb) =>
        eb.and([
          eb.or([eb('rom.fs_name_no_ext', '=', stem), eb('rom_file.id', 'is not', null)]),
          ...withheldClauses(withheld),
        ]),
      )
      .orderBy('rom.id')
      .execute();
    const games = new Map<number, GameCandidate>();
    for (const row of rows) {
      const named =
        row.fs_name_no_ext === stem ||
        (row.file_name !== null && fileNameParts(row.file_name).noExt === stem);
      if (named) games.set(row.romId, row);
    }
    return [...games.values()].map(({ romId, platformSlug, platformFsSlug }) => ({
      romId,
      platformSlug,
      platformFsSlug,
    }));
  }

  /** The content names RetroArch may give a game, and its platform; undefined when unknown. */
  async contentNamesOf(
    romId: number,
  ): Promise<{ stems: Set<string>; game: GameCandidate } | undefined> {
    const rows = await this.db
      .selectFrom('rom')
      .innerJoin('platform', 'platform.id', 'rom.platform_id')
      .leftJoin('rom_file', 'rom_file.rom_id', 'rom.id')
      .select([
        'rom.fs_name_no_ext',
        'rom_file.file_name',
        'platform.slug as platformSlug',
        'platform.fs_slug as platformFsSlug',
      ])
      .where('rom.id', '=', romId)
      .execute();
    const [first] = rows;
    if (first === undefined) return undefined;
    const stems = new Set([first.fs_name_no_ext]);
    for (const row of rows)
      if (row.file_name !== null) stems.add(fileNameParts(row.file_name).noExt);
    return {
      stems,
      game: { romId, platformSlug: first.platformSlug, platformFsSlug: first.platformFsSlug },
    };
  }
}
