import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

/**
 * `rom_platform_missing_size_idx`: the sizes of the ROMs whose file is gone, per platform (few
 * rows, so writes barely pay for it). A platform's size is then the sum over the
 * `(platform_id, fs_size_bytes)` index less this one's, both read from indexes: summing the
 * present ROMs' sizes from the table read every ROM row (a third of a second at 100k ROMs, on
 * the first platform list after a start or a write).
 */
export const platformMissingSizes: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE INDEX rom_platform_missing_size_idx ON rom (platform_id, fs_size_bytes)
      WHERE missing_from_fs = 1`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('rom_platform_missing_size_idx').execute();
  },
};
