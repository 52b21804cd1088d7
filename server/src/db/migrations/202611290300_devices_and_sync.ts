import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

import { engineOf } from '../engine.js';

/**
 * RomM's devices and save sync: `device` (a user's handheld or app, id a UUID), `play_asset`'s
 * `origin_device_id` (the device that first sent a save), `device_save_sync` (when each device
 * last took or sent each save, or that it stopped tracking it), `sync_session` (one negotiation
 * and its counts) and `play_session` (time played, per user, ROM and device).
 */
export const devicesAndSync: Migration = {
  async up(db: Kysely<unknown>) {
    await createDevices(db);
    await db.schema.alterTable('play_asset').addColumn('origin_device_id', 'varchar(36)').execute();
    await createSyncTables(db);
    await createPlaySessions(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('play_session').execute();
    await db.schema.dropTable('sync_session').execute();
    await db.schema.dropTable('device_save_sync').execute();
    await db.schema.alterTable('play_asset').dropColumn('origin_device_id').execute();
    await db.schema.dropTable('device').execute();
  },
};

async function createDevices(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('user.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(255)')
    .addColumn('platform', 'varchar(50)')
    .addColumn('client', 'varchar(50)')
    .addColumn('client_version', 'varchar(50)')
    .addColumn('ip_address', 'varchar(45)')
    .addColumn('mac_address', 'varchar(17)')
    .addColumn('hostname', 'varchar(255)')
    .addColumn('sync_mode', 'varchar(20)', (col) => col.notNull().defaultTo('api'))
    .addColumn('sync_enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('sync_config', 'text')
    .addColumn('last_seen', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('device_user_idx').on('device').column('user_id').execute();
}

async function createSyncTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_save_sync')
    .addColumn('device_id', 'varchar(36)', (col) =>
      col.notNull().references('device.id').onDelete('cascade'),
    )
    .addColumn('save_id', 'integer', (col) =>
      col.notNull().references('play_asset.id').onDelete('cascade'),
    )
    .addColumn('last_synced_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('is_untracked', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('device_save_sync_pk', ['device_id', 'save_id'])
    .execute();
  await db.schema
    .createIndex('device_save_sync_save_idx')
    .on('device_save_sync')
    .column('save_id')
    .execute();

  await db.schema
    .createTable('sync_session')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('device_id', 'varchar(36)', (col) =>
      col.notNull().references('device.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('user.id').onDelete('cascade'),
    )
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('initiated_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('completed_at', 'varchar(40)')
    .addColumn('operations_planned', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('operations_completed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('operations_failed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('sync_session_device_idx')
    .on('sync_session')
    .columns(['device_id', 'status'])
    .execute();
}

async function createPlaySessions(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('play_session')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('user.id').onDelete('cascade'),
    )
    .addColumn('device_id', 'varchar(36)', (col) =>
      col.references('device.id').onDelete('set null'),
    )
    .addColumn('rom_id', 'integer', (col) => col.references('rom.id').onDelete('set null'))
    .addColumn('save_slot', 'varchar(255)')
    .addColumn('start_time', 'varchar(40)', (col) => col.notNull())
    .addColumn('end_time', 'varchar(40)', (col) => col.notNull())
    .addColumn('duration_ms', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  // The same session reported twice (a retried batch) is recognised, not counted again.
  if (engineOf(db) === 'postgres') {
    await sql`CREATE UNIQUE INDEX play_session_identity_idx ON play_session
      (user_id, coalesce(device_id, ''), coalesce(rom_id, 0), start_time)`.execute(db);
  } else {
    await sql`CREATE UNIQUE INDEX play_session_identity_idx ON play_session
      (user_id, ifnull(device_id, ''), ifnull(rom_id, 0), start_time)`.execute(db);
  }
  await db.schema
    .createIndex('play_session_rom_idx')
    .on('play_session')
    .columns(['rom_id', 'user_id'])
    .execute();
}
