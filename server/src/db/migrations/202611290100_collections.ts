import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

import { engineOf } from '../engine.js';

/** The name RomM gives a user's favourites collection. */
export const FAVOURITES_COLLECTION_NAME = 'Favourites';

/**
 * Manual collections (RomM `collections`) and their members.
 *
 * - `collection`: one user's named list; names are unique per user; a user has at most one
 *   `is_favorite` collection (RomM's favourites). `cover_updated_at` is set while the
 *   collection has its own cover (uploaded or fetched from `url_cover`).
 * - `collection_rom`: membership, keyed (collection, ROM) without a rowid so a 10,000-member
 *   gallery reads one index range; deleting a ROM or a collection deletes its rows. `rom_id`
 *   is indexed for "the collections holding this ROM". (PostgreSQL tables have no rowid.)
 * - Existing favourites (`rom_user.is_favorite`) move into each user's favourites collection,
 *   and the column goes: a favourite is membership from now on.
 */
export const collections: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('collection')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('user_id', 'integer', (col) =>
        col.notNull().references('user.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(200)', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('url_cover', 'varchar(2048)', (col) => col.notNull().defaultTo(''))
      .addColumn('is_public', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('is_favorite', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('cover_updated_at', 'varchar(40)')
      .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
      .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
      .addUniqueConstraint('collection_user_name_unique', ['user_id', 'name'])
      .execute();
    await sql`CREATE UNIQUE INDEX collection_user_favourite_unique
      ON collection (user_id) WHERE is_favorite = 1`.execute(db);
    await db.schema
      .createIndex('collection_public_idx')
      .on('collection')
      .columns(['is_public', 'user_id'])
      .execute();
    await db.schema
      .createTable('collection_rom')
      .addColumn('collection_id', 'integer', (col) =>
        col.notNull().references('collection.id').onDelete('cascade'),
      )
      .addColumn('rom_id', 'integer', (col) =>
        col.notNull().references('rom.id').onDelete('cascade'),
      )
      .addColumn('added_at', 'varchar(40)', (col) => col.notNull())
      .addPrimaryKeyConstraint('collection_rom_pk', ['collection_id', 'rom_id'])
      .$call((table) => (engineOf(db) === 'sqlite' ? table.modifyEnd(sql`WITHOUT ROWID`) : table))
      .execute();
    await db.schema
      .createIndex('collection_rom_rom_idx')
      .on('collection_rom')
      .columns(['rom_id', 'collection_id'])
      .execute();

    await sql`INSERT INTO collection (user_id, name, is_favorite, created_at, updated_at)
      SELECT user_id, ${FAVOURITES_COLLECTION_NAME}, 1, min(updated_at), max(updated_at)
      FROM rom_user WHERE is_favorite = 1 GROUP BY user_id`.execute(db);
    await sql`INSERT INTO collection_rom (collection_id, rom_id, added_at)
      SELECT collection.id, rom_user.rom_id, rom_user.updated_at
      FROM rom_user JOIN collection
        ON collection.user_id = rom_user.user_id AND collection.is_favorite = 1
      WHERE rom_user.is_favorite = 1`.execute(db);
    await db.schema.alterTable('rom_user').dropColumn('is_favorite').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema
      .alterTable('rom_user')
      .addColumn('is_favorite', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await sql`INSERT INTO rom_user (user_id, rom_id, is_favorite, created_at, updated_at)
      SELECT collection.user_id, collection_rom.rom_id, 1, collection_rom.added_at,
        collection_rom.added_at
      FROM collection_rom JOIN collection ON collection.id = collection_rom.collection_id
      WHERE collection.is_favorite = 1
      ON CONFLICT (user_id, rom_id) DO UPDATE SET is_favorite = 1`.execute(db);
    await db.schema.dropTable('collection_rom').execute();
    await db.schema.dropTable('collection').execute();
  },
};
