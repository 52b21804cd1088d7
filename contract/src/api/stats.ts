import { z } from 'zod';

import { queryBoolean } from './common.js';

/** Metadata sources whose ids `METADATA_COVERAGE` counts, in the order they are listed. */
export const STATS_METADATA_SOURCES = [
  'igdb',
  'moby',
  'ss',
  'ra',
  'launchbox',
  'hasheous',
  'sgdb',
  'tgdb',
] as const;
export type StatsMetadataSource = (typeof STATS_METADATA_SOURCES)[number];

export const StatsQuerySchema = z.object({
  include_platform_stats: queryBoolean(false),
});

export const MetadataCoverageSchema = z.object({
  source: z.enum(STATS_METADATA_SOURCES),
  /** ROMs of the platform carrying an id of this source. */
  matched: z.number().int(),
});
export type MetadataCoverage = z.infer<typeof MetadataCoverageSchema>;

export const RegionCountSchema = z.object({
  region: z.string(),
  /** ROMs of the platform tagged with this region. */
  count: z.number().int(),
});
export type RegionCount = z.infer<typeof RegionCountSchema>;

/**
 * GET /api/stats. `PLATFORMS` counts platforms holding at least one ROM. ROMs flagged missing
 * from the filesystem still count as games (like a platform's `rom_count`) but not in
 * `TOTAL_FILESIZE_BYTES` (like its `fs_size_bytes`). The per-platform maps, keyed by platform id,
 * have an entry for every platform `PLATFORMS` counts with `include_platform_stats=true`, and are
 * empty without it (RomM always sends both).
 */
export const StatsSchema = z.object({
  PLATFORMS: z.number().int(),
  ROMS: z.number().int(),
  SAVES: z.number().int(),
  STATES: z.number().int(),
  SCREENSHOTS: z.number().int(),
  TOTAL_FILESIZE_BYTES: z.number().int(),
  /** Every source of STATS_METADATA_SOURCES, in that order. */
  METADATA_COVERAGE: z.record(z.string(), z.array(MetadataCoverageSchema)),
  /** Regions by descending count, then by name. */
  REGION_BREAKDOWN: z.record(z.string(), z.array(RegionCountSchema)),
});
export type Stats = z.infer<typeof StatsSchema>;
