import type { Kysely, Migration } from 'kysely';

/**
 * Save history. `play_asset_version`: the earlier contents of a save or state, kept when an
 * upload replaces it (its file moved under `users/<id>/history/`), newest first per asset and
 * pruned by count and age. `play_asset.written_by_device_id`: the device that wrote the current
 * content (a version keeps it as its device). `save_history_setting`: a user's own limits
 * (null: the server's default).
 */
export const saveHistory: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('play_asset')
      .addColumn('written_by_device_id', 'varchar(36)')
      .execute();
    await db.schema
      .createTable('play_asset_version')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('asset_id', 'integer', (col) =>
        col.notNull().references('play_asset.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (col) =>
        col.notNull().references('user.id').onDelete('cascade'),
      )
      .addColumn('file_name', 'varchar(450)', (col) => col.notNull())
      .addColumn('file_path', 'varchar(1000)', (col) => col.notNull())
      .addColumn('stored_name', 'varchar(500)', (col) => col.notNull())
      .addColumn('file_size_bytes', 'integer', (col) => col.notNull())
      .addColumn('content_hash', 'varchar(100)')
      .addColumn('emulator', 'varchar(100)')
      .addColumn('device_id', 'varchar(36)')
      .addColumn('saved_at', 'varchar(40)', (col) => col.notNull())
      .addColumn('replaced_at', 'varchar(40)', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('play_asset_version_asset_idx')
      .on('play_asset_version')
      .columns(['asset_id', 'replaced_at'])
      .execute();
    await db.schema
      .createIndex('play_asset_version_replaced_idx')
      .on('play_asset_version')
      .column('replaced_at')
      .execute();
    await db.schema
      .createTable('save_history_setting')
      .addColumn('user_id', 'integer', (col) =>
        col.primaryKey().references('user.id').onDelete('cascade'),
      )
      .addColumn('max_versions', 'integer')
      .addColumn('max_age_days', 'integer')
      .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('save_history_setting').execute();
    await db.schema.dropTable('play_asset_version').execute();
    await db.schema.alterTable('play_asset').dropColumn('written_by_device_id').execute();
  },
};
