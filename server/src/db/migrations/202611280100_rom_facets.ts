import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

import { ROM_FACET_SOURCE_COLUMNS, romFacetRowsSql } from '../rom-facets-sql.js';

/**
 * Gallery filters read an index, not JSON: `rom_facet` holds one row per (kind, value, ROM)
 * — genres, franchises, collections, companies, game modes, age ratings and player count of
 * the merged metadata, regions, languages and tags of the file name, and `verified`.
 *
 * - Filters look up `(kind, value)` (the primary key); `filter_values` groups by it.
 * - Deleting a ROM cascades; changing a source column re-derives its rows (trigger).
 * - New ROMs are indexed per batch by their writer (roms/rom-facet-index.ts), like the search
 *   index: a row trigger would cost every scanned ROM eleven JSON reads.
 */
export const romFacets: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE TABLE rom_facet (
      kind TEXT NOT NULL,
      value TEXT NOT NULL,
      rom_id INTEGER NOT NULL REFERENCES rom (id) ON DELETE CASCADE,
      PRIMARY KEY (kind, value, rom_id)
    ) WITHOUT ROWID`.execute(db);
    await sql`CREATE INDEX rom_facet_rom_id_idx ON rom_facet (rom_id)`.execute(db);
    await sql
      .raw(`INSERT OR IGNORE INTO rom_facet (kind, value, rom_id) ${romFacetRowsSql('1')}`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER rom_facet_update AFTER UPDATE OF ${ROM_FACET_SOURCE_COLUMNS.join(', ')}
  ON rom BEGIN
    DELETE FROM rom_facet WHERE rom_id = new.id;
    INSERT OR IGNORE INTO rom_facet (kind, value, rom_id) ${romFacetRowsSql('rom.id = new.id')};
  END`,
      )
      .execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`DROP TRIGGER IF EXISTS rom_facet_update`.execute(db);
    await sql`DROP TABLE IF EXISTS rom_facet`.execute(db);
  },
};
