import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

/**
 * Per-user ROM data and the ROM fields editing needs.
 *
 * - `rom_user`: one row per (user, ROM) once the user saves something. `status` holds one of
 *   the eight play statuses (SPEC §4) or NULL; RomM's `backlogged` / `now_playing` / `hidden`
 *   booleans are derived from it. `is_favorite` replaces RomM's favourites collection.
 *   Indexed by (user_id, last_played) for the continue-playing rail.
 * - `rom.cover_updated_at` / `rom.manual_updated_at`: when the stored cover / PDF manual was
 *   written (NULL = none); they also version the resource URLs (`?ts=`).
 * - `rom.url_cover`: the address a cover was fetched from.
 * - `rom.manual_fields`: JSON list of fields edited by hand, which metadata updates keep.
 */
export const romUserData: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rom_user')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('user_id', 'integer', (col) =>
        col.notNull().references('user.id').onDelete('cascade'),
      )
      .addColumn('rom_id', 'integer', (col) =>
        col.notNull().references('rom.id').onDelete('cascade'),
      )
      .addColumn('status', 'varchar(20)')
      .addColumn('is_favorite', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('is_main_sibling', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('rating', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('difficulty', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('completion', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('last_played', 'varchar(40)')
      .addColumn('notes', 'text')
      .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
      .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
      .addUniqueConstraint('rom_user_user_rom_unique', ['user_id', 'rom_id'])
      .execute();
    await db.schema.createIndex('rom_user_rom_id_idx').on('rom_user').column('rom_id').execute();
    await db.schema
      .createIndex('rom_user_user_last_played_idx')
      .on('rom_user')
      .columns(['user_id', 'last_played'])
      .execute();
    await db.schema
      .createIndex('rom_user_user_status_idx')
      .on('rom_user')
      .columns(['user_id', 'status'])
      .execute();

    await db.schema.alterTable('rom').addColumn('url_cover', 'varchar(2048)').execute();
    await db.schema.alterTable('rom').addColumn('cover_updated_at', 'varchar(40)').execute();
    await db.schema.alterTable('rom').addColumn('manual_updated_at', 'varchar(40)').execute();
    await db.schema
      .alterTable('rom')
      .addColumn('manual_fields', 'text', (col) => col.notNull().defaultTo(sql`'[]'`))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rom_user').execute();
    for (const column of ['url_cover', 'cover_updated_at', 'manual_updated_at', 'manual_fields']) {
      await db.schema.alterTable('rom').dropColumn(column).execute();
    }
  },
};
