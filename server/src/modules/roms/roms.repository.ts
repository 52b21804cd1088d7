import { sql } from 'kysely';

import type { Db } from '../../db/database.js';
import { chunks, ID_CHUNK } from '../../db/id-chunks.js';
import type { RomFileRow, RomRow, RomUserRow } from '../../db/schema.js';
import { nextTurn } from '../../lib/next-turn.js';
import type { Withheld } from '../hidden-items/visibility.js';
import { NOTHING_WITHHELD } from '../hidden-items/visibility.js';
import { withheldClauses } from '../hidden-items/withheld-sql.js';

/** A ROM row with the platform fields every ROM shape carries. */
export interface RomWithPlatformRow extends RomRow {
  platform_slug: string;
  platform_fs_slug: string;
  platform_name: string;
  platform_custom_name: string | null;
}

/** A hash to look ROMs up by (lower-case hex, as stored). */
export interface RomHashLookup {
  column: 'crc_hash' | 'md5_hash' | 'sha1_hash' | 'ra_hash';
  value: string;
}

/** Integer metadata provider id columns a ROM can be looked up by. */
export type RomProviderIdColumn =
  | 'igdb_id'
  | 'moby_id'
  | 'ss_id'
  | 'ra_id'
  | 'launchbox_id'
  | 'hasheous_id'
  | 'tgdb_id'
  | 'hltb_id';

/** What a scan needs to know about a stored ROM. */
export type StoredRom = Pick<RomRow, (typeof STORED_ROM_COLUMNS)[number]> & { files: RomFileRow[] };

/**
 * What a scan compares a ROM found on disk with (scan-planner's actionFor): enough to tell an
 * unchanged ROM, a fraction of the full rows, which are read only for ROMs that changed.
 */
export type ScanIndexRom = Pick<RomRow, 'id' | 'fs_name' | 'missing_from_fs'> & {
  files: Pick<
    RomFileRow,
    'file_name' | 'file_path' | 'file_size_bytes' | 'mtime_ms' | 'missing_from_fs'
  >[];
};

/** ROMs of a platform's scan index read at once (scanIndexOf). */
const SCAN_INDEX_PAGE = 2_000;

/** A ROM's id, creation time and every column a scan writes (it writes only those that changed). */
const STORED_ROM_COLUMNS = [
  'id',
  'created_at',
  'fs_name',
  'fs_name_no_tags',
  'fs_name_no_ext',
  'fs_extension',
  'fs_path',
  'fs_size_bytes',
  'fs_mtime_ms',
  'regions',
  'languages',
  'tags',
  'revision',
  'search_text',
  'kind',
  'name',
  'name_sort_key',
  'missing_from_fs',
  'crc_hash',
  'md5_hash',
  'sha1_hash',
  'ra_hash',
] as const;

/** What an export (gamelist.xml, Pegasus) writes of a ROM: no provider answers, no hashes. */
const EXPORT_ROM_COLUMNS = [
  'id',
  'platform_id',
  'fs_name',
  'fs_name_no_tags',
  'fs_name_no_ext',
  'name',
  'summary',
  'regions',
  'languages',
  'tags',
  'metadatum',
  'youtube_video_id',
  'cover_updated_at',
  'manual_updated_at',
  'path_screenshots',
  'igdb_id',
  'moby_id',
  'ss_id',
  'ra_id',
  'launchbox_id',
  'hasheous_id',
] as const;

export type ExportRomRow = Pick<RomRow, (typeof EXPORT_ROM_COLUMNS)[number]>;

/** Reads of ROM rows: by id, hash, provider id or name, with their files and users' data. */
export class RomsRepository {
  constructor(private readonly db: Db) {}

  private withPlatform() {
    return this.db
      .selectFrom('rom')
      .innerJoin('platform', 'platform.id', 'rom.platform_id')
      .selectAll('rom')
      .select([
        'platform.slug as platform_slug',
        'platform.fs_slug as platform_fs_slug',
        'platform.name as platform_name',
        'platform.custom_name as platform_custom_name',
      ]);
  }

  async findByIds(ids: readonly number[]): Promise<RomWithPlatformRow[]> {
    if (ids.length === 0) return [];
    return this.withPlatform().where('rom.id', 'in', ids).execute();
  }

  /** Every ROM id, ascending. */
  /** Every ROM id but the withheld ones, ascending. */
  async allIds(withheld: Withheld = NOTHING_WITHHELD): Promise<number[]> {
    let query = this.db.selectFrom('rom').select('rom.id');
    for (const clause of withheldClauses(withheld)) query = query.where(clause);
    const rows = await query.orderBy('rom.id').execute();
    return rows.map((row) => row.id);
  }

