import type { Generated, Insertable, Selectable } from 'kysely';

import type { DatVerificationTable } from './schema-dat-verification.js';

export type DatFormat = 'logiqx' | 'clrmamepro';
export type DatSource = 'upload' | 'folder';
/** 'auto' follows the header name on re-import; 'manual' keeps the platform the user chose. */
export type DatPlatformBinding = 'auto' | 'manual';
export type DatFileVerdict = 'verified' | 'renamed' | 'unknown';
export type DatGameStatus = DatFileVerdict | 'incomplete';

/** An imported DAT file (one set, e.g. "Nintendo - Game Boy Advance" of No-Intro). */
export interface DatTable {
  id: Generated<number>;
  platform_id: number | null;
  platform_binding: Generated<DatPlatformBinding>;
  /** What the set calls itself for people: the header's description, else its name. */
  name: string;
  description: string | null;
  version: string | null;
  author: string | null;
  homepage: string | null;
  /** The header's name; a newer DAT with the same one replaces this one. */
  header_name: string;
  format: DatFormat;
  source: DatSource;
  /** Path under the `dats` folder for `folder` DATs, null for uploads. */
  source_path: string | null;
  file_name: string;
  file_size_bytes: number;
  /** Modification time of a `folder` DAT when imported, so a rescan skips unchanged files. */
  file_mtime_ms: number | null;
  game_count: number;
  rom_count: number;
  imported_at: string;
  /** 1 while its entries are being written (migration 202612040510); readers skip it. */
  importing: Generated<number>;
}

/** A game (machine) of a DAT. */
export interface DatGameTable {
  id: Generated<number>;
  dat_id: number;
  name: string;
  description: string | null;
  clone_of: string | null;
  rom_of: string | null;
  region: string | null;
  /** Comma-separated language codes as the set names them ("En,Fr,De"). */
  languages: string | null;
  is_bios: Generated<number>;
  category: string | null;
}

/** One ROM (file, track) of a DAT game; hashes are lowercase hex. */
export interface DatRomTable {
  id: Generated<number>;
  dat_id: number;
  dat_game_id: number;
  name: string;
  size: number;
  crc32: string | null;
  md5: string | null;
  sha1: string | null;
  /** The DAT's dump status ('baddump', 'nodump', 'verified'), null when it gives none. */
  status: string | null;
}

/** A library file's verdict against one DAT (the entry it matched, if any). */
export interface RomFileDatMatchTable {
  rom_file_id: number;
  dat_id: number;
  dat_rom_id: number | null;
  verdict: DatFileVerdict;
}

/** A game's status against one DAT (the DAT game it is, if any). */
export interface RomDatStatusTable {
  rom_id: number;
  dat_id: number;
  dat_game_id: number | null;
  status: DatGameStatus;
}

export type DatRow = Selectable<DatTable>;
export type NewDatRow = Insertable<DatTable>;
export type DatGameRow = Selectable<DatGameTable>;
export type NewDatGameRow = Insertable<DatGameTable>;
export type DatRomRow = Selectable<DatRomTable>;
export type NewDatRomRow = Insertable<DatRomTable>;

/** The DAT tables of `Database`. */
export interface DatTables {
  dat: DatTable;
  dat_game: DatGameTable;
  dat_rom: DatRomTable;
  rom_file_dat_match: RomFileDatMatchTable;
  rom_dat_status: RomDatStatusTable;
  dat_verification: DatVerificationTable;
}
