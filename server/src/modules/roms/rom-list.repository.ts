import type { Expression, SqlBool } from 'kysely';
import { sql } from 'kysely';

import type { Db } from '../../db/database.js';
import type { VersionRanking } from './rom-version-groups.js';
import { groupCount, groupWinner } from './rom-version-groups.js';

/** Database columns the list can sort by. */
export type RomSortColumn =
  | 'name_sort_key'
  | 'id'
  | 'fs_name'
  | 'fs_size_bytes'
  | 'created_at'
  | 'updated_at'
  | 'last_played'
  | 'rating';

/** Filters on the caller's own ROM data (rom_user). */
export interface RomUserFilter {
  userId: number;
  /** true: favourites only; false: non-favourites only. */
  favourite?: boolean;
  /** true: played ROMs only; false: never-played only. */
  lastPlayed?: boolean;
  /** Only ROMs with one of these statuses (empty: any). */
  statuses: readonly string[];
  /** Leave out ROMs the user marked hidden. */
  excludeHidden: boolean;
}

/** One search term: an FTS5 query on `rom_search` (null: no words, matches nothing). */
export interface SearchTermPlan {
  ftsMatch: string | null;
  /** A crc32 / md5 / sha1 the term may equal. */
  hash: { column: 'crc_hash' | 'md5_hash' | 'sha1_hash'; value: string } | null;
}

export interface RomFilter {
  platformIds: readonly number[];
  /** Terms are OR-ed; null = no search. */
  search: readonly SearchTermPlan[] | null;
  /** Filters on the caller's data; null = none. */
  user: RomUserFilter | null;
  /** One ROM per versions group (`group_by_meta_id`), ranked so; null = every ROM. */
  grouping?: VersionRanking | null;
}

export interface RomPageQuery extends RomFilter {
  /** Whose data the `last_played` / `rating` sorts use. */
  userId: number;
  orderBy: RomSortColumn;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** The gallery's list queries: filtered, searched and sorted pages, and their aggregates. */
export class RomListRepository {
  constructor(private readonly db: Db) {}

  /** The filtered ROMs, or with grouping each group's winner among them (rom-version-groups.ts). */
  private filtered(filter: RomFilter) {
    const query = this.matching(filter);
    if (filter.grouping === undefined || filter.grouping === null) return query;
    // The platform is shared by a group's members; other filters are checked on each member.
    const narrowed = filter.search !== null || filter.user !== null;
    const members = narrowed ? this.matching(filter).select('rom.id') : null;
    return query.where(groupWinner(filter.grouping, members));
  }

  private matching(filter: RomFilter) {
    let query = this.db.selectFrom('rom');
    if (filter.platformIds.length === 1) {
      query = query.where('rom.platform_id', '=', filter.platformIds[0] ?? 0);
    } else if (filter.platformIds.length > 1) {
      query = query.where('rom.platform_id', 'in', filter.platformIds);
    }
    const terms = filter.search;
    if (terms !== null) {
      query = query.where((eb) =>
        eb.or(
          terms.map((term) => {
            const text =
              term.ftsMatch === null
                ? sql<SqlBool>`0`
                : sql<SqlBool>`rom.id IN (SELECT rowid FROM rom_search WHERE rom_search MATCH ${term.ftsMatch})`;
            if (term.hash === null) return text;
            const column = sql.ref(`rom.${term.hash.column}`);
            const fileColumn = sql.ref(`rom_file.${term.hash.column}`);
            return eb.or([
              text,
              sql<SqlBool>`${column} = ${term.hash.value}`,
              sql<SqlBool>`rom.id IN (SELECT rom_file.rom_id FROM rom_file WHERE ${fileColumn} = ${term.hash.value})`,
            ]);
          }),
        ),
      );
    }
    const user = filter.user;
    if (user !== null) {
      const mine = (condition: Expression<SqlBool>) =>
        sql<SqlBool>`rom.id IN (SELECT rom_user.rom_id FROM rom_user
          WHERE rom_user.user_id = ${user.userId} AND ${condition})`;
      if (user.favourite !== undefined) {
        const favourites = mine(sql<SqlBool>`rom_user.is_favorite = 1`);
        query = query.where(user.favourite ? favourites : sql<SqlBool>`NOT ${favourites}`);
      }
      if (user.lastPlayed !== undefined) {
        const played = mine(sql<SqlBool>`rom_user.last_played IS NOT NULL`);
        query = query.where(user.lastPlayed ? played : sql<SqlBool>`NOT ${played}`);
      }
      if (user.statuses.length > 0) {
        const statuses = sql.join(user.statuses.map((status) => sql`${status}`));
        query = query.where(mine(sql<SqlBool>`rom_user.status IN (${statuses})`));
      }
      if (user.excludeHidden) {
        query = query.where(sql<SqlBool>`NOT ${mine(sql<SqlBool>`rom_user.status = 'hidden'`)}`);
      }
    }
    return query;
  }

  /** The sort key of a ROM: one of its columns, or a column of the caller's rom_user row. */
  private sortKey(orderBy: RomSortColumn, userId: number) {
    if (orderBy === 'last_played' || orderBy === 'rating') {
      const column = sql.ref(`rom_user.${orderBy}`);
      const fallback = orderBy === 'rating' ? sql`0` : sql`NULL`;
      return sql`coalesce((SELECT ${column} FROM rom_user
        WHERE rom_user.rom_id = rom.id AND rom_user.user_id = ${userId}), ${fallback})`;
    }
    return sql.ref(`rom.${orderBy}`);
  }

