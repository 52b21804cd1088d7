import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

export const usersAndSessions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('user')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('username', 'varchar(255)', (col) =>
        col
          .notNull()
          .unique()
          .check(sql`username = lower(username)`),
      )
      .addColumn('email', 'varchar(255)', (col) => col.unique())
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('role', 'varchar(16)', (col) => col.notNull())
      .addColumn('avatar_path', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('ra_username', 'varchar(255)')
      .addColumn('ra_progression', 'text')
      .addColumn('ui_settings', 'text')
      .addColumn('last_login', 'varchar(40)')
      .addColumn('last_active', 'varchar(40)')
      .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
      .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('session')
      .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
      .addColumn('user_id', 'integer', (col) =>
        col.notNull().references('user.id').onDelete('cascade'),
      )
      .addColumn('csrf_token', 'varchar(128)', (col) => col.notNull())
      .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
      .addColumn('expires_at', 'varchar(40)', (col) => col.notNull())
      .addColumn('last_seen_at', 'varchar(40)', (col) => col.notNull())
      .addColumn('user_agent', 'text')
      .execute();

    await db.schema.createIndex('session_user_id_idx').on('session').column('user_id').execute();
    await db.schema
      .createIndex('session_expires_at_idx')
      .on('session')
      .column('expires_at')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('session').execute();
    await db.schema.dropTable('user').execute();
  },
};
