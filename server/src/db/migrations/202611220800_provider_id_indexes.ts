import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

/** Provider id columns `GET /api/roms/by-metadata-provider` looks ROMs up by. */
const COLUMNS = [
  'igdb_id',
  'moby_id',
  'ss_id',
  'ra_id',
  'launchbox_id',
  'hasheous_id',
  'tgdb_id',
  'hltb_id',
] as const;

/**
 * Library-wide lookups by provider id. The per-platform `(platform_id, <id>)` indexes cannot
 * serve a lookup without a platform, so each id gets its own index. They are partial (only
 * ROMs that carry the id), which keeps them small and scans of unidentified ROMs cheap to
 * write; `<id> = ?` implies `<id> IS NOT NULL`, so the query planner uses them. Hash lookups
 * need nothing new: the hash columns of ROMs and ROM files are already indexed.
 */
export const providerIdIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of COLUMNS) {
      await db.schema
        .createIndex(`rom_${column}_idx`)
        .on('rom')
        .column(column)
        .where(sql.ref(column), 'is not', null)
        .execute();
    }
  },

  async down(db: Kysely<unknown>) {
    for (const column of COLUMNS) await db.schema.dropIndex(`rom_${column}_idx`).execute();
  },
};
