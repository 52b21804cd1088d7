import type { Kysely, Migration } from 'kysely';

/**
 * Play in the browser: BIOS / firmware files found in the library, and the saves, states and
 * screenshots the emulator uploads for each user (`play_asset.kind`).
 */
export const play: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('firmware')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('platform_id', 'integer', (col) =>
        col.notNull().references('platform.id').onDelete('cascade'),
      )
      .addColumn('file_name', 'varchar(450)', (col) => col.notNull())
      .addColumn('file_path', 'varchar(1000)', (col) => col.notNull())
      .addColumn('file_size_bytes', 'integer', (col) => col.notNull())
      .addColumn('mtime_ms', 'integer', (col) => col.notNull())
      .addColumn('crc_hash', 'varchar(100)', (col) => col.notNull().defaultTo(''))
      .addColumn('md5_hash', 'varchar(100)', (col) => col.notNull().defaultTo(''))
      .addColumn('sha1_hash', 'varchar(100)', (col) => col.notNull().defaultTo(''))
      .addColumn('is_verified', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('missing_from_fs', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addUniqueConstraint('firmware_path_name', ['file_path', 'file_name'])
      .execute();
    await db.schema.createIndex('firmware_platform').on('firmware').column('platform_id').execute();

    await db.schema
      .createTable('play_asset')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('kind', 'varchar(20)', (col) => col.notNull())
      .addColumn('user_id', 'integer', (col) =>
        col.notNull().references('user.id').onDelete('cascade'),
      )
      .addColumn('rom_id', 'integer', (col) =>
        col.notNull().references('rom.id').onDelete('cascade'),
      )
      .addColumn('file_name', 'varchar(450)', (col) => col.notNull())
      .addColumn('file_path', 'varchar(1000)', (col) => col.notNull())
      .addColumn('file_size_bytes', 'integer', (col) => col.notNull())
      .addColumn('emulator', 'varchar(100)')
      .addColumn('content_hash', 'varchar(100)')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addUniqueConstraint('play_asset_owner_name', ['user_id', 'kind', 'rom_id', 'file_name'])
      .execute();
    await db.schema
      .createIndex('play_asset_rom')
      .on('play_asset')
      .columns(['rom_id', 'user_id', 'kind'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('play_asset').execute();
    await db.schema.dropTable('firmware').execute();
  },
};
