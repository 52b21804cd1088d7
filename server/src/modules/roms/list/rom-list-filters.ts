import type { DatStatus, FilterLogic, RomFacetFilter } from '@romshelf/contract';
import type { Expression, SqlBool } from 'kysely';
import { sql } from 'kysely';

import type { Engine } from '../../../db/engine.js';
import type { Withheld } from '../../hidden-items/visibility.js';
import { withheldClauses } from '../../hidden-items/withheld-sql.js';

/** One search term: words a ROM's search text must all hold (none: matches nothing). */
export interface SearchTermPlan {
  words: readonly string[];
  /** A crc32 / md5 / sha1 the term may equal. */
  hash: { column: 'crc_hash' | 'md5_hash' | 'sha1_hash'; value: string } | null;
}

/** Which ROMs a list covers before filters: platforms (all when empty) and search terms. */
export interface RomScope {
  platformIds: readonly number[];
  /** A manual collection's members only (the caller's access is checked before). */
  collectionId?: number | null;
  /** Terms are OR-ed; null = no search. */
  search: readonly SearchTermPlan[] | null;
  /** Platforms and ROMs hidden from the caller (absent when nothing is). */
  withheld?: Withheld;
}

/** A multi-value filter: the values and how they combine. */
export interface ValuesFilter<T extends string = string> {
  values: readonly T[];
  logic: FilterLogic;
}

/** Provider id columns of `rom` (`metadata_providers`, `matched`, siblings). */
export type ProviderIdColumn =
  | 'igdb_id'
  | 'ss_id'
  | 'moby_id'
  | 'launchbox_id'
  | 'ra_id'
  | 'hasheous_id'
  | 'tgdb_id'
  | 'hltb_id';

/** The ids RomM counts as "matched" and compares between siblings. */
const MATCHED_ID_COLUMNS: readonly ProviderIdColumn[] = [
  'igdb_id',
  'moby_id',
  'ss_id',
  'ra_id',
  'launchbox_id',
  'hasheous_id',
  'tgdb_id',
];

/** Yes/no filters; absent = no filter. */
export interface RomFlags {
  matched?: boolean;
  favourite?: boolean;
  duplicate?: boolean;
  lastPlayed?: boolean;
  /** Platforms whose ROMs play in the browser (decided by the service from the platform). */
  playable?: { value: boolean; platformIds: readonly number[] };
  missing?: boolean;
  hasRa?: boolean;
  verified?: boolean;
  hasSaves?: boolean;
  hasStates?: boolean;
  hasSoundtrack?: boolean;
  inSet?: boolean;
}

/** Everything a list, a count or a random pick filters on, for one caller. */
export interface RomFilter extends RomScope {
  /** Whose favourites, statuses, plays, saves and hidden ROMs count. */
  userId: number;
  facets: readonly (ValuesFilter & { kind: RomFacetFilter })[];
  /** Provider id columns (a provider without a column never matches: null). */
  providers: ValuesFilter<ProviderIdColumn | 'none'> | null;
  statuses: ValuesFilter | null;
  /** Statuses against the imported DATs of the ROM's platform. */
  datStatuses: ValuesFilter<DatStatus> | null;
  /** Leave out ROMs the caller marked hidden. */
  excludeHidden: boolean;
  flags: RomFlags;
  /** ISO-8601; only ROMs updated after it. */
  updatedAfter: string | null;
  /** A virtual collection: the ROMs carrying one value of a merged-metadata list. */
  facetValue?: { kind: string; value: string } | null;
  /** A smart collection: its saved filter (planned for its owner), AND-ed with this one. */
  savedFilter?: RomFilter | null;
}

const FALSE = sql<SqlBool>`FALSE`;
const not = (condition: Expression<SqlBool>) => sql<SqlBool>`NOT (${condition})`;
const orAll = (parts: readonly Expression<SqlBool>[]) =>
  parts.length === 0 ? FALSE : sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
const values = (list: readonly string[]) => sql.join(list.map((value) => sql`${value}`));

