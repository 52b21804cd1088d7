import type { ArchiveMember } from '@romshelf/contract';
import type { Transaction } from 'kysely';

import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { nextTurn } from '../../lib/next-turn.js';
import type { DatEntry, DatGame, GameVerdict, LibraryFile, LibraryRom } from './dat-matcher.js';

/** A DAT bound to a platform, with when (and for which platform) it was last verified. */
export interface BoundDat {
  id: number;
  platformId: number;
  name: string;
  verifiedAt: string | null;
  verifiedPlatformId: number | null;
}

/** A ROM to verify, with its files left out of verification. */
export interface RomToVerify extends LibraryRom {
  /** Its files left out (missing from disk, extras): verdicts they had are removed. */
  otherFileIds: number[];
}

/** DAT rows read per query: a Redump DAT holds a few hundred thousand. */
const ENTRY_PAGE = 2_000;
/** Rows per INSERT (4 values each, far under SQLite's variable limit). */
const ROWS_PER_INSERT = 500;

export function membersOf(json: string | null): LibraryFile['members'] {
  if (json === null) return null;
  try {
    const members = JSON.parse(json) as ArchiveMember[];
    return members.map((member) => ({
      name: member.name,
      size: member.size,
      crc: member.crc_hash,
    }));
  } catch {
    return null;
  }
}

/** Rows in steps of ROWS_PER_INSERT. */
function* steps<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    yield rows.slice(start, start + ROWS_PER_INSERT);
  }
}

/** Inserts games' statuses, or updates the row of the same game and DAT. */
async function upsertStatuses(
  trx: Transaction<Database>,
  rows: readonly Database['rom_dat_status'][],
): Promise<void> {
  for (const step of steps(rows)) {
    await trx
      .insertInto('rom_dat_status')
      .values(step)
      .onConflict((oc) =>
        oc.columns(['rom_id', 'dat_id']).doUpdateSet((eb) => ({
          dat_game_id: eb.ref('excluded.dat_game_id'),
          status: eb.ref('excluded.status'),
        })),
      )
      .execute();
  }
}

/** Inserts files' verdicts, or updates the row of the same file and DAT. */
async function upsertMatches(
  trx: Transaction<Database>,
  rows: readonly Database['rom_file_dat_match'][],
): Promise<void> {
  for (const step of steps(rows)) {
    await trx
      .insertInto('rom_file_dat_match')
      .values(step)
      .onConflict((oc) =>
        oc.columns(['rom_file_id', 'dat_id']).doUpdateSet((eb) => ({
          dat_rom_id: eb.ref('excluded.dat_rom_id'),
          verdict: eb.ref('excluded.verdict'),
        })),
      )
      .execute();
  }
}

/** The verification engine's reads and writes: DAT entries, the library's files, verdicts. */
export class DatVerificationRepository {
  constructor(private readonly db: Db) {}

