import type { Kysely, Migration } from 'kysely';

/**
 * `client_token`: RomM's client API tokens (`rmm_…`). Only the SHA-256 of the raw token is
 * stored; `scopes` is space-separated, as RomM stores it. A token approved through the device
 * authorisation flow carries the device id it was issued for and the identifier the device
 * reported, so approving the same device again keeps its id.
 */
export const clientTokens: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('client_token')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('user_id', 'integer', (col) =>
        col.notNull().references('user.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(255)', (col) => col.notNull())
      .addColumn('hashed_token', 'varchar(64)', (col) => col.notNull().unique())
      .addColumn('scopes', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'varchar(40)')
      .addColumn('last_used_at', 'varchar(40)')
      .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
      .addColumn('device_id', 'varchar(36)')
      .addColumn('client_device_identifier', 'varchar(255)')
      .execute();
    await db.schema
      .createIndex('client_token_user_idx')
      .on('client_token')
      .column('user_id')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('client_token').execute();
  },
};
