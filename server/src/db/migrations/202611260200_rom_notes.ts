import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

/** Title given to a personal note carried over from `rom_user.notes`. */
export const MIGRATED_NOTE_TITLE = 'Notes';

/**
 * Notes as RomM 5 has them: several per user and ROM (titles unique per user and ROM), public
 * or private, with tags (a JSON list). The single personal note each user kept in
 * `rom_user.notes` becomes that user's private note titled `Notes`, with the row's dates; the
 * column then goes. Down puts each `Notes` note back into `rom_user.notes` and drops the table
 * (other notes cannot be kept by the old shape).
 */
export const romNotes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rom_note')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('rom_id', 'integer', (col) =>
        col.notNull().references('rom.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (col) =>
        col.notNull().references('user.id').onDelete('cascade'),
      )
      .addColumn('title', 'varchar(400)', (col) => col.notNull())
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('is_public', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('tags', 'text', (col) => col.notNull().defaultTo(sql`'[]'`))
      .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
      .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
      .addUniqueConstraint('rom_note_rom_user_title_unique', ['rom_id', 'user_id', 'title'])
      .execute();
    await db.schema
      .createIndex('rom_note_rom_public_idx')
      .on('rom_note')
      .columns(['rom_id', 'is_public'])
      .execute();

    await sql`
      INSERT INTO rom_note (rom_id, user_id, title, content, is_public, tags, created_at, updated_at)
      SELECT rom_id, user_id, ${MIGRATED_NOTE_TITLE}, notes, 0, '[]', created_at, updated_at
      FROM rom_user
      WHERE notes IS NOT NULL AND notes <> ''
    `.execute(db);
    await db.schema.alterTable('rom_user').dropColumn('notes').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('rom_user').addColumn('notes', 'text').execute();
    await sql`
      UPDATE rom_user SET notes = (
        SELECT content FROM rom_note
        WHERE rom_note.rom_id = rom_user.rom_id AND rom_note.user_id = rom_user.user_id
          AND rom_note.title = ${MIGRATED_NOTE_TITLE}
      )
    `.execute(db);
    await db.schema.dropTable('rom_note').execute();
  },
};
