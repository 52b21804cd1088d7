import type { SqlBool, Transaction } from 'kysely';
import { CompiledQuery, sql } from 'kysely';

import type { Db } from '../../../db/database.js';
import { DataVersions } from '../../../db/data-versions.js';
import { engineOf } from '../../../db/engine.js';
import type { Database } from '../../../db/schema.js';
import { chunks, ID_CHUNK } from '../../../db/id-chunks.js';
import { refreshPlannerStatistics } from '../../../db/planner-statistics.js';
import type { NewRomFileRow, NewRomRow, RomUserRow } from '../../../db/schema.js';
import { indexRomFacets } from './rom-facet-index.js';
import { indexRomsForSearch } from './rom-search-index.js';

/** Personal data fields written by `PUT /api/roms/{id}/props`. */
export type RomUserFields = Partial<
  Pick<
    RomUserRow,
    'status' | 'is_main_sibling' | 'rating' | 'difficulty' | 'completion' | 'last_played'
  >
>;

export type RomFields = Omit<NewRomRow, 'id' | 'platform_id' | 'created_at' | 'updated_at'>;
export type RomFileFields = Omit<NewRomFileRow, 'id' | 'rom_id' | 'created_at' | 'updated_at'>;

/**
 * SQLite settings while a scan writes (PostgreSQL has no per-connection equivalent worth
 * setting: checkpoints are the server's): a WAL of up to 16,000 pages spares each batch's commit
 * a checkpoint. The page cache keeps its default size: a larger one made the scan no faster but
 * left its memory with the process after the scan (freed pages the allocator does not return).
 */
const BULK_SETTINGS = { wal_autocheckpoint: 16_000 } as const;
type BulkSetting = keyof typeof BULK_SETTINGS;

/** One ROM change a scan writes; a batch of them is applied in one transaction. */
export type RomWrite =
  | { type: 'insert'; platformId: number; rom: RomFields; files: RomFileFields[] }
  | {
      type: 'update';
      romId: number;
      rom: Partial<RomFields>;
      fileUpdates: { id: number; fields: Partial<RomFileFields> }[];
      fileInserts: RomFileFields[];
      missingFileIds: number[];
    };

/** INSERT statements by engine, table, column list and row count, built once per shape. */
const insertStatements = new Map<string, string>();

/**
 * Rows per INSERT statement at most: a scan writes thousands of rows of the same shape, and
 * one statement of many rows costs a fraction of as many one-row statements (each query goes
 * through Kysely and the driver). Row counts are powers of two, so a batch uses at most a few
 * statement texts, which the connection keeps prepared.
 */
const ROWS_PER_INSERT = 64;

/** The rows per statement for `count` rows: full statements, then the rest in powers of two. */
function insertSizes(count: number): number[] {
  const sizes: number[] = [];
  let left = count;
  while (left >= ROWS_PER_INSERT) {
    sizes.push(ROWS_PER_INSERT);
    left -= ROWS_PER_INSERT;
  }
  for (let size = ROWS_PER_INSERT / 2; size >= 1; size /= 2) {
    if (left >= size) {
      sizes.push(size);
      left -= size;
    }
  }
  return sizes;
}

function insertText(
  postgres: boolean,
  table: 'rom' | 'rom_file',
  columns: readonly string[],
  rows: number,
  returning: string,
): string {
  const key = `${postgres ? 'postgres' : 'sqlite'}:${table}:${columns.join(',')}:${rows}:${returning}`;
  let text = insertStatements.get(key);
  if (text === undefined) {
    const names = columns.map((column) => `"${column}"`).join(', ');
    const tuples: string[] = [];
    for (let row = 0; row < rows; row += 1) {
      const values = columns.map((_, index) =>
        postgres ? `$${row * columns.length + index + 1}` : '?',
      );
      tuples.push(`(${values.join(', ')})`);
    }
    text = `INSERT INTO "${table}" (${names}) VALUES ${tuples.join(', ')}${returning === '' ? '' : ` RETURNING ${returning}`}`;
    insertStatements.set(key, text);
  }
  return text;
}

/**
 * Inserts rows through multi-row statements built once per table, column list and row count
 * (rows whose defined columns differ go in separate statements). Returns what `returning`
 * names for every row, in no particular order.
 */
