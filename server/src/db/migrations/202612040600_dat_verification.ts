import type { Kysely, Migration } from 'kysely';

/**
 * `dat_verification`: when each DAT's verdicts were last brought up to date, and for which
 * platform, so that a verification after a scan only looks at the games changed since (and a
 * DAT bound to another platform is verified again in full). Goes with its DAT.
 * `rom_dat_status_status_idx`: the list filters on DAT status and "in set" ask which ROMs have
 * a status, whatever the DAT.
 */
export const datVerification: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('dat_verification')
      .addColumn('dat_id', 'integer', (col) =>
        col.primaryKey().references('dat.id').onDelete('cascade'),
      )
      .addColumn('platform_id', 'integer', (col) => col.notNull())
      .addColumn('verified_at', 'varchar(40)', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('rom_dat_status_status_idx')
      .on('rom_dat_status')
      .columns(['status', 'rom_id'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('rom_dat_status_status_idx').execute();
    await db.schema.dropTable('dat_verification').execute();
  },
};
