import { z } from 'zod';

import { FirmwareSchema } from './play.js';

/** A platform as the API shows it (RomM PlatformSchema fields). */
export const PlatformSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  fs_slug: z.string(),
  rom_count: z.number().int(),
  name: z.string(),
  igdb_slug: z.string().nullable(),
  moby_slug: z.string().nullable(),
  hltb_slug: z.string().nullable(),
  libretro_slug: z.string().nullable(),
  custom_name: z.string().nullable(),
  description: z.string().nullable(),
  igdb_id: z.number().int().nullable(),
  sgdb_id: z.number().int().nullable(),
  moby_id: z.number().int().nullable(),
  launchbox_id: z.number().int().nullable(),
  ss_id: z.number().int().nullable(),
  ra_id: z.number().int().nullable(),
  hasheous_id: z.number().int().nullable(),
  tgdb_id: z.number().int().nullable(),
  flashpoint_id: z.number().int().nullable(),
  category: z.string().nullable(),
  generation: z.number().int().nullable(),
  family_name: z.string().nullable(),
  family_slug: z.string().nullable(),
  url: z.string().nullable(),
  url_logo: z.string().nullable(),
  /** The platform's BIOS / firmware files found in the library. */
  firmware: z.array(FirmwareSchema),
  created_at: z.string(),
  updated_at: z.string(),
  /** Sum of the sizes of the platform's ROMs that are present on disk. */
  fs_size_bytes: z.number().int(),
  is_unidentified: z.boolean(),
  is_identified: z.boolean(),
  missing_from_fs: z.boolean(),
  /** `custom_name` when set, else `name`. */
  display_name: z.string(),
  firmware_count: z.number().int(),
});
export type Platform = z.infer<typeof PlatformSchema>;

/**
 * A list of platforms. `GET /api/platforms/supported` lists every catalog platform in this shape
 * too: the library's own platform where it has one, else the catalog's fields with id -1.
 */
export const PlatformListSchema = z.array(PlatformSchema);

export const PlatformIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/**
 * `PUT /api/platforms/{id}` (RomM): the custom display name and description. An absent field is
 * left as it is; an empty name (or null) goes back to the catalog name.
 */
export const UpdatePlatformBodySchema = z.object({
  custom_name: z
    .string()
    .trim()
    .max(400)
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value)),
  description: z.string().max(10_000).nullable().optional(),
});
export type UpdatePlatformBody = z.infer<typeof UpdatePlatformBodySchema>;

/** `POST /api/platforms` (RomM): the folder name of the platform to add. */
export const AddPlatformBodySchema = z.object({
  fs_slug: z.string().trim().min(1).max(255),
});
export type AddPlatformBody = z.infer<typeof AddPlatformBodySchema>;
