import { z } from 'zod';

/** An imported DAT file: one set (No-Intro, Redump, TOSEC…) and the platform it describes. */
export const DatSchema = z.object({
  id: z.number(),
  /** The library platform the set is bound to; null when none. */
  platform_id: z.number().nullable(),
  /** `auto`: bound from the header name (again on each re-import); `manual`: chosen by a user. */
  platform_binding: z.enum(['auto', 'manual']),
  /** The set's name for people: the header's description, else its name. */
  name: z.string(),
  description: z.string().nullable(),
  version: z.string().nullable(),
  author: z.string().nullable(),
  homepage: z.string().nullable(),
  /** The header's name ("Nintendo - Game Boy Advance"); a DAT with the same one replaces it. */
  header_name: z.string(),
  format: z.enum(['logiqx', 'clrmamepro']),
  /** `upload`, or `folder` for a file of the `dats` folder (its path there in `source_path`). */
  source: z.enum(['upload', 'folder']),
  source_path: z.string().nullable(),
  file_name: z.string(),
  file_size_bytes: z.number(),
  game_count: z.number(),
  rom_count: z.number(),
  imported_at: z.string(),
});
export type Dat = z.infer<typeof DatSchema>;

export const DatListSchema = z.array(DatSchema);

export const DatIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** `PUT /api/dats/{id}`: bind the DAT to another platform, or to none (null). */
export const UpdateDatBodySchema = z.object({
  platform_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable(),
});
export type UpdateDatBody = z.infer<typeof UpdateDatBodySchema>;

/** What reading the `dats` folder did. */
export const DatFolderSyncSchema = z.object({
  imported: z.number(),
  removed: z.number(),
  unchanged: z.number(),
  /** Files that are not DATs, with why. */
  failed: z.array(z.object({ path: z.string(), detail: z.string() })),
});
export type DatFolderSync = z.infer<typeof DatFolderSyncSchema>;
