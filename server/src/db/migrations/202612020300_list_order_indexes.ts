import type { Kysely, Migration, RawBuilder } from 'kysely';
import { sql } from 'kysely';

import { engineOf } from '../engine.js';

/** Columns the ROM list sorts by, each with a global and a per-platform index (202611220510). */
const SORT_COLUMNS = ['name_sort_key', 'fs_size_bytes', 'created_at', 'updated_at'] as const;

/**
 * `rom.first_release_date`: the first release date (ms) of the ROM's merged metadata, null when
 * unknown; virtual on SQLite, stored on PostgreSQL (its generated columns are), so the list's
 * release-date order is read from an index holding the value itself.
 */
async function addReleaseDate(db: Kysely<unknown>, postgres: boolean): Promise<void> {
  const value = postgres
    ? `CASE WHEN jsonb_typeof(metadatum -> 'first_release_date') = 'number'
        THEN (metadatum ->> 'first_release_date')::double precision END`
    : `json_extract(metadatum, '$.first_release_date')`;
  await sql
    .raw(
      `ALTER TABLE rom ADD COLUMN first_release_date ${postgres ? 'double precision' : 'REAL'}
        GENERATED ALWAYS AS (${value}) ${postgres ? 'STORED' : 'VIRTUAL'}`,
    )
    .execute(db);
}

async function createIndex(
  db: Kysely<unknown>,
  name: string,
  terms: readonly RawBuilder<unknown>[],
): Promise<void> {
  await sql`CREATE INDEX ${sql.id(name)} ON rom (${sql.join(terms)})`.execute(db);
}

/**
 * Indexes serving every list order, `ORDER BY <sort key>, id`, at any offset, for the whole
 * library and for one platform: a deep page is then read from the index (index-only on
 * PostgreSQL once the table is vacuumed) instead of sorting every ROM.
 *
 * - SQLite: its indexes end with the rowid (`id`) already, so the column sorts (and `fs_name` per
 *   platform, by the unique `(platform_id, fs_name)`) were served; the release date, a JSON
 *   field until now, becomes a column with its two indexes.
 * - PostgreSQL: a one-column index leaves the `id` tie-break to a sort of all rows before the
 *   offset (measured at 100k ROMs: an on-disk sort, p95 ~400 ms), so each sort index is made
 *   again with `id` last; `fs_name` gets a per-platform index too (the unique
 *   `(platform_id, fs_name)` lacks `id`); the release date as on SQLite, with `id`. The table's
 *   statistics are refreshed for the planner.
 */
export const listOrderIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = engineOf(db) === 'postgres';
    const id = postgres ? [sql.ref('id')] : [];
    const platform = sql.ref('platform_id');
    if (postgres) {
      for (const column of SORT_COLUMNS) {
        await db.schema.dropIndex(`rom_${column}_idx`).execute();
        await db.schema.dropIndex(`rom_platform_${column}_idx`).execute();
        await createIndex(db, `rom_${column}_idx`, [sql.ref(column), ...id]);
        await createIndex(db, `rom_platform_${column}_idx`, [platform, sql.ref(column), ...id]);
      }
      await db.schema.dropIndex('rom_fs_name_idx').execute();
      await createIndex(db, 'rom_fs_name_idx', [sql.ref('fs_name'), ...id]);
      await createIndex(db, 'rom_platform_fs_name_idx', [platform, sql.ref('fs_name'), ...id]);
    }
    await addReleaseDate(db, postgres);
    // Unknown dates sort first ascending on both engines (db/dialect-sql.ts sqliteNullOrder).
    const releaseDate = postgres
      ? sql`first_release_date NULLS FIRST`
      : sql.ref('first_release_date');
    await createIndex(db, 'rom_release_date_idx', [releaseDate, ...id]);
    await createIndex(db, 'rom_platform_release_date_idx', [platform, releaseDate, ...id]);
    if (postgres) await sql`ANALYZE rom`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    const postgres = engineOf(db) === 'postgres';
    await db.schema.dropIndex('rom_platform_release_date_idx').execute();
    await db.schema.dropIndex('rom_release_date_idx').execute();
    await db.schema.alterTable('rom').dropColumn('first_release_date').execute();
    if (!postgres) return;
    await db.schema.dropIndex('rom_platform_fs_name_idx').execute();
    await db.schema.dropIndex('rom_fs_name_idx').execute();
    await db.schema.createIndex('rom_fs_name_idx').on('rom').column('fs_name').execute();
    for (const column of SORT_COLUMNS) {
      await db.schema.dropIndex(`rom_${column}_idx`).execute();
      await db.schema.dropIndex(`rom_platform_${column}_idx`).execute();
      await db.schema.createIndex(`rom_${column}_idx`).on('rom').column(column).execute();
      await db.schema
        .createIndex(`rom_platform_${column}_idx`)
        .on('rom')
        .columns(['platform_id', column])
        .execute();
    }
  },
};
