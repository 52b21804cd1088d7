import type { Collection } from '@romshelf/contract';
import { COLLECTION_COVERS_MAX } from '@romshelf/contract';

import type { CoverUrls } from './collection-covers.js';
import { CollectionCovers } from './collection-covers.js';
import type { CollectionWithOwner, MemberCover } from './collections.repository.js';

/** RomM's `CollectionSchema` of a row, its members and covers. */
export function toCollectionDto(
  row: CollectionWithOwner,
  romIds: readonly number[],
  cover: CoverUrls | null,
  memberCovers: readonly MemberCover[],
): Collection {
  const thumbnails = memberCovers
    .slice(0, COLLECTION_COVERS_MAX)
    .map((cover) => CollectionCovers.memberUrls(cover));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    rom_ids: [...romIds],
    rom_count: romIds.length,
    path_cover_small: cover?.small ?? null,
    path_cover_large: cover?.large ?? null,
    path_covers_small: thumbnails.map((urls) => urls.small),
    path_covers_large: thumbnails.map((urls) => urls.large),
    url_cover: row.url_cover,
    is_public: row.is_public === 1,
    is_favorite: row.is_favorite === 1,
    is_virtual: false,
    is_smart: false,
    user_id: row.user_id,
    owner_username: row.owner_username,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
