import type { SqlBool, Transaction } from 'kysely';
import { sql } from 'kysely';
import { performance } from 'node:perf_hooks';

import type { Db } from '../../../db/database.js';
import { DataVersions } from '../../../db/data-versions.js';
import type { Engine } from '../../../db/engine.js';
import { engineOf } from '../../../db/engine.js';
import type { Database } from '../../../db/schema.js';
import { chunks, ID_CHUNK } from '../../../db/id-chunks.js';
import { refreshPlannerStatistics } from '../../../db/planner-statistics.js';
import { databaseFile, startWalCheckpointer } from '../../../db/wal-checkpointer.js';
import type { NewRomFileRow, NewRomRow, RomUserRow } from '../../../db/schema.js';
import { nextTurn } from '../../../lib/next-turn.js';
import { insertRows, updateRows } from './rom-batch-statements.js';
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
 * setting: checkpoints are the server's). A commit that crosses `wal_autocheckpoint` copies the
 * WAL back into the database on the event loop (about 100 ms at 16,000 pages), so during a scan
 * a worker thread checkpoints instead (db/wal-checkpointer.ts) and commits never do. Where no
 * thread can, a WAL of up to 16,000 pages spares most commits a checkpoint. The page cache keeps
 * its default size: a larger one made the scan no faster but left its memory with the process
 * after the scan (freed pages the allocator does not return).
 *
 * The WAL is not cut back to `journal_size_limit` during a scan: the commit that starts the log
 * again from its beginning would truncate the file on the event loop, which held a 100k scan's
 * commits for 0.3–0.75 s. The checkpointer thread cuts it back once the scan ends, or the limit
 * restored after the scan does at the next such commit.
 */
const BULK_SETTINGS: Record<'wal_autocheckpoint' | 'journal_size_limit', number> = {
  wal_autocheckpoint: 16_000,
  journal_size_limit: -1,
};
const BULK_SETTINGS_WITH_CHECKPOINTER: typeof BULK_SETTINGS = {
  wal_autocheckpoint: 0,
  journal_size_limit: -1,
};
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

/**
 * Per engine, how long a transaction of a long series of writes (a scan's, flags, deletions)
 * runs before it commits and the event loop gets a turn, and how many writes (or ids) it
 * applies at once (the time is checked between such steps). SQLite's statements run on the
 * event loop's thread, and a request waits for the whole transaction and its commit: about
 * 12 ms, in steps small enough that the last one does not overrun it by much (the rest of a
 * turn, hash results and socket events, shares the 50 ms a heartbeat may wait) and large
 * enough for one full INSERT statement (rom-batch-statements.ts), as each commit costs too.
 * PostgreSQL's run in its server while the loop serves requests, and its round trips and
 * commits cost more: larger steps and longer transactions.
 */
const TRANSACTION_SIZES: Record<Engine, { budgetMs: number; itemsPerStep: number }> = {
  sqlite: { budgetMs: 12, itemsPerStep: 32 },
  postgres: { budgetMs: 250, itemsPerStep: 256 },
};

