import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

import { engineOf } from '../engine.js';

/** The platform columns a listed ROM shows (its slugs and display name). */
const LISTED_PLATFORM_COLUMNS = 'name, custom_name, slug, fs_slug';

/**
 * `rom_list_json`: each ROM's shared list JSON as lists write it (roms/list/rom-list-json.ts),
 * kept between requests and restarts. The triggers below drop a ROM's row whenever its ROM row
 * or the listed columns of its platform change, whoever writes them; a ROM without a row is
 * written again when it is next listed (or by the filler after writes). A deleted ROM takes its
 * row along (foreign key).
 *
 * PostgreSQL drops per statement, from the statement's transition table, so a batch UPDATE of
 * thousands of ROMs (a scan) costs one DELETE.
 */
export const romListJson: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rom_list_json')
      .addColumn('rom_id', 'integer', (col) =>
        col.primaryKey().references('rom.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
      .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
      .addColumn('json', 'text', (col) => col.notNull())
      .execute();
    if (engineOf(db) === 'postgres') {
      await upPostgres(db);
      return;
    }
    await sql`CREATE TRIGGER rom_list_json_rom AFTER UPDATE ON rom BEGIN
      DELETE FROM rom_list_json WHERE rom_id = old.id;
    END`.execute(db);
    await sql
      .raw(
        `CREATE TRIGGER rom_list_json_platform AFTER UPDATE OF ${LISTED_PLATFORM_COLUMNS}
  ON platform BEGIN
    DELETE FROM rom_list_json WHERE rom_id IN (SELECT id FROM rom WHERE platform_id = new.id);
  END`,
      )
      .execute(db);
  },

  async down(db: Kysely<unknown>) {
    if (engineOf(db) === 'postgres') {
      await sql`DROP TRIGGER rom_list_json_rom ON rom`.execute(db);
      await sql`DROP TRIGGER rom_list_json_platform ON platform`.execute(db);
      await sql`DROP FUNCTION rom_list_json_forget_roms()`.execute(db);
      await sql`DROP FUNCTION rom_list_json_forget_platform()`.execute(db);
    } else {
      await sql`DROP TRIGGER rom_list_json_rom`.execute(db);
      await sql`DROP TRIGGER rom_list_json_platform`.execute(db);
    }
    await db.schema.dropTable('rom_list_json').execute();
  },
};

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE FUNCTION rom_list_json_forget_roms() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM rom_list_json WHERE rom_id IN (SELECT id FROM changed_roms);
    RETURN NULL;
  END $$`.execute(db);
  await sql`CREATE TRIGGER rom_list_json_rom AFTER UPDATE ON rom
    REFERENCING OLD TABLE AS changed_roms
    FOR EACH STATEMENT EXECUTE FUNCTION rom_list_json_forget_roms()`.execute(db);
  await sql`CREATE FUNCTION rom_list_json_forget_platform() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM rom_list_json
      WHERE rom_id IN (SELECT id FROM rom WHERE platform_id = NEW.id);
    RETURN NULL;
  END $$`.execute(db);
  // A trigger on some columns only takes no transition table: this one runs per platform row.
  await sql
    .raw(
      `CREATE TRIGGER rom_list_json_platform AFTER UPDATE OF ${LISTED_PLATFORM_COLUMNS}
  ON platform FOR EACH ROW EXECUTE FUNCTION rom_list_json_forget_platform()`,
    )
    .execute(db);
}
