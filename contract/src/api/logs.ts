import { z } from 'zod';

/** How many recent log lines the server keeps for the logs viewer (RomM's ring buffer size). */
export const LOG_BUFFER_SIZE = 1000;

/** The socket event carrying one new log line to admins holding `logs.read`. */
export const LOGS_ENTRY_EVENT = 'logs:entry';

/** Log levels as the viewer shows them, lowest first. */
export const LOG_ENTRY_LEVELS = ['TRACE', 'DEBUG', 'INFO', 'WARNING', 'ERROR', 'CRITICAL'] as const;
export type LogEntryLevel = (typeof LOG_ENTRY_LEVELS)[number];

/** One server log line (RomM's LogEntrySchema), secrets already redacted. */
export const LogEntrySchema = z.object({
  /** When it was written, epoch milliseconds. */
  ts: z.number().int(),
  level: z.enum(LOG_ENTRY_LEVELS),
  /** The part of the server that wrote it (`http`, `scan`, `metadata`, …). */
  module: z.string(),
  message: z.string(),
});
export type LogEntry = z.infer<typeof LogEntrySchema>;

/** `GET /api/logs?limit=`: the most recent lines, oldest first (the limit is clamped to 1–1000). */
export const LogsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .default(LOG_BUFFER_SIZE)
    .transform((value) => Math.max(1, Math.min(value, LOG_BUFFER_SIZE))),
});

export interface LogsServerToClientEvents {
  [LOGS_ENTRY_EVENT]: (entry: LogEntry) => void;
}
