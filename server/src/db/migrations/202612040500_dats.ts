import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

const VERDICTS = sql`('verified', 'renamed', 'unknown')`;

/** `dat`: one imported DAT file (a set such as No-Intro's), bound to at most one platform. */
async function createDatTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dat')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('platform_id', 'integer', (col) =>
      col.references('platform.id').onDelete('set null'),
    )
    // 'auto' follows the header name on every re-import; 'manual' keeps the user's choice.
    .addColumn('platform_binding', 'varchar(8)', (col) =>
      col
        .notNull()
        .defaultTo('auto')
        .check(sql`platform_binding IN ('auto', 'manual')`),
    )
    .addColumn('name', 'varchar(1000)', (col) => col.notNull())
    .addColumn('description', 'varchar(2000)')
    .addColumn('version', 'varchar(200)')
    .addColumn('author', 'varchar(1000)')
    .addColumn('homepage', 'varchar(1000)')
    .addColumn('header_name', 'varchar(1000)', (col) => col.notNull())
    .addColumn('format', 'varchar(16)', (col) =>
      col.notNull().check(sql`format IN ('logiqx', 'clrmamepro')`),
    )
    .addColumn('source', 'varchar(8)', (col) =>
      col.notNull().check(sql`source IN ('upload', 'folder')`),
    )
    .addColumn('source_path', 'varchar(1000)')
    .addColumn('file_name', 'varchar(450)', (col) => col.notNull())
    .addColumn('file_size_bytes', 'integer', (col) => col.notNull())
    .addColumn('file_mtime_ms', 'real')
    .addColumn('game_count', 'integer', (col) => col.notNull())
    .addColumn('rom_count', 'integer', (col) => col.notNull())
    .addColumn('imported_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('dat_header_name_idx').on('dat').column('header_name').execute();
  await db.schema.createIndex('dat_platform_idx').on('dat').column('platform_id').execute();
  await db.schema
    .createIndex('dat_source_path_unique')
    .on('dat')
    .column('source_path')
    .unique()
    .where('source_path', 'is not', null)
    .execute();
}

/** `dat_game` and `dat_rom`: a DAT's games and their ROM entries, looked up by hash. */
async function createEntryTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dat_game')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('dat_id', 'integer', (col) => col.notNull().references('dat.id').onDelete('cascade'))
    .addColumn('name', 'varchar(1000)', (col) => col.notNull())
    .addColumn('description', 'varchar(2000)')
    .addColumn('clone_of', 'varchar(1000)')
    .addColumn('rom_of', 'varchar(1000)')
    .addColumn('region', 'varchar(200)')
    // Comma-separated language codes as the set names them ("En,Fr,De").
    .addColumn('languages', 'varchar(200)')
    .addColumn('is_bios', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('category', 'varchar(200)')
    .execute();
  await db.schema
    .createIndex('dat_game_dat_name_idx')
    .on('dat_game')
    .columns(['dat_id', 'name'])
    .execute();

  await db.schema
    .createTable('dat_rom')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('dat_id', 'integer', (col) => col.notNull().references('dat.id').onDelete('cascade'))
    .addColumn('dat_game_id', 'integer', (col) =>
      col.notNull().references('dat_game.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(1000)', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('crc32', 'varchar(8)')
    .addColumn('md5', 'varchar(32)')
    .addColumn('sha1', 'varchar(40)')
    // The DAT's own dump status ('baddump', 'nodump', 'verified'), null when it gives none.
    .addColumn('status', 'varchar(16)')
    .execute();
  await db.schema.createIndex('dat_rom_game_idx').on('dat_rom').column('dat_game_id').execute();
  await db.schema.createIndex('dat_rom_dat_idx').on('dat_rom').column('dat_id').execute();
  for (const column of ['crc32', 'md5', 'sha1']) {
    await db.schema.createIndex(`dat_rom_${column}_idx`).on('dat_rom').column(column).execute();
  }
}

/** The verdicts per file and per game against each DAT of their platform. */
async function createVerdictTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rom_file_dat_match')
    .addColumn('rom_file_id', 'integer', (col) =>
      col.notNull().references('rom_file.id').onDelete('cascade'),
    )
    .addColumn('dat_id', 'integer', (col) => col.notNull().references('dat.id').onDelete('cascade'))
    .addColumn('dat_rom_id', 'integer', (col) => col.references('dat_rom.id').onDelete('cascade'))
    .addColumn('verdict', 'varchar(16)', (col) => col.notNull().check(sql`verdict IN ${VERDICTS}`))
    .addPrimaryKeyConstraint('rom_file_dat_match_pk', ['rom_file_id', 'dat_id'])
    .execute();
  await db.schema
    .createIndex('rom_file_dat_match_dat_idx')
    .on('rom_file_dat_match')
    .columns(['dat_id', 'verdict'])
    .execute();
  await db.schema
    .createIndex('rom_file_dat_match_dat_rom_idx')
    .on('rom_file_dat_match')
    .column('dat_rom_id')
    .execute();

  await db.schema
    .createTable('rom_dat_status')
    .addColumn('rom_id', 'integer', (col) => col.notNull().references('rom.id').onDelete('cascade'))
    .addColumn('dat_id', 'integer', (col) => col.notNull().references('dat.id').onDelete('cascade'))
    .addColumn('dat_game_id', 'integer', (col) => col.references('dat_game.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (col) =>
      col.notNull().check(sql`status IN ('verified', 'renamed', 'unknown', 'incomplete')`),
    )
    .addPrimaryKeyConstraint('rom_dat_status_pk', ['rom_id', 'dat_id'])
    .execute();
  await db.schema
    .createIndex('rom_dat_status_dat_idx')
    .on('rom_dat_status')
    .columns(['dat_id', 'status', 'rom_id'])
    .execute();
  await db.schema
    .createIndex('rom_dat_status_game_idx')
    .on('rom_dat_status')
    .column('dat_game_id')
    .execute();
}

/**
 * DAT files (No-Intro, Redump, TOSEC; Logiqx XML or ClrMamePro text) with their games and ROM
 * entries, and the verification verdicts of the library's files and games against them. Every
 * row of a DAT goes with it (cascade), so removing or re-importing one drops its verdicts.
 */
export const dats: Migration = {
  async up(db: Kysely<unknown>) {
    await createDatTable(db);
    await createEntryTables(db);
    await createVerdictTables(db);
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['rom_dat_status', 'rom_file_dat_match', 'dat_rom', 'dat_game', 'dat']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
