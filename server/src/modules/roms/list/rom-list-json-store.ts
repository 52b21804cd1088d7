import type { RawBuilder } from 'kysely';
import { sql } from 'kysely';

import type { Db } from '../../../db/database.js';
import type { Engine } from '../../../db/engine.js';
import { engineOf } from '../../../db/engine.js';
import { chunks, ID_CHUNK } from '../../../db/id-chunks.js';
import type { RomListJsonTable } from '../../../db/schema-rom-list.js';
import type { ListedRomRow } from './listed-rom-row.js';
import { listedRomSelectSql } from './listed-rom-row.js';
import { sharedRomJsonText } from './rom-list-json.js';

/** A ROM's shared list JSON as stored (`{"id":…`, left open), with the dates its caller's part repeats. */
export type StoredRomJson = Readonly<RomListJsonTable>;

const idList = (ids: readonly number[]) => sql.join(ids.map((id) => sql`${id}`));

/**
 * Each ROM's shared list JSON, kept in `rom_list_json` (migration 202612070100_rom_list_json):
 * a list page reads 72 stored texts instead of writing them from 46 columns each. The table's
 * triggers drop a ROM's text whenever its ROM or platform row changes; a ROM without one is
 * written here, from its rows, and stored.
 */
export class RomListJsonStore {
  private readonly engine: Engine;
  /** The select list of a listed ROM's row. */
  private readonly listedRowSql: RawBuilder<ListedRomRow>;

  constructor(private readonly db: Db) {
    this.engine = engineOf(db);
    this.listedRowSql = sql.raw<ListedRomRow>(listedRomSelectSql(this.engine));
  }

  /** The shared JSON of the ROMs among `ids` (in no order), written and stored where missing. */
  async jsonOf(ids: readonly number[]): Promise<Map<number, StoredRomJson>> {
    const found = new Map<number, StoredRomJson>();
    for (const part of chunks(ids, ID_CHUNK)) {
      const rows = await this.db
        .selectFrom('rom_list_json')
        .select(['rom_id', 'created_at', 'updated_at', 'json'])
        .where(sql<boolean>`rom_id IN (${idList(part)})`)
        .execute();
      for (const row of rows) found.set(row.rom_id, row);
    }
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      for (const row of await this.write(missing)) found.set(row.rom_id, row);
    }
    return found;
  }

  /**
   * Writes the shared JSON of the ROMs among `ids` from their rows and stores it. The rows are
   * read and the texts stored in one transaction, so a change to a ROM cannot fall between the
   * two and leave an old text stored: on PostgreSQL the rows are locked, in id order and without
   * waiting (a write holding one, such as a scan's batch, is never made to wait on a list in a
   * deadlock). When storing fails (a row locked, another process writing SQLite), the texts are
   * still returned.
   */
  async write(ids: readonly number[]): Promise<StoredRomJson[]> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const written = await this.written(trx, ids, true);
        for (const part of chunks(written, ID_CHUNK / 4)) {
          await trx
            .insertInto('rom_list_json')
            .values(part)
            .onConflict((conflict) => conflict.column('rom_id').doNothing())
            .execute();
        }
        return written;
      });
    } catch {
      return this.written(this.db, ids, false);
    }
  }

  /** The shared JSON of the ROMs among `ids`, written from their rows (locked, to be stored). */
  private async written(db: Db, ids: readonly number[], locked: boolean): Promise<StoredRomJson[]> {
    const lock = sql.raw(locked && this.engine === 'postgres' ? 'FOR SHARE NOWAIT' : '');
    const written: StoredRomJson[] = [];
    for (const part of chunks(ids, ID_CHUNK)) {
      const { rows } = await sql<ListedRomRow>`SELECT ${this.listedRowSql}
        FROM rom INNER JOIN platform ON platform.id = rom.platform_id
        WHERE rom.id IN (${idList(part)}) ${lock}`.execute(db);
      for (const row of rows) {
        written.push({
          rom_id: row.id,
          created_at: row.created_at,
          updated_at: row.updated_at,
          json: sharedRomJsonText(row),
        });
      }
    }
    return written;
  }

  /** Up to `limit` ids, ascending after `afterId`, of ROMs whose JSON is not stored. */
  async missingIds(afterId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('rom')
      .select('rom.id')
      .where('rom.id', '>', afterId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('rom_list_json')
              .select('rom_list_json.rom_id')
              .whereRef('rom_list_json.rom_id', '=', 'rom.id'),
          ),
        ),
      )
      .orderBy('rom.id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }
}
