import { z } from 'zod';

import { DAT_STATUSES } from './rom-filters.js';

/** A file's verdict against a DAT: `unknown` when no entry matches its hash and size. */
export const FILE_DAT_VERDICTS = ['verified', 'renamed', 'unknown'] as const;
export type FileDatVerdict = (typeof FILE_DAT_VERDICTS)[number];

/** One file of a game and the DAT entry it matched. */
export const RomFileDatVerdictSchema = z.object({
  file_id: z.number().int(),
  file_name: z.string(),
  verdict: z.enum(FILE_DAT_VERDICTS),
  /** The matched entry's name in the DAT (a zip: its member's), null when none matched. */
  dat_rom_name: z.string().nullable(),
  /** The name the file has in the set (a zip: its game's name + `.zip`), null when unmatched. */
  expected_name: z.string().nullable(),
});
export type RomFileDatVerdict = z.infer<typeof RomFileDatVerdictSchema>;

/** A game's status against one imported DAT of its platform. */
export const RomDatVerdictSchema = z.object({
  dat_id: z.number().int(),
  /** The DAT's name, e.g. "Nintendo - Game Boy Advance". */
  dat_name: z.string(),
  dat_version: z.string().nullable(),
  status: z.enum(DAT_STATUSES),
  /** The DAT game it is, null when `unknown`. */
  game_name: z.string().nullable(),
  files: z.array(RomFileDatVerdictSchema),
  /**
   * The name `POST /api/roms/{id}/dat-verification/rename` gives the game's file or folder;
   * null when the game is not `renamed` or cannot be renamed in one step (loose disc tracks,
   * files inside a folder named otherwise).
   */
  rename_to: z.string().nullable(),
});
export type RomDatVerdict = z.infer<typeof RomDatVerdictSchema>;

/** `GET /api/roms/{id}/dat-verification`: the game against every DAT of its platform. */
export const RomDatVerificationSchema = z.object({
  rom_id: z.number().int(),
  /** A DAT that verified it (under its name or another) first, then by DAT name. */
  dats: z.array(RomDatVerdictSchema),
});
export type RomDatVerification = z.infer<typeof RomDatVerificationSchema>;

/** `POST /api/roms/{id}/dat-verification/rename`: rename the game to its name in a DAT. */
export const DatRenameBodySchema = z.object({
  dat_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export type DatRenameBody = z.infer<typeof DatRenameBodySchema>;
