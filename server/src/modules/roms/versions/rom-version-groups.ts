import type { RomListQuery, SiblingRom } from '@romshelf/contract';
import type { Expression, RawBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';

import type { Db } from '../../../db/database.js';
import type { Engine } from '../../../db/engine.js';
import { engineOf } from '../../../db/engine.js';
import type { VersionPreference } from './preferred-version.js';
import { preferredWinner } from './preferred-winner.js';
import { refreshWinnersSql, regionRankSql, regionRanks } from './rom-version-ranks.js';

/**
 * Versions of a game (RomM's siblings and `group_by_meta_id`), all of their SQL in one place:
 * - a ROM's versions ("siblings") are the other ROMs of its platform sharing one of its
 *   provider ids (igdb, ss, moby, ra, hasheous, launchbox, tgdb), or for a ROM without any,
 *   its file-name family;
 * - the grouped list shows one ROM per `rom.group_key` (the first provider id of a ROM,
 *   migration 202611280200, else its file-name family, migration 202611300400: a ROM without
 *   metadata is a version of the others named alike), the group's winner: the caller's main
 *   version, else a release before a pre-release, then the best region of
 *   `scan.priority.region`, then the file name (ranks kept in `rom_version`).
 *   Filters apply before grouping: the winner is the best member the filters let through.
 */

/** Provider id columns shared by versions of one game. */
const SIBLING_ID_COLUMNS = [
  'igdb_id',
  'ss_id',
  'moby_id',
  'ra_id',
  'hasheous_id',
  'launchbox_id',
  'tgdb_id',
] as const;

/** Whose main versions count and how regions rank. */
export interface VersionRanking {
  userId: number;
  /** Provider region codes, best first (`scan.priority.region`). */
  regionPriority: readonly string[];
  /** One game, one ROM by the caller's priorities (preferred-winner.ts) instead. */
  preferred?: VersionPreference;
}

/** The caller's main versions (`rom_version` rows, alias `mv`). */
const mainVersions = (userId: number) => sql`rom_version AS mv JOIN rom_user AS mu
  ON mu.rom_id = mv.rom_id AND mu.user_id = ${userId} AND mu.is_main_sibling = 1`;

/** Rank order of `rom_version` rows (alias `alias`), best first, a main version aside. */
const rankOrder = (alias: string) =>
  sql.raw(`${alias}.prerelease, ${alias}.region_rank, ${alias}.fs_name_no_ext, ${alias}.rom_id`);

/**
 * True for the ROMs (alias `rom`) the grouped list shows: each group's winner among the members
 * `members` lets through (ids of the filtered list; null when the only filter is the platform,
 * which every member shares). The ranks are kept in `rom_version` (rom-version-ranks.ts): without
 * a filter, the kept winners, each replaced by the caller's main version of its group; with one,
 * the best passing member per group, in one pass over the passing members.
 */
export function groupWinner(
  ranking: VersionRanking,
  members: Expression<unknown> | null,
  engine: Engine,
): Expression<SqlBool> {
  if (ranking.preferred !== undefined) {
    const all = members ?? sql`SELECT id FROM rom`;
    return preferredWinner(ranking.userId, ranking.preferred, all, engine);
  }
  if (members === null) {
    const keptWinners = sql`SELECT v.rom_id FROM rom_version AS v
        WHERE v.is_winner = 1 AND v.group_key NOT IN (SELECT mv.group_key
          FROM ${mainVersions(ranking.userId)})`;
    const chosenWinners = sql`SELECT ranked.rom_id FROM (SELECT mv.rom_id, row_number() OVER (
          PARTITION BY mv.group_key ORDER BY ${rankOrder('mv')}) AS n
        FROM ${mainVersions(ranking.userId)}) AS ranked WHERE ranked.n = 1`;
    // PostgreSQL: two lookups OR-ed, not one union: it then probes both as hashed sets while it
    // reads the ROMs once, where the union's misjudged size made it fetch each ROM by id.
    // SQLite: one list, checked for each ROM as the page is read in its order's index (`+`
    // keeps SQLite from fetching every winner by id and sorting them all instead).
    return engine === 'postgres'
      ? sql<SqlBool>`(rom.id IN (${keptWinners}) OR rom.id IN (${chosenWinners}))`
      : sql<SqlBool>`+rom.id IN (${keptWinners} UNION ALL ${chosenWinners})`;
  }
  return sql<SqlBool>`rom.id IN (SELECT ranked.rom_id FROM (SELECT v.rom_id, row_number() OVER (
      PARTITION BY v.group_key ORDER BY CASE WHEN EXISTS (SELECT 1 FROM rom_user AS mu
        WHERE mu.rom_id = v.rom_id AND mu.user_id = ${ranking.userId}
          AND mu.is_main_sibling = 1) THEN 0 ELSE 1 END, ${rankOrder('v')}) AS n
    FROM rom_version AS v WHERE v.rom_id IN (${members})) AS ranked WHERE ranked.n = 1)`;
}

/** How a list groups versions: not at all, by the server's ranking, or the caller's 1G1R. */
export function listGrouping(
  query: Pick<
    RomListQuery,
    | 'group_by_meta_id'
    | 'preferred_version_only'
    | 'region_priority'
    | 'language_priority'
    | 'with_prereleases'
  >,
  ranking: VersionRanking,
): VersionRanking | null {
  if (query.preferred_version_only) {
    const preferred = {
      regions: query.region_priority,
      languages: query.language_priority,
      withPrereleases: query.with_prereleases,
    };
    return { ...ranking, preferred };
  }
  return query.group_by_meta_id ? ranking : null;
}

/** How many groups a filtered list holds (a ROM without a group is one). */
export function groupCount(engine: Engine): RawBuilder<number> {
  return engine === 'postgres'
    ? sql<number>`count(DISTINCT coalesce(rom.group_key, CAST(rom.id AS TEXT)))`
    : sql<number>`count(DISTINCT coalesce(rom.group_key, rom.id))`;
}

/** Reads the versions of ROMs. */
export class RomVersionGroups {
  /** The region ranks `rom_version_region` was last found or made equal to, as JSON. */
  private keptRanks: string | null = null;

  constructor(private readonly db: Db) {}

  /**
   * Makes the kept region ranks those of `priority` (`scan.priority.region`): when the
   * configuration changed, every ROM's region rank and every group's winner is read again, once.
   */
  async keepRanking(priority: readonly string[]): Promise<void> {
    const ranks = regionRanks(priority);
    const wanted = JSON.stringify(ranks);
    if (this.keptRanks === wanted) return;
    await this.db.transaction().execute(async (trx) => {
      const kept = await trx
        .selectFrom('rom_version_region')
        .select(['region', 'rank'])
        .orderBy('region')
        .execute();
      const sorted = [...ranks].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      if (JSON.stringify(kept.map((row) => [row.region, row.rank])) === JSON.stringify(sorted)) {
        return;
      }
      await trx.deleteFrom('rom_version_region').execute();
      if (ranks.length > 0) {
        await trx
          .insertInto('rom_version_region')
          .values(ranks.map(([region, rank]) => ({ region, rank })))
          .execute();
      }
      const rank = regionRankSql(engineOf(this.db), 'rom.regions');
      await sql
        .raw(
          `UPDATE rom_version SET region_rank = (SELECT ${rank} FROM rom
            WHERE rom.id = rom_version.rom_id)`,
        )
        .execute(trx);
      await sql.raw(refreshWinnersSql('1 = 1')).execute(trx);
    });
    this.keptRanks = wanted;
  }

  /** The versions of each given ROM, the caller's main version flagged, by sort name. */
  async siblingsOf(romIds: readonly number[], userId: number): Promise<Map<number, SiblingRom[]>> {
    const byRom = new Map<number, SiblingRom[]>();
    if (romIds.length === 0) return byRom;
    const ids = sql.join(romIds.map((id) => sql`${id}`));
    const pairs = sql.join(
      SIBLING_ID_COLUMNS.map((column) => {
        const id = sql.ref(column);
        return sql`SELECT r.id AS of_rom_id, s.id AS id FROM rom AS r JOIN rom AS s
          ON s.${id} = r.${id} AND s.platform_id = r.platform_id AND s.id <> r.id
          WHERE r.id IN (${ids}) AND r.${id} IS NOT NULL`;
      }),
      sql` UNION `,
    );
    // A ROM's file-name family (migration 202611300400) groups versions no provider id links.
    const family = sql`SELECT r.id AS of_rom_id, s.id AS id FROM rom AS r JOIN rom AS s
      ON s.group_key = r.group_key AND s.id <> r.id
      WHERE r.id IN (${ids}) AND r.group_key LIKE 'name-%'`;
    const { rows } = await sql<{
      of_rom_id: number;
      id: number;
      name: string | null;
      fs_name_no_tags: string;
      fs_name_no_ext: string;
      name_sort_key: string;
      is_main_sibling: number | null;
    }>`SELECT p.of_rom_id, s.id, s.name, s.fs_name_no_tags, s.fs_name_no_ext, s.name_sort_key,
        u.is_main_sibling
      FROM (${pairs} UNION ${family}) AS p JOIN rom AS s ON s.id = p.id
      LEFT JOIN rom_user AS u ON u.rom_id = s.id AND u.user_id = ${userId}
      ORDER BY s.name_sort_key, s.fs_name_no_ext, s.id`.execute(this.db);
    for (const row of rows) {
      const list = byRom.get(row.of_rom_id) ?? [];
      list.push({
        id: row.id,
        name: row.name,
        fs_name_no_tags: row.fs_name_no_tags,
        fs_name_no_ext: row.fs_name_no_ext,
        is_main_sibling: row.is_main_sibling === 1,
        sort_comparator: row.name_sort_key,
      });
      byRom.set(row.of_rom_id, list);
    }
    return byRom;
  }
}
