import type { MetadataProviderFilter, RomFacetFilter, RomFilterQuery } from '@romshelf/contract';
import { ROM_FACET_FILTERS } from '@romshelf/contract';

import { planSearch } from './rom-list-query.js';
import type { ProviderIdColumn, RomFilter, RomScope } from './rom-list-filters.js';

/** Provider → id column; providers RomShelf keeps no id for never match. */
const PROVIDER_COLUMNS: Readonly<Record<MetadataProviderFilter, ProviderIdColumn | 'none'>> = {
  igdb: 'igdb_id',
  ss: 'ss_id',
  moby: 'moby_id',
  launchbox: 'launchbox_id',
  ra: 'ra_id',
  hasheous: 'hasheous_id',
  tgdb: 'tgdb_id',
  hltb: 'hltb_id',
  flashpoint: 'none',
  gamelist: 'none',
  libretro: 'none',
};

/** SPEC §6's single-value names, added to their RomM list. */
const SELECTED_ALIASES: Partial<Record<RomFacetFilter, keyof RomFilterQuery>> = {
  genres: 'selected_genre',
  franchises: 'selected_franchise',
  collections: 'selected_collection',
  companies: 'selected_company',
  age_ratings: 'selected_age_rating',
  regions: 'selected_region',
  languages: 'selected_language',
};

/** What planning a filter needs to know besides the query. */
export interface FilterPlanContext {
  userId: number;
  /** The list is sorted by the caller's last play (the continue-playing rail). */
  sortsByLastPlayed: boolean;
  /** The caller marked at least one ROM hidden (else the hidden clause is skipped). */
  hasHidden: boolean;
  /** Platforms whose ROMs play in the browser. */
  playablePlatformIds: readonly number[];
}

/** The platform and search scope of a query (what `filter_values` covers). */
export function planScope(query: RomFilterQuery): RomScope {
  const platformIds = [
    ...new Set([
      ...(query.platform_id === undefined ? [] : [query.platform_id]),
      ...query.platform_ids,
    ]),
  ].sort((a, b) => a - b);
  return {
    platformIds,
    collectionId: query.collection_id ?? null,
    search: planSearch(query.search_term),
  };
}

/**
 * The values asked for one facet, aliases merged. A value no ROM carries is kept and matches
 * nothing (RomM answers an empty page, and a saved filter may name a genre not there yet).
 */
function facetValues(query: RomFilterQuery, kind: RomFacetFilter): string[] {
  const alias = SELECTED_ALIASES[kind];
  const single = alias === undefined ? undefined : query[alias];
  return [...new Set([...query[kind], ...(typeof single === 'string' ? [single] : [])])].sort();
}

/**
 * Turns a query's filters into a {@link RomFilter}: facet values with their aliases merged,
 * statuses with their logic. ROMs the caller marked hidden are left out unless `hidden` is
 * among the statuses asked for (`any`/`all`).
 */
export function planFilter(query: RomFilterQuery, context: FilterPlanContext): RomFilter {
  const statuses = [...new Set([...query.statuses, ...query.selected_status])].sort();
  const asksHidden = statuses.includes('hidden') && query.statuses_logic !== 'none';
  const lastPlayed = query.last_played ?? (context.sortsByLastPlayed ? true : undefined);
  const playable = query.playable;
  const flags = {
    matched: query.matched,
    favourite: query.favorite ?? query.favourite,
    duplicate: query.duplicate,
    lastPlayed,
    playable:
      playable === undefined
        ? undefined
        : { value: playable, platformIds: context.playablePlatformIds },
    missing: query.missing,
    hasRa: query.has_ra,
    verified: query.verified,
    hasSaves: query.has_saves,
    hasStates: query.has_states,
    hasSoundtrack: query.has_soundtrack,
    inSet: query.in_set,
  };
  const providers = [...new Set(query.metadata_providers)].sort();
  const datStatuses = [...new Set(query.dat_statuses)].sort();
  return {
    ...planScope(query),
    userId: context.userId,
    facets: ROM_FACET_FILTERS.map((kind) => ({
      kind,
      values: facetValues(query, kind),
      logic: query[`${kind}_logic`],
    })).filter((facet) => facet.values.length > 0),
    providers:
      providers.length === 0
        ? null
        : {
            values: providers.map((provider) => PROVIDER_COLUMNS[provider]),
            logic: query.metadata_providers_logic,
          },
    statuses: statuses.length === 0 ? null : { values: statuses, logic: query.statuses_logic },
    datStatuses:
      datStatuses.length === 0 ? null : { values: datStatuses, logic: query.dat_statuses_logic },
    excludeHidden: !asksHidden && context.hasHidden,
    flags: Object.fromEntries(Object.entries(flags).filter(([, value]) => value !== undefined)),
    updatedAfter: query.updated_after ?? null,
  };
}
