import type { Db } from '../../../db/database.js';
import type { RomFileRow } from '../../../db/schema.js';

/** The row fields a file added to a game's folder is recorded with. */
export interface AddedFileFields {
  rom_id: number;
  file_name: string;
  file_path: string;
  file_size_bytes: number;
  mtime_ms: number;
  last_modified: string;
  md5_hash: string;
  category: string;
}

/** Rows of the files added to or removed from a game's sub-folders (`manual/`, `screenshots/`). */
export class RomFolderFilesRepository {
  constructor(private readonly db: Db) {}

  async findFile(id: number): Promise<RomFileRow | undefined> {
    return this.db.selectFrom('rom_file').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Records the file, or updates the row of the same place (a replaced file, one the scan
   * already knew, or one it had marked missing); answers the row.
   */
  async record(fields: AddedFileFields, now: string): Promise<RomFileRow> {
    const existing = await this.db
      .selectFrom('rom_file')
      .select('id')
      .where('rom_id', '=', fields.rom_id)
      .where('file_path', '=', fields.file_path)
      .where('file_name', '=', fields.file_name)
      .executeTakeFirst();
    const values = { ...fields, crc_hash: null, sha1_hash: null, ra_hash: null };
    if (existing !== undefined) {
      return this.db
        .updateTable('rom_file')
        .set({ ...values, missing_from_fs: 0, updated_at: now })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    return this.db
      .insertInto('rom_file')
      .values({
        ...values,
        archive_members: null,
        is_top_level: 0,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('rom_file').where('id', '=', id).execute();
  }
}
