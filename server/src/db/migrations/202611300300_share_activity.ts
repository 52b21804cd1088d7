import type { Kysely, Migration } from 'kysely';

/**
 * `user.share_activity`: whether other users may see this user's play activity (time played
 * per game). On by default, as RomM shows everyone's; administrators always see it.
 */
export const shareActivity: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('user')
      .addColumn('share_activity', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
  },
};
