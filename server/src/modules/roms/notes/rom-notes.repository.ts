import type { Db } from '../../../db/database.js';
import type { DataVersions } from '../../../db/data-versions.js';
import { chunks, ID_CHUNK } from '../../../db/id-chunks.js';
import type { RomNoteRow } from '../../../db/schema.js';

/** A note with its author's public fields. */
export interface AuthoredNoteRow extends RomNoteRow {
  author_username: string;
  author_avatar_path: string;
  author_updated_at: string;
}

/** The columns a note's author may change. */
export type RomNoteFields = Partial<Pick<RomNoteRow, 'title' | 'content' | 'is_public' | 'tags'>>;

/** Notes about ROMs. Reads return only what the given user may see: own notes and public ones. */
export class RomNotesRepository {
  constructor(
    private readonly db: Db,
    /** Told of every note written or deleted: listed ROMs show whether they have notes. */
    private readonly versions: DataVersions,
  ) {}

  private changed(): void {
    this.versions.wrote('notes');
  }

  private authored() {
    return this.db
      .selectFrom('rom_note')
      .innerJoin('user', 'user.id', 'rom_note.user_id')
      .selectAll('rom_note')
      .select([
        'user.username as author_username',
        'user.avatar_path as author_avatar_path',
        'user.updated_at as author_updated_at',
      ]);
  }

  /** A ROM's notes the user may see (`publicOnly`: public ones only), last updated first. */
  async visible(romId: number, userId: number, publicOnly = false): Promise<AuthoredNoteRow[]> {
    return this.authored()
      .where('rom_note.rom_id', '=', romId)
      .where((eb) =>
        publicOnly
          ? eb('rom_note.is_public', '=', 1)
          : eb.or([eb('rom_note.is_public', '=', 1), eb('rom_note.user_id', '=', userId)]),
      )
      .orderBy('rom_note.updated_at', 'desc')
      .orderBy('rom_note.id', 'desc')
      .execute();
  }

  /** The ids among `romIds` that have a note the user may see (RomM `has_notes`). */
  async romIdsWithVisibleNotes(userId: number, romIds: readonly number[]): Promise<Set<number>> {
    const found = new Set<number>();
    for (const ids of chunks(romIds, ID_CHUNK)) {
      const rows = await this.db
        .selectFrom('rom_note')
        .select('rom_id')
        .distinct()
        .where('rom_id', 'in', ids)
        .where((eb) => eb.or([eb('is_public', '=', 1), eb('user_id', '=', userId)]))
        .execute();
      for (const row of rows) found.add(row.rom_id);
    }
    return found;
  }

  /** One of the user's own notes on a ROM, or undefined. */
  async findOwn(romId: number, userId: number, noteId: number) {
    return this.authored()
      .where('rom_note.id', '=', noteId)
      .where('rom_note.rom_id', '=', romId)
      .where('rom_note.user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The id of the user's note with this title on a ROM, or undefined. */
  async idOfTitle(romId: number, userId: number, title: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('rom_note')
      .select('id')
      .where('rom_id', '=', romId)
      .where('user_id', '=', userId)
      .where('title', '=', title)
      .executeTakeFirst();
    return row?.id;
  }

  async insert(
    romId: number,
    userId: number,
    fields: Required<RomNoteFields>,
    now: string,
  ): Promise<number> {
    const row = await this.db
      .insertInto('rom_note')
      .values({ ...fields, rom_id: romId, user_id: userId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    this.changed();
    return row.id;
  }

  async update(noteId: number, fields: RomNoteFields, now: string): Promise<void> {
    await this.db
      .updateTable('rom_note')
      .set({ ...fields, updated_at: now })
      .where('id', '=', noteId)
      .execute();
    this.changed();
  }

  /** Deletes one of the user's own notes; false when there was none. */
  async deleteOwn(romId: number, userId: number, noteId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('rom_note')
      .where('id', '=', noteId)
      .where('rom_id', '=', romId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (result.numDeletedRows === 0n) return false;
    this.changed();
    return true;
  }
}
