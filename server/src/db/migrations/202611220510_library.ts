import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

import { engineOf, queriedJsonType } from '../engine.js';

/** Provider id columns a ROM carries (filled by metadata identification in a later issue). */
const ROM_PROVIDER_ID_COLUMNS = [
  'igdb_id',
  'sgdb_id',
  'moby_id',
  'ss_id',
  'ra_id',
  'launchbox_id',
  'hasheous_id',
  'tgdb_id',
  'hltb_id',
] as const;

/** Sort columns of the ROM list: each gets an index scoped by platform and a global one. */
const ROM_SORT_COLUMNS = [
  'name_sort_key',
  'sort_char',
  'fs_size_bytes',
  'created_at',
  'updated_at',
];

/**
 * Platforms, ROMs and ROM files found by library scans, plus the search index.
 *
 * - `rom.search_text` holds "name fs_name" lower-cased with accents stripped (NFKD, combining
 *   marks removed); `rom_fts` is an FTS5 trigram index over it kept in sync by triggers, so
 *   substring search is case- and accent-insensitive and does not scan the table (measured at
 *   100k ROMs: ~3 ms for a count with FTS5 vs ~10 ms for LIKE, and ~4 ms vs ~47 ms for the
 *   char_index of a search). Words shorter than 3 characters fall back to LIKE.
 * - `rom.sort_char` is the first character of `name_sort_key` (a stored generated column) so
 *   the list's char_index is one GROUP BY over an index.
 * - Booleans are 0/1 integers; JSON lists are text (`jsonb` on PostgreSQL).
 * - PostgreSQL has no FTS5: its search index is its own migration (202611300200_*).
 */
