import type { Kysely, Migration } from 'kysely';

/**
 * `user.previous_login`: when the user signed in before the current sign-in (null on the first
 * one), so that the app greets a returning user with "Welcome back" and a new one with "Welcome".
 */
export const previousLogin: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('user').addColumn('previous_login', 'varchar(40)').execute();
  },
};
