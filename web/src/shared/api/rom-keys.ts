import type { RomOrderBy, VersionLanguage, VersionRegion } from '@romshelf/contract';

/** A user's one game, one ROM priorities, as the list asks for them. */
export interface PreferredVersions {
  regions: readonly VersionRegion[];
  languages: readonly VersionLanguage[];
  prereleases: boolean;
}

/** Where a gallery's ROMs come from, and in which order: one cache entry per context and offset. */
export interface RomListContext {
  platformId: number | null;
  searchTerm: string;
  orderBy: RomOrderBy;
  orderDir: 'asc' | 'desc';
  /** One ROM per game (`group_by_meta_id`). */
  groupRoms: boolean;
  /** Only each game's preferred version, by the caller's priorities (one game, one ROM). */
  preferredVersions?: PreferredVersions | null;
  /** The gallery's filters as `GET /api/roms` query values (none when absent). */
  filters?: Readonly<Record<string, string | readonly string[]>>;
  /** A collection scope (`collection_id`, `virtual_collection_id` or `smart_collection_id`). */
  collectionScope?: Readonly<Record<string, string>>;
}

/**
 * The query keys of ROM data. Every list of ROMs (gallery pages, home rails) sits under
 * `lists()`, so a change to one ROM can be written into all of them at once (see rom-cache.ts).
 */
export const romKeys = {
  all: ['roms'] as const,
  lists: () => [...romKeys.all, 'list'] as const,
  galleryContext: (context: RomListContext) => [...romKeys.lists(), 'gallery', context] as const,
  galleryPage: (context: RomListContext, offset: number) =>
    [...romKeys.galleryContext(context), offset] as const,
  /**
   * The `filter_values` of a scope (platform, search or collection), for the filter drawer: not a list of
   * ROMs, so outside `lists()`, but refreshed with everything else under `all`.
   */
  filterValues: (scope: {
    platformId: number | null;
    searchTerm: string;
    collectionScope?: Readonly<Record<string, string>>;
  }) => [...romKeys.all, 'filter-values', scope] as const,
  recent: () => [...romKeys.lists(), 'recent'] as const,
  continuePlaying: () => [...romKeys.lists(), 'continue-playing'] as const,
  details: () => [...romKeys.all, 'detail'] as const,
  detail: (id: string) => [...romKeys.details(), id] as const,
};
