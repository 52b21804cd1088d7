import type { Collection, DetailedRom } from '@romshelf/contract';

import { nowIso } from '../../lib/time.js';
import type { RomCollections } from '../roms/rom-collections.js';
import { FAVOURITES_COLLECTION_NAME } from '../../db/migrations/202611290100_collections.js';
import { withheldFromCaller } from '../hidden-items/visibility.js';
import type { CollectionAccess } from './collection-access.js';
import type { CollectionsRepository } from './collections.repository.js';
import type { CollectionsService } from './collections.service.js';

/**
 * Membership: adding and removing ROMs (all of them or none), favourites (membership of the
 * user's favourites collection, made on first use) and what the ROM reads need of collections.
 */
export class CollectionMembersService implements RomCollections {
  constructor(
    private readonly collections: CollectionsRepository,
    private readonly access: CollectionAccess,
    private readonly service: CollectionsService,
  ) {}

  /** `POST /api/collections/{id}/roms`: 404 (nothing added) when one id is not a ROM. */
  async add(userId: number, id: number, romIds: readonly number[]): Promise<Collection> {
    await this.access.writable(userId, id);
    await this.service.assertRoms(romIds);
    await this.collections.addRoms(id, romIds, nowIso());
    return this.service.get(userId, id);
  }

  /** `DELETE /api/collections/{id}/roms`: ids that are not members are ignored. */
  async remove(userId: number, id: number, romIds: readonly number[]): Promise<Collection> {
    await this.access.writable(userId, id);
    await this.collections.removeRoms(id, romIds, nowIso());
    return this.service.get(userId, id);
  }

  favouriteIdsOf(userId: number, romIds: readonly number[]): Promise<Set<number>> {
    return this.collections.favouriteIdsOf(userId, romIds);
  }

  async setFavourite(userId: number, romId: number, favourite: boolean): Promise<void> {
    const now = nowIso();
    const existing = await this.collections.favouritesOf(userId);
    if (existing === undefined && !favourite) return;
    const id = existing?.id ?? (await this.createFavourites(userId, now));
    if (favourite) await this.collections.addRoms(id, [romId], now);
    else await this.collections.removeRoms(id, [romId], now);
  }

  /**
   * Makes the user's favourites collection. Two favourites sent at once may both find none:
   * the second creation breaks the one-favourites-per-user index and uses the first one's.
   */
  private async createFavourites(userId: number, now: string): Promise<number> {
    const fields = {
      description: '',
      url_cover: '',
      is_public: 0,
      is_favorite: 1,
      cover_updated_at: null,
    };
    try {
      const name = await this.freeFavouritesName(userId);
      return await this.collections.create(userId, { ...fields, name }, now);
    } catch (error) {
      const made = await this.collections.favouritesOf(userId);
      if (made === undefined) throw error;
      return made.id;
    }
  }

  /** "Favourites", or "Favourites (2)"… when the user already named a collection so. */
  private async freeFavouritesName(userId: number): Promise<string> {
    for (let attempt = 1; ; attempt += 1) {
      const name =
        attempt === 1 ? FAVOURITES_COLLECTION_NAME : `${FAVOURITES_COLLECTION_NAME} (${attempt})`;
      if ((await this.collections.findByName(userId, name)) === undefined) return name;
    }
  }

  async holding(userId: number, romId: number): Promise<DetailedRom['user_collections']> {
    const rows = await this.collections.holding(userId, romId);
    return rows.map((row) => ({ id: row.id, name: row.name, is_smart: false }));
  }

  async assertReadable(userId: number, collectionId: number): Promise<void> {
    await this.access.readable(userId, collectionId);
  }

  async romIdsOf(userId: number, collectionId: number, limit: number): Promise<number[]> {
    await this.access.readable(userId, collectionId);
    return this.collections.someMemberIds(collectionId, limit, withheldFromCaller());
  }
}
