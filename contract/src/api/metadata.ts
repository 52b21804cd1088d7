import { z } from 'zod';

/** Metadata sources a ROM can be matched with (RomM `apis` values and match sources). */
export const MATCH_SOURCES = ['igdb', 'ss', 'moby', 'ra', 'launchbox', 'hasheous', 'sgdb'] as const;
export type MatchSource = (typeof MATCH_SOURCES)[number];

/** Query of `GET /api/search/roms` (RomM SPEC §7). */
export const SearchRomsQuerySchema = z.object({
  rom_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  /** Defaults to the ROM's file name without tags. */
  search_term: z.string().max(500).optional(),
  search_by: z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(['name', 'id']))
    .default('name'),
});
export type SearchRomsQuery = z.infer<typeof SearchRomsQuerySchema>;

/** One candidate of the manual match dialog (RomM SearchRomSchema). */
export const SearchRomSchema = z.object({
  id: z.number().int().nullable(),
  igdb_id: z.number().int().nullable(),
  moby_id: z.number().int().nullable(),
  ss_id: z.number().int().nullable(),
  sgdb_id: z.number().int().nullable(),
  flashpoint_id: z.string().nullable(),
  launchbox_id: z.number().int().nullable(),
  libretro_id: z.string().nullable(),
  platform_id: z.number().int(),
  name: z.string(),
  slug: z.string().nullable(),
  summary: z.string().nullable(),
  igdb_url_cover: z.string().nullable(),
  moby_url_cover: z.string().nullable(),
  ss_url_cover: z.string().nullable(),
  sgdb_url_cover: z.string().nullable(),
  flashpoint_url_cover: z.string().nullable(),
  launchbox_url_cover: z.string().nullable(),
  libretro_url_cover: z.string().nullable(),
  is_unidentified: z.boolean(),
  is_identified: z.boolean(),
});
export type SearchRom = z.infer<typeof SearchRomSchema>;

export const SearchCoverQuerySchema = z.object({
  search_term: z.string().min(1).max(500),
});

/** `GET /api/search/cover`: SteamGridDB games with their cover grids. */
export const SearchCoverResultSchema = z.object({
  name: z.string(),
  resources: z.array(
    z.object({
      thumb: z.string(),
      url: z.string(),
      type: z.enum(['static', 'animated']),
      width: z.number(),
      height: z.number(),
      style: z.string(),
      author: z.string(),
      score: z.number(),
    }),
  ),
});
export type SearchCoverResult = z.infer<typeof SearchCoverResultSchema>;

/** Body of `POST /api/roms/{id}/match`: apply one provider's game to a ROM. */
export const MatchRomBodySchema = z.object({
  source: z.enum(MATCH_SOURCES),
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export type MatchRomBody = z.infer<typeof MatchRomBodySchema>;

/** Query of `DELETE /api/roms/{id}/match`: one source, or every source when absent. */
export const UnmatchRomQuerySchema = z.object({
  source: z.enum(MATCH_SOURCES).optional(),
});

/** What an ended LaunchBox update run did (read from its status, `meta.update_stats`). */
export const LaunchboxTaskResultSchema = z.object({
  task_name: z.literal('update_launchbox_metadata'),
  status: z.enum(['finished', 'failed']),
  games: z.number().int(),
  alternate_names: z.number().int(),
  images: z.number().int(),
  error: z.string().nullable(),
});
export type LaunchboxTaskResult = z.infer<typeof LaunchboxTaskResultSchema>;
