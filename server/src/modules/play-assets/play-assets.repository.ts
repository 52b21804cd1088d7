import type { Db } from '../../db/database.js';
import type { Withheld } from '../hidden-items/visibility.js';
import { NOTHING_WITHHELD, withholds } from '../hidden-items/visibility.js';
import { romVisibleSql } from '../hidden-items/withheld-sql.js';
import type { PlayAssetRow } from '../../db/schema.js';
import { GalleryScreenshotsRepository } from './gallery-screenshots.repository.js';
import { SaveHistoryRepository } from './save-history.repository.js';

export type PlayAssetKind = PlayAssetRow['kind'];

/** An asset with its owner's public fields. */
export interface OwnedPlayAssetRow extends PlayAssetRow {
  owner_username: string;
  owner_avatar_path: string;
  owner_updated_at: string;
}

export interface RomPlace {
  id: number;
  platform_id: number;
  platform_fs_slug: string;
}

/** The fields an upload writes. */
export type PlayAssetFields = Omit<
  PlayAssetRow,
  | 'id'
  | 'created_at'
  | 'updated_at'
  | 'is_public'
  | 'is_gallery'
  | 'origin_device_id'
  | 'written_by_device_id'
>;

/**
 * Saves, states and screenshots; every query is scoped to the owner, except the reads of
 * public assets (`ofRom`, `findReadable`).
 */
export class PlayAssetsRepository {
  constructor(private readonly db: Db) {}

  /** The queries of the gallery screenshots, on the same connection. */
  gallery(): GalleryScreenshotsRepository {
    return new GalleryScreenshotsRepository(this.db);
  }

  /** The queries of the save history, on the same connection. */
  history(): SaveHistoryRepository {
    return new SaveHistoryRepository(this.db);
  }

