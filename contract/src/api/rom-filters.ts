import { z } from 'zod';

import { PLAY_STATUSES } from '../constants.js';

/** How the values of one multi-value filter combine (RomM `<name>_logic`). */
export const FILTER_LOGICS = ['any', 'all', 'none'] as const;
export type FilterLogic = (typeof FILTER_LOGICS)[number];

/**
 * Multi-value filters whose values come from `filter_values` (RomM names). Genres, franchises,
 * collections, companies, age ratings and player counts come from the merged metadata;
 * regions, languages and tags from the file name (canonical names, e.g. `USA`, `English`).
 */
export const ROM_FACET_FILTERS = [
  'genres',
  'franchises',
  'collections',
  'companies',
  'age_ratings',
  'player_counts',
  'regions',
  'languages',
  'tags',
] as const;
export type RomFacetFilter = (typeof ROM_FACET_FILTERS)[number];

/** Metadata sources of the `metadata_providers` filter: the ROM carries that source's id. */
export const METADATA_PROVIDER_FILTERS = [
  'igdb',
  'ss',
  'moby',
  'launchbox',
  'ra',
  'hasheous',
  'tgdb',
  'flashpoint',
  'hltb',
  'gamelist',
  'libretro',
] as const;
export type MetadataProviderFilter = (typeof METADATA_PROVIDER_FILTERS)[number];

/**
 * Yes/no filters (RomM names; `favourite` is accepted as an alias of `favorite`). Absent: no
 * filter; `true`: only the ROMs that are; `false`: only those that are not.
 */
export const ROM_FLAG_FILTERS = [
  /** Any metadata provider id set (igdb, moby, ss, ra, launchbox, hasheous, tgdb). */
  'matched',
  'favorite',
  /** Another ROM of the same platform shares one of its provider ids. */
  'duplicate',
  /** The caller has played it. */
  'last_played',
  /** Its platform can be played in the browser (EmulatorJS core or Ruffle, not disabled). */
  'playable',
  'missing',
  'has_ra',
  /**
   * A good dump: an imported DAT of its platform verified it (also under another name), else
   * Hasheous found it in a DAT (No-Intro, Redump, TOSEC…) and no imported DAT found it incomplete.
   */
  'verified',
  /** The caller's own or another user's public save / state. */
  'has_saves',
  'has_states',
  'has_soundtrack',
  /** An imported DAT of its platform holds the game (verified, renamed or incomplete). */
  'in_set',
] as const;
export type RomFlagFilter = (typeof ROM_FLAG_FILTERS)[number];

/**
 * A game's status against an imported DAT of its platform: `verified` (every file matches an
 * entry by hash and size, under the DAT's names), `renamed` (matches under other names),
 * `incomplete` (a DAT game some of whose files or tracks are missing or bad), `unknown` (no
 * entry matches).
 */
export const DAT_STATUSES = ['verified', 'renamed', 'incomplete', 'unknown'] as const;
export type DatStatus = (typeof DAT_STATUSES)[number];

/** Most values one multi-value filter takes (more answers 422). */
export const FILTER_VALUES_MAX = 100;

/** A yes/no query parameter that may be absent (undefined). */
export const optionalQueryBoolean = z
  .enum(['true', 'false', '1', '0', 'True', 'False'])
  .optional()
  .transform((value) =>
    value === undefined ? undefined : value === 'true' || value === '1' || value === 'True',
  );

/** A repeated query key (`?genres=A&genres=B`) or a single value, as a list. */
function queryList<T extends z.ZodType>(item: T) {
  return z
    .union([item, z.array(item).max(FILTER_VALUES_MAX)])
    .optional()
    .transform((value): z.output<T>[] =>
      value === undefined ? [] : Array.isArray(value) ? value : [value],
    );
}

const queryStrings = queryList(z.string().min(1).max(200));
const queryStatuses = queryList(z.enum(PLAY_STATUSES));
const queryLogic = z.enum(FILTER_LOGICS).default('any');
const queryId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/**
 * The filters of `GET /api/roms` and `GET /api/roms/random` (RomM names, shared/reference
 * romm-api.md §5). Values of the facet filters must be values the library has (400 otherwise).
 * The `selected_*` single values are SPEC §6's names and add to their list.
 */
