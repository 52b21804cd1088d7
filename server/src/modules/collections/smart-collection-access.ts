import type { RomFilterQuery } from '@romshelf/contract';

import { HttpError } from '../../http/http-error.js';
import type { SavedFilterSource } from '../roms/list/rom-collection-scopes.js';
import { criteriaQuery } from './smart-collection-criteria.js';
import type {
  SmartCollectionWithOwner,
  SmartCollectionsRepository,
} from './smart-collections.repository.js';

/**
 * Who may see and change a smart collection, as for manual ones (and RomM): the owner does
 * everything; others read a public one (403 when they try to change it) and get a 404 for a
 * private one, admins included.
 */
export class SmartCollectionAccess implements SavedFilterSource {
  constructor(private readonly rows: SmartCollectionsRepository) {}

  /** A smart collection the user may read, else 404. */
  async readable(id: number, userId: number): Promise<SmartCollectionWithOwner> {
    const row = await this.rows.find(id);
    if (row === undefined || (row.user_id !== userId && row.is_public !== 1)) {
      throw new HttpError(404, `Smart collection with id ${id} not found`);
    }
    return row;
  }

  /** A smart collection the user owns: 404 when it cannot see it, 403 when it is another's. */
  async owned(id: number, userId: number): Promise<SmartCollectionWithOwner> {
    const row = await this.readable(id, userId);
    if (row.user_id !== userId) {
      throw new HttpError(403, `Smart collection with id ${id} belongs to another user`);
    }
    return row;
  }

  async savedFilterOf(
    id: number,
    userId: number,
  ): Promise<{ ownerId: number; criteria: RomFilterQuery }> {
    const row = await this.readable(id, userId);
    return { ownerId: row.user_id, criteria: storedCriteria(row) };
  }
}

/** A row's criteria as a ROM filter query. */
export function storedCriteria(row: SmartCollectionWithOwner): RomFilterQuery {
  return criteriaQuery(JSON.parse(row.filter_criteria) as Record<string, unknown>);
}
