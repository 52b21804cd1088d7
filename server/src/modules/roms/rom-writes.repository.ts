import type { SqlBool, Transaction } from 'kysely';
import { CompiledQuery, sql } from 'kysely';

import type { DataChanges } from '../../db/data-changes.js';
import { NO_OTHER_PROCESSES } from '../../db/data-changes.js';
import type { Db } from '../../db/database.js';
import { engineOf } from '../../db/engine.js';
import type { Database } from '../../db/schema.js';
import { chunks, ID_CHUNK } from '../../db/id-chunks.js';
import type { NewRomFileRow, NewRomRow, RomUserRow } from '../../db/schema.js';
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
 * setting: its buffer cache is shared and checkpoints are the server's): a 64 MiB page cache keeps the `rom` indexes' pages in
 * memory across batches instead of reading them back for every row, and a WAL of up to 16,000
 * pages spares each batch's commit a checkpoint.
 */
const BULK_SETTINGS = { cache_size: -65_536, wal_autocheckpoint: 16_000 } as const;
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

/** INSERT statements by engine, table and column list, built once per shape. */
const insertStatements = new Map<string, string>();

/**
 * Inserts one row through a statement built once per table and column list: the scan writes
 * thousands of rows of the same shape, and the connection keeps the statement prepared, so no
 * query is built, compiled or prepared per row. Returns the new row's id (SQLite reports it;
 * PostgreSQL returns it).
 */
async function insertRow(
  trx: Transaction<Database>,
  table: 'rom' | 'rom_file',
  row: Record<string, unknown>,
): Promise<number> {
  const postgres = engineOf(trx) === 'postgres';
  const columns = Object.keys(row).filter((column) => row[column] !== undefined);
  const key = `${postgres ? 'postgres' : 'sqlite'}:${table}:${columns.join(',')}`;
  let text = insertStatements.get(key);
  if (text === undefined) {
    const names = columns.map((column) => `"${column}"`).join(', ');
    const values = columns.map((_, index) => (postgres ? `$${index + 1}` : '?')).join(', ');
    text = `INSERT INTO "${table}" (${names}) VALUES (${values})${postgres ? ' RETURNING "id"' : ''}`;
    insertStatements.set(key, text);
  }
  const result = await trx.executeQuery<{ id: number }>(
    CompiledQuery.raw(
      text,
      columns.map((column) => row[column]),
    ),
  );
  return Number(postgres ? result.rows[0]?.id : result.insertId);
}

/** Changes to ROM rows: scan batches, edits, renames, deletions and users' data. */
export class RomWritesRepository {
  /** Bumped after every change to ROM rows, so cached aggregates can be dropped. */
  private dataVersion = 0;

  constructor(
    private readonly db: Db,
    private readonly changes: DataChanges = NO_OTHER_PROCESSES,
  ) {}

  /** This process's writes and those other processes announced. */
  get version(): number {
    return this.dataVersion + this.changes.received;
  }

  private changed(): void {
    this.dataVersion += 1;
    this.changes.announce();
  }

  /**
   * Runs a long series of batches (a scan) with the bulk settings, then restores the previous
   * ones and gives the page cache's memory back to the system.
   */
  async inBulk<T>(work: () => Promise<T>): Promise<T> {
    if (engineOf(this.db) === 'postgres') return work();
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
      const written: number[] = [];
      for (const write of writes) {
        if (write.type === 'insert') {
          const id = await insertRow(trx, 'rom', {
            ...write.rom,
            platform_id: write.platformId,
            created_at: now,
            updated_at: now,
          });
          for (const file of write.files) {
            await insertRow(trx, 'rom_file', {
              ...file,
              rom_id: id,
              created_at: now,
              updated_at: now,
            });
          }
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
      const inserted = written.filter((_, index) => writes[index]?.type === 'insert');
      await indexRomsForSearch(trx, inserted);
      await indexRomFacets(trx, inserted);
      return written;
    });
    this.changed();
    return ids;
  }

  /** Changes ROM columns (edits); bumps the data version. */
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
    this.changed();
    return row;
  }
}
