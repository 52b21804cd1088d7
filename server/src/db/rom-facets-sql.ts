import type { Engine } from './engine.js';

const METADATA_LISTS = [
  'genres',
  'franchises',
  'collections',
  'companies',
  'game_modes',
  'age_ratings',
] as const;
const NAME_LISTS = ['regions', 'languages', 'tags'] as const;

/**
 * The rows of `rom_facet` (migration 202611280100_rom_facets) for the ROMs `rom` matching a
 * condition: one row per value of the merged metadata's lists (identified ROMs only, as the
 * API shows them), of the file-name regions, languages and tags, the player count, a
 * `matched` row when a provider id is set and a `verified` row when Hasheous found the ROM in
 * a DAT. Shared by the migrations' triggers and
 * backfills and by the writers that index new ROMs per batch, so all three agree.
 * PostgreSQL reads the same JSON with its `jsonb` functions. With `platform`, each row also
 * carries the ROM's platform (`rom_facet.platform_id`, migration 202612020400_rom_facet_counts).
 */
export function romFacetRowsSql(
  romCondition: string,
  engine: Engine = 'sqlite',
  platform = false,
): string {
  const identified = `(rom.igdb_id IS NOT NULL OR rom.moby_id IS NOT NULL OR rom.ss_id IS NOT NULL
      OR rom.ra_id IS NOT NULL OR rom.launchbox_id IS NOT NULL OR rom.hasheous_id IS NOT NULL)`;
  const sql = engine === 'postgres' ? POSTGRES_JSON : SQLITE_JSON;
  const rom = platform ? 'rom.id, rom.platform_id' : 'rom.id';
  const metadataList = (kind: string) =>
    `SELECT '${kind}', j.value, ${rom} FROM rom, ${sql.listOf(`rom.metadatum`, kind)} AS j
      WHERE ${romCondition} AND ${identified} AND rom.metadatum IS NOT NULL`;
  const nameList = (kind: string) =>
    `SELECT '${kind}', j.value, ${rom} FROM rom, ${sql.listOf(`rom.${kind}`)} AS j WHERE ${romCondition}`;
  return [
    ...METADATA_LISTS.map(metadataList),
    `SELECT 'player_counts', ${sql.playerCount}, ${rom}
      FROM rom WHERE ${romCondition} AND ${identified} AND rom.metadatum IS NOT NULL`,
    ...NAME_LISTS.map(nameList),
    `SELECT 'matched', '1', ${rom} FROM rom WHERE ${romCondition} AND (${identified}
      OR rom.tgdb_id IS NOT NULL)`,
    `SELECT 'verified', '1', ${rom} FROM rom WHERE ${romCondition} AND rom.hasheous_id IS NOT NULL
      AND ${sql.hasheousMatched}`,
  ].join('\n    UNION ALL ');
}

interface JsonSql {
  /** A table of the `value`s of a JSON list (a column, or one of its object's members). */
  listOf(column: string, member?: string): string;
  playerCount: string;
  /** Whether some `*_match` flag of the raw Hasheous answer is set. */
  hasheousMatched: string;
}

const SQLITE_JSON: JsonSql = {
  listOf: (column, member) =>
    member === undefined ? `json_each(${column})` : `json_each(${column}, '$.${member}')`,
  playerCount: `CAST(coalesce(json_extract(rom.metadatum, '$.player_count'), '1') AS TEXT)`,
  hasheousMatched: `EXISTS (SELECT 1 FROM json_each(rom.metadata_results, '$.hasheous.raw') AS m
        WHERE m.key LIKE '%\\_match' ESCAPE '\\' AND m.value = 1)`,
};

/** Lists of another JSON type give no rows, as SQLite's `json_each` of a missing member. */
const POSTGRES_JSON: JsonSql = {
  listOf: (column, member) => {
    const list = member === undefined ? column : `(${column} -> '${member}')`;
    return `jsonb_array_elements_text(CASE WHEN jsonb_typeof(${list}) = 'array' THEN ${list} END)`;
  },
  playerCount: `coalesce(rom.metadatum ->> 'player_count', '1')`,
  // SQLite's json_each answers JSON true as 1.
  hasheousMatched: `EXISTS (SELECT 1 FROM jsonb_each(CASE WHEN jsonb_typeof(rom.metadata_results
        -> 'hasheous' -> 'raw') = 'object' THEN rom.metadata_results -> 'hasheous' -> 'raw' END) AS m
        WHERE m.key LIKE '%\\_match' ESCAPE '\\' AND m.value IN ('1'::jsonb, 'true'::jsonb))`,
};

/** Columns whose change re-derives a ROM's facets (the update trigger's `UPDATE OF` list). */
export const ROM_FACET_SOURCE_COLUMNS = [
  'metadatum',
  'metadata_results',
  'regions',
  'languages',
  'tags',
  'igdb_id',
  'moby_id',
  'ss_id',
  'ra_id',
  'launchbox_id',
  'hasheous_id',
  'tgdb_id',
] as const;
