import type { Kysely, Migration } from 'kysely';

/**
 * `dat.importing`: 1 while a DAT's entries are being written, in batches, each its own short
 * transaction (so a large DAT never holds the database); the swap with the DAT it replaces is
 * one transaction at the end. Readers skip importing DATs; an import cut short is cleared.
 */
export const datImportState: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('dat')
      .addColumn('importing', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('dat').dropColumn('importing').execute();
  },
};
