import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

/**
 * `smart_collection`: a user's saved ROM filter (RomM's smart collections). Members are not
 * stored: they are the live result of `filter_criteria` (the `GET /api/roms` filter names, as
 * JSON) for the owner. Names are unique per owner.
 *
 * Virtual collections need no table: they are read from `rom_facet`, which scans and edits
 * keep current.
 */
export const smartCollections: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('smart_collection')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('user_id', 'integer', (col) =>
        col.notNull().references('user.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(255)', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('filter_criteria', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('is_public', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
      .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
      .execute();
    await sql`CREATE UNIQUE INDEX smart_collection_user_name_idx
      ON smart_collection (user_id, name)`.execute(db);
    await sql`CREATE INDEX smart_collection_public_idx ON smart_collection (is_public)
      WHERE is_public = 1`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('smart_collection').execute();
  },
};
