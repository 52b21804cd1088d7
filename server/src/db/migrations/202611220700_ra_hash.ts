import type { Kysely, Migration } from 'kysely';

const TABLES = ['rom', 'rom_file'] as const;

/**
 * RetroAchievements hashes (`ra_hash`, see modules/hashing/ra-hash.ts) on ROM files and ROMs,
 * indexed like the other hashes. Existing rows stay null until a `hashes` or `complete` rescan
 * (or a change to the file) hashes them again.
 */
export const raHash: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of TABLES) {
      await db.schema.alterTable(table).addColumn('ra_hash', 'varchar(32)').execute();
      await db.schema.createIndex(`${table}_ra_hash_idx`).on(table).column('ra_hash').execute();
    }
  },

  async down(db: Kysely<unknown>) {
    for (const table of TABLES) {
      await db.schema.dropIndex(`${table}_ra_hash_idx`).execute();
      await db.schema.alterTable(table).dropColumn('ra_hash').execute();
    }
  },
};
