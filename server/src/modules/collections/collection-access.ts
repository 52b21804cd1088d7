import { HttpError } from '../../http/http-error.js';
import type { CollectionsRepository, CollectionWithOwner } from './collections.repository.js';

/**
 * Who may see and change a collection (RomM's rule, admins included): the owner sees and
 * changes it; everyone else sees it only when it is public and never changes it. A private
 * collection of someone else is answered as missing (404), so its existence does not leak.
 */
export class CollectionAccess {
  constructor(private readonly collections: CollectionsRepository) {}

  async readable(userId: number, id: number): Promise<CollectionWithOwner> {
    const row = await this.collections.find(id);
    if (row === undefined || (row.user_id !== userId && row.is_public !== 1)) {
      throw new HttpError(404, `Collection ${id} not found`);
    }
    return row;
  }

  async writable(userId: number, id: number): Promise<CollectionWithOwner> {
    const row = await this.readable(userId, id);
    if (row.user_id !== userId) {
      throw new HttpError(403, 'Only the owner can change this collection');
    }
    return row;
  }
}
