import type { Expression, RawBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';

import type { Db } from '../../db/database.js';
import type { Engine } from '../../db/engine.js';
import { engineOf } from '../../db/engine.js';
import type { Withheld } from '../hidden-items/visibility.js';
import { romVisibleSql } from '../hidden-items/withheld-sql.js';
import { regionsSpeaking } from '../roms/versions/preferred-version.js';

/** Which games of a set: a region ("USA") and language ("En") of their names, a name search. */
export interface GameFilter {
  region?: string | undefined;
  language?: string | undefined;
  search?: string | undefined;
}

export interface BoundDatRow {
  id: number;
  platform_id: number;
  name: string;
  version: string | null;
}

export interface SetCounts {
  games: number;
  owned: number;
  incomplete: number;
}

export interface FacetRow {
  region: string | null;
  languages: string | null;
  count: number;
}

export interface MissingGameRow {
  id: number;
  name: string;
  clone_of: string | null;
  region: string | null;
  languages: string | null;
  size: number;
  file_count: number;
  incomplete: number;
}

export interface DatRomEntry {
  dat_game_id: number;
  name: string;
  size: number;
  crc32: string | null;
  md5: string | null;
  sha1: string | null;
}

/** True when `needle` occurs in `haystack` (SQL expressions), with no LIKE wildcards. */
function contains(engine: Engine, haystack: RawBuilder<unknown>, needle: RawBuilder<unknown>) {
  return engine === 'postgres'
    ? sql<SqlBool>`strpos(${haystack}, ${needle}) > 0`
    : sql<SqlBool>`instr(${haystack}, ${needle}) > 0`;
}

/**
 * Reads DAT games (alias `g`) against the library's verdicts (`rom_dat_status`): a game is had
 * when a visible ROM verified or renamed to it, incomplete when one matched it only in part.
 */
export class CompletenessRepository {
  private readonly engine: Engine;

  constructor(private readonly db: Db) {
    this.engine = engineOf(db);
  }

  /** The DATs bound to a platform the caller sees (one platform's, or all), by platform. */
  async boundDats(platformId: number | undefined, withheld: Withheld): Promise<BoundDatRow[]> {
    let query = this.db
      .selectFrom('dat')
      .select(['id', 'platform_id', 'name', 'version'])
      .where('platform_id', 'is not', null)
      .where('importing', '=', 0)
      .orderBy('platform_id')
      .orderBy('name')
      .orderBy('id');
    if (platformId !== undefined) query = query.where('platform_id', '=', platformId);
    if (withheld.platformIds.length > 0) {
      query = query.where('platform_id', 'not in', withheld.platformIds);
    }
    const rows = await query.execute();
    return rows.flatMap((row) =>
      row.platform_id === null ? [] : [{ ...row, platform_id: row.platform_id }],
    );
  }

  private statusOf(statuses: readonly string[], withheld: Withheld): Expression<SqlBool> {
    const list = sql.join(statuses.map((status) => sql`${status}`));
    return sql<SqlBool>`EXISTS (SELECT 1 FROM rom_dat_status AS s JOIN rom ON rom.id = s.rom_id
      WHERE s.dat_game_id = g.id AND s.status IN (${list}) AND ${romVisibleSql(withheld)})`;
  }

  private owned(withheld: Withheld): Expression<SqlBool> {
    return this.statusOf(['verified', 'renamed'], withheld);
  }

  /**
   * The games of `datId` the filter lets through (BIOS entries are not games). `byId`: read in
   * id order from an id on, through the primary key (`+` keeps SQLite off the (dat, name) index,
   * which made every batch of an export sort the whole set again).
   */
  private games(datId: number, filter: GameFilter, byId = false) {
    let query = this.db
      .selectFrom('dat_game as g')
      .where(byId ? sql`+g.dat_id` : sql.ref('g.dat_id'), '=', datId)
      .where('g.is_bios', '=', 0);
    for (const clause of this.filterClauses(filter)) query = query.where(clause);
    return query;
  }

  private filterClauses(filter: GameFilter): Expression<SqlBool>[] {
    const clauses: Expression<SqlBool>[] = [];
    const inRegions = (region: string) =>
      contains(this.engine, sql`', ' || g.region || ', '`, sql`${`, ${region}, `}`);
    if (filter.region !== undefined) clauses.push(inRegions(filter.region));
    if (filter.language !== undefined) {
      const tagged = contains(
        this.engine,
        sql`',' || g.languages || ','`,
        sql`${`,${filter.language},`}`,
      );
      const implied = regionsSpeaking(filter.language).map(inRegions);
      clauses.push(
        implied.length === 0
          ? tagged
          : sql<SqlBool>`(${tagged} OR (g.languages IS NULL AND (${sql.join(implied, sql` OR `)})))`,
      );
    }
    if (filter.search !== undefined && filter.search !== '') {
      clauses.push(contains(this.engine, sql`lower(g.name)`, sql`${filter.search.toLowerCase()}`));
    }
    return clauses;
  }

  async counts(datId: number, filter: GameFilter, withheld: Withheld): Promise<SetCounts> {
    const owned = this.owned(withheld);
    const incomplete = this.statusOf(['incomplete'], withheld);
    const row = await this.games(datId, filter)
      .select([
        sql<number>`count(*)`.as('games'),
        sql<number>`coalesce(sum(CASE WHEN ${owned} THEN 1 ELSE 0 END), 0)`.as('owned'),
        sql<number>`coalesce(sum(CASE WHEN NOT ${owned} AND ${incomplete} THEN 1 ELSE 0 END), 0)`.as(
          'incomplete',
        ),
      ])
      .executeTakeFirstOrThrow();
    return {
      games: row.games,
      owned: row.owned,
      incomplete: row.incomplete,
    };
  }

  /** How many games carry each region and language group of the set. */
  async facets(datId: number): Promise<FacetRow[]> {
    const rows = await this.games(datId, {})
      .select(['g.region', 'g.languages', sql<number>`count(*)`.as('count')])
      .groupBy(['g.region', 'g.languages'])
      .execute();
    return rows;
  }

  private missing(datId: number, filter: GameFilter, withheld: Withheld, byId = false) {
    return this.games(datId, filter, byId).where(sql<SqlBool>`NOT ${this.owned(withheld)}`);
  }

  async missingCount(datId: number, filter: GameFilter, withheld: Withheld): Promise<number> {
    const row = await this.missing(datId, filter, withheld)
      .select(sql<number>`count(*)`.as('total'))
      .executeTakeFirstOrThrow();
    return row.total;
  }

  /** Missing games by name, from `offset`; `afterId` reads on by id instead (exports). */
  async missingGames(
    datId: number,
    filter: GameFilter,
    withheld: Withheld,
    page: { limit: number; offset: number } | { limit: number; afterId: number },
  ): Promise<MissingGameRow[]> {
    let query = this.missing(datId, filter, withheld, 'afterId' in page).select([
      'g.id',
      'g.name',
      'g.clone_of',
      'g.region',
      'g.languages',
      sql<number>`coalesce((SELECT sum(r.size) FROM dat_rom AS r WHERE r.dat_game_id = g.id), 0)`.as(
        'size',
      ),
      sql<number>`(SELECT count(*) FROM dat_rom AS r WHERE r.dat_game_id = g.id)`.as('file_count'),
      sql<number>`CASE WHEN ${this.statusOf(['incomplete'], withheld)} THEN 1 ELSE 0 END`.as(
        'incomplete',
      ),
    ]);
    query =
      'afterId' in page
        ? query.where('g.id', '>', page.afterId).orderBy('g.id')
        : query.orderBy('g.name').orderBy('g.id').offset(page.offset);
    const rows = await query.limit(page.limit).execute();
    return rows;
  }

  /** The files of these DAT games, by game and name. */
  async romsOf(gameIds: readonly number[]): Promise<DatRomEntry[]> {
    if (gameIds.length === 0) return [];
    return this.db
      .selectFrom('dat_rom')
      .select(['dat_game_id', 'name', 'size', 'crc32', 'md5', 'sha1'])
      .where('dat_game_id', 'in', gameIds)
      .orderBy('dat_game_id')
      .orderBy('name')
      .orderBy('id')
      .execute();
  }
}
