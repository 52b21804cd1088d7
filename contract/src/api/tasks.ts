import { z } from 'zod';

/** RomM's task types (`backend/tasks/tasks.py` TaskType). */
export const TASK_TYPES = [
  'scan',
  'conversion',
  'cleanup',
  'update',
  'sync',
  'watcher',
  'generic',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** The task names RomShelf has, as RomM names them. */
export const TASK_NAMES = {
  scanLibrary: 'scan_library',
  updateLaunchboxMetadata: 'update_launchbox_metadata',
  convertImagesToWebp: 'convert_images_to_webp',
  cleanupOrphanedResources: 'cleanup_orphaned_resources',
  cleanupMissingRoms: 'cleanup_missing_roms',
  syncRetroachievementsProgress: 'sync_retroachievements_progress',
  pruneSaveHistory: 'prune_save_history',
  filesystemWatcher: 'filesystem_watcher',
  verifyDats: 'verify_dats',
  syncPushPull: 'sync_push_pull',
  syncFolderScan: 'sync_folder_scan',
} as const;
export type TaskName = (typeof TASK_NAMES)[keyof typeof TASK_NAMES];

/** One task of `GET /api/tasks` (RomM's TaskInfo). */
export const TaskInfoSchema = z.object({
  name: z.string(),
  type: z.enum(TASK_TYPES),
  manual_run: z.boolean(),
  title: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  /** The schedule; "" for tasks without one. */
  cron_string: z.string(),
});
export type TaskInfo = z.infer<typeof TaskInfoSchema>;

/**
 * `PUT /api/tasks/{task_name}/schedule` (ours): when a task with a schedule runs on its own.
 * `enabled: false` makes it manual only; the cron is kept for when it is switched back on.
 */
export const TaskScheduleUpdateSchema = z.object({
  enabled: z.boolean(),
  cron: z.string().max(255),
});
export type TaskScheduleUpdate = z.infer<typeof TaskScheduleUpdateSchema>;

/** `GET /api/tasks`: the tasks grouped as RomM's Tasks page shows them. */
export const GroupedTasksSchema = z.object({
  scheduled: z.array(TaskInfoSchema),
  manual: z.array(TaskInfoSchema),
  watcher: z.array(TaskInfoSchema),
});
export type GroupedTasks = z.infer<typeof GroupedTasksSchema>;

/** Job states (RQ's names); a run is `queued` only for the instant before it starts. */
export const TASK_STATUSES = ['queued', 'started', 'finished', 'failed'] as const;
export type TaskStatusValue = (typeof TASK_STATUSES)[number];

/** What started a run (ours). */
export const TASK_TRIGGERS = ['manual', 'scheduled', 'watcher'] as const;

/** Counters a run keeps under its type's meta key (`scan_stats`, `cleanup_stats`…). */
export const TaskStatsSchema = z.record(
  z.string(),
  z.union([z.number(), z.string(), z.null(), z.array(z.number())]),
);
export type TaskStats = z.infer<typeof TaskStatsSchema>;

/**
 * A run of a task (RomM's TaskStatusResponse): `task_name` is the task's title and `meta` holds
 * its counters under `scan_stats`, `conversion_stats`, `cleanup_stats` or `update_stats`. Our
 * own fields: `task_key` (the task's name), `trigger`, `progress` (items done of total while the
 * run is live, null once it ended), `duration_ms` and `error` (the failure's text).
 */
export const TaskStatusSchema = z.object({
  task_name: z.string(),
  task_id: z.string(),
  status: z.enum(TASK_STATUSES),
  created_at: z.string(),
  enqueued_at: z.string().nullable(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  task_type: z.enum(TASK_TYPES),
  meta: z.record(z.string(), TaskStatsSchema),
  task_key: z.string(),
  trigger: z.enum(TASK_TRIGGERS),
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  duration_ms: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/** `POST /api/tasks/run/{task_name}` (RomM's TaskExecutionResponse, plus our `task_key`). */
export const TaskExecutionSchema = z.object({
  task_name: z.string(),
  task_id: z.string(),
  status: z.enum(TASK_STATUSES),
  created_at: z.string(),
  enqueued_at: z.string().nullable(),
  task_key: z.string(),
});
export type TaskExecution = z.infer<typeof TaskExecutionSchema>;

export const TaskIdParamsSchema = z.object({ task_id: z.string().min(1).max(100) });
export const TaskNameParamsSchema = z.object({ task_name: z.string().min(1).max(100) });

/** Runs kept in the history (older ones are dropped when a run ends). */
export const TASK_HISTORY_LIMIT = 200;

/** Socket events of task runs, sent to the users allowed to run tasks (`tasks.run`). */
export const TASK_EVENTS = {
  /** A run started or moved on (throttled); the payload is its status. */
  progress: 'task:progress',
  /** A run finished or failed; the payload is its final status. */
  end: 'task:end',
} as const;

/** Minimum time between two `task:progress` events of one run. */
export const TASK_PROGRESS_INTERVAL_MS = 250;

/** The task events of the server-to-client socket event map. */
export interface TaskServerToClientEvents {
  [TASK_EVENTS.progress]: (status: TaskStatus) => void;
  [TASK_EVENTS.end]: (status: TaskStatus) => void;
}
