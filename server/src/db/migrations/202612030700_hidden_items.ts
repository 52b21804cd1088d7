import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

/**
 * `hidden_items`: a platform or a ROM hidden from one user or from every member of one
 * permission group (RomM's hidden entities). Exactly one of `user_id` and `group_id` is set; an
 * entity id is a deny-list entry, so it may name a platform or ROM that is gone. Looked up by
 * principal on every request of a non-admin.
 */
export const hiddenItems: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('hidden_items')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('entity', 'varchar(16)', (col) =>
        col.notNull().check(sql`entity IN ('platforms', 'roms')`),
      )
      .addColumn('entity_id', 'integer', (col) => col.notNull())
      .addColumn('user_id', 'integer', (col) => col.references('user.id').onDelete('cascade'))
      .addColumn('group_id', 'integer', (col) =>
        col.references('permission_group.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
      .addCheckConstraint(
        'hidden_items_one_principal',
        sql`(user_id IS NULL) <> (group_id IS NULL)`,
      )
      .execute();
    await db.schema
      .createIndex('hidden_items_user_idx')
      .on('hidden_items')
      .columns(['user_id', 'entity', 'entity_id'])
      .unique()
      .where('user_id', 'is not', null)
      .execute();
    await db.schema
      .createIndex('hidden_items_group_idx')
      .on('hidden_items')
      .columns(['group_id', 'entity', 'entity_id'])
      .unique()
      .where('group_id', 'is not', null)
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('hidden_items').execute();
  },
};