/** A yes/no condition, or its negation for `false`. */
const flag = (wanted: boolean, condition: Expression<SqlBool>) =>
  wanted ? condition : not(condition);

/**
 * The FTS5 query finding every word in `rom_search`, whose text has two spaces before every
 * word: words of 3+ characters anywhere (trigram substring), shorter ones at the start of a
 * word ("␠␠k", "␠ki") — an index lookup either way.
 */
export function ftsQuery(words: readonly string[]): string {
  return words
    .map((word) => {
      const length = Array.from(word).length;
      const phrase = length === 1 ? `  ${word}` : length === 2 ? ` ${word}` : word;
      return `"${phrase.replace(/"/g, '""')}"`;
    })
    .join(' AND ');
}

/**
 * The same words on PostgreSQL, as LIKE patterns on `rom.search_text` (words of letters and
 * digits split by single spaces) that its pg_trgm index answers (migration
 * 202611300200_postgres_search): 3+ characters anywhere, shorter ones at the start of a word,
 * where pg_trgm's word-start trigrams ("␠␠k", "␠ki") keep them index lookups too.
 */
function trigramWords(words: readonly string[]): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.join(
    words.map((word) =>
      Array.from(word).length >= 3
        ? sql`rom.search_text LIKE ${`%${word}%`}`
        : sql`(rom.search_text LIKE ${`${word}%`} OR rom.search_text LIKE ${`% ${word}%`})`,
    ),
    sql` AND `,
  )})`;
}

/** The search clause: any term's words in the search index, or its hash on the ROM or a file. */
function searchClause(engine: Engine, terms: readonly SearchTermPlan[]): Expression<SqlBool> {
  return orAll(
    terms.map((term) => {
      const text =
        term.words.length === 0
          ? FALSE
          : engine === 'postgres'
            ? trigramWords(term.words)
            : sql<SqlBool>`rom.id IN (SELECT rowid FROM rom_search WHERE rom_search MATCH ${ftsQuery(term.words)})`;
      if (term.hash === null) return text;
      const column = sql.ref(`rom.${term.hash.column}`);
      const fileColumn = sql.ref(`rom_file.${term.hash.column}`);
      return orAll([
        text,
        sql<SqlBool>`${column} = ${term.hash.value}`,
        sql<SqlBool>`rom.id IN (SELECT rom_file.rom_id FROM rom_file WHERE ${fileColumn} = ${term.hash.value})`,
      ]);
    }),
  );
}

/** The scope's clauses: platforms, collection and search (what `filter_values` covers). */
export function scopeClauses(scope: RomScope, engine: Engine): Expression<SqlBool>[] {
  const clauses: Expression<SqlBool>[] = [];
  if (scope.platformIds.length > 0) {
    const ids = sql.join(scope.platformIds.map((id) => sql`${id}`));
    clauses.push(sql<SqlBool>`rom.platform_id IN (${ids})`);
  }
  if (scope.collectionId != null) {
    clauses.push(sql<SqlBool>`rom.id IN (SELECT collection_rom.rom_id FROM collection_rom
      WHERE collection_rom.collection_id = ${scope.collectionId})`);
  }
  if (scope.search !== null) clauses.push(searchClause(engine, scope.search));
  clauses.push(...withheldClauses(scope.withheld));
  return clauses;
}

/**
 * A facet filter on `rom_facet`: `any` = one of the values, `all` = every value (a ROM has one
 * player count, so there `all` acts like `any`), `none` = none of them.
 */
function facetClause(filter: ValuesFilter & { kind: RomFacetFilter }): Expression<SqlBool> {
  const distinct = [...new Set(filter.values)];
  const lookup = sql`SELECT rom_id FROM rom_facet WHERE kind = ${filter.kind}
    AND value IN (${values(distinct)})`;
  if (filter.logic === 'all' && filter.kind !== 'player_counts' && distinct.length > 1) {
    return sql<SqlBool>`rom.id IN (${lookup} GROUP BY rom_id HAVING count(*) = ${distinct.length})`;
  }
  const any = sql<SqlBool>`rom.id IN (${lookup})`;
  return filter.logic === 'none' ? not(any) : any;
}

function providersClause(filter: ValuesFilter<ProviderIdColumn | 'none'>): Expression<SqlBool> {
  const present = filter.values.map((column) =>
    column === 'none' ? FALSE : sql<SqlBool>`${sql.ref(`rom.${column}`)} IS NOT NULL`,
  );
  if (filter.logic === 'all') return sql<SqlBool>`(${sql.join(present, sql` AND `)})`;
  return filter.logic === 'none' ? not(orAll(present)) : orAll(present);
}

/** ROMs of the caller's `rom_user` rows meeting a condition. */
const mine = (userId: number, condition: Expression<SqlBool>) =>
  sql<SqlBool>`rom.id IN (SELECT rom_user.rom_id FROM rom_user
    WHERE rom_user.user_id = ${userId} AND ${condition})`;

/** A ROM has one status: `all` of several distinct statuses matches nothing. */
function statusesClause(userId: number, filter: ValuesFilter): Expression<SqlBool> {
  const distinct = [...new Set(filter.values)];
  if (filter.logic === 'all' && distinct.length > 1) return FALSE;
  const any = mine(userId, sql<SqlBool>`rom_user.status IN (${values(distinct)})`);
  return filter.logic === 'none' ? not(any) : any;
}

/**
 * Another ROM of the platform shares one of the ROM's provider ids. SQLite looks each sibling
 * up by its indexed id; PostgreSQL, which ran those lookups for seconds on a cold list, probes
 * the (id, platform) pairs held more than once, grouped once per id column, as a hashed set.
 */
function duplicateClause(engine: Engine): Expression<SqlBool> {
  return orAll(
    MATCHED_ID_COLUMNS.map((column) => {
      const id = sql.ref(column);
      const own = sql.ref(`rom.${column}`);
      const shared =
        engine === 'postgres'
          ? sql<SqlBool>`(${own}, rom.platform_id) IN (SELECT ${id}, platform_id FROM rom
              WHERE ${id} IS NOT NULL GROUP BY ${id}, platform_id HAVING count(*) > 1)`
          : sql<SqlBool>`EXISTS (SELECT 1 FROM rom AS sibling WHERE ${sql.ref(`sibling.${column}`)} = ${own}
              AND sibling.platform_id = rom.platform_id AND sibling.id <> rom.id)`;
      return sql<SqlBool>`(${own} IS NOT NULL AND ${shared})`;
    }),
  );
}

/** The caller's own or a public save / state of the ROM. */
const playAsset = (userId: number, kind: 'save' | 'state') =>
  sql<SqlBool>`rom.id IN (SELECT play_asset.rom_id FROM play_asset
    WHERE play_asset.kind = ${kind} AND (play_asset.user_id = ${userId} OR play_asset.is_public = 1))`;

/** The ROMs of the caller's favourites collection. */
const favourites = (userId: number) =>
  sql<SqlBool>`rom.id IN (SELECT collection_rom.rom_id FROM collection
    JOIN collection_rom ON collection_rom.collection_id = collection.id
    WHERE collection.user_id = ${userId} AND collection.is_favorite = 1)`;

/** A yes/no fact kept in `rom_facet` (an index lookup instead of a scan of the ROM rows). */
const flagFacet = (kind: 'matched' | 'verified') =>
  sql<SqlBool>`rom.id IN (SELECT rom_id FROM rom_facet WHERE kind = ${kind} AND value = '1')`;

/** ROMs with one of `statuses` against an imported DAT (index rom_dat_status_status_idx). */
const datStatusIn = (statuses: readonly DatStatus[]) =>
  sql<SqlBool>`rom.id IN (SELECT rom_id FROM rom_dat_status WHERE status IN (${values(statuses)}))`;

/**
 * A good dump: verified by an imported DAT first (under its name or another), then by
 * Hasheous, unless an imported DAT found the game incomplete.
 */
const verifiedClause = () =>
  orAll([
    datStatusIn(['verified', 'renamed']),
    sql<SqlBool>`(${flagFacet('verified')} AND ${not(datStatusIn(['incomplete']))})`,
  ]);

/**
 * A DAT status filter: `any` = one of the statuses against some DAT, `all` = each of them
 * (against different DATs), `none` = none of them against any DAT.
 */
function datStatusesClause(filter: ValuesFilter<DatStatus>): Expression<SqlBool> {
  const distinct = [...new Set(filter.values)];
  if (filter.logic === 'all') {
    return sql<SqlBool>`(${sql.join(
      distinct.map((status) => datStatusIn([status])),
      sql` AND `,
    )})`;
  }
  const any = datStatusIn(distinct);
  return filter.logic === 'none' ? not(any) : any;
}

function flagClauses(userId: number, flags: RomFlags, engine: Engine): Expression<SqlBool>[] {
  const conditions: [boolean | undefined, () => Expression<SqlBool>][] = [
    [flags.matched, () => flagFacet('matched')],
    [flags.favourite, () => favourites(userId)],
    [flags.duplicate, () => duplicateClause(engine)],
    [flags.lastPlayed, () => mine(userId, sql<SqlBool>`rom_user.last_played IS NOT NULL`)],
    [
      flags.playable?.value,
      () => {
        const ids = flags.playable?.platformIds ?? [];
        if (ids.length === 0) return FALSE;
        return sql<SqlBool>`rom.platform_id IN (${sql.join(ids.map((id) => sql`${id}`))})`;
      },
    ],
    [flags.missing, () => sql<SqlBool>`rom.missing_from_fs = 1`],
    [flags.hasRa, () => sql<SqlBool>`rom.ra_id IS NOT NULL`],
    [flags.verified, verifiedClause],
    [flags.hasSaves, () => playAsset(userId, 'save')],
    [flags.hasStates, () => playAsset(userId, 'state')],
    [
      flags.hasSoundtrack,
      () =>
        sql<SqlBool>`rom.id IN (SELECT rom_file.rom_id FROM rom_file WHERE rom_file.category = 'soundtrack')`,
    ],
    [flags.inSet, () => datStatusIn(['verified', 'renamed', 'incomplete'])],
  ];
  return conditions.flatMap(([wanted, condition]) =>
    wanted === undefined ? [] : [flag(wanted, condition())],
  );
}

/**
 * Every clause of a filter, AND-ed by the caller: the scope first, then each filter. A new
 * scope (a collection) or filter is one more clause here.
 */
export function filterClauses(filter: RomFilter, engine: Engine): Expression<SqlBool>[] {
  const clauses = scopeClauses(filter, engine);
  for (const facet of filter.facets) {
    if (facet.values.length > 0) clauses.push(facetClause(facet));
  }
  if (filter.providers !== null && filter.providers.values.length > 0) {
    clauses.push(providersClause(filter.providers));
  }
  if (filter.statuses !== null && filter.statuses.values.length > 0) {
    clauses.push(statusesClause(filter.userId, filter.statuses));
  }
  if (filter.datStatuses !== null && filter.datStatuses.values.length > 0) {
    clauses.push(datStatusesClause(filter.datStatuses));
  }
  if (filter.excludeHidden) {
    clauses.push(not(mine(filter.userId, sql<SqlBool>`rom_user.status = 'hidden'`)));
  }
  clauses.push(...flagClauses(filter.userId, filter.flags, engine));
  if (filter.updatedAfter !== null) {
    clauses.push(sql<SqlBool>`rom.updated_at > ${filter.updatedAfter}`);
  }
  if (filter.facetValue !== undefined && filter.facetValue !== null) {
    const { kind, value } = filter.facetValue;
    clauses.push(
      sql<SqlBool>`rom.id IN (SELECT rom_id FROM rom_facet WHERE kind = ${kind} AND value = ${value})`,
    );
  }
  if (filter.savedFilter !== undefined && filter.savedFilter !== null) {
    clauses.push(...filterClauses(filter.savedFilter, engine));
  }
  return clauses;
}
