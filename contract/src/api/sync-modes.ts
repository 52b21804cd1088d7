import { z } from 'zod';

/**
 * Socket events of a device's sync run (RomM `endpoints/sockets/sync.py`), sent to the
 * device owner's own sockets only.
 */
export const SYNC_EVENTS = {
  started: 'sync:started',
  progress: 'sync:progress',
  completed: 'sync:completed',
  conflict: 'sync:conflict',
  error: 'sync:error',
} as const;

/** The modes that run on the server: it reads and writes the device's files itself. */
export type ServerSyncMode = 'file_transfer' | 'push_pull';

export interface SyncStartedPayload {
  device_id: string;
  session_id: number;
  sync_mode: ServerSyncMode;
}

export interface SyncProgressPayload {
  device_id: string;
  session_id: number;
  operations_completed: number;
  operations_planned: number;
  current_file: string | null;
}

export interface SyncCompletedPayload {
  device_id: string;
  session_id: number;
  operations_completed: number;
  operations_failed: number;
}

export interface SyncConflictPayload {
  device_id: string;
  session_id: number;
  file_name: string;
  rom_id: number;
  rom_name: string;
  reason: string;
}

export interface SyncErrorPayload {
  device_id: string;
  session_id: number;
  error: string;
}

export interface SyncServerToClientEvents {
  [SYNC_EVENTS.started]: (payload: SyncStartedPayload) => void;
  [SYNC_EVENTS.progress]: (payload: SyncProgressPayload) => void;
  [SYNC_EVENTS.completed]: (payload: SyncCompletedPayload) => void;
  [SYNC_EVENTS.conflict]: (payload: SyncConflictPayload) => void;
  [SYNC_EVENTS.error]: (payload: SyncErrorPayload) => void;
}

/** One folder of saves on a push_pull device, for one platform (RomM `save_directories`). */
export const SaveDirectorySchema = z.object({
  /** The platform's folder name in the library (RomM `fs_slug`). */
  platform_slug: z.string().min(1).max(100),
  /** Absolute folder on the device. */
  path: z.string().min(1).max(1024),
  /** Only files ending so (e.g. `.srm`); empty or absent: every file. */
  extension: z.string().max(20).nullish(),
});
export type SaveDirectory = z.infer<typeof SaveDirectorySchema>;

/**
 * `sync_config` of a push_pull device (RomM): the server logs in over SSH and syncs the save
 * folders through SFTP. The key is `ssh_key_path` or `{keys folder}/{device id}.pem`, else
 * `ssh_password`.
 */
export const PushPullConfigSchema = z.object({
  ssh_host: z.string().min(1).max(255),
  ssh_port: z.coerce.number().int().min(1).max(65535).default(22),
  ssh_username: z.string().min(1).max(255).default('root'),
  ssh_key_path: z.string().max(1024).nullish(),
  ssh_password: z.string().max(1024).nullish(),
  save_directories: z.array(SaveDirectorySchema).max(100).default([]),
});
export type PushPullConfig = z.infer<typeof PushPullConfigSchema>;
export type PushPullConfigInput = z.input<typeof PushPullConfigSchema>;
