import type { Kysely, Migration } from 'kysely';

/**
 * Saves carry RomM's `slot` (a named series of versions, pruned to the newest few), and saves,
 * states and screenshots a public flag: public ones are shown to every user in a game's
 * `all_user_*` lists and may be downloaded by them. Existing assets stay private, slotless.
 */
export const playAssetSlots: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('play_asset').addColumn('slot', 'varchar(255)').execute();
    await db.schema
      .alterTable('play_asset')
      .addColumn('is_public', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('play_asset').dropColumn('is_public').execute();
    await db.schema.alterTable('play_asset').dropColumn('slot').execute();
  },
};
