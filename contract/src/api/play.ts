import { z } from 'zod';

import { queryBoolean } from './common.js';

/** A BIOS / firmware file of a platform (RomM FirmwareSchema). */
export const FirmwareSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  file_name_no_tags: z.string(),
  file_name_no_ext: z.string(),
  file_extension: z.string(),
  /** Library-relative folder, e.g. `bios/psx`. */
  file_path: z.string(),
  file_size_bytes: z.number().int(),
  /** Library-relative path, e.g. `bios/gba/gba_bios.bin`. */
  full_path: z.string(),
  /** Size and one of md5/sha1/crc equal to the known BIOS list. */
  is_verified: z.boolean(),
  crc_hash: z.string(),
  md5_hash: z.string(),
  sha1_hash: z.string(),
  missing_from_fs: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Firmware = z.infer<typeof FirmwareSchema>;

export const FirmwareListQuerySchema = z.object({
  platform_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

export const FirmwareUploadQuerySchema = z.object({
  platform_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const FirmwareUploadResultSchema = z.object({
  uploaded: z.number().int(),
  firmware: z.array(FirmwareSchema),
});

export const FirmwareDeleteBodySchema = z.object({
  firmware: z.array(z.number().int().min(1)).max(10_000),
  /** Ids whose files are also removed from the library. */
  delete_from_fs: z.array(z.number().int().min(1)).max(10_000).default([]),
});

/** RomM BulkOperationResponse. */
export const BulkOperationResultSchema = z.object({
  successful_items: z.number().int(),
  failed_items: z.number().int(),
  errors: z.array(z.string()),
});

export const FirmwareContentParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  file_name: z.string().min(1),
});

/** A screenshot taken by the emulator (stored next to the user's states). */
export const ScreenshotSchema = z.object({
  id: z.number().int(),
  rom_id: z.number().int(),
  user_id: z.number().int(),
  file_name: z.string(),
  file_name_no_tags: z.string(),
  file_name_no_ext: z.string(),
  file_extension: z.string(),
  file_path: z.string(),
  file_size_bytes: z.number().int(),
  full_path: z.string(),
  download_path: z.string(),
  missing_from_fs: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  is_gallery: z.boolean(),
  is_public: z.boolean(),
});
export type Screenshot = z.infer<typeof ScreenshotSchema>;

const PlayAssetBase = ScreenshotSchema.omit({ is_gallery: true }).extend({
  emulator: z.string().nullable(),
  screenshot: ScreenshotSchema.nullable(),
});

/** When one device last took or sent a save (RomM DeviceSyncSchema). */
export const DeviceSyncSchema = z.object({
  device_id: z.string(),
  device_name: z.string().nullable(),
  last_synced_at: z.string(),
  is_untracked: z.boolean(),
  is_current: z.boolean(),
});

/** Longest slot name (RomM's SAVE_SLOT_MAX_LENGTH). */
export const SAVE_SLOT_MAX_LENGTH = 255;

/** An emulator save (SRAM) of one user for one ROM (RomM SaveSchema). */
export const SaveSchema = PlayAssetBase.extend({
  /** The slot it was uploaded to; slotted uploads keep their versions (null: no slot). */
  slot: z.string().nullable(),
  content_hash: z.string().nullable(),
  /** The device that first uploaded it, null when sent without a device. */
  origin_device_id: z.string().nullable(),
  /**
   * The devices that have synced it (RomM): filled when the caller names its `device_id`, the
   * caller's entry first (a placeholder, not current, when it never synced this save).
   */
  device_syncs: z.array(DeviceSyncSchema),
});
export type Save = z.infer<typeof SaveSchema>;

/** `GET /api/saves/summary?rom_id=`: the caller's saves of one ROM, grouped by slot (RomM). */
export const SaveSummarySchema = z.object({
  total_count: z.number().int(),
  /** One entry per slot (`null`: saves without a slot), most recently updated first. */
  slots: z.array(
    z.object({ slot: z.string().nullable(), count: z.number().int(), latest: SaveSchema }),
  ),
});
export type SaveSummary = z.infer<typeof SaveSummarySchema>;

export const SaveSummaryQuerySchema = z.object({
  rom_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** An emulator save state of one user for one ROM (RomM StateSchema). */
export const StateSchema = PlayAssetBase;
export type State = z.infer<typeof StateSchema>;

/** Who owns an asset in a ROM's `all_user_*` lists (RomM User{Save,State,Screenshot}Schema). */
const AssetOwnerFields = {
  username: z.string(),
  /** Where the avatar loads from, '' without one (as the user's `avatar_path`). */
  user_avatar_path: z.string(),
  user_updated_at: z.string(),
};
export const UserScreenshotSchema = ScreenshotSchema.extend(AssetOwnerFields);
export type UserScreenshot = z.infer<typeof UserScreenshotSchema>;
export const UserSaveSchema = SaveSchema.extend(AssetOwnerFields);
export type UserSave = z.infer<typeof UserSaveSchema>;
export const UserStateSchema = StateSchema.extend(AssetOwnerFields);
export type UserState = z.infer<typeof UserStateSchema>;

export const AssetUploadQuerySchema = z.object({
  rom_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  emulator: z.string().max(100).optional(),
});

/** Versions a slot keeps whatever the client asks (RomM's MAX_SAVES_PER_SLOT default). */
export const MAX_SAVES_PER_SLOT = 50;
/** Largest `autocleanup_limit` honoured (RomM's MAX_AUTOCLEANUP_LIMIT default). */
export const MAX_AUTOCLEANUP_LIMIT = 100;

/**
 * `POST /api/saves` as RomM 5: a `slot` tags the stored name with the upload time and keeps the
 * slot's versions; without `overwrite` an upload identical to a version of its slot is not
 * stored again; `autocleanup` keeps the newest `autocleanup_limit` (1..100) versions of the slot.
 */
export const SaveUploadQuerySchema = AssetUploadQuerySchema.extend({
  slot: z.string().max(SAVE_SLOT_MAX_LENGTH).optional(),
  overwrite: queryBoolean(false),
  autocleanup: queryBoolean(false),
  autocleanup_limit: z.coerce.number().int().default(10),
  /**
   * The uploading device: records its sync, and without `overwrite` refuses (409) an upload
   * over a save that changed since that device last synced it; the upload is then kept aside
   * as a save of its own, so neither side's progress is lost.
   */
  device_id: z.string().min(1).max(36).optional(),
  /** The sync session this upload belongs to (counted as one completed operation). */
  session_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

export const AssetListQuerySchema = z.object({
  rom_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  platform_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** `GET /api/saves`: also by slot. */
export const SaveListQuerySchema = AssetListQuerySchema.extend({
  slot: z.string().max(SAVE_SLOT_MAX_LENGTH).optional(),
  /** Fills each save's `device_syncs` for this device of the caller. */
  device_id: z.string().min(1).max(36).optional(),
});

/** `GET /api/saves/{id}/content` (RomM): an `optimistic` download by a device counts as synced. */
export const SaveContentQuerySchema = z.object({
  device_id: z.string().min(1).max(36).optional(),
  session_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  optimistic: queryBoolean(true),
});

/** `PUT /api/{saves|states}/{id}/visibility` (RomM). */
export const AssetVisibilityBodySchema = z.object({ is_public: z.boolean() });

export const AssetIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const SavesDeleteBodySchema = z.object({
  saves: z.array(z.number().int().min(1)).min(1).max(10_000),
});
export const StatesDeleteBodySchema = z.object({
  states: z.array(z.number().int().min(1)).min(1).max(10_000),
});
/** The ids that were deleted. */
export const DeletedIdsSchema = z.array(z.number().int());

/** `POST /api/screenshots?rom_id=`: images added to the game's gallery by the caller. */
export const ScreenshotUploadQuerySchema = z.object({
  rom_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/**
 * What `POST /api/screenshots` answers (RomM UploadedScreenshotsResponse): how many images it
 * stored, the caller's screenshots of the game, and the game's provider screenshots.
 */
export const UploadedScreenshotsSchema = z.object({
  uploaded: z.number().int(),
  screenshots: z.array(ScreenshotSchema),
  merged_screenshots: z.array(z.string()),
});
export type UploadedScreenshots = z.infer<typeof UploadedScreenshotsSchema>;