async function insertRows<Returned>(
  trx: Transaction<Database>,
  table: 'rom' | 'rom_file',
  rows: readonly Record<string, unknown>[],
  returning = '',
): Promise<Returned[]> {
  const postgres = engineOf(trx) === 'postgres';
  const returned: Returned[] = [];
  let start = 0;
  while (start < rows.length) {
    const first = rows[start] ?? {};
    const columns = Object.keys(first).filter((column) => first[column] !== undefined);
    const shape = columns.join(',');
    let end = start + 1;
    while (end < rows.length && definedColumns(rows[end] ?? {}) === shape) end += 1;
    for (const size of insertSizes(end - start)) {
      const values: unknown[] = [];
      for (let index = start; index < start + size; index += 1) {
        const row = rows[index] ?? {};
        for (const column of columns) values.push(row[column]);
      }
      const text = insertText(postgres, table, columns, size, returning);
      const result = await trx.executeQuery<Returned>(CompiledQuery.raw(text, values));
      returned.push(...result.rows);
      start += size;
    }
  }
  return returned;
}

function definedColumns(row: Record<string, unknown>): string {
  return Object.keys(row)
    .filter((column) => row[column] !== undefined)
    .join(',');
}

/** A ROM's identity within the library: its platform and file or folder name. */
function romKey(platformId: number, fsName: string): string {
  return `${platformId}/${fsName}`;
}

/** Changes to ROM rows: scan batches, edits, renames, deletions and users' data. */
export class RomWritesRepository {
  constructor(
    private readonly db: Db,
    /** Told after every change to ROM rows and to users' ROM data. */
    private readonly versions = new DataVersions(),
  ) {}

  private changed(): void {
    this.versions.wrote('romRows');
  }

  /**
   * Runs a long series of batches (a scan) with the bulk settings, then restores the previous
   * ones and gives the page cache's memory back to the system; on PostgreSQL, refreshes the
   * planner's statistics after it.
   */
  async inBulk<T>(work: () => Promise<T>): Promise<T> {
    if (engineOf(this.db) === 'postgres') {
      const result = await work();
      await refreshPlannerStatistics(this.db);
      return result;
    }
    const names = Object.keys(BULK_SETTINGS) as BulkSetting[];
    const previous = new Map<BulkSetting, number>();
    for (const name of names) {
      const { rows } = await sql.raw<Record<string, number>>(`PRAGMA ${name}`).execute(this.db);
      previous.set(name, Number(rows[0]?.[name]));
      await sql.raw(`PRAGMA ${name} = ${BULK_SETTINGS[name]}`).execute(this.db);
    }
    try {
      return await work();
    } finally {
      for (const [name, value] of previous) {
        await sql.raw(`PRAGMA ${name} = ${value}`).execute(this.db);
      }
      await sql.raw('PRAGMA shrink_memory').execute(this.db);
    }
  }

