import type { ColumnDataType, Kysely, Migration } from 'kysely';

import { queriedJsonType } from '../engine.js';

/** Provider ids looked up per platform (duplicate-id guard, manual match). */
const INDEXED_IDS = ['igdb_id', 'ss_id', 'moby_id', 'ra_id', 'launchbox_id'];

/**
 * Metadata identification: per-ROM provider results (JSON of every source's normalised game
 * and raw blob), the merged facets (`metadatum`), artwork URLs and stored artwork paths, and
 * the LaunchBox offline dump tables. Covers reuse `url_cover` / `cover_updated_at`.
 */
export const metadata: Migration = {
  async up(db: Kysely<unknown>) {
    const columns: [string, ColumnDataType, string | null][] = [
      ['metadata_results', queriedJsonType(db), null],
      ['metadatum', queriedJsonType(db), null],
      ['alternative_names', 'text', "'[]'"],
      ['youtube_video_id', 'varchar(100)', null],
      ['url_screenshots', 'text', "'[]'"],
      ['path_screenshots', 'text', "'[]'"],
      ['match_methods', 'text', "'{}'"],
    ];
    for (const [name, type, fallback] of columns) {
      await db.schema
        .alterTable('rom')
        .addColumn(name, type, (col) =>
          fallback === null ? col : col.notNull().defaultTo(fallback.slice(1, -1)),
        )
        .execute();
    }
    for (const column of INDEXED_IDS) {
      await db.schema
        .createIndex(`rom_platform_${column}_idx`)
        .on('rom')
        .columns(['platform_id', column])
        .execute();
    }

    await db.schema
      .createTable('launchbox_game')
      .addColumn('database_id', 'integer', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('platform', 'text', (col) => col.notNull())
      .addColumn('name_key', 'text', (col) => col.notNull())
      .addColumn('folded_key', 'text', (col) => col.notNull())
      .addColumn('data', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('launchbox_game_name_key_idx')
      .on('launchbox_game')
      .column('name_key')
      .execute();
    await db.schema
      .createIndex('launchbox_game_folded_key_idx')
      .on('launchbox_game')
      .column('folded_key')
      .execute();
    await db.schema
      .createIndex('launchbox_game_platform_idx')
      .on('launchbox_game')
      .column('platform')
      .execute();
    await db.schema
      .createTable('launchbox_alt_name')
      .addColumn('alt_key', 'text', (col) => col.notNull())
      .addColumn('database_id', 'integer', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('region', 'text')
      .execute();
    await db.schema
      .createIndex('launchbox_alt_name_key_idx')
      .on('launchbox_alt_name')
      .column('alt_key')
      .execute();
    await db.schema
      .createIndex('launchbox_alt_name_game_idx')
      .on('launchbox_alt_name')
      .column('database_id')
      .execute();
    await db.schema
      .createTable('launchbox_image')
      .addColumn('database_id', 'integer', (col) => col.notNull())
      .addColumn('file_name', 'text', (col) => col.notNull())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('region', 'text')
      .execute();
    await db.schema
      .createIndex('launchbox_image_game_idx')
      .on('launchbox_image')
      .column('database_id')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('launchbox_image').execute();
    await db.schema.dropTable('launchbox_alt_name').execute();
    await db.schema.dropTable('launchbox_game').execute();
    for (const column of INDEXED_IDS)
      await db.schema.dropIndex(`rom_platform_${column}_idx`).execute();
  },
};
