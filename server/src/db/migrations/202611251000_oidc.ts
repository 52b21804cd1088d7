import type { Kysely, Migration } from 'kysely';

/**
 * Single sign-on records:
 * - `oidc_session`: the ID token a browser session signed in with, sent back to the provider as
 *   `id_token_hint` when logging out there (OIDC_RP_INITIATED_LOGOUT);
 * - `oidc_role_kept`: users the provider gave a lower role than they have, kept because they are
 *   the last administrator (shown on the administration page until a sign-on applies the role).
 */
export const oidc: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('oidc_session')
      .addColumn('session_id', 'varchar(64)', (col) =>
        col.primaryKey().references('session.id').onDelete('cascade'),
      )
      .addColumn('id_token', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('oidc_role_kept')
      .addColumn('user_id', 'integer', (col) =>
        col.primaryKey().references('user.id').onDelete('cascade'),
      )
      .addColumn('provider_role', 'varchar(16)', (col) => col.notNull())
      .addColumn('kept_at', 'varchar(40)', (col) => col.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('oidc_role_kept').execute();
    await db.schema.dropTable('oidc_session').execute();
  },
};
