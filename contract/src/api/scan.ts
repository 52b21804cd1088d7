import { z } from 'zod';

import type { SimpleRom } from './roms.js';
import type { ActivityClientToServerEvents, ActivityServerToClientEvents } from './activity.js';
import type { PermissionServerToClientEvents } from './permissions.js';
import type { LogsServerToClientEvents } from './logs.js';
import type { SyncServerToClientEvents } from './sync-modes.js';
import type { TaskServerToClientEvents } from './tasks.js';

/**
 * Scan types (RomM §7.1). `unmatched` is RomM's name for `unidentified` and is accepted too.
 * With `apis`, `unidentified` also re-identifies unidentified ROMs, `update` re-fetches the
 * metadata of identified ones and `complete` does both.
 */
export const SCAN_TYPES = [
  'new_platforms',
  'quick',
  'unidentified',
  'unmatched',
  'update',
  'complete',
  'hashes',
] as const;
export type ScanType = (typeof SCAN_TYPES)[number];

/** What the client emits with the socket event `scan`. */
export const ScanRequestSchema = z.object({
  /** Platform ids; empty = every platform folder. */
  platforms: z.array(z.number().int()).default([]),
  type: z.enum(SCAN_TYPES).default('quick'),
  /** Metadata sources to use (igdb, ss, moby, ra, lb/launchbox, hasheous, sgdb, playmatch). */
  apis: z.array(z.string()).default([]),
  /**
   * ROM ids (RomM's name): only these are re-identified with `apis` (metadata refresh), no
   * folder is walked. Fields edited by hand are kept.
   */
  roms_ids: z.array(z.number().int().min(1)).max(10_000).default([]),
});
export type ScanRequest = z.infer<typeof ScanRequestSchema>;

/** Counters sent with `scan:update_stats` and `scan:done` (RomM keys plus our own). */
export interface ScanStats {
  total_platforms: number;
  total_roms: number;
  scanned_platforms: number;
  new_platforms: number;
  identified_platforms: number;
  scanned_roms: number;
  new_roms: number;
  identified_roms: number;
  scanned_firmware: number;
  new_firmware: number;
  /** ROMs whose files changed and were refreshed (ours). */
  updated_roms: number;
  /** ROMs newly flagged missing_from_fs (ours). */
  missing_roms: number;
  /** Files whose content was read and hashed (ours; 0 on an unchanged rescan). */
  hashed_files: number;
  hashed_bytes: number;
  /** Entries skipped because they could not be read (ours; details are logged). */
  skipped_files: number;
}

/** Payload of `scan:scanning_platform`. */
export interface ScanPlatformEvent {
  id: number;
  name: string;
  display_name: string;
  slug: string;
  fs_slug: string;
  is_identified: boolean;
  new_firmware_count: number;
}

/** Socket event names of the scan protocol. */
export const SCAN_EVENTS = {
  start: 'scan',
  stop: 'scan:stop',
  scanningPlatform: 'scan:scanning_platform',
  scanningRom: 'scan:scanning_rom',
  updateStats: 'scan:update_stats',
  done: 'scan:done',
  doneKo: 'scan:done_ko',
} as const;

/** Minimum time between two `scan:update_stats` events. */
export const SCAN_STATS_INTERVAL_MS = 250;

/** Payload of `scan:scanning_rom`: a simple ROM without dates, user data, files and siblings. */
export type ScanRomEvent = Omit<
  SimpleRom,
  'created_at' | 'updated_at' | 'rom_user' | 'files' | 'sibling_roms'
>;

/** What a client may send with `scan` (validated by the server; defaults fill the gaps). */
export type ScanRequestInput = z.input<typeof ScanRequestSchema>;

/** Events the server emits on the socket (socket.io's server-to-client event map). */
export interface ServerToClientEvents
  extends
    TaskServerToClientEvents,
    ActivityServerToClientEvents,
    PermissionServerToClientEvents,
    LogsServerToClientEvents,
    SyncServerToClientEvents {
  [SCAN_EVENTS.scanningPlatform]: (platform: ScanPlatformEvent) => void;
  [SCAN_EVENTS.scanningRom]: (rom: ScanRomEvent) => void;
  [SCAN_EVENTS.updateStats]: (stats: ScanStats) => void;
  [SCAN_EVENTS.done]: (stats: ScanStats) => void;
  /** The reason the scan failed or was refused. */
  [SCAN_EVENTS.doneKo]: (reason: string) => void;
}

/** Events a client emits on the socket (socket.io's client-to-server event map). */
export interface ClientToServerEvents extends ActivityClientToServerEvents {
  [SCAN_EVENTS.start]: (request?: ScanRequestInput) => void;
  [SCAN_EVENTS.stop]: () => void;
}
