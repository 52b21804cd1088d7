import type { DetailedRom } from '@romshelf/contract';

/**
 * What the ROM reads and writes need of collections (the collections module implements it):
 * favourites are membership of the caller's favourites collection, a detail lists the caller's
 * collections holding the ROM, and a list scoped to a collection needs the caller to see it.
 */
export interface RomCollections {
  /** Which of these ROMs the user has among their favourites. */
  favouriteIdsOf(userId: number, romIds: readonly number[]): Promise<Set<number>>;
  /** Adds the ROM to the user's favourites (creating the collection) or removes it. */
  setFavourite(userId: number, romId: number, favourite: boolean): Promise<void>;
  /** The user's collections holding the ROM (`DetailedRom.user_collections`). */
  holding(userId: number, romId: number): Promise<DetailedRom['user_collections']>;
  /** Throws the 404 when the user may not see the collection. */
  assertReadable(userId: number, collectionId: number): Promise<void>;
  /** The members of a collection the user may see (404 otherwise), at most `limit`. */
  romIdsOf(userId: number, collectionId: number, limit: number): Promise<number[]>;
}
