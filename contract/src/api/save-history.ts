import { z } from 'zod';

/** Most earlier versions one save or state may keep. */
export const SAVE_HISTORY_MAX_VERSIONS = 100;
/** Longest a replaced version may be kept, in days. */
export const SAVE_HISTORY_MAX_AGE_DAYS = 3650;

/** An earlier content of one of your saves or states, kept when an upload replaced it. */
export const SaveVersionSchema = z.object({
  id: z.number().int(),
  /** The save or state it is a version of. */
  asset_id: z.number().int(),
  kind: z.enum(['save', 'state']),
  file_name: z.string(),
  file_size_bytes: z.number().int(),
  content_hash: z.string().nullable(),
  emulator: z.string().nullable(),
  /** The device that wrote this content; null when none was named (the web app, a plain upload). */
  device_id: z.string().nullable(),
  device_name: z.string().nullable(),
  /** When this content was written. */
  saved_at: z.string(),
  /** When a newer content replaced it. */
  replaced_at: z.string(),
  download_path: z.string(),
});
export type SaveVersion = z.infer<typeof SaveVersionSchema>;

/** `/api/{saves|states}/{id}/versions/{version_id}…` */
export const AssetVersionParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  version_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

const MaxVersions = z.number().int().min(0).max(SAVE_HISTORY_MAX_VERSIONS);
const MaxAgeDays = z.number().int().min(0).max(SAVE_HISTORY_MAX_AGE_DAYS);

/**
 * How many earlier versions each of your saves and states keeps, and for how many days after
 * being replaced (0 versions: none kept; 0 days: no age limit). Null: the server's default.
 */
export const SaveHistorySettingsBodySchema = z.object({
  max_versions: MaxVersions.nullable(),
  max_age_days: MaxAgeDays.nullable(),
});
export type SaveHistorySettingsBody = z.infer<typeof SaveHistorySettingsBodySchema>;

export const SaveHistorySettingsSchema = SaveHistorySettingsBodySchema.extend({
  default_max_versions: MaxVersions,
  default_max_age_days: MaxAgeDays,
});
export type SaveHistorySettings = z.infer<typeof SaveHistorySettingsSchema>;
