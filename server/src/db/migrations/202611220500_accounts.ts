import type { Kysely, Migration } from 'kysely';

/**
 * Accounts: a credentials version on users (bumped when the password changes or the account is
 * disabled, which ends bearer tokens), issued OAuth refresh tokens, and one-time links
 * (invites and password resets).
 */
export const accounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('user')
      .addColumn('token_version', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('refresh_token')
      .addColumn('jti', 'varchar(64)', (col) => col.primaryKey())
      .addColumn('user_id', 'integer', (col) =>
        col.notNull().references('user.id').onDelete('cascade'),
      )
      .addColumn('expires_at', 'varchar(40)', (col) => col.notNull())
      .addColumn('used_at', 'varchar(40)')
      .execute();
    await db.schema
      .createIndex('refresh_token_user_id_idx')
      .on('refresh_token')
      .column('user_id')
      .execute();
    await db.schema
      .createTable('one_time_token')
      .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
      .addColumn('kind', 'varchar(16)', (col) => col.notNull())
      .addColumn('user_id', 'integer', (col) => col.references('user.id').onDelete('cascade'))
      .addColumn('role', 'varchar(16)')
      .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
      .addColumn('expires_at', 'varchar(40)', (col) => col.notNull())
      .addColumn('used_at', 'varchar(40)')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('one_time_token').execute();
    await db.schema.dropTable('refresh_token').execute();
    await db.schema.alterTable('user').dropColumn('token_version').execute();
  },
};
