import type { Transaction } from 'kysely';
import { CompiledQuery } from 'kysely';

import type { Database } from '../../db/schema.js';
import type { NewDatGameRow, NewDatRomRow } from '../../db/schema-dats.js';

/**
 * The INSERT statements a DAT import writes its games and ROM entries with: texts built once
 * per database, table and row count, run with plain parameter lists. A 60 MB DAT holds hundreds of
 * thousands of entries; building a query per batch (objects per value, a fresh SQL text the
 * connection prepares again) made its garbage and its prepared statements grow with the file.
 * Row counts are powers of two up to a full statement, so an import uses a few texts only.
 */

/** A row of each table, values aside: its columns in the order statements list them. */
/** A game row as imports write it: every column but the id. */
export type DatGameValues = Required<Omit<NewDatGameRow, 'id'>>;
/** A ROM entry row as imports write it. */
export type DatRomValues = Required<Omit<NewDatRomRow, 'id'>>;

const GAME_ROW: DatGameValues = {
  dat_id: 0,
  name: '',
  description: null,
  clone_of: null,
  rom_of: null,
  region: null,
  languages: null,
  is_bios: 0,
  category: null,
};
const ROM_ROW: DatRomValues = {
  dat_id: 0,
  dat_game_id: 0,
  name: '',
  size: 0,
  crc32: null,
  md5: null,
  sha1: null,
  status: null,
};

const ROWS = { dat_game: GAME_ROW, dat_rom: ROM_ROW };
type EntryTable = keyof typeof ROWS;
type EntryRow<Table extends EntryTable> = (typeof ROWS)[Table];

/** Rows per statement at most (a power of two). */
export const ROWS_PER_STATEMENT = 128;

/** Statement texts by table and row count, per database (its dialect writes the parameters). */
const texts = new WeakMap<object, Map<string, string>>();

function insertText(trx: Transaction<Database>, table: EntryTable, rows: number): string {
  const adapter = trx.getExecutor().adapter;
  const known = texts.get(adapter) ?? new Map<string, string>();
  texts.set(adapter, known);
  const key = `${table}:${String(rows)}`;
  let text = known.get(key);
  if (text === undefined) {
    text =
      table === 'dat_game'
        ? trx
            .insertInto(table)
            .values(Array.from({ length: rows }, () => ROWS.dat_game))
            .returning('id')
            .compile().sql
        : trx
            .insertInto(table)
            .values(Array.from({ length: rows }, () => ROWS.dat_rom))
            .compile().sql;
    known.set(key, text);
  }
  return text;
}

/** Inserts rows of one table; answers the new ids for `dat_game`, in the order given. */
export async function insertEntries<Table extends EntryTable>(
  trx: Transaction<Database>,
  table: Table,
  rows: readonly EntryRow<Table>[],
): Promise<number[]> {
  const columns = Object.keys(ROWS[table]) as (keyof EntryRow<Table>)[];
  const ids: number[] = [];
  let start = 0;
  for (let size = ROWS_PER_STATEMENT; size >= 1; size /= 2) {
    while (rows.length - start >= size) {
      const values: unknown[] = [];
      for (const row of rows.slice(start, start + size)) {
        for (const column of columns) values.push(row[column]);
      }
      const result = await trx.executeQuery<{ id: number }>(
        CompiledQuery.raw(insertText(trx, table, size), values),
      );
      for (const { id } of result.rows) ids.push(id);
      start += size;
    }
  }
  return ids;
}