/** Whether an update write changes nothing (a rehash or reparse of an unchanged ROM). */
function unchanged(write: Extract<RomWrite, { type: 'update' }>): boolean {
  return (
    Object.keys(write.rom).length === 0 &&
    write.fileUpdates.length === 0 &&
    write.fileInserts.length === 0 &&
    write.missingFileIds.length === 0
  );
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
    const checkpointer = startWalCheckpointer(await databaseFile(this.db));
    const settings = checkpointer === null ? BULK_SETTINGS : BULK_SETTINGS_WITH_CHECKPOINTER;
    const names = Object.keys(settings) as BulkSetting[];
    const previous = new Map<BulkSetting, number>();
    for (const name of names) {
      const { rows } = await sql.raw<Record<string, number>>(`PRAGMA ${name}`).execute(this.db);
      previous.set(name, Number(rows[0]?.[name]));
      await sql.raw(`PRAGMA ${name} = ${settings[name]}`).execute(this.db);
    }
    try {
      return await work();
    } finally {
      await checkpointer?.stop();
      for (const [name, value] of previous) {
        await sql.raw(`PRAGMA ${name} = ${value}`).execute(this.db);
      }
      await sql.raw('PRAGMA shrink_memory').execute(this.db);
    }
  }

  /** Flags ROMs (and their files) as missing from disk, in transactions sized by time. */
  async markRomsMissing(ids: readonly number[], now: string): Promise<void> {
    await this.inTimedTransactions(ids, async (trx, part) => {
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
    });
  }

  /**
   * Applies a batch of ROM changes in transactions sized by time (TRANSACTION_SIZES; whole
   * ROMs: all or nothing), the event loop getting a turn between them, so requests are answered
   * while a scan writes. An update without changes writes nothing. Returns the ROM id of each
   * write, in order.
   */
  async applyBatch(writes: readonly RomWrite[], now: string): Promise<number[]> {
    const pending = writes.filter((write) => write.type === 'insert' || !unchanged(write));
    const inserted = new Map<string, number>();
    await this.inTimedTransactions(pending, async (trx, step) => {
      const ids = await this.insertRoms(trx, step, now);
      for (const [key, id] of ids) inserted.set(key, id);
      await this.updateRoms(trx, step, now);
      const insertedIds = [...ids.values()];
      await indexRomsForSearch(trx, insertedIds);
      await indexRomFacets(trx, insertedIds);
    });
    return writes.map((write) => {
      if (write.type === 'update') return write.romId;
      const id = inserted.get(romKey(write.platformId, write.rom.fs_name));
      if (id === undefined) throw new Error(`ROM ${write.rom.fs_name} was not inserted`);
      return id;
    });
  }

  /**
   * Applies `items` step by step (TRANSACTION_SIZES) in transactions sized by time, the event
   * loop getting a turn between them. Each transaction is all or nothing.
   */
  private async inTimedTransactions<Item>(
    items: readonly Item[],
    apply: (trx: Transaction<Database>, step: readonly Item[]) => Promise<void>,
  ): Promise<void> {
    const { budgetMs, itemsPerStep } = TRANSACTION_SIZES[engineOf(this.db)];
    for (let start = 0; start < items.length;) {
      if (start > 0) await nextTurn();
      const deadline = performance.now() + budgetMs;
      start = await this.db.transaction().execute(async (trx) => {
        let end = start;
        do {
          const step = items.slice(end, end + itemsPerStep);
          await apply(trx, step);
          end += step.length;
        } while (end < items.length && performance.now() < deadline);
        return end;
      });
      this.changed();
    }
  }

  /** Writes the update writes' changed columns, new files and files gone from disk. */
  private async updateRoms(
    trx: Transaction<Database>,
    writes: readonly RomWrite[],
    now: string,
  ): Promise<void> {
    const updates = writes.filter((write) => write.type === 'update');
    if (updates.length === 0) return;
    await updateRows(
      trx,
      'rom',
      updates.map((write) => ({ id: write.romId, fields: write.rom })),
      now,
    );
    await updateRows(
      trx,
      'rom_file',
      updates.flatMap((write) => write.fileUpdates),
      now,
    );
    await insertRows(
      trx,
      'rom_file',
      updates.flatMap((write) =>
        write.fileInserts.map((file) => ({
          ...file,
          rom_id: write.romId,
          created_at: now,
          updated_at: now,
        })),
      ),
    );
    for (const part of chunks(
      updates.flatMap((write) => write.missingFileIds),
      ID_CHUNK,
    )) {
      await trx
        .updateTable('rom_file')
        .set({ missing_from_fs: 1, updated_at: now })
        .where('id', 'in', part)
        .execute();
    }
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

  /**
   * A single-file ROM turned into a folder holding that file (`POST /api/roms/{id}/convert-to-folder`):
   * the ROM's name fields and kind, and its file's folder, in one transaction.
   */
  async applyConvertToFolder(
    id: number,
    fields: Partial<Omit<NewRomRow, 'id'>>,
    file: { oldFolder: string; newFolder: string; name: string },
    now: string,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('rom')
        .set({ ...fields, updated_at: now })
        .where('id', '=', id)
        .execute();
      await trx
        .updateTable('rom_file')
        .set({ file_path: file.newFolder, updated_at: now })
        .where('rom_id', '=', id)
        .where('file_path', '=', file.oldFolder)
        .where('file_name', '=', file.name)
        .execute();
    });
    this.changed();
  }

  /** One file of a ROM removed (`DELETE /api/roms/{id}/files/{file_id}`), with the ROM's new fields. */
  async applyFileRemoval(
    romId: number,
    fileId: number,
    fields: Partial<Omit<NewRomRow, 'id'>>,
    now: string,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('rom_file')
        .where('id', '=', fileId)
        .where('rom_id', '=', romId)
        .execute();
      await trx
        .updateTable('rom')
        .set({ ...fields, updated_at: now })
        .where('id', '=', romId)
        .execute();
    });
    this.changed();
  }

  /** Deletes ROM rows (their files and user data cascade), in transactions sized by time. */
  async deleteRoms(ids: readonly number[]): Promise<void> {
    await this.inTimedTransactions(ids, async (trx, part) => {
      await trx.deleteFrom('rom').where('id', 'in', part).execute();
    });
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