export const library: Migration = {
  async up(db: Kysely<unknown>) {
    await createPlatformTable(db);
    await createRomTable(db);
    await createRomIndexes(db);
    await createRomFileTable(db);
    if (engineOf(db) === 'sqlite') await createRomSearchIndex(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`DROP TABLE IF EXISTS rom_fts`.execute(db);
    await db.schema.dropTable('rom_file').execute();
    await db.schema.dropTable('rom').execute();
    await db.schema.dropTable('platform').execute();
  },
};

async function createPlatformTable(db: Kysely<unknown>): Promise<void> {
  let platform = db.schema
    .createTable('platform')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('slug', 'varchar(100)', (col) => col.notNull())
    .addColumn('fs_slug', 'varchar(100)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(400)', (col) => col.notNull())
    .addColumn('custom_name', 'varchar(400)')
    .addColumn('description', 'text');
  for (const column of [
    'igdb_id',
    'sgdb_id',
    'moby_id',
    'ss_id',
    'ra_id',
    'launchbox_id',
    'hasheous_id',
    'tgdb_id',
    'flashpoint_id',
  ]) {
    platform = platform.addColumn(column, 'integer');
  }
  await platform
    .addColumn('igdb_slug', 'varchar(100)')
    .addColumn('moby_slug', 'varchar(100)')
    .addColumn('hltb_slug', 'varchar(100)')
    .addColumn('libretro_slug', 'varchar(200)')
    .addColumn('category', 'varchar(100)')
    .addColumn('generation', 'integer')
    .addColumn('family_name', 'varchar(400)')
    .addColumn('family_slug', 'varchar(400)')
    .addColumn('url', 'varchar(1000)')
    .addColumn('url_logo', 'varchar(1000)')
    .addColumn('missing_from_fs', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
    .execute();
}

async function createRomTable(db: Kysely<unknown>): Promise<void> {
  let rom = db.schema
    .createTable('rom')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('platform_id', 'integer', (col) =>
      col.notNull().references('platform.id').onDelete('cascade'),
    )
    .addColumn('fs_name', 'varchar(450)', (col) => col.notNull())
    .addColumn('fs_name_no_tags', 'varchar(450)', (col) => col.notNull())
    .addColumn('fs_name_no_ext', 'varchar(450)', (col) => col.notNull())
    .addColumn('fs_extension', 'varchar(100)', (col) => col.notNull())
    .addColumn('fs_path', 'varchar(1000)', (col) => col.notNull())
    .addColumn('fs_size_bytes', 'integer', (col) => col.notNull())
    .addColumn('fs_mtime_ms', 'real', (col) => col.notNull())
    // 'file' (plain file), 'nested' (folder, one top-level file), 'multi' (folder, several)
    .addColumn('kind', 'varchar(8)', (col) => col.notNull())
    .addColumn('name', 'varchar(450)')
    .addColumn('name_sort_key', 'varchar(500)', (col) => col.notNull())
    .addColumn('sort_char', 'varchar(4)', (col) =>
      col.generatedAlwaysAs(sql`substr(name_sort_key, 1, 1)`).stored(),
    )
    .addColumn('search_text', 'text', (col) => col.notNull())
    .addColumn('slug', 'varchar(450)')
    .addColumn('summary', 'text');
  for (const column of ROM_PROVIDER_ID_COLUMNS) rom = rom.addColumn(column, 'integer');
  await rom
    .addColumn('regions', queriedJsonType(db), (col) => col.notNull().defaultTo('[]'))
    .addColumn('languages', queriedJsonType(db), (col) => col.notNull().defaultTo('[]'))
    .addColumn('tags', queriedJsonType(db), (col) => col.notNull().defaultTo('[]'))
    .addColumn('revision', 'varchar(100)')
    .addColumn('crc_hash', 'varchar(8)')
    .addColumn('md5_hash', 'varchar(32)')
    .addColumn('sha1_hash', 'varchar(40)')
    .addColumn('missing_from_fs', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
    .addUniqueConstraint('rom_platform_fs_name_unique', ['platform_id', 'fs_name'])
    .execute();
}

/** The list's sort indexes (per platform and global) and the hash lookups. */
async function createRomIndexes(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('rom_platform_id_idx').on('rom').column('platform_id').execute();
  await db.schema.createIndex('rom_fs_name_idx').on('rom').column('fs_name').execute();
  for (const column of ROM_SORT_COLUMNS) {
    await db.schema
      .createIndex(`rom_platform_${column}_idx`)
      .on('rom')
      .columns(['platform_id', column])
      .execute();
    await db.schema.createIndex(`rom_${column}_idx`).on('rom').column(column).execute();
  }
  for (const column of ['crc_hash', 'md5_hash', 'sha1_hash']) {
    await db.schema.createIndex(`rom_${column}_idx`).on('rom').column(column).execute();
  }
}

async function createRomFileTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rom_file')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('rom_id', 'integer', (col) => col.notNull().references('rom.id').onDelete('cascade'))
    .addColumn('file_name', 'varchar(450)', (col) => col.notNull())
    .addColumn('file_path', 'varchar(1000)', (col) => col.notNull())
    .addColumn('file_size_bytes', 'integer', (col) => col.notNull())
    .addColumn('mtime_ms', 'real', (col) => col.notNull())
    .addColumn('last_modified', 'varchar(40)')
    .addColumn('crc_hash', 'varchar(8)')
    .addColumn('md5_hash', 'varchar(32)')
    .addColumn('sha1_hash', 'varchar(40)')
    .addColumn('category', 'varchar(20)')
    .addColumn('archive_members', 'text')
    .addColumn('is_top_level', 'integer', (col) => col.notNull())
    .addColumn('missing_from_fs', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
    .addUniqueConstraint('rom_file_path_unique', ['rom_id', 'file_path', 'file_name'])
    .execute();
  for (const column of ['crc_hash', 'md5_hash', 'sha1_hash']) {
    await db.schema.createIndex(`rom_file_${column}_idx`).on('rom_file').column(column).execute();
  }
}

/** `rom_fts`, the FTS5 trigram index over `rom.search_text`, kept in sync by triggers. */
async function createRomSearchIndex(db: Kysely<unknown>): Promise<void> {
  // SQLite stores this text as written: keep its indentation so every database has the same schema.
  await sql`CREATE VIRTUAL TABLE rom_fts USING fts5(
      search_text, content='rom', content_rowid='id', tokenize='trigram'
    )`.execute(db);
  await sql`CREATE TRIGGER rom_fts_insert AFTER INSERT ON rom BEGIN
      INSERT INTO rom_fts(rowid, search_text) VALUES (new.id, new.search_text);
    END`.execute(db);
  await sql`CREATE TRIGGER rom_fts_delete AFTER DELETE ON rom BEGIN
      INSERT INTO rom_fts(rom_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    END`.execute(db);
  await sql`CREATE TRIGGER rom_fts_update AFTER UPDATE OF search_text ON rom BEGIN
      INSERT INTO rom_fts(rom_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
      INSERT INTO rom_fts(rowid, search_text) VALUES (new.id, new.search_text);
    END`.execute(db);
}
