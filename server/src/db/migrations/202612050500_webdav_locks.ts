import type { Kysely, Migration } from 'kysely';

/**
 * `webdav_lock`: one row per user whose WebDAV tree was changed. A change writes the user's row
 * in a transaction held while it checks If-Match / If-None-Match and moves the file into place,
 * so API processes sharing the data folder change one tree one at a time. No foreign key: a
 * deleted user's tree is removed under the same lock, after their row is gone.
 */
export const webdavLocks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('webdav_lock')
      .addColumn('user_id', 'integer', (col) => col.primaryKey())
      .addColumn('taken_at', 'varchar(40)', (col) => col.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('webdav_lock').execute();
  },
};
