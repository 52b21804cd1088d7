import type { Expression, RawBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';

import type { Engine } from '../../../db/engine.js';
import type { VersionPreference } from './preferred-version.js';
import { impliedLanguageRanking, languageRanking, regionRanking } from './preferred-version.js';

/**
 * The SQL of one game, one ROM: of the ROMs `members` lets through, the one preferred version
 * per game for a caller. A game is its DAT parent with its clones where a bound DAT matched the
 * ROM (`rom_dat_status` → `dat_game.clone_of`), else its versions group (`rom_version`). The
 * caller's main version wins; then a release before a pre-release (pre-releases are left out
 * unless asked), the best ranked region, the best ranked language (an untagged name speaks its
 * region's), the file name, the id.
 */

/** Whether the JSON list column of `r` holds `value` (a string). */
function holds(engine: Engine, column: string, value: string): RawBuilder<unknown> {
  return engine === 'postgres'
    ? sql`jsonb_exists(${sql.ref(`r.${column}`)}::jsonb, ${value})`
    : sql`instr(${sql.ref(`r.${column}`)}, ${JSON.stringify(value)}) > 0`;
}

/**
 * The best rank (0 first) among the values of a JSON list column of `r`, else null: the rank
 * of the first ranked value it holds, tried best first. Per ROM a few text searches, where
 * reading each ROM's list as a table cost most of the request at 100k ROMs.
 */
function bestRank(engine: Engine, column: string, ranks: Map<string, number>): RawBuilder<unknown> {
  if (ranks.size === 0) return sql`NULL`;
  const cases = sql.join(
    [...ranks]
      .sort(([, a], [, b]) => a - b)
      .map(([value, rank]) => sql`WHEN ${holds(engine, column, value)} THEN ${sql.lit(rank)}`),
    sql` `,
  );
  return sql`(CASE ${cases} END)`;
}

/** The rank of a ROM's (`r`) language: its tagged languages', else its regions' implied one. */
function languageRank(engine: Engine, preference: VersionPreference): RawBuilder<unknown> {
  const unranked = sql.lit(preference.languages.length);
  const tagged = bestRank(engine, 'languages', languageRanking(preference));
  const implied = bestRank(engine, 'regions', impliedLanguageRanking(preference));
  const untagged =
    engine === 'postgres'
      ? sql`jsonb_array_length(r.languages::jsonb) = 0`
      : sql`json_array_length(r.languages) = 0`;
  return sql`CASE WHEN ${untagged} THEN coalesce(${implied}, ${unranked})
    ELSE coalesce(${tagged}, ${unranked}) END`;
}

/**
 * The game a version (`v`) belongs to: its DAT parent where a DAT matched it (the first DAT's),
 * else its group; with the join it reads. SQLite looks each version's verdict up by its key;
 * PostgreSQL reads the verdicts once and joins them, where a lookup per version cost more
 * than the rest of the ranking.
 */
function gameKey(engine: Engine): { key: RawBuilder<string>; join: RawBuilder<unknown> } {
  if (engine === 'postgres') {
    return {
      key: sql<string>`coalesce('dat:' || CAST(dg.dat_id AS TEXT) || ':' || dg.parent, v.group_key)`,
      join: sql`LEFT JOIN (SELECT DISTINCT ON (s.rom_id) s.rom_id, s.dat_id,
          coalesce(g.clone_of, g.name) AS parent
        FROM rom_dat_status AS s JOIN dat_game AS g ON g.id = s.dat_game_id
        WHERE s.status IN ('verified', 'renamed') ORDER BY s.rom_id, s.dat_id) AS dg
        ON dg.rom_id = v.rom_id`,
    };
  }
  return {
    key: sql<string>`coalesce((SELECT 'dat:' || s.dat_id || ':' || coalesce(g.clone_of, g.name)
      FROM rom_dat_status AS s JOIN dat_game AS g ON g.id = s.dat_game_id
      WHERE s.rom_id = v.rom_id AND s.status IN ('verified', 'renamed')
      ORDER BY s.dat_id LIMIT 1), v.group_key)`,
    join: sql``,
  };
}

/** True for the ROMs (alias `rom`) that are the preferred version of their game for `userId`. */
export function preferredWinner(
  userId: number,
  preference: VersionPreference,
  members: Expression<unknown>,
  engine: Engine,
): Expression<SqlBool> {
  const allowed = preference.withPrereleases
    ? sql`1 = 1`
    : sql`(v.prerelease = 0 OR mu.rom_id IS NOT NULL)`;
  const game = gameKey(engine);
  const regionRank = sql`coalesce(${bestRank(engine, 'regions', regionRanking(preference))},
    ${sql.lit(preference.regions.length)})`;
  // Each ROM is checked against the winners as the page is read in its order's index, where
  // fetching every winner by id and sorting them all cost a third of the request (SQLite) or
  // more (PostgreSQL misjudged their number and looked each up alone). SQLite: `+` keeps the
  // list off the primary key; PostgreSQL: a list inside coalesce is read once and hashed.
  const winners = sql`(SELECT ranked.rom_id FROM (SELECT v.rom_id, row_number() OVER (
      PARTITION BY ${game.key} ORDER BY CASE WHEN mu.rom_id IS NULL THEN 1 ELSE 0 END,
        v.prerelease, ${regionRank}, ${languageRank(engine, preference)}, v.fs_name_no_ext, v.rom_id
    ) AS n
    FROM rom_version AS v JOIN rom AS r ON r.id = v.rom_id
    LEFT JOIN rom_user AS mu ON mu.rom_id = v.rom_id AND mu.user_id = ${userId}
      AND mu.is_main_sibling = 1
    ${game.join}
    WHERE v.rom_id IN (${members}) AND ${allowed}) AS ranked WHERE ranked.n = 1)`;
  return engine === 'postgres'
    ? sql<SqlBool>`coalesce(rom.id IN ${winners}, FALSE)`
    : sql<SqlBool>`+rom.id IN ${winners}`;
}
