import { z } from 'zod';

import { queryBoolean } from './common.js';

/** The frontends a platform's games can be exported for. */
export const EXPORT_FORMATS = ['gamelist-xml', 'pegasus'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The file each format is written as, in a platform's ROM folder. */
export const EXPORT_FILE_NAMES: Record<ExportFormat, string> = {
  'gamelist-xml': 'gamelist.xml',
  pegasus: 'metadata.pegasus.txt',
};

const queryId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** `?platform_ids=1&platform_ids=2` (or one value) as a list; empty when absent. */
const queryIds = z
  .union([queryId, z.array(queryId).max(1_000)])
  .optional()
  .transform((value): number[] =>
    value === undefined ? [] : Array.isArray(value) ? value : [value],
  );

/** RomM's `POST /api/export/{gamelist-xml,pegasus}`: platforms whose folders get the file. */
export const ExportWriteQuerySchema = z.object({
  platform_ids: queryIds,
  /** Paths relative to the platform folder (media copied beside the file) instead of URLs. */
  local_export: queryBoolean(false),
});

/** `GET /api/export/{gamelist-xml,pegasus}`: one platform's file, downloaded (RomShelf). */
export const ExportDownloadQuerySchema = z.object({
  platform_id: queryId,
  /** Game paths relative to the platform folder instead of download URLs (media stay URLs). */
  local_export: queryBoolean(false),
});

/** `GET /api/export/summary`: what an export of these platforms would hold. */
export const ExportSummaryQuerySchema = z.object({ platform_ids: queryIds });

export const ExportPlatformSummarySchema = z.object({
  platform_id: z.number().int(),
  platform_name: z.string(),
  /** Games on disk the export lists (games missing from disk are left out). */
  games: z.number().int(),
  /** The library-relative folder the files are written to. */
  folder: z.string(),
});
export type ExportPlatformSummary = z.infer<typeof ExportPlatformSummarySchema>;
export const ExportSummarySchema = z.array(ExportPlatformSummarySchema);
