import type { Kysely } from 'kysely';
import { CompiledQuery } from 'kysely';

import { engineOf } from '../../../db/engine.js';
import { romFacetRowsSql } from '../../../db/rom-facets-sql.js';
import type { Database } from '../../../db/schema.js';

const INDEX_ROM_FACETS_SQL = `INSERT OR IGNORE INTO rom_facet (kind, value, rom_id, platform_id)
  ${romFacetRowsSql('rom.id IN (SELECT value FROM json_each(?))', 'sqlite', true)}`;

/** How many times the statement reads the id list (once per UNION ALL part). */
const PARTS = INDEX_ROM_FACETS_SQL.split('json_each(?)').length - 1;

/** PostgreSQL reads its one parameter, an int[] of ids, in every part. */
const INDEX_ROM_FACETS_POSTGRES_SQL = `INSERT INTO rom_facet (kind, value, rom_id, platform_id)
  ${romFacetRowsSql('rom.id = ANY($1::bigint[])', 'postgres', true)}
  ON CONFLICT DO NOTHING`;

/**
 * Indexes the filter values of newly inserted ROMs (`rom_facet`). Updates are re-indexed by
 * a trigger; inserts are not (a scan inserts thousands, one statement per batch is cheaper):
 * whoever inserts into `rom` calls this with the new ids, in the same transaction.
 */
export async function indexRomFacets(
  db: Kysely<Database>,
  romIds: readonly number[],
): Promise<void> {
  if (romIds.length === 0) return;
  if (engineOf(db) === 'postgres') {
    await db.executeQuery(CompiledQuery.raw(INDEX_ROM_FACETS_POSTGRES_SQL, [romIds]));
    return;
  }
  const ids = JSON.stringify(romIds);
  await db.executeQuery(
    CompiledQuery.raw(
      INDEX_ROM_FACETS_SQL,
      Array.from({ length: PARTS }, () => ids),
    ),
  );
}
