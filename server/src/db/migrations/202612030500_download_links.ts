import type { Kysely, Migration } from 'kysely';

/**
 * `download_link`: links that download one ROM without a session until they expire or their
 * owner revokes them. Only the SHA-256 of the link's random token is stored.
 */
export const downloadLinks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('download_link')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('user_id', 'integer', (col) =>
        col.notNull().references('user.id').onDelete('cascade'),
      )
      .addColumn('rom_id', 'integer', (col) =>
        col.notNull().references('rom.id').onDelete('cascade'),
      )
      .addColumn('hashed_token', 'varchar(64)', (col) => col.notNull().unique())
      .addColumn('expires_at', 'varchar(40)', (col) => col.notNull())
      .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
      .addColumn('last_used_at', 'varchar(40)')
      .addColumn('downloads', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('download_link_user_idx')
      .on('download_link')
      .columns(['user_id', 'rom_id'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('download_link').execute();
  },
};
