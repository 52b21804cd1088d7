import {
  DAT_STATUSES,
  FILTER_LOGICS,
  METADATA_PROVIDER_FILTERS,
  PLAY_STATUSES,
  ROM_FACET_FILTERS,
  ROM_FLAG_FILTERS,
} from '@romshelf/contract';
import type { FilterLogic, RomFacetFilter, RomFlagFilter } from '@romshelf/contract';

/**
 * The gallery's filters (SPEC §3 "Gallery filters"), as they live in the URL: the names and
 * values of `GET /api/roms` (shared/reference/romm-api.md §5), so a filtered gallery's address
 * is its API query. Lists repeat their key (`genres=A&genres=B`), each with `<name>_logic`
 * (`any` is the default and left out); flags are `true` / `false`.
 */

/** Lists whose values come from the server's `filter_values`, in drawer order. */
export const FACET_FILTERS = ROM_FACET_FILTERS;
export type FacetFilter = RomFacetFilter;

/** Lists with a fixed set of values. */
export const FIXED_FILTERS = {
  statuses: PLAY_STATUSES,
  metadata_providers: METADATA_PROVIDER_FILTERS,
  dat_statuses: DAT_STATUSES,
} as const;
export type FixedFilter = keyof typeof FIXED_FILTERS;
export const isFixedFilter = (name: string): name is FixedFilter => name in FIXED_FILTERS;

/** Every multi-value filter; `platform_ids` narrows a search to some platforms (any of them). */
export const LIST_FILTERS = [
  'platform_ids',
  ...FACET_FILTERS,
  'statuses',
  'metadata_providers',
  'dat_statuses',
] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

/** The lists that take a logic word (a ROM has one platform: any is the only sense there). */
export type LogicFilter = Exclude<ListFilter, 'platform_ids'>;
export const hasLogic = (name: ListFilter): name is LogicFilter => name !== 'platform_ids';

export { FILTER_LOGICS };
export type { FilterLogic };

/**
 * Yes/no flags, in drawer order (`matched=false` is "unmatched"); soundtracks are not something
 * the library knows about yet.
 */
export const FLAG_FILTERS = ROM_FLAG_FILTERS.filter(
  (name): name is Exclude<RomFlagFilter, 'has_soundtrack'> => name !== 'has_soundtrack',
);
export type FlagFilter = (typeof FLAG_FILTERS)[number];

export interface GalleryFilters {
  lists: Readonly<Partial<Record<ListFilter, readonly string[]>>>;
  logic: Readonly<Partial<Record<LogicFilter, FilterLogic>>>;
  flags: Readonly<Partial<Record<FlagFilter, boolean>>>;
}

export const NO_FILTERS: GalleryFilters = { lists: {}, logic: {}, flags: {} };

/** `record` with `key` set to `value`, or without `key` when `value` is undefined. */
function withEntry<K extends string, V>(
  record: Readonly<Partial<Record<K, V>>>,
  key: K,
  value: V | undefined,
): Partial<Record<K, V>> {
  const entries = Object.entries(record).filter(([name]) => name !== key);
  if (value !== undefined) entries.push([key, value]);
  return Object.fromEntries(entries) as Partial<Record<K, V>>;
}

const logicKey = (name: LogicFilter) => `${name}_logic`;

/** Every URL key a filter may use (to drop them all before writing new ones). */
export const FILTER_PARAM_KEYS: readonly string[] = [
  ...LIST_FILTERS,
  ...LIST_FILTERS.filter(hasLogic).map(logicKey),
  ...FLAG_FILTERS,
];

function isValue(name: ListFilter, value: string): boolean {
  if (value === '') return false;
  if (name === 'platform_ids') return /^[1-9]\d{0,9}$/.test(value);
  if (isFixedFilter(name)) return (FIXED_FILTERS[name] as readonly string[]).includes(value);
  return true;
}