  /** Ids of one page, in order (the rows are fetched separately by id). */
  async pageIds(query: RomPageQuery): Promise<number[]> {
    const rows = await this.filtered(query)
      .select('rom.id')
      .orderBy(this.sortKey(query.orderBy, query.userId), query.direction)
      .orderBy('rom.id', query.direction)
      .limit(query.limit)
      .offset(query.offset)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Ids of the whole result, in list order (`rom_id_index`). */
  async orderedIds(query: Omit<RomPageQuery, 'limit' | 'offset'>): Promise<number[]> {
    const rows = await this.filtered(query)
      .select('rom.id')
      .orderBy(this.sortKey(query.orderBy, query.userId), query.direction)
      .orderBy('rom.id', query.direction)
      .execute();
    return rows.map((row) => row.id);
  }

  async count(filter: RomFilter): Promise<number> {
    if (filter.grouping !== undefined && filter.grouping !== null) {
      // Filters apply before grouping, so the groups among the matches are the grouped total.
      const groups = await this.matching(filter)
        .select(groupCount.as('total'))
        .executeTakeFirstOrThrow();
      return groups.total;
    }
    const row = await this.filtered(filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return row.total;
  }

  /** Row counts per first character of the sort key (`sort_char`) or of `fs_name`, by char. */
  async charCounts(
    filter: RomFilter,
    column: 'sort_char' | 'fs_name',
  ): Promise<{ char: string; count: number }[]> {
    const charExpr =
      column === 'sort_char' ? sql<string>`rom.sort_char` : sql<string>`substr(rom.fs_name, 1, 1)`;
    const rows = await this.filtered(filter)
      .select([charExpr.as('char'), (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('char')
      .orderBy('char')
      .execute();
    return rows.map((row) => ({ char: row.char, count: row.count }));
  }

  /**
   * A searched page in one statement: the matching rows are collected once (materialized),
   * then the page, the per-character counts and the total are read from them. Measured at
   * 100k ROMs this is 2-6x faster than three separate queries over the search.
   */
  async searchPage(
    query: RomPageQuery,
    charColumn: 'sort_char' | 'fs_name',
  ): Promise<{ ids: number[]; total: number; chars: { char: string; count: number }[] }> {
    const charExpr =
      charColumn === 'sort_char'
        ? sql<string>`rom.sort_char`
        : sql<string>`substr(rom.fs_name, 1, 1)`;
    const base = this.filtered(query).select([
      'rom.id as id',
      sql`${this.sortKey(query.orderBy, query.userId)}`.as('k'),
      charExpr.as('c'),
    ]);
    const dir = sql.raw(query.direction === 'asc' ? 'ASC' : 'DESC');
    const { rows } = await sql<{ part: number; id: number | null; c: string | null; n: number }>`
      WITH m AS MATERIALIZED ${base /* Kysely wraps the subquery in parentheses */}
      SELECT 0 AS part, id, NULL AS c, n FROM (
        SELECT id, row_number() OVER (ORDER BY k ${dir}, id ${dir}) AS n FROM m
        ORDER BY k ${dir}, id ${dir} LIMIT ${query.limit} OFFSET ${query.offset}
      )
      UNION ALL SELECT 1, NULL, c, count(*) FROM m GROUP BY c
      UNION ALL SELECT 2, NULL, NULL, count(*) FROM m`.execute(this.db);
    const page = rows.filter((row) => row.part === 0).sort((a, b) => a.n - b.n);
    const chars = rows
      .filter((row) => row.part === 1)
      .map((row) => ({ char: row.c ?? '', count: row.n }))
      .sort((a, b) => Buffer.compare(Buffer.from(a.char), Buffer.from(b.char)));
    return {
      ids: page.map((row) => row.id ?? 0),
      total: rows.find((row) => row.part === 2)?.n ?? 0,
      chars,
    };
  }

  /** Distinct values of a JSON list column over the ROMs of some platforms (all when empty). */
  async distinctJsonValues(
    column: 'regions' | 'languages' | 'tags',
    platformIds: readonly number[],
  ): Promise<string[]> {
    const scope =
      platformIds.length === 0
        ? sql``
        : sql`WHERE rom.platform_id IN (${sql.join(platformIds.map((id) => sql`${id}`))})`;
    const result = await sql<{ value: unknown }>`
      SELECT DISTINCT j.value AS value FROM rom, json_each(rom.${sql.ref(column)}) AS j
      ${scope} ORDER BY value`.execute(this.db);
    return result.rows.map((row) => String(row.value));
  }

  async distinctPlatformIds(platformIds: readonly number[]): Promise<number[]> {
    let query = this.db.selectFrom('rom').select('platform_id').distinct();
    if (platformIds.length > 0) query = query.where('platform_id', 'in', platformIds);
    return (await query.orderBy('platform_id').execute()).map((row) => row.platform_id);
  }

  /** True when the user marked at least one ROM hidden. */
  async hasHidden(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('rom_user')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'hidden')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
