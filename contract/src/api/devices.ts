import { z } from 'zod';

/** How a device keeps its saves in step (RomM SyncMode); RomShelf negotiates over the API. */
export const SyncModeSchema = z.enum(['api', 'file_transfer', 'push_pull']);
export type SyncMode = z.infer<typeof SyncModeSchema>;

const optionalText = (max: number) => z.string().max(max).nullish();

/** Keys of `sync_config` never shown back (RomM masks them). */
export const SENSITIVE_SYNC_CONFIG_KEYS = ['ssh_password', 'ssh_key_path'] as const;

/** How a sensitive `sync_config` value is shown; sent back as is, the stored value stays. */
export const SYNC_CONFIG_MASK = '********';

/** A handheld or other client of one user (RomM DeviceSchema). */
export const DeviceSchema = z.object({
  id: z.string(),
  user_id: z.number().int(),
  name: z.string().nullable(),
  platform: z.string().nullable(),
  client: z.string().nullable(),
  client_version: z.string().nullable(),
  /** The app's own id of the device, from the device flow that approved it; null otherwise. */
  client_device_identifier: z.string().nullable(),
  ip_address: z.string().nullable(),
  mac_address: z.string().nullable(),
  hostname: z.string().nullable(),
  sync_mode: SyncModeSchema,
  sync_enabled: z.boolean(),
  sync_config: z.record(z.string(), z.unknown()).nullable(),
  last_seen: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Device = z.infer<typeof DeviceSchema>;

const DeviceFields = {
  name: optionalText(255),
  platform: optionalText(50),
  client: optionalText(50),
  client_version: optionalText(50),
  ip_address: optionalText(45),
  mac_address: optionalText(17),
  hostname: optionalText(255),
  sync_mode: SyncModeSchema.nullish(),
  sync_config: z.record(z.string(), z.unknown()).nullish(),
};

/**
 * `POST /api/devices` (RomM): a device with the same fingerprint (MAC address, else host name
 * and platform) is answered again (200) unless `allow_existing` is false (409);
 * `allow_duplicate` always registers a new one (201); `reset_syncs` forgets what the existing
 * device had synced.
 */
export const DeviceCreateBodySchema = z.object({
  ...DeviceFields,
  allow_existing: z.boolean().default(true),
  allow_duplicate: z.boolean().default(false),
  reset_syncs: z.boolean().default(false),
});
export type DeviceCreateBody = z.infer<typeof DeviceCreateBodySchema>;

export const DeviceCreatedSchema = z.object({
  device_id: z.string(),
  name: z.string().nullable(),
  created_at: z.string(),
});
export type DeviceCreated = z.infer<typeof DeviceCreatedSchema>;

/** `PUT /api/devices/{id}`: only the fields sent change (rename, sync on or off, ...). */
export const DeviceUpdateBodySchema = z.object({
  ...DeviceFields,
  sync_enabled: z.boolean().nullish(),
});
export type DeviceUpdateBody = z.infer<typeof DeviceUpdateBodySchema>;

export const DeviceIdParamsSchema = z.object({ device_id: z.string().min(1).max(36) });

/** `device_id` (and a sync `session_id`) a device passes with its save calls (RomM). */
export const DeviceQuerySchema = z.object({ device_id: z.string().min(1).max(36).optional() });

/** `POST /api/saves/{id}/downloaded|track|untrack` (RomM). */
export const SaveDeviceBodySchema = z.object({ device_id: z.string().min(1).max(36) });