/** The filters of a URL's query; malformed values are dropped rather than sent. */
export function parseFilters(params: URLSearchParams): GalleryFilters {
  const lists: Partial<Record<ListFilter, string[]>> = {};
  const logic: Partial<Record<LogicFilter, FilterLogic>> = {};
  const flags: Partial<Record<FlagFilter, boolean>> = {};
  for (const name of LIST_FILTERS) {
    const values = [...new Set(params.getAll(name))].filter((value) => isValue(name, value));
    if (values.length > 0) lists[name] = values;
    if (!hasLogic(name)) continue;
    const word = params.get(logicKey(name));
    if (word === 'all' || word === 'none') logic[name] = word;
  }
  for (const name of FLAG_FILTERS) {
    const value = params.get(name);
    if (value === 'true' || value === 'false') flags[name] = value === 'true';
  }
  return { lists, logic, flags };
}

/**
 * The filters as query entries in a fixed order: the URL's and the API's. A logic word is only
 * written for a list that has values.
 */
export function filterEntries(filters: GalleryFilters): [string, string][] {
  const entries: [string, string][] = [];
  for (const name of LIST_FILTERS) {
    const values = filters.lists[name] ?? [];
    for (const value of values) entries.push([name, value]);
    if (values.length === 0 || !hasLogic(name)) continue;
    const word = filters.logic[name] ?? 'any';
    if (word !== 'any') entries.push([logicKey(name), word]);
  }
  for (const name of FLAG_FILTERS) {
    const value = filters.flags[name];
    if (value !== undefined) entries.push([name, String(value)]);
  }
  return entries;
}

/** A stable text of the filters: equal filters, equal text ('' when none). */
export function filtersKey(filters: GalleryFilters): string {
  return new URLSearchParams(filterEntries(filters)).toString();
}

/** The filters as `GET /api/roms` query values (lists as arrays). */
export function filtersQuery(filters: GalleryFilters): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of filterEntries(filters)) {
    const previous = query[key];
    if (previous === undefined)
      query[key] = (LIST_FILTERS as readonly string[]).includes(key) ? [value] : value;
    else if (Array.isArray(previous)) previous.push(value);
  }
  return query;
}

/** `params` with its filters replaced by `filters` (other keys, like the search term, kept). */
export function withFilters(params: URLSearchParams, filters: GalleryFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_PARAM_KEYS) next.delete(key);
  for (const [key, value] of filterEntries(filters)) next.append(key, value);
  return next;
}

/** One active filter as a chip shows it: a list value or a flag. */
export type ActiveFilter =
  | { kind: 'list'; name: ListFilter; value: string; logic: FilterLogic }
  | { kind: 'flag'; name: FlagFilter; value: boolean };

export function activeFilters(filters: GalleryFilters): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  for (const name of LIST_FILTERS) {
    const logic = hasLogic(name) ? (filters.logic[name] ?? 'any') : 'any';
    for (const value of filters.lists[name] ?? [])
      active.push({ kind: 'list', name, value, logic });
  }
  for (const name of FLAG_FILTERS) {
    const value = filters.flags[name];
    if (value !== undefined) active.push({ kind: 'flag', name, value });
  }
  return active;
}

export function setListValues(
  filters: GalleryFilters,
  name: ListFilter,
  values: readonly string[],
): GalleryFilters {
  return {
    ...filters,
    lists: withEntry(filters.lists, name, values.length > 0 ? values : undefined),
  };
}

export function setLogic(
  filters: GalleryFilters,
  name: LogicFilter,
  word: FilterLogic,
): GalleryFilters {
  return { ...filters, logic: withEntry(filters.logic, name, word === 'any' ? undefined : word) };
}

/** `value` undefined: the flag no longer narrows anything. */
export function setFlag(
  filters: GalleryFilters,
  name: FlagFilter,
  value: boolean | undefined,
): GalleryFilters {
  return { ...filters, flags: withEntry(filters.flags, name, value) };
}

/** The filters without one chip's filter. */
export function withoutFilter(filters: GalleryFilters, filter: ActiveFilter): GalleryFilters {
  if (filter.kind === 'flag') return setFlag(filters, filter.name, undefined);
  const values = (filters.lists[filter.name] ?? []).filter((value) => value !== filter.value);
  return setListValues(filters, filter.name, values);
}
