/**
 * A ROM's shared list JSON, dropped by triggers when the ROM or its platform changes (migration
 * 202612070100_rom_list_json, roms/list/rom-list-json-store.ts).
 */
export interface RomListJsonTable {
  rom_id: number;
  /** The ROM's, which the caller's part of its JSON repeats. */
  created_at: string;
  updated_at: string;
  /** `{"id":…`: the shared fields, the object left open. */
  json: string;
}

/** ROMs of a platform carrying a (kind, value) of `rom_facet`, kept by its triggers. */
export interface RomFacetCountTable {
  kind: string;
  value: string;
  platform_id: number;
  count: number;
}

/** What lists keep in the database, maintained on write (filter value counts, list JSON). */
export interface RomListTables {
  rom_facet_count: RomFacetCountTable;
  rom_list_json: RomListJsonTable;
}
