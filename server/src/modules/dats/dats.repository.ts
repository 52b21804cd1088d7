import type { Transaction } from 'kysely';

import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { DatRow, NewDatRow } from '../../db/schema-dats.js';
import type { DatGameValues, DatRomValues } from './dat-entry-statements.js';
import { insertEntries } from './dat-entry-statements.js';

export type DatTransaction = Transaction<Database>;

/** A DAT row's columns that an import fills in once the whole file is read. */
export type DatImportSummary = Pick<
  DatRow,
  'name' | 'description' | 'version' | 'author' | 'homepage' | 'header_name' | 'format'
> &
  Pick<DatRow, 'game_count' | 'rom_count' | 'platform_id' | 'platform_binding' | 'source_path'>;

/** DAT files, their games and ROM entries. */
export class DatsRepository {
  constructor(private readonly db: Db) {}

  /** The imported DATs (not those whose import is still writing). */
  private complete() {
    return this.db.selectFrom('dat').selectAll().where('importing', '=', 0);
  }

  list(): Promise<DatRow[]> {
    return this.complete().orderBy('name').orderBy('id').execute();
  }

  find(id: number): Promise<DatRow | undefined> {
    return this.complete().where('id', '=', id).executeTakeFirst();
  }

  /** Runs `work` in one transaction: an import and the removal of the DAT it replaces. */
  transaction<T>(work: (trx: DatTransaction) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** A DAT whose entries are about to be written: hidden until `finishImport`. */
  async insertDat(row: NewDatRow): Promise<number> {
    const { id } = await this.db
      .insertInto('dat')
      .values({ ...row, importing: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** Inserts games and answers their ids in the order given. */
  insertGames(trx: DatTransaction, rows: readonly DatGameValues[]): Promise<number[]> {
    return insertEntries(trx, 'dat_game', rows);
  }

  async insertRoms(trx: DatTransaction, rows: readonly DatRomValues[]): Promise<void> {
    await insertEntries(trx, 'dat_rom', rows);
  }

  async finishImport(trx: DatTransaction, id: number, summary: DatImportSummary): Promise<void> {
    await trx
      .updateTable('dat')
      .set({ ...summary, importing: 0 })
      .where('id', '=', id)
      .execute();
  }

  /** The DATs an import replaces: the same set (header name), or the same file of the folder. */
  replacedBy(
    trx: DatTransaction,
    headerName: string,
    sourcePath: string | null,
    exceptId: number,
  ): Promise<DatRow[]> {
    return trx
      .selectFrom('dat')
      .selectAll()
      .where((eb) =>
        sourcePath === null
          ? eb('header_name', '=', headerName)
          : eb.or([eb('header_name', '=', headerName), eb('source_path', '=', sourcePath)]),
      )
      .where('id', '!=', exceptId)
      .where('importing', '=', 0)
      .execute();
  }

  /** Drops an import that failed, with what it had written. */
  async abandonImport(id: number): Promise<void> {
    await this.db.deleteFrom('dat').where('id', '=', id).where('importing', '=', 1).execute();
  }

  /** Drops imports begun before `startedBefore` and never finished (their server stopped). */
  async abandonImportsBefore(startedBefore: string): Promise<void> {
    await this.db
      .deleteFrom('dat')
      .where('importing', '=', 1)
      .where('imported_at', '<', startedBefore)
      .execute();
  }

  async removeIn(trx: DatTransaction | Db, ids: readonly number[]): Promise<void> {
    if (ids.length > 0) await trx.deleteFrom('dat').where('id', 'in', ids).execute();
  }

  async remove(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('dat').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async bind(id: number, platformId: number | null, binding: DatRow['platform_binding']) {
    await this.db
      .updateTable('dat')
      .set({ platform_id: platformId, platform_binding: binding })
      .where('id', '=', id)
      .execute();
  }

  /** DATs read from the `dats` folder. */
  folderDats(): Promise<DatRow[]> {
    return this.complete().where('source', '=', 'folder').execute();
  }

  /** Automatically bound DATs without a platform (one may have been added since). */
  unboundAuto(): Promise<DatRow[]> {
    return this.complete()
      .where('platform_id', 'is', null)
      .where('platform_binding', '=', 'auto')
      .execute();
  }
}