  /** Ids of a platform's ROMs by name, at most `limit`. */
  async idsOfPlatform(platformId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('rom')
      .select('id')
      .where('platform_id', '=', platformId)
      .orderBy('name_sort_key')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Up to `limit` of a platform's ROMs on disk with an id above `afterId`, by id (exports),
   * leaving out the withheld ones.
   */
  async presentOfPlatformAfter(
    platformId: number,
    afterId: number,
    limit: number,
    withheld: Withheld,
  ): Promise<ExportRomRow[]> {
    let query = this.db
      .selectFrom('rom')
      .select(EXPORT_ROM_COLUMNS)
      .where('platform_id', '=', platformId)
      .where('missing_from_fs', '=', 0)
      .where('id', '>', afterId);
    for (const clause of withheldClauses(withheld)) query = query.where(clause);
    return query.orderBy('id').limit(limit).execute();
  }

  /** How many of a platform's ROMs are on disk, leaving out the withheld ones. */
  async countPresentOfPlatform(platformId: number, withheld: Withheld): Promise<number> {
    let query = this.db
      .selectFrom('rom')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('platform_id', '=', platformId)
      .where('missing_from_fs', '=', 0);
    for (const clause of withheldClauses(withheld)) query = query.where(clause);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async findById(id: number): Promise<RomWithPlatformRow | undefined> {
    return this.withPlatform().where('rom.id', '=', id).executeTakeFirst();
  }

  /**
   * The ROM holding one of the hashes, itself or in one of its files, or undefined. The
   * lookups are in order of preference: the first one with a match wins, a ROM's own hash
   * before a file's, then the lowest ROM id. Every branch is an index lookup.
   */
  async findIdByHash(lookups: readonly RomHashLookup[]): Promise<number | undefined> {
    const ownHash = ({ column, value }: RomHashLookup, preference: number) =>
      this.db
        .selectFrom('rom')
        .select(['rom.id as rom_id', sql.lit(preference).as('preference')])
        .where(`rom.${column}`, '=', value);
    const fileHash = ({ column, value }: RomHashLookup, preference: number) =>
      this.db
        .selectFrom('rom_file')
        .select(['rom_file.rom_id as rom_id', sql.lit(preference).as('preference')])
        .where(`rom_file.${column}`, '=', value);
    const [first, ...rest] = lookups;
    if (first === undefined) return undefined;
    let query = ownHash(first, 0).unionAll(fileHash(first, 1));
    for (const [index, lookup] of rest.entries()) {
      const preference = (index + 1) * 2;
      query = query
        .unionAll(ownHash(lookup, preference))
        .unionAll(fileHash(lookup, preference + 1));
    }
    const row = await query.orderBy('preference').orderBy('rom_id').limit(1).executeTakeFirst();
    return row?.rom_id;
  }

  /** The lowest-id ROM carrying a metadata provider id, or undefined. */
  async findIdByProviderId(
    column: RomProviderIdColumn,
    value: number,
  ): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('rom')
      .select('id')
      .where(column, '=', value)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }

  async findFileById(id: number): Promise<RomFileRow | undefined> {
    return this.db.selectFrom('rom_file').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Where the files of some ROMs that are on disk lie, by ROM then path and name (zips). */
  async presentFileLocations(
    romIds: readonly number[],
  ): Promise<Pick<RomFileRow, 'file_path' | 'file_name'>[]> {
    const rows: Pick<RomFileRow, 'file_path' | 'file_name'>[] = [];
    for (const ids of chunks(romIds, ID_CHUNK)) {
      rows.push(
        ...(await this.db
          .selectFrom('rom_file')
          .select(['file_path', 'file_name'])
          .where('rom_id', 'in', ids)
          .where('missing_from_fs', '=', 0)
          .orderBy('rom_id')
          .orderBy('file_path')
          .orderBy('file_name')
          .execute()),
      );
    }
    return rows;
  }

  /** Files of some ROMs, by ROM then path and name. */
  async filesOf(romIds: readonly number[]): Promise<RomFileRow[]> {
    if (romIds.length === 0) return [];
    const rows: RomFileRow[] = [];
    for (const ids of chunks(romIds, ID_CHUNK)) {
      rows.push(
        ...(await this.db
          .selectFrom('rom_file')
          .selectAll()
          .where('rom_id', 'in', ids)
          .orderBy('rom_id')
          .orderBy('file_path')
          .orderBy('file_name')
          .execute()),
      );
    }
    return rows;
  }

  /**
   * Every ROM of a platform as a scan compares it with the disk, keyed by fs_name. Read in
   * pages of SCAN_INDEX_PAGE ROMs, the event loop getting a turn between them: SQLite's reads
   * hold it, and the biggest platform of a large library has tens of thousands of ROMs.
   */
  async scanIndexOf(platformId: number): Promise<Map<string, ScanIndexRom>> {
    const byName = new Map<string, ScanIndexRom>();
    for (let afterId = 0; ;) {
      const page = await this.db
        .selectFrom('rom')
        .select('id')
        .where('platform_id', '=', platformId)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(SCAN_INDEX_PAGE)
        .execute();
      const lastId = page.at(-1)?.id;
      if (lastId === undefined) return byName;
      await this.readScanIndexPage(platformId, afterId, lastId, byName);
      afterId = lastId;
      await nextTurn();
    }
  }

  /** The scan index of a platform's ROMs with ids in (afterId, lastId], into `byName`. */
  private async readScanIndexPage(
    platformId: number,
    afterId: number,
    lastId: number,
    byName: Map<string, ScanIndexRom>,
  ): Promise<void> {
    // One pass over the ROMs and their files: half the rows of reading them apart, which a
    // rescan of 100,000 unchanged ROMs spent much of its time creating and collecting.
    const rows = await this.db
      .selectFrom('rom')
      .leftJoin('rom_file', 'rom_file.rom_id', 'rom.id')
      .select([
        'rom.id',
        'rom.fs_name',
        'rom.missing_from_fs',
        'rom_file.file_name',
        'rom_file.file_path',
        'rom_file.file_size_bytes',
        'rom_file.mtime_ms',
        'rom_file.missing_from_fs as file_missing_from_fs',
      ])
      .where('rom.platform_id', '=', platformId)
      .where('rom.id', '>', afterId)
      .where('rom.id', '<=', lastId)
      .execute();
    const byId = new Map<number, ScanIndexRom>();
    for (const row of rows) {
      let stored = byId.get(row.id);
      if (stored === undefined) {
        stored = {
          id: row.id,
          fs_name: row.fs_name,
          missing_from_fs: row.missing_from_fs,
          files: [],
        };
        byId.set(row.id, stored);
        byName.set(row.fs_name, stored);
      }
      // A ROM without files comes once, its file columns null; a file's columns are NOT NULL.
      if (row.file_name === null || row.file_path === null) continue;
      stored.files.push({
        file_name: row.file_name,
        file_path: row.file_path,
        file_size_bytes: row.file_size_bytes ?? 0,
        mtime_ms: row.mtime_ms ?? 0,
        missing_from_fs: row.file_missing_from_fs ?? 0,
      });
    }
  }

  /** ROMs by id with their files, as a scan updates them, keyed by id. */
  async loadForScan(ids: readonly number[]): Promise<Map<number, StoredRom>> {
    const byId = new Map<number, StoredRom>();
    for (const part of chunks(ids, ID_CHUNK)) {
      const roms = await this.db
        .selectFrom('rom')
        .select(STORED_ROM_COLUMNS)
        .where('id', 'in', part)
        .execute();
      for (const rom of roms) byId.set(rom.id, { ...rom, files: [] });
      const files = await this.db
        .selectFrom('rom_file')
        .selectAll()
        .where('rom_id', 'in', part)
        .orderBy('id')
        .execute();
      for (const file of files) byId.get(file.rom_id)?.files.push(file);
    }
    return byId;
  }

  /** A ROM of a platform by its file or folder name, with its files (for single-ROM ingest). */
  async findStoredByName(platformId: number, fsName: string): Promise<StoredRom | undefined> {
    const rom = await this.db
      .selectFrom('rom')
      .select(STORED_ROM_COLUMNS)
      .where('platform_id', '=', platformId)
      .where('fs_name', '=', fsName)
      .executeTakeFirst();
    if (rom === undefined) return undefined;
    const files = await this.db
      .selectFrom('rom_file')
      .selectAll()
      .where('rom_id', '=', rom.id)
      .execute();
    return { ...rom, files };
  }

  /** A user's rows for some ROMs. */
  async romUsersOf(userId: number, romIds: readonly number[]): Promise<RomUserRow[]> {
    if (romIds.length === 0) return [];
    const rows: RomUserRow[] = [];
    for (const part of chunks(romIds, ID_CHUNK)) {
      rows.push(
        ...(await this.db
          .selectFrom('rom_user')
          .selectAll()
          .where('user_id', '=', userId)
          .where('rom_id', 'in', part)
          .execute()),
      );
    }
    return rows;
  }
}
