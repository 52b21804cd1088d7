import { z } from 'zod';

/** One game someone is playing right now, on one device (RomM ActivityEntrySchema). */
export const ActivityEntrySchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  avatar_path: z.string(),
  rom_id: z.number().int(),
  rom_name: z.string(),
  rom_cover_path: z.string(),
  platform_slug: z.string(),
  platform_name: z.string(),
  device_id: z.string(),
  /** The device's client (`web` for the web player, e.g. `grout` for a handheld). */
  device_type: z.string(),
  /** When this play started (ISO 8601). */
  started_at: z.string(),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

/** A play that ended (RomM ActivityClearSchema): payload of `activity:clear`. */
export const ActivityClearSchema = z.object({
  user_id: z.number().int(),
  device_id: z.string(),
  rom_id: z.number().int(),
});
export type ActivityClear = z.infer<typeof ActivityClearSchema>;

export const ActivityRomParamsSchema = z.object({
  rom_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** `POST /api/activity/heartbeat`: a registered device reports the game it is playing. */
export const DeviceHeartbeatBodySchema = z.object({
  rom_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  device_id: z.string().min(1).max(255),
});

/** `DELETE /api/activity/heartbeat?device_id=`: the device stopped playing. */
export const DeviceHeartbeatClearQuerySchema = z.object({
  device_id: z.string().min(1).max(255),
});

/** Entries without a heartbeat for this long are over (RomM's TTL). */
export const ACTIVITY_TTL_MS = 90_000;
/** How often the web player refreshes its entry (well inside the TTL). */
export const ACTIVITY_HEARTBEAT_INTERVAL_MS = 30_000;
/** The `device_type` of plays in the web player. */
export const WEB_DEVICE_TYPE = 'web';

/** Socket event names of live activity (RomM's). */
export const ACTIVITY_EVENTS = {
  start: 'activity:start',
  heartbeat: 'activity:heartbeat',
  stop: 'activity:stop',
  update: 'activity:update',
  clear: 'activity:clear',
} as const;

/** What the web player sends with `activity:start|heartbeat|stop` (never who is playing). */
export interface ActivityEventPayload {
  rom_id?: number;
  device_id?: string;
}

export interface ActivityServerToClientEvents {
  [ACTIVITY_EVENTS.update]: (entry: ActivityEntry) => void;
  [ACTIVITY_EVENTS.clear]: (cleared: ActivityClear) => void;
}

export interface ActivityClientToServerEvents {
  [ACTIVITY_EVENTS.start]: (payload: ActivityEventPayload) => void;
  [ACTIVITY_EVENTS.heartbeat]: (payload: ActivityEventPayload) => void;
  [ACTIVITY_EVENTS.stop]: (payload?: ActivityEventPayload) => void;
}