  /** Flags ROMs (and their files) as missing from disk. */
  async markRomsMissing(ids: readonly number[], now: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const part of chunks(ids, ID_CHUNK)) {
        await trx
          .updateTable('rom')
          .set({ missing_from_fs: 1, updated_at: now })
          .where('id', 'in', part)
          .execute();
        await trx
          .updateTable('rom_file')
          .set({ missing_from_fs: 1, updated_at: now })
          .where('rom_id', 'in', part)
          .execute();
      }
    });
    this.changed();
  }

  /**
   * Applies a batch of ROM changes in one transaction (all or nothing). Returns the ROM id of
   * each write, in order.
   */
  async applyBatch(writes: readonly RomWrite[], now: string): Promise<number[]> {
    if (writes.length === 0) return [];
    const ids = await this.db.transaction().execute(async (trx) => {
      const inserted = await this.insertRoms(trx, writes, now);
      const written: number[] = [];
      for (const write of writes) {
        if (write.type === 'insert') {
          const id = inserted.get(romKey(write.platformId, write.rom.fs_name));
          if (id === undefined) throw new Error(`ROM ${write.rom.fs_name} was not inserted`);
          written.push(id);
          continue;
        }
        await trx
          .updateTable('rom')
          .set({ ...write.rom, updated_at: now })
          .where('id', '=', write.romId)
          .execute();
        for (const update of write.fileUpdates) {
          await trx
            .updateTable('rom_file')
            .set({ ...update.fields, updated_at: now })
            .where('id', '=', update.id)
            .execute();
        }
        for (const part of chunks(write.fileInserts, ID_CHUNK)) {
          await trx
            .insertInto('rom_file')
            .values(
              part.map((file) => ({
                ...file,
                rom_id: write.romId,
                created_at: now,
                updated_at: now,
              })),
            )
            .execute();
        }
        for (const part of chunks(write.missingFileIds, ID_CHUNK)) {
          await trx
            .updateTable('rom_file')
            .set({ missing_from_fs: 1, updated_at: now })
            .where('id', 'in', part)
            .execute();
        }
        written.push(write.romId);
      }
      const insertedIds = [...inserted.values()];
      await indexRomsForSearch(trx, insertedIds);
      await indexRomFacets(trx, insertedIds);
      return written;
    });
    this.changed();
    return ids;
  }

  /** Inserts the ROMs of the insert writes and their files; returns ROM ids by romKey. */
  private async insertRoms(
    trx: Transaction<Database>,
    writes: readonly RomWrite[],
    now: string,
  ): Promise<Map<string, number>> {
    const inserts = writes.filter((write) => write.type === 'insert');
    const ids = new Map<string, number>();
    if (inserts.length === 0) return ids;
    const returned = await insertRows<{ id: number; platform_id: number; fs_name: string }>(
      trx,
      'rom',
      inserts.map((write) => ({
        ...write.rom,
        platform_id: write.platformId,
        created_at: now,
        updated_at: now,
      })),
      '"id", "platform_id", "fs_name"',
    );
    for (const row of returned) ids.set(romKey(row.platform_id, row.fs_name), row.id);
    const files: Record<string, unknown>[] = [];
    for (const write of inserts) {
      const romId = ids.get(romKey(write.platformId, write.rom.fs_name));
      for (const file of write.files) {
        files.push({ ...file, rom_id: romId, created_at: now, updated_at: now });
      }
    }
    await insertRows(trx, 'rom_file', files);
    return ids;
  }

  /** Changes ROM columns (edits). */
  async updateRom(id: number, fields: Partial<Omit<NewRomRow, 'id'>>, now: string): Promise<void> {
    await this.db
      .updateTable('rom')
      .set({ ...fields, updated_at: now })
      .where('id', '=', id)
      .execute();
    this.changed();
  }

  /**
   * After a ROM was renamed on disk: its columns and its files' names (plain file) or folder
   * paths (folder ROM, `oldFolder` → `newFolder`, sub-folders included), in one transaction.
   */
  async applyRename(
    id: number,
    fields: Partial<Omit<NewRomRow, 'id'>>,
    rename:
      | { kind: 'file'; folder: string; oldName: string; newName: string }
      | { kind: 'folder'; oldFolder: string; newFolder: string },
    now: string,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('rom')
        .set({ ...fields, updated_at: now })
        .where('id', '=', id)
        .execute();
      if (rename.kind === 'file') {
        await trx
          .updateTable('rom_file')
          .set({ file_name: rename.newName, updated_at: now })
          .where('rom_id', '=', id)
          .where('file_path', '=', rename.folder)
          .where('file_name', '=', rename.oldName)
          .execute();
      } else {
        const prefix = `${rename.oldFolder}/`;
        await trx
          .updateTable('rom_file')
          .set({
            file_path: sql<string>`${rename.newFolder} || substr(file_path, ${rename.oldFolder.length + 1})`,
            updated_at: now,
          })
          .where('rom_id', '=', id)
          .where((eb) =>
            eb.or([
              eb('file_path', '=', rename.oldFolder),
              sql<SqlBool>`substr(file_path, 1, ${prefix.length}) = ${prefix}`,
            ]),
          )
          .execute();
      }
    });
    this.changed();
  }

  /** Deletes ROM rows (their files and user data cascade). */
  async deleteRoms(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const part of chunks(ids, ID_CHUNK)) {
        await trx.deleteFrom('rom').where('id', 'in', part).execute();
      }
    });
    this.changed();
  }

  /** Creates or changes a user's row for a ROM; returns it. */
  async saveRomUser(
    userId: number,
    romId: number,
    fields: RomUserFields,
    now: string,
  ): Promise<RomUserRow> {
    const row = await this.db
      .insertInto('rom_user')
      .values({ ...fields, user_id: userId, rom_id: romId, created_at: now, updated_at: now })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'rom_id']).doUpdateSet({ ...fields, updated_at: now }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    this.versions.wrote('userData', userId);
    return row;
  }
}