export const RomFilterQuerySchema = z.object({
  /** Scope. */
  platform_id: queryId.optional(),
  platform_ids: queryList(queryId),
  /** A manual collection the caller can see (404 otherwise). */
  collection_id: queryId.optional(),
  /** A virtual collection's id (URL-safe base64 of `{"name","type"}`). */
  virtual_collection_id: z.string().min(1).max(2_000).optional(),
  /** A smart collection the caller can see: its stored criteria join the other filters. */
  smart_collection_id: queryId.optional(),
  search_term: z.string().max(500).optional(),

  genres: queryStrings,
  genres_logic: queryLogic,
  selected_genre: z.string().min(1).max(200).optional(),
  franchises: queryStrings,
  franchises_logic: queryLogic,
  selected_franchise: z.string().min(1).max(200).optional(),
  collections: queryStrings,
  collections_logic: queryLogic,
  selected_collection: z.string().min(1).max(200).optional(),
  companies: queryStrings,
  companies_logic: queryLogic,
  selected_company: z.string().min(1).max(200).optional(),
  age_ratings: queryStrings,
  age_ratings_logic: queryLogic,
  selected_age_rating: z.string().min(1).max(200).optional(),
  /** A ROM has one player count, so `all` acts like `any` (as in RomM). */
  player_counts: queryStrings,
  player_counts_logic: queryLogic,
  regions: queryStrings,
  regions_logic: queryLogic,
  selected_region: z.string().min(1).max(200).optional(),
  languages: queryStrings,
  languages_logic: queryLogic,
  selected_language: z.string().min(1).max(200).optional(),
  tags: queryStrings,
  tags_logic: queryLogic,
  metadata_providers: queryList(z.enum(METADATA_PROVIDER_FILTERS)),
  metadata_providers_logic: queryLogic,
  /** The game's status against any imported DAT of its platform (`none`: against none). */
  dat_statuses: queryList(z.enum(DAT_STATUSES)),
  dat_statuses_logic: queryLogic,
  /**
   * The caller's play status (`now_playing`, `backlogged` and `hidden` included). ROMs the
   * caller marked `hidden` are left out unless `hidden` is asked for (with `any` or `all`).
   * `selected_status` is SPEC §6's name and adds to the list.
   */
  statuses: queryStatuses,
  statuses_logic: queryLogic,
  selected_status: queryStatuses,

  matched: optionalQueryBoolean,
  favorite: optionalQueryBoolean,
  favourite: optionalQueryBoolean,
  duplicate: optionalQueryBoolean,
  last_played: optionalQueryBoolean,
  playable: optionalQueryBoolean,
  missing: optionalQueryBoolean,
  has_ra: optionalQueryBoolean,
  verified: optionalQueryBoolean,
  has_saves: optionalQueryBoolean,
  has_states: optionalQueryBoolean,
  has_soundtrack: optionalQueryBoolean,
  in_set: optionalQueryBoolean,
  /** Only ROMs changed after this ISO-8601 date-time. */
  updated_after: z
    .string()
    .max(64)
    .refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO-8601 date-time')
    .transform((value) => new Date(value).toISOString())
    .optional(),
});
export type RomFilterQuery = z.infer<typeof RomFilterQuerySchema>;

/** The values the library can be filtered on (RomM RomFiltersDict); sorted. */
export const RomFiltersSchema = z.object({
  genres: z.array(z.string()),
  franchises: z.array(z.string()),
  collections: z.array(z.string()),
  companies: z.array(z.string()),
  game_modes: z.array(z.string()),
  age_ratings: z.array(z.string()),
  player_counts: z.array(z.string()),
  regions: z.array(z.string()),
  languages: z.array(z.string()),
  tags: z.array(z.string()),
  /** Ids of the platforms that have ROMs in the scope. */
  platforms: z.array(z.number().int()),
});
export type RomFilters = z.infer<typeof RomFiltersSchema>;

/**
 * How many ROMs of the scope carry each value of `filter_values` (a RomShelf addition; RomM
 * clients ignore it). Platform counts are keyed by the platform id.
 */
export const RomFilterCountsSchema = z.object({
  genres: z.record(z.string(), z.number().int()),
  franchises: z.record(z.string(), z.number().int()),
  collections: z.record(z.string(), z.number().int()),
  companies: z.record(z.string(), z.number().int()),
  game_modes: z.record(z.string(), z.number().int()),
  age_ratings: z.record(z.string(), z.number().int()),
  player_counts: z.record(z.string(), z.number().int()),
  regions: z.record(z.string(), z.number().int()),
  languages: z.record(z.string(), z.number().int()),
  tags: z.record(z.string(), z.number().int()),
  platforms: z.record(z.string(), z.number().int()),
});
export type RomFilterCounts = z.infer<typeof RomFilterCountsSchema>;
