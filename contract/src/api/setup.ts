import { z } from 'zod';

import { PlatformSchema } from './platforms.js';

/** A platform folder of the library with the number of games a scan will make of it. */
export const SetupPlatformFolderSchema = z.object({
  fs_slug: z.string(),
  rom_count: z.number().int(),
  /** The platform the folder holds (catalog slug, through bindings); null when unknown. */
  slug: z.string().nullable(),
  name: z.string().nullable(),
});
export type SetupPlatformFolder = z.infer<typeof SetupPlatformFolderSchema>;

/**
 * GET /api/setup/library (RomM's wizard library step). `detected_structure` is RomM's
 * `struct_a` (`roms/{platform}`), `struct_b` (`{platform}/roms`) or null (no platform folder
 * yet). RomShelf adds `library_path` and `unknown_folders`: folders no catalog platform or
 * binding claims, which the admin binds with POST /api/setup/platforms.
 */
export const SetupLibrarySchema = z.object({
  detected_structure: z.enum(['struct_a', 'struct_b']).nullable(),
  library_path: z.string(),
  existing_platforms: z.array(SetupPlatformFolderSchema),
  unknown_folders: z.array(z.string()),
  supported_platforms: z.array(PlatformSchema),
});
export type SetupLibrary = z.infer<typeof SetupLibrarySchema>;

const FolderNameSchema = z.string().min(1).max(255);

/**
 * POST /api/setup/platforms: RomM's JSON array of platform slugs (a folder is created for each),
 * or RomShelf's object that also binds folders to platforms in config.yml.
 */
export const SetupPlatformsBodySchema = z.union([
  z.array(FolderNameSchema).max(1000),
  z.object({
    create: z.array(FolderNameSchema).max(1000).default([]),
    bindings: z.record(FolderNameSchema, FolderNameSchema).default({}),
  }),
]);
export type SetupPlatformsBody = z.infer<typeof SetupPlatformsBodySchema>;

export const SetupPlatformsResultSchema = z.object({
  success: z.boolean(),
  created_count: z.number().int(),
  bound_count: z.number().int(),
  message: z.string(),
});
export type SetupPlatformsResult = z.infer<typeof SetupPlatformsResultSchema>;
