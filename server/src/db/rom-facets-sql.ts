/**
 * The rows of `rom_facet` (migration 202611280100_rom_facets) for the ROMs `rom` matching a
 * condition: one row per value of the merged metadata's lists (identified ROMs only, as the
 * API shows them), of the file-name regions, languages and tags, the player count, a
 * `matched` row when a provider id is set and a `verified` row when Hasheous found the ROM in
 * a DAT. Shared by the migration's trigger and
 * backfill and by the writers that index new ROMs per batch, so all three agree.
 */
export function romFacetRowsSql(romCondition: string): string {
  const identified = `(rom.igdb_id IS NOT NULL OR rom.moby_id IS NOT NULL OR rom.ss_id IS NOT NULL
      OR rom.ra_id IS NOT NULL OR rom.launchbox_id IS NOT NULL OR rom.hasheous_id IS NOT NULL)`;
  const metadataList = (kind: string) =>
    `SELECT '${kind}', j.value, rom.id FROM rom, json_each(rom.metadatum, '$.${kind}') AS j
      WHERE ${romCondition} AND ${identified} AND rom.metadatum IS NOT NULL`;
  const nameList = (kind: string) =>
    `SELECT '${kind}', j.value, rom.id FROM rom, json_each(rom.${kind}) AS j WHERE ${romCondition}`;
  return [
    ...['genres', 'franchises', 'collections', 'companies', 'game_modes', 'age_ratings'].map(
      metadataList,
    ),
    `SELECT 'player_counts', CAST(coalesce(json_extract(rom.metadatum, '$.player_count'), '1') AS TEXT), rom.id
      FROM rom WHERE ${romCondition} AND ${identified} AND rom.metadatum IS NOT NULL`,
    ...['regions', 'languages', 'tags'].map(nameList),
    `SELECT 'matched', '1', rom.id FROM rom WHERE ${romCondition} AND (${identified}
      OR rom.tgdb_id IS NOT NULL)`,
    `SELECT 'verified', '1', rom.id FROM rom WHERE ${romCondition} AND rom.hasheous_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM json_each(rom.metadata_results, '$.hasheous.raw') AS m
        WHERE m.key LIKE '%\\_match' ESCAPE '\\' AND m.value = 1)`,
  ].join('\n    UNION ALL ');
}

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
