import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

import { engineOf } from '../engine.js';
import { ROM_FACET_SOURCE_COLUMNS, romFacetRowsSql } from '../rom-facets-sql.js';

/**
 * `filter_values` without a pass over the index: `rom_facet_count` holds how many ROMs of each
 * platform carry each (kind, value), kept exact by triggers on `rom_facet` (whoever writes it:
 * the re-derive trigger, the scan's batch indexer, a ROM's cascaded delete). `rom_facet` gains
 * the ROM's platform so that a deleted row still says whose count it was (a cascaded delete
 * runs after its ROM row is gone). A count that reaches zero is removed.
 *
 * SQLite counts per row; PostgreSQL per statement, from the statement's transition table, so
 * a batch of thousands of facet rows (a scan, `db:copy`) costs one grouped upsert.
 */
export const romFacetCounts: Migration = {
  async up(db: Kysely<unknown>) {
    if (engineOf(db) === 'postgres') {
      await upPostgres(db);
      return;
    }
    await sql`DROP TRIGGER rom_facet_update`.execute(db);
    await rebuildSqliteFacets(db, true);
    await sql`CREATE TABLE rom_facet_count (
      kind TEXT NOT NULL,
      value TEXT NOT NULL,
      platform_id INTEGER NOT NULL,
      count INTEGER NOT NULL,
      PRIMARY KEY (kind, value, platform_id)
    ) WITHOUT ROWID`.execute(db);
    await sql`INSERT INTO rom_facet_count (kind, value, platform_id, count)
      SELECT kind, value, platform_id, count(*) FROM rom_facet
      GROUP BY kind, value, platform_id`.execute(db);
    await sql`CREATE TRIGGER rom_facet_count_insert AFTER INSERT ON rom_facet BEGIN
      INSERT INTO rom_facet_count (kind, value, platform_id, count)
        VALUES (new.kind, new.value, new.platform_id, 1)
        ON CONFLICT (kind, value, platform_id) DO UPDATE SET count = count + 1;
    END`.execute(db);
    await sql`CREATE TRIGGER rom_facet_count_delete AFTER DELETE ON rom_facet BEGIN
      UPDATE rom_facet_count SET count = count - 1
        WHERE kind = old.kind AND value = old.value AND platform_id = old.platform_id;
      DELETE FROM rom_facet_count
        WHERE kind = old.kind AND value = old.value AND platform_id = old.platform_id
          AND count <= 0;
    END`.execute(db);
    await createSqliteRefresh(db, true);
  },

  async down(db: Kysely<unknown>) {
    if (engineOf(db) === 'postgres') {
      await downPostgres(db);
      return;
    }
    await sql`DROP TRIGGER rom_facet_count_insert`.execute(db);
    await sql`DROP TRIGGER rom_facet_count_delete`.execute(db);
    await sql`DROP TABLE rom_facet_count`.execute(db);
    await sql`DROP TRIGGER rom_facet_update`.execute(db);
    await rebuildSqliteFacets(db, false);
    await createSqliteRefresh(db, false);
  },
};

/** `rom_facet` again with (or without) `platform_id`, its rows kept. */
async function rebuildSqliteFacets(db: Kysely<unknown>, platform: boolean): Promise<void> {
  const platformColumn = platform ? 'platform_id INTEGER NOT NULL,' : '';
  await sql
    .raw(
      `CREATE TABLE rom_facet_next (
      kind TEXT NOT NULL,
      value TEXT NOT NULL,
      rom_id INTEGER NOT NULL REFERENCES rom (id) ON DELETE CASCADE,
      ${platformColumn}
      PRIMARY KEY (kind, value, rom_id)
    ) WITHOUT ROWID`,
    )
    .execute(db);
  const columns = platform ? 'kind, value, rom_id, platform_id' : 'kind, value, rom_id';
  const source = platform
    ? 'SELECT f.kind, f.value, f.rom_id, rom.platform_id FROM rom_facet AS f JOIN rom ON rom.id = f.rom_id'
    : 'SELECT kind, value, rom_id FROM rom_facet';
  await sql.raw(`INSERT INTO rom_facet_next (${columns}) ${source}`).execute(db);
  await sql`DROP TABLE rom_facet`.execute(db);
  await sql`ALTER TABLE rom_facet_next RENAME TO rom_facet`.execute(db);
  await sql`CREATE INDEX rom_facet_rom_id_idx ON rom_facet (rom_id)`.execute(db);
}

