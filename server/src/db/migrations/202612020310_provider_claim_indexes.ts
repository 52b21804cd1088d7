import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

/** Provider ids whose claim check also names the platform (202611270100_rom_index_audit). */
const CLAIMED_PROVIDER_IDS = ['igdb_id', 'moby_id', 'ss_id', 'ra_id', 'launchbox_id'] as const;

async function createPartialIndex(
  db: Kysely<unknown>,
  column: string,
  columns: readonly string[],
): Promise<void> {
  await db.schema
    .createIndex(`rom_${column}_idx`)
    .on('rom')
    .columns([...columns])
    .where(sql.ref(column), 'is not', null)
    .execute();
}

/**
 * The claim check (`platform_id = ? AND <id> = ?`) read from the partial `rom_<id>_idx` only as
 * long as no other index began with `platform_id` and a narrow column: SQLite plans without
 * statistics, and with `rom_platform_release_date_idx` (202612020300) it walked a whole
 * platform instead. Adding `platform_id` to the partial index gives the claim check two equal
 * terms, which no platform index matches; lookups by the id alone still use its prefix.
 */
export const providerClaimIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of CLAIMED_PROVIDER_IDS) {
      await db.schema.dropIndex(`rom_${column}_idx`).execute();
      await createPartialIndex(db, column, [column, 'platform_id']);
    }
  },

  async down(db: Kysely<unknown>) {
    for (const column of CLAIMED_PROVIDER_IDS) {
      await db.schema.dropIndex(`rom_${column}_idx`).execute();
      await createPartialIndex(db, column, [column]);
    }
  },
};
