import type { Engine } from '../../../db/engine.js';
import { jsonObjectSql } from '../../../db/dialect-sql.js';

/**
 * A listed ROM as the database writes it for its shared JSON (`RomListJsonStore`):
 * the fields read straight from columns already as JSON text, and what Node still writes.
 */
export interface ListedRomRow {
  /**
   * `{"id":…`: every field of the ROM's shared JSON that is a column or a condition on columns
   * (`is_identified`, `has_manual`, …), the object left open.
   */
  readonly fields: string;
  readonly id: number;
  readonly platform_id: number;
  readonly created_at: string;
  readonly updated_at: string;
  readonly cover_updated_at: string | null;
  readonly manual_updated_at: string | null;
  /** A JSON array of the stored regions, languages and tags texts (maybe unreadable JSON). */
  readonly lists: string;
  /**
   * The stored metadata columns and the source ids, as one JSON object (`ListedRomMetadata`);
   * null when no source matched the ROM, which then shows none of them.
   */
  readonly metadata: string | null;
}

/** The columns `toRomMetadataFields` reads of an identified listed ROM, but its id and date. */
export const LISTED_METADATA_COLUMNS = [
  'igdb_id',
  'moby_id',
  'ss_id',
  'ra_id',
  'launchbox_id',
  'hasheous_id',
  'metadata_results',
  'metadatum',
  'alternative_names',
  'youtube_video_id',
  'path_screenshots',
] as const;

/** Whether a metadata source matched the ROM (`isIdentified` in roms.mapper.ts), in SQL. */
const IDENTIFIED = `(${['igdb_id', 'moby_id', 'ss_id', 'ra_id', 'launchbox_id', 'hasheous_id']
  .map((column) => `rom.${column} IS NOT NULL`)
  .join(' OR ')})`;

/** Columns of JSON that PostgreSQL keeps as `jsonb`: read as their text, as SQLite holds them. */
const JSON_COLUMNS: ReadonlySet<string> = new Set([
  'regions',
  'languages',
  'tags',
  'metadata_results',
  'metadatum',
]);

const asText = (column: string) =>
  JSON_COLUMNS.has(column) ? `CAST(rom.${column} AS text)` : `rom.${column}`;

/** The key and SQL of each field of `ListedRomRow.fields` that is a column's value. */
function columnPairs(): [string, string][] {
  const columns = (...names: string[]) =>
    names.map((name): [string, string] => [name, asText(name)]);
  return [
    ...columns('id', 'igdb_id', 'sgdb_id', 'moby_id', 'ss_id', 'ra_id', 'launchbox_id'),
    ...columns('hasheous_id', 'tgdb_id', 'hltb_id', 'platform_id'),
    ['platform_slug', 'platform.slug'],
    ['platform_fs_slug', 'platform.fs_slug'],
    ['platform_custom_name', 'platform.custom_name'],
    ['platform_display_name', 'coalesce(platform.custom_name, platform.name)'],
    ...columns('fs_name', 'fs_name_no_tags', 'fs_name_no_ext', 'fs_extension', 'fs_path'),
    ...columns('fs_size_bytes'),
    ['full_path', `rom.fs_path || '/' || rom.fs_name`],
    ...columns('name', 'name_sort_key', 'slug', 'summary', 'url_cover', 'url_manual'),
    ...columns('revision', 'crc_hash', 'md5_hash', 'sha1_hash', 'ra_hash'),
    ...columns('created_at', 'updated_at'),
  ];
}

/** The fields of `ListedRomRow.fields` that are conditions on columns, and their conditions. */
const FLAGS: readonly (readonly [string, string])[] = [
  ['has_manual', 'rom.manual_updated_at IS NOT NULL'],
  ['is_unidentified', `NOT ${IDENTIFIED}`],
  ['is_identified', IDENTIFIED],
  ['missing_from_fs', 'rom.missing_from_fs = 1'],
  ['has_simple_single_file', `rom.kind = 'file'`],
  ['has_nested_single_file', `rom.kind = 'nested'`],
  ['has_multiple_files', `rom.kind = 'multi'`],
];

/**
 * The fields of a listed ROM's shared JSON that are the same for every ROM (RomM's, no data
 * here): added as a page is written, not stored with each ROM's JSON (rom_list_json).
 */
export const CONSTANT_FIELDS =
  `,"flashpoint_id":null,"gamelist_id":null,"libretro_id":null,"flashpoint_metadata":null` +
  `,"hltb_metadata":null,"gamelist_metadata":null,"manual_metadata":null,"has_soundtrack":false` +
  `,"path_video":null,"is_identifying":false,"screenshot_path":null`;

/**
 * The SQL of `ListedRomRow.fields`: the columns as a JSON object left open, the flags appended
 * as text (SQLite has no booleans, and `json('true')` per flag and row cost more than the text).
 */
function fieldsSql(engine: Engine): string {
  const flags = FLAGS.map(
    ([key, condition]) => `',"${key}":' || CASE WHEN ${condition} THEN 'true' ELSE 'false' END`,
  );
  return [`rtrim(CAST(${jsonObjectSql(engine, columnPairs())} AS text), '}')`, ...flags].join(
    ' || ',
  );
}

/** The select list of a listed ROM's row (`ListedRomRow`), FROM rom JOIN platform. */
export function listedRomSelectSql(engine: Engine): string {
  const metadata = jsonObjectSql(
    engine,
    LISTED_METADATA_COLUMNS.map((column) => [column, asText(column)]),
  );
  const lists = ['regions', 'languages', 'tags'].map(asText).join(', ');
  return [
    `${fieldsSql(engine)} AS fields`,
    ...['id', 'platform_id', 'created_at', 'updated_at', 'cover_updated_at', 'manual_updated_at'],
    `CAST(${engine === 'postgres' ? 'json_build_array' : 'json_array'}(${lists}) AS text) AS lists`,
    `CASE WHEN ${IDENTIFIED} THEN CAST(${metadata} AS text) END AS metadata`,
  ]
    .map((item) => (item.includes(' ') ? item : `rom.${item}`))
    .join(', ');
}