  /** Runs `work` in one transaction, with a repository bound to it. */
  async transaction<T>(work: (repo: PlayAssetsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new PlayAssetsRepository(trx)));
  }

  /** The ROM and its platform folder, or undefined when the ROM does not exist. */
  async romPlace(romId: number): Promise<RomPlace | undefined> {
    return this.db
      .selectFrom('rom')
      .innerJoin('platform', 'platform.id', 'rom.platform_id')
      .select([
        'rom.id as id',
        'rom.platform_id as platform_id',
        'platform.fs_slug as platform_fs_slug',
      ])
      .where('rom.id', '=', romId)
      .executeTakeFirst();
  }

  async list(
    userId: number,
    kind: PlayAssetKind,
    filters: { romId?: number; platformId?: number; slot?: string },
    withheld: Withheld = NOTHING_WITHHELD,
  ): Promise<PlayAssetRow[]> {
    let query = this.db
      .selectFrom('play_asset')
      .selectAll('play_asset')
      .where('play_asset.user_id', '=', userId)
      .where('play_asset.kind', '=', kind);
    if (withholds(withheld)) {
      const visible = this.db.selectFrom('rom').select('rom.id').where(romVisibleSql(withheld));
      query = query.where('play_asset.rom_id', 'in', visible);
    }
    if (filters.romId !== undefined) query = query.where('play_asset.rom_id', '=', filters.romId);
    if (filters.slot !== undefined) query = query.where('play_asset.slot', '=', filters.slot);
    if (filters.platformId !== undefined) {
      query = query
        .innerJoin('rom', 'rom.id', 'play_asset.rom_id')
        .where('rom.platform_id', '=', filters.platformId);
    }
    return query
      .orderBy('play_asset.updated_at', 'desc')
      .orderBy('play_asset.id', 'desc')
      .execute();
  }

  /**
   * Every save, state and screenshot of one ROM the user may see (their own, anyone's public),
   * newest first, with the owner's name and avatar fields (one query for the ROM detail).
   */
  async ofRom(userId: number, romId: number): Promise<OwnedPlayAssetRow[]> {
    return this.db
      .selectFrom('play_asset')
      .innerJoin('user', 'user.id', 'play_asset.user_id')
      .selectAll('play_asset')
      .select([
        'user.username as owner_username',
        'user.avatar_path as owner_avatar_path',
        'user.updated_at as owner_updated_at',
      ])
      .where('play_asset.rom_id', '=', romId)
      .where((eb) =>
        eb.or([eb('play_asset.user_id', '=', userId), eb('play_asset.is_public', '=', 1)]),
      )
      .orderBy('play_asset.updated_at', 'desc')
      .orderBy('play_asset.id', 'desc')
      .execute();
  }

  /** Screenshots of the user for these ROMs (to attach to saves and states; not the gallery's). */
  async screenshotsFor(userId: number, romIds: readonly number[]): Promise<PlayAssetRow[]> {
    if (romIds.length === 0) return [];
    return this.db
      .selectFrom('play_asset')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', 'screenshot')
      .where('is_gallery', '=', 0)
      .where('rom_id', 'in', [...new Set(romIds)])
      .execute();
  }

  async findOwned(userId: number, kind: PlayAssetKind, id: number) {
    return this.db
      .selectFrom('play_asset')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .executeTakeFirst();
  }

  /** The asset when the user owns it or it is public. */
  async findReadable(userId: number, kind: PlayAssetKind, id: number) {
    return this.db
      .selectFrom('play_asset')
      .selectAll()
      .where('id', '=', id)
      .where('kind', '=', kind)
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('is_public', '=', 1)]))
      .executeTakeFirst();
  }

  /** The user's saves of one ROM in one slot, newest first (updated, then id). */
  async slotVersions(userId: number, romId: number, slot: string): Promise<PlayAssetRow[]> {
    return this.db
      .selectFrom('play_asset')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', 'save')
      .where('rom_id', '=', romId)
      .where('slot', '=', slot)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async setPublic(ids: readonly number[], isPublic: boolean): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('play_asset')
      .set({ is_public: isPublic ? 1 : 0 })
      .where('id', 'in', ids)
      .execute();
  }

  async findOwnedByIds(userId: number, kind: PlayAssetKind, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('play_asset')
      .selectAll()
      .where('id', 'in', ids)
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .execute();
  }

  async findByName(userId: number, kind: PlayAssetKind, romId: number, fileName: string) {
    return this.db
      .selectFrom('play_asset')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('rom_id', '=', romId)
      .where('file_name', '=', fileName)
      .where('is_gallery', '=', 0)
      .executeTakeFirst();
  }

  /**
   * Inserts the row, or updates the one with the same owner, kind, ROM and name (keeping its
   * visibility and origin; a new row is `is_public` and from `originDeviceId` as given).
   */
  async upsert(
    fields: PlayAssetFields,
    now: string,
    isPublic = false,
    originDeviceId: string | null = null,
  ): Promise<PlayAssetRow> {
    const existing = await this.findByName(
      fields.user_id,
      fields.kind,
      fields.rom_id,
      fields.file_name,
    );
    if (existing !== undefined) {
      return this.db
        .updateTable('play_asset')
        .set({ ...fields, updated_at: now, written_by_device_id: originDeviceId })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    return this.db
      .insertInto('play_asset')
      .values({
        ...fields,
        is_public: isPublic ? 1 : 0,
        origin_device_id: originDeviceId,
        written_by_device_id: originDeviceId,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Sets the content fields of an asset whose file was replaced (a restored version). */
  async replaceContent(
    id: number,
    content: Pick<
      PlayAssetRow,
      'file_size_bytes' | 'content_hash' | 'emulator' | 'written_by_device_id' | 'updated_at'
    >,
  ): Promise<void> {
    await this.db.updateTable('play_asset').set(content).where('id', '=', id).execute();
  }

  async delete(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('play_asset').where('id', 'in', ids).execute();
  }
}
