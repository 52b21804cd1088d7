import type {
  SmartCollection,
  SmartCollectionForm,
  SmartCollectionUpdateForm,
} from '@romshelf/contract';
import { COLLECTION_COVERS_MAX, pythonJsonDumps } from '@romshelf/contract';

import { HttpError } from '../../http/http-error.js';
import type { RomListService } from '../roms/list/rom-list.service.js';
import type { SmartCollectionAccess } from './smart-collection-access.js';
import { storedCriteria } from './smart-collection-access.js';
import { parseCriteria } from './smart-collection-criteria.js';
import type {
  SmartCollectionWithOwner,
  SmartCollectionsRepository,
} from './smart-collections.repository.js';

type SavedFilterMembers = Pick<RomListService, 'savedFilterMembers'>;

/**
 * Smart collections (RomM's): saved ROM filters whose members are the live filter result for
 * the owner, computed on each read, so scans and edits show at once.
 */
export class SmartCollectionsService {
  constructor(
    private readonly rows: SmartCollectionsRepository,
    private readonly access: SmartCollectionAccess,
    private readonly members: SavedFilterMembers,
  ) {}

  async list(userId: number, updatedAfter: string | null): Promise<SmartCollection[]> {
    const rows = await this.rows.visibleTo(userId, updatedAfter);
    return Promise.all(rows.map((row) => this.toDto(row)));
  }

  identifiers(userId: number): Promise<number[]> {
    return this.rows.visibleIds(userId);
  }

  async get(id: number, userId: number): Promise<SmartCollection> {
    return this.toDto(await this.access.readable(id, userId));
  }

  async create(
    userId: number,
    form: SmartCollectionForm,
    isPublic: boolean,
  ): Promise<SmartCollection> {
    const criteria = parseCriteria(form.filter_criteria);
    await this.refuseTakenName(userId, form.name, null);
    const id = await this.rows.insert(userId, {
      name: form.name,
      description: form.description,
      filter_criteria: JSON.stringify(criteria),
      is_public: isPublic,
    });
    return this.get(id, userId);
  }

  /** Replaces the fields given; the caller has been checked to own it ({@link ownedBy}). */
  async update(
    row: SmartCollectionWithOwner,
    form: SmartCollectionUpdateForm,
    isPublic: boolean | undefined,
  ): Promise<SmartCollection> {
    const criteria =
      form.filter_criteria === undefined ? null : parseCriteria(form.filter_criteria);
    const name = form.name ?? row.name;
    await this.refuseTakenName(row.user_id, name, row.id);
    await this.rows.update(row.id, {
      name,
      description: form.description ?? row.description,
      filter_criteria: criteria === null ? row.filter_criteria : JSON.stringify(criteria),
      is_public: isPublic ?? row.is_public === 1,
    });
    return this.get(row.id, row.user_id);
  }

  /** The smart collection if the user owns it (404 / 403 otherwise), before its body is read. */
  ownedBy(id: number, userId: number): Promise<SmartCollectionWithOwner> {
    return this.access.owned(id, userId);
  }

  async delete(id: number, userId: number): Promise<void> {
    await this.access.owned(id, userId);
    await this.rows.delete(id);
  }

  private async refuseTakenName(userId: number, name: string, exceptId: number | null) {
    if (await this.rows.nameTaken(userId, name, exceptId)) {
      throw new HttpError(409, `A smart collection named "${name}" already exists`);
    }
  }

  private async toDto(row: SmartCollectionWithOwner): Promise<SmartCollection> {
    const criteria = JSON.parse(row.filter_criteria) as Record<string, unknown>;
    const { ids, coversSmall, coversLarge } = await this.membersOf(row);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      rom_ids: ids,
      rom_count: ids.length,
      path_cover_small: null,
      path_cover_large: null,
      path_covers_small: coversSmall,
      path_covers_large: coversLarge,
      is_public: row.is_public === 1,
      is_favorite: false,
      is_virtual: false,
      is_smart: true,
      created_at: row.created_at,
      updated_at: row.updated_at,
      filter_criteria: criteria,
      filter_summary: pythonJsonDumps(criteria),
      user_id: row.user_id,
      owner_username: row.owner_username,
    };
  }

  /**
   * The live members for the owner. A saved filter naming a collection that is gone, or no
   * longer the owner's to see, matches nothing rather than failing the whole answer.
   */
  private async membersOf(row: SmartCollectionWithOwner) {
    try {
      const query = storedCriteria(row);
      return await this.members.savedFilterMembers(query, row.user_id, COLLECTION_COVERS_MAX);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) {
        return { ids: [], coversSmall: [], coversLarge: [] };
      }
      throw error;
    }
  }
}
