import type { Kysely, Migration } from 'kysely';

/** Provider ids that had a `(platform_id, <id>)` index besides their own partial one. */
const PAIRED_PROVIDER_IDS = ['igdb_id', 'moby_id', 'ss_id', 'ra_id', 'launchbox_id'] as const;

/**
 * Drops the `rom` indexes no query needs, as every index is written on every inserted ROM.
 *
 * Dropped:
 * - `rom_platform_id_idx`: a prefix of the unique `(platform_id, fs_name)` index, which serves
 *   every `platform_id = ?` filter and the platform foreign key alike.
 * - `rom_platform_{igdb,moby,ss,ra,launchbox}_id_idx`: the claim check ("another ROM of this
 *   platform holds this id", `platform_id = ? AND <id> = ?`) is served by the partial
 *   `rom_<id>_idx`, as an id matches a handful of ROMs; these pairs held a row for every
 *   unidentified ROM.
 *
 * Kept, each with the query that uses it:
 * - unique `(platform_id, fs_name)`: the scan's ROM by name, a platform's ROMs, one platform's
 *   list by `fs_name`.
 * - `rom_{name_sort_key,fs_name,fs_size_bytes,created_at,updated_at}_idx` and
 *   `rom_platform_{name_sort_key,fs_size_bytes,created_at,updated_at}_idx`: `GET /api/roms`
 *   ordered by that column (`order_by`), all platforms and one platform.
 * - `rom_sort_char_idx`, `rom_platform_sort_char_idx`: the list's A–Z counts (`char_index`),
 *   all platforms and one platform, read from the index alone.
 * - `rom_{crc,md5,sha1,ra}_hash_idx`: lookups and searches by hash.
 * - partial `rom_<provider>_id_idx`: `GET /api/roms/by-metadata-provider` and the claim check.
 */
export const romIndexAudit: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('rom_platform_id_idx').execute();
    for (const column of PAIRED_PROVIDER_IDS) {
      await db.schema.dropIndex(`rom_platform_${column}_idx`).execute();
    }
  },

  async down(db: Kysely<unknown>) {
    await db.schema.createIndex('rom_platform_id_idx').on('rom').column('platform_id').execute();
    for (const column of PAIRED_PROVIDER_IDS) {
      await db.schema
        .createIndex(`rom_platform_${column}_idx`)
        .on('rom')
        .columns(['platform_id', column])
        .execute();
    }
  },
};
