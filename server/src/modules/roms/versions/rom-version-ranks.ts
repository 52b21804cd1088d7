import type { Engine } from '../../../db/engine.js';
import { PRERELEASE_MARKERS, REGION_PROVIDER_CODES } from '../names/rom-filename.js';

/**
 * The SQL of `rom_version` (migration 202612020410_rom_versions): each ROM's versions group and
 * how it ranks in it, kept by triggers on `rom`, so the grouped list reads ranks instead of
 * parsing every member's regions and name per request. Ranking, best first: a release before a
 * pre-release, then the best region of `scan.priority.region` (`rom_version_region`, which the
 * app keeps equal to the configuration), then the file name, then the id. `is_winner` marks
 * each group's best member by that ranking (a caller's main version is applied when reading).
 */

/** Columns of `rom` the group key, the rank or the winner depend on. */
export const ROM_VERSION_SOURCE_COLUMNS = [
  'platform_id',
  'fs_name',
  'fs_name_no_tags',
  'fs_name_no_ext',
  'regions',
  'igdb_id',
  'ss_id',
  'moby_id',
  'ra_id',
  'hasheous_id',
  'launchbox_id',
  'tgdb_id',
] as const;

/** Region name → rank, for the names whose provider code is in the priority list. */
export function regionRanks(priority: readonly string[]): [string, number][] {
  return Object.entries(REGION_PROVIDER_CODES).flatMap(([name, code]): [string, number][] => {
    const rank = priority.indexOf(code);
    return rank === -1 ? [] : [[name, rank]];
  });
}

/** 1 when the file name (an SQL expression) marks a pre-release, else 0. */
export function prereleaseSql(engine: Engine, fsName: string): string {
  const found = (marker: string) =>
    engine === 'postgres'
      ? `strpos(lower(${fsName}), '${marker}') > 0`
      : `instr(lower(${fsName}), '${marker}') > 0`;
  return `CASE WHEN ${PRERELEASE_MARKERS.map(found).join(' OR ')} THEN 1 ELSE 0 END`;
}

/** The text elements (column `value`) of a JSON list (an SQL expression), as a table. */
export function jsonTextElementsSql(engine: Engine, list: string): string {
  return engine === 'postgres'
    ? `jsonb_array_elements_text(CASE WHEN jsonb_typeof((${list})::jsonb) = 'array'
          THEN (${list})::jsonb END)`
    : `json_each(${list})`;
}

/** The best rank of a JSON list of region names (an SQL expression); unranked after all. */
export function regionRankSql(engine: Engine, regions: string): string {
  const elements = jsonTextElementsSql(engine, regions);
  return `coalesce((SELECT min(r.rank) FROM ${elements} AS j
      JOIN rom_version_region AS r ON r.region = j.value),
    (SELECT count(*) FROM rom_version_region))`;
}

/** Marks the best member of each group matching `groupCondition` (on `rom_version`). */
export function refreshWinnersSql(groupCondition: string): string {
  return `UPDATE rom_version SET is_winner = CASE WHEN rom_id = (SELECT w.rom_id FROM rom_version AS w
      WHERE w.group_key = rom_version.group_key
      ORDER BY w.prerelease, w.region_rank, w.fs_name_no_ext, w.rom_id LIMIT 1) THEN 1 ELSE 0 END
    WHERE ${groupCondition}`;
}
