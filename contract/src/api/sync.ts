import { z } from 'zod';

import { SAVE_SLOT_MAX_LENGTH } from './play.js';

/** A moment as clients send it: ISO-8601 with an offset (or `Z`). */
const Instant = z.iso.datetime({ offset: true });

/** One play session a device or the web player reports (RomM PlaySessionEntry). */
export const PlaySessionEntrySchema = z
  .object({
    rom_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullish(),
    save_slot: z.string().max(SAVE_SLOT_MAX_LENGTH).nullish(),
    start_time: Instant,
    end_time: Instant,
    duration_ms: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  })
  .refine((entry) => Date.parse(entry.end_time) > Date.parse(entry.start_time), {
    message: 'end_time must be after start_time',
    path: ['end_time'],
  });
export type PlaySessionEntry = z.infer<typeof PlaySessionEntrySchema>;

/** Sessions one request may report (RomM's MAX_BATCH_SIZE). */
export const MAX_PLAY_SESSION_BATCH = 100;

/** `POST /api/play-sessions` (RomM): the device is the token's when not named. */
export const PlaySessionIngestBodySchema = z.object({
  device_id: z.string().min(1).max(36).nullish(),
  sessions: z.array(PlaySessionEntrySchema).max(MAX_PLAY_SESSION_BATCH),
});
export type PlaySessionIngestBody = z.infer<typeof PlaySessionIngestBodySchema>;

export const PlaySessionSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  device_id: z.string().nullable(),
  rom_id: z.number().int().nullable(),
  save_slot: z.string().nullable(),
  start_time: z.string(),
  end_time: z.string(),
  duration_ms: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PlaySession = z.infer<typeof PlaySessionSchema>;

export const PlaySessionIngestResultSchema = z.object({
  index: z.number().int(),
  status: z.enum(['created', 'duplicate', 'error']),
  id: z.number().int().nullable(),
  detail: z.string().nullable(),
});

export const PlaySessionIngestResponseSchema = z.object({
  results: z.array(PlaySessionIngestResultSchema),
  created_count: z.number().int(),
  skipped_count: z.number().int(),
});
export type PlaySessionIngestResponse = z.infer<typeof PlaySessionIngestResponseSchema>;

export const PlaySessionListQuerySchema = z.object({
  rom_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  device_id: z.string().min(1).max(36).optional(),
  start_after: Instant.optional(),
  end_before: Instant.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const PlaySessionIdParamsSchema = z.object({
  session_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** `GET /api/play-sessions/totals?rom_id=`: time played on one game, per user (RomShelf). */
export const PlayTimeTotalsQuerySchema = z.object({
  rom_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export const PlayTimeTotalSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  total_ms: z.number().int(),
  session_count: z.number().int(),
  last_played_at: z.string(),
});
export type PlayTimeTotal = z.infer<typeof PlayTimeTotalSchema>;

/** A save as a device holds it, sent to `POST /api/sync/negotiate` (RomM ClientSaveState). */
export const ClientSaveStateSchema = z.object({
  rom_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  file_name: z.string().min(1).max(255),
  slot: z.string().max(SAVE_SLOT_MAX_LENGTH).nullish(),
  emulator: z.string().max(100).nullish(),
  content_hash: z.string().max(128).nullish(),
  updated_at: Instant,
  file_size_bytes: z.number().int().min(0),
});
export type ClientSaveState = z.infer<typeof ClientSaveStateSchema>;

export const SyncNegotiateBodySchema = z.object({
  device_id: z.string().min(1).max(36),
  saves: z.array(ClientSaveStateSchema).max(10_000),
});
export type SyncNegotiateBody = z.infer<typeof SyncNegotiateBodySchema>;

export const SyncActionSchema = z.enum(['upload', 'download', 'conflict', 'no_op', 'delete']);
export type SyncAction = z.infer<typeof SyncActionSchema>;

/** What the device must do about one save (RomM SyncOperationSchema). */
export const SyncOperationSchema = z.object({
  action: SyncActionSchema,
  rom_id: z.number().int(),
  save_id: z.number().int().nullable(),
  file_name: z.string(),
  slot: z.string().nullable(),
  emulator: z.string().nullable(),
  reason: z.string(),
  server_updated_at: z.string().nullable(),
  server_content_hash: z.string().nullable(),
});
export type SyncOperation = z.infer<typeof SyncOperationSchema>;

export const SyncNegotiateResponseSchema = z.object({
  session_id: z.number().int(),
  operations: z.array(SyncOperationSchema),
  total_upload: z.number().int(),
  total_download: z.number().int(),
  total_conflict: z.number().int(),
  total_no_op: z.number().int(),
  total_delete: z.number().int(),
});
export type SyncNegotiateResponse = z.infer<typeof SyncNegotiateResponseSchema>;

export const SyncSessionStatusSchema = z.enum([
  'pending',
  'in_progress',
  'completed',
  'failed',
  'cancelled',
]);

export const SyncSessionSchema = z.object({
  id: z.number().int(),
  device_id: z.string(),
  user_id: z.number().int(),
  status: SyncSessionStatusSchema,
  initiated_at: z.string(),
  completed_at: z.string().nullable(),
  operations_planned: z.number().int(),
  operations_completed: z.number().int(),
  operations_failed: z.number().int(),
  error_message: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SyncSession = z.infer<typeof SyncSessionSchema>;

export const SyncCompleteBodySchema = z.object({
  operations_completed: z.number().int().min(0).default(0),
  operations_failed: z.number().int().min(0).default(0),
  play_sessions: z.array(PlaySessionEntrySchema).max(MAX_PLAY_SESSION_BATCH).nullish(),
});
export type SyncCompleteBody = z.infer<typeof SyncCompleteBodySchema>;

export const SyncCompleteResponseSchema = z.object({
  session: SyncSessionSchema,
  play_session_ingest: PlaySessionIngestResponseSchema.nullable(),
});

export const SyncSessionParamsSchema = z.object({
  session_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const SyncSessionListQuerySchema = z.object({
  device_id: z.string().min(1).max(36).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

/** `POST /api/play-sessions/beacon-token`: the game the web player is about to run. */
export const PlayBeaconTokenBodySchema = z.object({
  rom_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export const PlayBeaconTokenSchema = z.object({ token: z.string(), expires_at: z.string() });
export type PlayBeaconToken = z.infer<typeof PlayBeaconTokenSchema>;

/**
 * What the web player's `navigator.sendBeacon` posts to `/api/play-sessions/beacon` (a form,
 * which a beacon may send without a CORS preflight): the stretch just played, with its token.
 */
export const PlayBeaconBodySchema = z
  .object({
    token: z.string().min(1).max(200),
    start_time: Instant,
    end_time: Instant,
    duration_ms: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  })
  .refine((entry) => Date.parse(entry.end_time) > Date.parse(entry.start_time), {
    message: 'end_time must be after start_time',
    path: ['end_time'],
  });
export type PlayBeaconBody = z.infer<typeof PlayBeaconBodySchema>;
