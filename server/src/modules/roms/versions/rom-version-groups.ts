import type { SiblingRom } from '@romshelf/contract';
import type { Expression, RawBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';

import type { Db } from '../../../db/database.js';
import type { Engine } from '../../../db/engine.js';
import { contains, jsonArrayElements } from '../../../db/dialect-sql.js';
import { PRERELEASE_MARKERS, REGION_PROVIDER_CODES } from '../names/rom-filename.js';

/**
 * Versions of a game (RomM's siblings and `group_by_meta_id`), all of their SQL in one place:
 * - a ROM's versions ("siblings") are the other ROMs of its platform sharing one of its
 *   provider ids (igdb, ss, moby, ra, hasheous, launchbox, tgdb), or for a ROM without any,
 *   its file-name family;
 * - the grouped list shows one ROM per `rom.group_key` (the first provider id of a ROM,
 *   migration 202611280200, else its file-name family, migration 202611300400: a ROM without
 *   metadata is a version of the others named alike), the group's winner: the caller's main version, else a release
 *   before a pre-release, then the best region of `scan.priority.region`, then the file name.
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
}

/** Region name → rank, for the names whose provider code is in the priority list. */
function regionRanks(priority: readonly string[]): [string, number][] {
  return Object.entries(REGION_PROVIDER_CODES).flatMap(([name, code]): [string, number][] => {
    const rank = priority.indexOf(code);
    return rank === -1 ? [] : [[name, rank]];
  });
}

/** ORDER BY terms ranking the members of a group (alias `v`), best first. */
function memberOrder(engine: Engine, ranking: VersionRanking): RawBuilder<unknown> {
  const ranks = regionRanks(ranking.regionPriority);
  const regionRank =
    ranks.length === 0
      ? sql`0`
      : sql`coalesce((SELECT min(CASE j.value ${sql.join(
          ranks.map(([name, rank]) => sql`WHEN ${name} THEN ${rank}`),
          sql` `,
        )} END) FROM ${jsonArrayElements(engine, sql`v.regions`)} AS j), ${ranks.length})`;
  const prerelease = sql.join(
    PRERELEASE_MARKERS.map((marker) => contains(engine, sql<string>`lower(v.fs_name)`, marker)),
    sql` OR `,
  );
  return sql`EXISTS (SELECT 1 FROM rom_user AS mu WHERE mu.rom_id = v.id
      AND mu.user_id = ${ranking.userId} AND mu.is_main_sibling = 1) DESC,
    (${prerelease}) ASC, ${regionRank} ASC, v.fs_name_no_ext ASC, v.id ASC`;
}

/**
 * True for the ROMs (alias `rom`) the grouped list shows: those without a group, and each
 * group's winner among the members `members` lets through (ids of the filtered list; null when
 * the only filter is the platform, which every member shares).
 */
export function groupWinner(
  engine: Engine,
  ranking: VersionRanking,
  members: Expression<unknown> | null,
): Expression<SqlBool> {
  const passing = members === null ? sql`` : sql`AND v.id IN (${members})`;
  return sql<SqlBool>`(rom.group_key IS NULL OR rom.id = (SELECT v.id FROM rom AS v
    WHERE v.group_key = rom.group_key ${passing} ORDER BY ${memberOrder(engine, ranking)} LIMIT 1))`;
}

/** How many groups a filtered list holds (a ROM without a group is one). */
export function groupCount(engine: Engine): RawBuilder<number> {
  return engine === 'postgres'
    ? sql<number>`count(DISTINCT coalesce(rom.group_key, CAST(rom.id AS TEXT)))`
    : sql<number>`count(DISTINCT coalesce(rom.group_key, rom.id))`;
}

/** Reads the versions of ROMs. */
export class RomVersionGroups {
  constructor(private readonly db: Db) {}

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
