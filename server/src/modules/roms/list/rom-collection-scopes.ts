import type { RomFilterQuery } from '@romshelf/contract';
import { VIRTUAL_COLLECTION_FACETS, parseVirtualCollectionId } from '@romshelf/contract';

import { HttpError } from '../../../http/http-error.js';

/** Where the ROM list finds a smart collection's saved filter (the collections module). */
export interface SavedFilterSource {
  /**
   * The criteria of a smart collection the caller may see (own or public), with its owner,
   * whose favourites and statuses the criteria are evaluated for; 404 otherwise.
   */
  savedFilterOf(id: number, userId: number): Promise<{ ownerId: number; criteria: RomFilterQuery }>;
}

/** The `rom_facet` kind and value a `virtual_collection_id` stands for (404 for a bad id). */
export function virtualCollectionFacet(id: string): { kind: string; value: string } {
  const parsed = parseVirtualCollectionId(id);
  if (parsed === null) throw new HttpError(404, `Virtual collection ${id} not found`);
  return { kind: VIRTUAL_COLLECTION_FACETS[parsed.type], value: parsed.name };
}
