import type { RomListPage, RomOrderBy } from '@romshelf/contract';
import { PAGE_SIZE } from '@romshelf/contract';
import { queryOptions } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { romKeys } from '@/shared/api/rom-keys';
import type { PreferredVersions, RomListContext } from '@/shared/api/rom-keys';

/** The query of one game, one ROM: none when every version (or the server's pick) is wanted. */
function preferredQuery(preferred: PreferredVersions | null | undefined) {
  if (!preferred) return {};
  return {
    preferred_version_only: true,
    region_priority: preferred.regions.join(','),
    language_priority: preferred.languages.join(','),
    with_prereleases: preferred.prereleases || undefined,
  };
}

/** The scope and page of a ROM list. */
export interface RomListParams {
  platformId?: number | null;
  searchTerm?: string;
  offset?: number;
  limit?: number;
  orderBy?: RomOrderBy;
  orderDir?: 'asc' | 'desc';
  /** One ROM per game, with its versions in `sibling_roms` (`group_by_meta_id`). */
  groupRoms?: boolean;
  /** Only each game's preferred version (`preferred_version_only`). */
  preferredVersions?: PreferredVersions | null;
  /** Filter values by `GET /api/roms` name (see the gallery feature's filters). */
  filters?: Readonly<Record<string, string | readonly string[]>>;
  /** A collection scope (`collection_id`, `virtual_collection_id` or `smart_collection_id`). */
  collectionScope?: Readonly<Record<string, string>>;
  /** Also the ids of the whole result in list order (`rom_id_index`). */
  withRomIdIndex?: boolean;
  /** Cancels the request (a search answer nobody waits for any more). */
  signal?: AbortSignal;
}

/** GET /api/roms — one page of a platform, a collection or a search, with the character index. */
export async function fetchRoms(params: RomListParams): Promise<RomListPage> {
  return api.get<RomListPage>('/roms', {
    query: {
      ...params.filters,
      ...params.collectionScope,
      platform_id: params.platformId ?? undefined,
      search_term: params.searchTerm?.trim() || undefined,
      limit: params.limit ?? PAGE_SIZE,
      offset: params.offset ?? 0,
      order_by: params.orderBy ?? 'name',
      order_dir: params.orderDir ?? 'asc',
      with_char_index: true,
      with_filter_values: false,
      with_rom_id_index: params.withRomIdIndex || undefined,
      group_by_meta_id: params.groupRoms || undefined,
      ...preferredQuery(params.preferredVersions),
    },
    signal: params.signal,
    preloadable: true,
  });
}

/**
 * One page (PAGE_SIZE ROMs from `offset`) of a gallery context. Pages stay fresh until the
 * library changes: every change (edit, delete, upload, scan end) invalidates or rewrites them,
 * so going back to a gallery shows it at once without asking again. A page nobody waits for
 * any more (a search typed over) is cancelled.
 */
export const romPageQueryOptions = (context: RomListContext, offset: number) =>
  queryOptions({
    queryKey: romKeys.galleryPage(context, offset),
    queryFn: ({ signal }) => fetchRoms({ ...context, offset, limit: PAGE_SIZE, signal }),
    staleTime: Infinity,
  });
