import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

import { engineOf } from '../engine.js';
import { ROM_FACET_SOURCE_COLUMNS, romFacetRowsSql } from '../rom-facets-sql.js';

/**
 * Gallery filters read an index, not JSON: `rom_facet` holds one row per (kind, value, ROM)
 * — genres, franchises, collections, companies, game modes, age ratings and player count of
 * the merged metadata, regions, languages and tags of the file name, and `verified`.
 *
 * - Filters look up `(kind, value)` (the primary key); `filter_values` groups by it.
 * - Deleting a ROM cascades; changing a source column re-derives its rows (trigger).
 * - New ROMs are indexed per batch by their writer (roms/writes/rom-facet-index.ts), like the search
 *   index: a row trigger would cost every scanned ROM eleven JSON reads.
 * - PostgreSQL: the same table and trigger (a trigger function); nothing to backfill, as a
 *   PostgreSQL database holds no ROMs yet at this point (db:copy fills it afterwards).
 */
export const romFacets: Migration = {
  async up(db: Kysely<unknown>) {
    if (engineOf(db) === 'postgres') {
      await createPostgresFacets(db);
      return;
    }
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
    if (engineOf(db) === 'postgres') {
      await sql`DROP TRIGGER IF EXISTS rom_facet_update ON rom`.execute(db);
      await sql`DROP FUNCTION IF EXISTS rom_facet_refresh()`.execute(db);
    } else {
      await sql`DROP TRIGGER IF EXISTS rom_facet_update`.execute(db);
    }
    await sql`DROP TABLE IF EXISTS rom_facet`.execute(db);
  },
};

async function createPostgresFacets(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE rom_facet (
      kind TEXT NOT NULL,
      value TEXT NOT NULL,
      rom_id BIGINT NOT NULL REFERENCES rom (id) ON DELETE CASCADE,
      PRIMARY KEY (kind, value, rom_id)
    )`.execute(db);
  await sql`CREATE INDEX rom_facet_rom_id_idx ON rom_facet (rom_id)`.execute(db);
  await sql
    .raw(
      `CREATE FUNCTION rom_facet_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM rom_facet WHERE rom_id = NEW.id;
    INSERT INTO rom_facet (kind, value, rom_id) ${romFacetRowsSql('rom.id = NEW.id', 'postgres')}
      ON CONFLICT DO NOTHING;
    RETURN NULL;
  END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER rom_facet_update AFTER UPDATE OF ${ROM_FACET_SOURCE_COLUMNS.join(', ')}
  ON rom FOR EACH ROW EXECUTE FUNCTION rom_facet_refresh()`,
    )
    .execute(db);
}
