import type { Db } from '../../db/database.js';
import type { PlayAssetRow } from '../../db/schema.js';
import { toRomMetadataFields } from '../roms/rom-metadata-fields.js';

/** The rows of the screenshots users add to a game's gallery (`play_asset.is_gallery` = 1). */
export class GalleryScreenshotsRepository {
  constructor(private readonly db: Db) {}

  /** The caller's gallery screenshot of this ROM under this name, if any. */
  async findByName(
    userId: number,
    romId: number,
    fileName: string,
  ): Promise<PlayAssetRow | undefined> {
    return this.db
      .selectFrom('play_asset')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', 'screenshot')
      .where('is_gallery', '=', 1)
      .where('rom_id', '=', romId)
      .where('file_name', '=', fileName)
      .executeTakeFirst();
  }

  /** The caller's own gallery screenshot, or undefined (someone else's answers the same). */
  async findOwned(userId: number, id: number): Promise<PlayAssetRow | undefined> {
    return this.db
      .selectFrom('play_asset')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('kind', '=', 'screenshot')
      .where('is_gallery', '=', 1)
      .executeTakeFirst();
  }

  async insert(
    row: Pick<
      PlayAssetRow,
      'user_id' | 'rom_id' | 'file_name' | 'file_path' | 'file_size_bytes' | 'content_hash'
    >,
    now: string,
  ): Promise<void> {
    await this.db
      .insertInto('play_asset')
      .values({
        ...row,
        kind: 'screenshot',
        emulator: null,
        slot: null,
        is_gallery: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  async update(id: number, fields: Partial<PlayAssetRow>, now: string): Promise<PlayAssetRow> {
    return this.db
      .updateTable('play_asset')
      .set({ ...fields, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('play_asset').where('id', '=', id).execute();
  }

  /** Every screenshot of the caller for this ROM (taken with saves and states, and the gallery's). */
  async ownOfRom(userId: number, romId: number): Promise<PlayAssetRow[]> {
    return this.db
      .selectFrom('play_asset')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', 'screenshot')
      .where('rom_id', '=', romId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** The ROM's platform folder and its provider screenshots, or undefined without the ROM. */
  async romOf(
    romId: number,
  ): Promise<{ platformFsSlug: string; mergedScreenshots: string[] } | undefined> {
    const row = await this.db
      .selectFrom('rom')
      .innerJoin('platform', 'platform.id', 'rom.platform_id')
      .selectAll('rom')
      .select('platform.fs_slug as platform_fs_slug')
      .where('rom.id', '=', romId)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    return {
      platformFsSlug: row.platform_fs_slug,
      mergedScreenshots: toRomMetadataFields(row).merged_screenshots,
    };
  }
}