/** The trigger re-deriving a ROM's rows when a source column changes. */
async function createSqliteRefresh(db: Kysely<unknown>, platform: boolean): Promise<void> {
  const columns = platform ? 'kind, value, rom_id, platform_id' : 'kind, value, rom_id';
  await sql
    .raw(
      `CREATE TRIGGER rom_facet_update AFTER UPDATE OF ${ROM_FACET_SOURCE_COLUMNS.join(', ')}
  ON rom BEGIN
    DELETE FROM rom_facet WHERE rom_id = new.id;
    INSERT OR IGNORE INTO rom_facet (${columns}) ${romFacetRowsSql('rom.id = new.id', 'sqlite', platform)};
  END`,
    )
    .execute(db);
}

/** The re-derive trigger's function (the trigger itself stays). */
async function replacePostgresRefresh(db: Kysely<unknown>, platform: boolean): Promise<void> {
  const columns = platform ? 'kind, value, rom_id, platform_id' : 'kind, value, rom_id';
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION rom_facet_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM rom_facet WHERE rom_id = NEW.id;
    INSERT INTO rom_facet (${columns}) ${romFacetRowsSql('rom.id = NEW.id', 'postgres', platform)}
      ON CONFLICT DO NOTHING;
    RETURN NULL;
  END $$`,
    )
    .execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE rom_facet ADD COLUMN platform_id BIGINT`.execute(db);
  await sql`UPDATE rom_facet SET platform_id = rom.platform_id FROM rom
    WHERE rom.id = rom_facet.rom_id`.execute(db);
  await sql`ALTER TABLE rom_facet ALTER COLUMN platform_id SET NOT NULL`.execute(db);
  await replacePostgresRefresh(db, true);
  await sql`CREATE TABLE rom_facet_count (
      kind TEXT NOT NULL,
      value TEXT NOT NULL,
      platform_id BIGINT NOT NULL,
      count BIGINT NOT NULL,
      PRIMARY KEY (kind, value, platform_id)
    )`.execute(db);
  await sql`INSERT INTO rom_facet_count (kind, value, platform_id, count)
    SELECT kind, value, platform_id, count(*) FROM rom_facet
    GROUP BY kind, value, platform_id`.execute(db);
  // Keys in one order, so concurrent writers lock shared counts without deadlocking.
  await sql`CREATE FUNCTION rom_facet_count_add() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO rom_facet_count (kind, value, platform_id, count)
      SELECT kind, value, platform_id, count(*) FROM added
      GROUP BY kind, value, platform_id ORDER BY kind, value, platform_id
      ON CONFLICT (kind, value, platform_id)
      DO UPDATE SET count = rom_facet_count.count + excluded.count;
    RETURN NULL;
  END $$`.execute(db);
  await sql`CREATE FUNCTION rom_facet_count_remove() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE rom_facet_count AS c SET count = c.count - r.n
      FROM (SELECT kind, value, platform_id, count(*) AS n FROM removed
        GROUP BY kind, value, platform_id ORDER BY kind, value, platform_id) AS r
      WHERE c.kind = r.kind AND c.value = r.value AND c.platform_id = r.platform_id;
    DELETE FROM rom_facet_count AS c USING (SELECT DISTINCT kind, value, platform_id
        FROM removed) AS r
      WHERE c.kind = r.kind AND c.value = r.value AND c.platform_id = r.platform_id
        AND c.count <= 0;
    RETURN NULL;
  END $$`.execute(db);
  await sql`CREATE TRIGGER rom_facet_count_insert AFTER INSERT ON rom_facet
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT
    EXECUTE FUNCTION rom_facet_count_add()`.execute(db);
  await sql`CREATE TRIGGER rom_facet_count_delete AFTER DELETE ON rom_facet
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
    EXECUTE FUNCTION rom_facet_count_remove()`.execute(db);
}

async function downPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER rom_facet_count_insert ON rom_facet`.execute(db);
  await sql`DROP TRIGGER rom_facet_count_delete ON rom_facet`.execute(db);
  await sql`DROP FUNCTION rom_facet_count_add()`.execute(db);
  await sql`DROP FUNCTION rom_facet_count_remove()`.execute(db);
  await sql`DROP TABLE rom_facet_count`.execute(db);
  await replacePostgresRefresh(db, false);
  await sql`ALTER TABLE rom_facet DROP COLUMN platform_id`.execute(db);
}
