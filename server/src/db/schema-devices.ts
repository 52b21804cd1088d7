import type { Generated, Selectable } from 'kysely';

/** A user's handheld or app (RomM Device); `id` is a UUID. */
export interface DeviceTable {
  id: string;
  user_id: number;
  name: string | null;
  platform: string | null;
  client: string | null;
  client_version: string | null;
  ip_address: string | null;
  mac_address: string | null;
  hostname: string | null;
  sync_mode: string;
  sync_enabled: Generated<number>;
  /** JSON text. */
  sync_config: string | null;
  last_seen: string | null;
  created_at: string;
  updated_at: string;
}

/** When a device last took or sent a save; untracked: it no longer syncs that save. */
export interface DeviceSaveSyncTable {
  device_id: string;
  save_id: number;
  last_synced_at: string;
  is_untracked: Generated<number>;
}

/** One negotiation of a device and its outcome (RomM SyncSession). */
export interface SyncSessionTable {
  id: Generated<number>;
  device_id: string;
  user_id: number;
  status: string;
  initiated_at: string;
  completed_at: string | null;
  operations_planned: Generated<number>;
  operations_completed: Generated<number>;
  operations_failed: Generated<number>;
  error_message: string | null;
  created_at: string;
  updated_at: string;
}

/** Time played on a ROM, reported by a device or the web player. */
export interface PlaySessionTable {
  id: Generated<number>;
  user_id: number;
  device_id: string | null;
  rom_id: number | null;
  save_slot: string | null;
  start_time: string;
  end_time: string;
  duration_ms: number;
  created_at: string;
  updated_at: string;
}

export type DeviceRow = Selectable<DeviceTable>;
export type DeviceSaveSyncRow = Selectable<DeviceSaveSyncTable>;
export type SyncSessionRow = Selectable<SyncSessionTable>;
export type PlaySessionRow = Selectable<PlaySessionTable>;
