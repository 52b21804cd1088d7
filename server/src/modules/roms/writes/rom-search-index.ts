import type { Kysely } from 'kysely';
import { CompiledQuery } from 'kysely';

import { engineOf } from '../../../db/engine.js';
import type { Database } from '../../../db/schema.js';

/**
 * Adds ROMs to the search index (`rom_search`, migration 202611270200_rom_word_search), or
 * refreshes them: one statement for a whole batch, its one parameter the JSON list of ROM ids.
 * Idempotent (INSERT OR REPLACE).
 */
const INDEX_ROMS_FOR_SEARCH_SQL = `INSERT OR REPLACE INTO rom_search (rowid, words)
  SELECT id, '  ' || replace(search_text, ' ', '  ') FROM rom
  WHERE id IN (SELECT value FROM json_each(?))`;

/**
 * Makes newly inserted ROMs searchable. Rows are not indexed by a trigger (a scan inserts
 * thousands; per batch is about 4x cheaper): whoever inserts into `rom` calls this with the new
 * ids, in the same transaction, once per batch. PostgreSQL's search index is a pg_trgm index
 * on `rom.search_text` (migration 202611300200_postgres_search), which keeps itself current.
 */
export async function indexRomsForSearch(
  db: Kysely<Database>,
  romIds: readonly number[],
): Promise<void> {
  if (romIds.length === 0 || engineOf(db) === 'postgres') return;
  await db.executeQuery(CompiledQuery.raw(INDEX_ROMS_FOR_SEARCH_SQL, [JSON.stringify(romIds)]));
}
