import { z } from 'zod';

/** File name extensions of the patches `POST /api/roms/{id}/patch` applies (lower case). */
export const PATCH_FILE_EXTENSIONS = [
  '.ips',
  '.ups',
  '.bps',
  '.ppf',
  '.aps',
  '.rup',
  '.xdelta',
  '.vcdiff',
] as const;

/** Whether a file name is a patch's, by its extension. */
export function isPatchFileName(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return PATCH_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

const formFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

/**
 * The form fields of `POST /api/roms/{id}/patch` (RomM 5) beside the optional `patch_file`
 * upload. `save_as_game` is RomShelf's: store the result next to the original as a new game.
 */
export const PatchFieldsSchema = z.object({
  patch_file_id: z.coerce.number().int().min(1).optional(),
  output_file_name: z.string().max(255).optional(),
  archive_member_name: z.string().max(1024).optional(),
  save_as_game: formFlag.optional(),
});
export type PatchFields = z.infer<typeof PatchFieldsSchema>;

/** The answer when the patched ROM was stored as a new game (RomM's PatchResponse + rom_id). */
export const PatchSavedSchema = z.object({
  message: z.string(),
  output_file_name: z.string(),
  output_file_size: z.number().int(),
  /** The new game's id. */
  rom_id: z.number().int(),
  /** Whether a checksum in the patch confirmed it was made for this ROM. */
  validated: z.boolean(),
});
export type PatchSaved = z.infer<typeof PatchSavedSchema>;

/** A patch file in the library that could apply to a game: its own, or one beside it. */
export const PatchCandidateSchema = z.object({
  /** Pass as `patch_file_id`. */
  file_id: z.number().int(),
  rom_id: z.number().int(),
  file_name: z.string(),
  file_size_bytes: z.number().int(),
  /** true: one of the game's own files (e.g. in its `patches` folder). */
  own: z.boolean(),
});
export type PatchCandidate = z.infer<typeof PatchCandidateSchema>;
export const PatchCandidateListSchema = z.array(PatchCandidateSchema);

/** Response header: whether a checksum in the patch confirmed it was made for this ROM. */
export const PATCH_VALIDATED_HEADER = 'x-patch-validated';
