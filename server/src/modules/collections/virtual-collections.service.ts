import type { VirtualCollection, VirtualCollectionType } from '@romshelf/contract';
import {
  COLLECTION_COVERS_MAX,
  VIRTUAL_COLLECTION_FACETS,
  VIRTUAL_COLLECTION_MIN_ROMS,
  VIRTUAL_COLLECTION_TYPES,
  parseVirtualCollectionId,
  virtualCollectionId,
} from '@romshelf/contract';

import { LRUCache } from 'lru-cache';

import type { DataKind, DataVersions } from '../../db/data-versions.js';
import { withheldFromCaller, withholds } from '../hidden-items/visibility.js';
import { HttpError } from '../../http/http-error.js';
import { CachedJsonAnswer } from './cached-json-answer.js';
import { coverUrl } from '../roms/roms.mapper.js';
import type { VirtualCollectionsRepository } from './virtual-collections.repository.js';

/** What virtual collections are made of: ROM rows (a platform's removal takes its ROMs). */
const VIRTUAL_COLLECTION_DATA: readonly DataKind[] = ['romRows', 'platforms'];

const TYPE_OF_KIND = new Map<string, VirtualCollectionType>(
  VIRTUAL_COLLECTION_TYPES.map((type) => [VIRTUAL_COLLECTION_FACETS[type], type]),
);

/** The caller's visibility as a cache key: '' when nothing is hidden from them. */
function visibilityKey(): string {
  const withheld = withheldFromCaller();
  return withholds(withheld) ? JSON.stringify(withheld) : '';
}

const byTypeThenName = (a: VirtualCollection, b: VirtualCollection) =>
  a.type === b.type ? (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : a.type < b.type ? -1 : 1;

/**
 * Virtual collections (RomM's): every genre, franchise, collection, game mode and company of
 * the merged metadata that more than {@link VIRTUAL_COLLECTION_MIN_ROMS} ROMs share. They are
 * computed from the filter index once per version of the ROM rows, so a scan or an edit shows
 * at the next read and repeated reads cost nothing.
 */
export class VirtualCollectionsService {
  /**
   * Per visibility (what is hidden from the callers, '' for nothing): the collections at one
   * data version, and the list's answers by `type:limit`, written (and encoded) once each.
   */
  private readonly cached = new LRUCache<
    string,
    { version: number; all: VirtualCollection[]; answers: Map<string, CachedJsonAnswer> }
  >({ max: 16 });

  constructor(
    private readonly rows: VirtualCollectionsRepository,
    private readonly versions: Pick<DataVersions, 'of'>,
  ) {}

  /** Sorted by type then name, as RomM; `limit` keeps the first ones. */
  async list(type: VirtualCollectionType | 'all', limit?: number): Promise<VirtualCollection[]> {
    const all = await this.all();
    const chosen = type === 'all' ? all : all.filter((collection) => collection.type === type);
    return limit === undefined ? chosen : chosen.slice(0, limit);
  }

  /**
   * {@link list} as an answer kept until the data changes: at 100k ROMs the list holds
   * hundreds of thousands of member ids, and writing and compressing them again on each
   * read would cost far more than everything else together.
   */
  async listAnswer(type: VirtualCollectionType | 'all', limit?: number): Promise<CachedJsonAnswer> {
    const collections = await this.list(type, limit);
    const answers =
      this.cached.get(visibilityKey())?.answers ?? new Map<string, CachedJsonAnswer>();
    const key = `${type}:${String(limit)}`;
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = new CachedJsonAnswer(JSON.stringify(collections));
      answers.set(key, answer);
    }
    return answer;
  }

  async identifiers(): Promise<string[]> {
    return (await this.all()).map((collection) => collection.id);
  }

  /** One virtual collection by its id (404 for a malformed id or a value too few ROMs share). */
  async get(id: string): Promise<VirtualCollection> {
    const parsed = parseVirtualCollectionId(id);
    const found =
      parsed === null
        ? undefined
        : (await this.all()).find(
            (collection) => collection.type === parsed.type && collection.name === parsed.name,
          );
    if (found === undefined) throw new HttpError(404, `Virtual collection ${id} not found`);
    return found;
  }

  private async all(): Promise<VirtualCollection[]> {
    const version = this.versions.of(VIRTUAL_COLLECTION_DATA);
    const key = visibilityKey();
    const kept = this.cached.get(key);
    if (kept?.version === version) return kept.all;
    const kinds = VIRTUAL_COLLECTION_TYPES.map((type) => VIRTUAL_COLLECTION_FACETS[type]);
    const groups = await this.rows.groups(
      kinds,
      VIRTUAL_COLLECTION_MIN_ROMS,
      COLLECTION_COVERS_MAX,
      withheldFromCaller(),
    );
    const now = new Date().toISOString();
    const all = groups
      .flatMap((group): VirtualCollection[] => {
        const type = TYPE_OF_KIND.get(group.kind);
        if (type === undefined) return [];
        const covers = group.covered.map((rom) => ({
          id: rom.id,
          platform_id: rom.platformId,
          cover_updated_at: rom.coverUpdatedAt,
        }));
        return [
          {
            id: virtualCollectionId(type, group.value),
            type,
            name: group.value,
            description: `Autogenerated ${group.value} collection`,
            rom_ids: group.romIds,
            rom_count: group.romIds.length,
            path_cover_small: null,
            path_cover_large: null,
            path_covers_small: covers.map((rom) => coverUrl(rom, 'small')),
            path_covers_large: covers.map((rom) => coverUrl(rom, 'big')),
            is_public: false,
            is_favorite: false,
            is_virtual: true,
            is_smart: false,
            created_at: now,
            updated_at: now,
          },
        ];
      })
      .sort(byTypeThenName);
    // A version read before the query: a change during it makes the next read recompute.
    this.cached.set(key, { version, all, answers: new Map() });
    return all;
  }
}