  /** DATs bound to one of `platformIds` (every bound DAT when null). */
  async boundDats(platformIds: readonly number[] | null): Promise<BoundDat[]> {
    let query = this.db
      .selectFrom('dat')
      .leftJoin('dat_verification', 'dat_verification.dat_id', 'dat.id')
      .select([
        'dat.id',
        'dat.platform_id',
        'dat.name',
        'dat_verification.verified_at',
        'dat_verification.platform_id as verified_platform_id',
      ])
      .where('dat.platform_id', 'is not', null)
      // A DAT still importing is not yet the set: its entries are only partly written.
      .where('dat.importing', '=', 0)
      .orderBy('dat.id');
    if (platformIds !== null) {
      if (platformIds.length === 0) return [];
      query = query.where('dat.platform_id', 'in', platformIds);
    }
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id,
      platformId: row.platform_id ?? 0,
      name: row.name,
      verifiedAt: row.verified_at,
      verifiedPlatformId: row.verified_platform_id,
    }));
  }

  /** Verdicts of DATs no longer bound to a platform, or of ROMs of another platform. */
  async dropStrayVerdicts(dats: readonly BoundDat[]): Promise<void> {
    const unbound = this.db.selectFrom('dat').select('id').where('platform_id', 'is', null);
    await this.db.deleteFrom('rom_dat_status').where('dat_id', 'in', unbound).execute();
    await this.db.deleteFrom('rom_file_dat_match').where('dat_id', 'in', unbound).execute();
    await this.db.deleteFrom('dat_verification').where('dat_id', 'in', unbound).execute();
    for (const dat of dats) {
      if (dat.verifiedPlatformId === null || dat.verifiedPlatformId === dat.platformId) continue;
      const others = this.db
        .selectFrom('rom')
        .select('id')
        .where('platform_id', '<>', dat.platformId);
      await this.db
        .deleteFrom('rom_dat_status')
        .where('dat_id', '=', dat.id)
        .where('rom_id', 'in', others)
        .execute();
      await this.db
        .deleteFrom('rom_file_dat_match')
        .where('dat_id', '=', dat.id)
        .where(
          'rom_file_id',
          'in',
          this.db.selectFrom('rom_file').select('id').where('rom_id', 'in', others),
        )
        .execute();
    }
  }

  /** A DAT's games, read in pages (the event loop getting turns). */
  async datGames(datId: number): Promise<DatGame[]> {
    const games: DatGame[] = [];
    for (let after = 0; ; await nextTurn()) {
      const page = await this.db
        .selectFrom('dat_game')
        .select(['id', 'name'])
        .where('dat_id', '=', datId)
        .where('id', '>', after)
        .orderBy('id')
        .limit(ENTRY_PAGE)
        .execute();
      games.push(...page);
      const last = page.at(-1);
      if (last === undefined || page.length < ENTRY_PAGE) return games;
      after = last.id;
    }
  }

  /** A DAT's ROM entries, page after page. */
  async *datEntryPages(datId: number): AsyncGenerator<DatEntry[]> {
    for (let after = 0; ; await nextTurn()) {
      const page = await this.db
        .selectFrom('dat_rom')
        .select(['id', 'dat_game_id as gameId', 'name', 'size', 'crc32', 'md5', 'sha1', 'status'])
        .where('dat_id', '=', datId)
        .where('id', '>', after)
        .orderBy('id')
        .limit(ENTRY_PAGE)
        .execute();
      yield page;
      const last = page.at(-1);
      if (last === undefined || page.length < ENTRY_PAGE) return;
      after = last.id;
    }
  }

  async romCount(platformId: number): Promise<number> {
    const row = await this.db
      .selectFrom('rom')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('platform_id', '=', platformId)
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /** The ids of the next ROMs of a platform after `afterId`. */
  async romIds(platformId: number, afterId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('rom')
      .select('id')
      .where('platform_id', '=', platformId)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Of some ROMs, those changed after `since` (the ROM or one of its files) or without a status
   * against one of the DATs.
   */
  async changedSince(
    romIds: readonly number[],
    since: string,
    datIds: readonly number[],
  ): Promise<number[]> {
    const rows = await this.db
      .selectFrom('rom')
      .select('rom.id')
      .where('rom.id', 'in', romIds)
      .where((eb) =>
        eb.or([
          eb('rom.updated_at', '>', since),
          eb.exists(
            eb
              .selectFrom('rom_file')
              .select('rom_file.id')
              .whereRef('rom_file.rom_id', '=', 'rom.id')
              .where('rom_file.updated_at', '>', since),
          ),
          eb(
            eb
              .selectFrom('rom_dat_status')
              .select((inner) => inner.fn.countAll<number>().as('judged'))
              .whereRef('rom_dat_status.rom_id', '=', 'rom.id')
              .where('rom_dat_status.dat_id', 'in', datIds),
            '<',
            datIds.length,
          ),
        ]),
      )
      .orderBy('rom.id')
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Some ROMs with their own present files (extras such as patches or manuals, and files
   * missing from disk, left out).
   */
  async romPage(romIds: readonly number[]): Promise<RomToVerify[]> {
    if (romIds.length === 0) return [];
    const roms = await this.db
      .selectFrom('rom')
      .select(['id', 'fs_name', 'kind'])
      .where('id', 'in', romIds)
      .orderBy('id')
      .execute();
    const files = await this.db
      .selectFrom('rom_file')
      .select([
        'id',
        'rom_id',
        'file_name',
        'file_size_bytes',
        'crc_hash',
        'md5_hash',
        'sha1_hash',
        'archive_members',
        'missing_from_fs',
        'category',
      ])
      .where('rom_id', 'in', romIds)
      .orderBy('id')
      .execute();
    const byId = new Map<number, RomToVerify & { files: LibraryFile[] }>();
    for (const rom of roms) {
      byId.set(rom.id, {
        id: rom.id,
        fsName: rom.fs_name,
        isFolder: rom.kind !== 'file',
        files: [],
        otherFileIds: [],
      });
    }
    for (const file of files) {
      const rom = byId.get(file.rom_id);
      if (rom === undefined) continue;
      if (file.missing_from_fs !== 0 || (file.category !== null && file.category !== 'game')) {
        rom.otherFileIds.push(file.id);
        continue;
      }
      rom.files.push({
        id: file.id,
        fileName: file.file_name,
        size: file.file_size_bytes,
        crc: file.crc_hash,
        md5: file.md5_hash,
        sha1: file.sha1_hash,
        members: membersOf(file.archive_members),
      });
    }
    return [...byId.values()];
  }

  /**
   * Writes the verdicts of some ROMs (and of their files) against one DAT, in one transaction:
   * rows are replaced by key, and the verdicts of files left out (`staleFileIds`) removed.
   */
  async replaceVerdicts(
    datId: number,
    verdicts: readonly GameVerdict[],
    staleFileIds: readonly number[],
  ): Promise<void> {
    if (verdicts.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      if (staleFileIds.length > 0) {
        await trx
          .deleteFrom('rom_file_dat_match')
          .where('rom_file_id', 'in', staleFileIds)
          .where('dat_id', '=', datId)
          .execute();
      }
      await upsertStatuses(
        trx,
        verdicts.map((verdict) => ({
          rom_id: verdict.romId,
          dat_id: datId,
          dat_game_id: verdict.datGameId,
          status: verdict.status,
        })),
      );
      await upsertMatches(
        trx,
        verdicts.flatMap((verdict) =>
          verdict.files.map((file) => ({
            rom_file_id: file.fileId,
            dat_id: datId,
            dat_rom_id: file.datRomId,
            verdict: file.verdict,
          })),
        ),
      );
    });
  }

  async datExists(datId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('dat')
      .select('id')
      .where('id', '=', datId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Records that a DAT's verdicts are up to date with the library as it was at `at`. */
  async markVerified(dat: BoundDat, at: string): Promise<void> {
    await this.db
      .insertInto('dat_verification')
      .values({ dat_id: dat.id, platform_id: dat.platformId, verified_at: at })
      .onConflict((oc) =>
        oc.column('dat_id').doUpdateSet({ platform_id: dat.platformId, verified_at: at }),
      )
      .execute();
  }

  /** A game's statuses against DATs, with the DAT and the DAT game. */
  romStatuses(romId: number) {
    return this.db
      .selectFrom('rom_dat_status')
      .innerJoin('dat', 'dat.id', 'rom_dat_status.dat_id')
      .leftJoin('dat_game', 'dat_game.id', 'rom_dat_status.dat_game_id')
      .select([
        'rom_dat_status.dat_id',
        'rom_dat_status.status',
        'dat.name as dat_name',
        'dat.version as dat_version',
        'dat_game.name as game_name',
      ])
      .where('rom_dat_status.rom_id', '=', romId)
      .orderBy('dat.name')
      .orderBy('dat.id')
      .execute();
  }

  /** A game's files' verdicts against DATs, with the matched entry and its game. */
  romFileMatches(romId: number) {
    return this.db
      .selectFrom('rom_file')
      .innerJoin('rom_file_dat_match', 'rom_file_dat_match.rom_file_id', 'rom_file.id')
      .leftJoin('dat_rom', 'dat_rom.id', 'rom_file_dat_match.dat_rom_id')
      .leftJoin('dat_game', 'dat_game.id', 'dat_rom.dat_game_id')
      .select([
        'rom_file_dat_match.dat_id',
        'rom_file.id as file_id',
        'rom_file.file_name',
        'rom_file.archive_members',
        'rom_file_dat_match.verdict',
        'dat_rom.name as dat_rom_name',
        'dat_game.name as game_name',
      ])
      .where('rom_file.rom_id', '=', romId)
      .orderBy('rom_file.file_path')
      .orderBy('rom_file.file_name')
      .execute();
  }
}
