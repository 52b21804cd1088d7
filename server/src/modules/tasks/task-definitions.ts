import type { ScanRequest, TaskInfo, TaskStats, TaskType } from '@romshelf/contract';
import { TASK_NAMES } from '@romshelf/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

import type { AppConfig } from '../../config/app-config.js';
import type { DatVerificationService } from '../dat-verification/dat-verification.service.js';
import type { MetadataService } from '../metadata/metadata.service.js';
import type { SaveHistory } from '../play-assets/save-history.js';
import type { PlatformsService } from '../platforms/platforms.service.js';
import type { RomArtworkWebp } from '../roms/resources/rom-artwork-webp.js';
import type { RomMaintenance } from '../roms/writes/rom-maintenance.js';
import type { ScanService } from '../scan/scan.service.js';
import type { SyncModesService } from '../sync/sync-modes.service.js';
import type { UsersService } from '../users/users.service.js';

/** What a run gets: a progress report and the parameters it was started with. */
export interface TaskContext {
  report: (done: number, total: number) => void;
  params: Record<string, unknown>;
}

/** One task of the registry, with RomM's name, title, type and flags. */
export interface TaskDefinition {
  name: string;
  title: string;
  description: string;
  type: TaskType;
  /** The group of `GET /api/tasks`. */
  group: 'scheduled' | 'manual' | 'watcher';
  /** Whether it runs on its schedule (or, for the watcher, watches). */
  enabled: boolean;
  /** RomM's `manual_run`. */
  manualRun: boolean;
  /** Whether `POST /api/tasks/run/{name}` may start it now. */
  runnable: boolean;
  /** The schedule; null for tasks without one. */
  cron: string | null;
  /** RomM's meta key of the counters a run returns. */
  metaKey: 'scan_stats' | 'conversion_stats' | 'cleanup_stats' | 'update_stats' | null;
  /** Validates the optional parameters of a manual run. */
  params: z.ZodType<Record<string, unknown>>;
  run: (context: TaskContext) => Promise<TaskStats | null>;
  /**
   * Whether a due scheduled run has anything to do; when not, it is not started, so a schedule
   * on by default leaves no empty runs in the history. Runs started by hand always run.
   */
  hasWork?: () => Promise<boolean>;
}

/** The services the tasks call (never their repositories). */
export interface TaskServices {
  scan: ScanService;
  metadata: MetadataService;
  platforms: PlatformsService;
  users: UsersService;
  romMaintenance: RomMaintenance;
  romArtworkWebp: RomArtworkWebp;
  datVerification: Pick<DatVerificationService, 'verify'>;
  saveHistory: SaveHistory;
  syncModes: Pick<SyncModesService, 'pushPullAll' | 'scanFoldersNow' | 'hasPushPullDevices'>;
}

const NO_PARAMS = z.object({}).strict();

export function toTaskInfo(task: TaskDefinition): TaskInfo {
  return {
    name: task.name,
    type: task.type,
    manual_run: task.manualRun,
    title: task.title,
    description: task.description,
    enabled: task.enabled,
    cron_string: task.cron ?? '',
  };
}

/** Runs a scan to its end and returns its counters; progress follows the ROMs scanned. */
export async function scanTask(
  scan: ScanService,
  request: ScanRequest,
  context: TaskContext,
): Promise<TaskStats> {
  const stats = await scan.run(request, {
    platform: () => undefined,
    announcesRoms: false,
    rom: () => undefined,
    stats: (current) => context.report(current.scanned_roms, current.total_roms),
  });
  return { ...stats };
}

function scheduledTasks(
  config: AppConfig,
  services: TaskServices,
  log: FastifyBaseLogger,
): TaskDefinition[] {
  const { tasks } = config;
  return [
    {
      name: TASK_NAMES.scanLibrary,
      title: 'Scheduled rescan',
      description: 'Rescans the entire library',
      type: 'scan',
      group: 'scheduled',
      enabled: tasks.scheduledRescan.enabled,
      manualRun: false,
      runnable: false,
      cron: tasks.scheduledRescan.cron,
      metaKey: 'scan_stats',
      params: NO_PARAMS,
      run: (context) =>
        scanTask(
          services.scan,
          { platforms: [], type: 'quick', apis: services.metadata.enabledSources(), roms_ids: [] },
          context,
        ),
    },
    {
      name: TASK_NAMES.updateLaunchboxMetadata,
      title: 'Scheduled LaunchBox metadata update',
      description: 'Updates the LaunchBox metadata store',
      type: 'update',
      group: 'scheduled',
      enabled: tasks.updateLaunchboxMetadata.enabled,
      manualRun: true,
      // The dump is what the LaunchBox source reads: it can be fetched without a schedule.
      runnable: config.metadataSources.launchbox,
      cron: tasks.updateLaunchboxMetadata.cron,
      metaKey: 'update_stats',
      params: NO_PARAMS,
      run: async () => ({ ...(await services.metadata.refreshLaunchbox()) }),
    },
    {
      name: TASK_NAMES.convertImagesToWebp,
      title: 'Convert images to WebP',
      description:
        'Convert existing image files (PNG, JPG, GIF, TIFF, AVIF) to WebP format for better performance',
      type: 'conversion',
      group: 'scheduled',
      enabled: tasks.convertImagesToWebp.enabled,
      manualRun: true,
      runnable: true,
      cron: tasks.convertImagesToWebp.cron,
      metaKey: 'conversion_stats',
      params: NO_PARAMS,
      run: async (context) => ({ ...(await services.romArtworkWebp.convertAll(context.report)) }),
    },
    {
      name: TASK_NAMES.syncRetroachievementsProgress,
      title: 'Scheduled RetroAchievements progress sync',
      description: 'Updates RetroAchievements progress for all users',
      type: 'update',
      group: 'scheduled',
      enabled: tasks.syncRetroachievementsProgress.enabled,
      manualRun: false,
      runnable: false,
      cron: tasks.syncRetroachievementsProgress.cron,
      metaKey: 'update_stats',
      params: NO_PARAMS,
      run: async (context) => ({
        ...(await services.users.syncAllRetroAchievements(context.report, (username, error) => {
          log.warn(`tasks: RetroAchievements progress of ${username}: ${error.message}`);
        })),
      }),
    },
  ];
}

/** Applies every user's save-history limits (also applied on each write). */
function saveHistoryTask(config: AppConfig, services: TaskServices): TaskDefinition {
  return {
    name: TASK_NAMES.pruneSaveHistory,
    title: 'Prune save history',
    description:
      'Deletes the earlier versions of saves and states beyond each user’s count and age limits',
    type: 'cleanup',
    group: 'scheduled',
    // Each write already applies the limits: the schedule is for limits lowered and for
    // versions aged past them meanwhile.
    enabled: config.tasks.pruneSaveHistory.enabled,
    manualRun: true,
    runnable: true,
    cron: config.tasks.pruneSaveHistory.cron,
    metaKey: 'cleanup_stats',
    params: NO_PARAMS,
    run: async () => ({ removed_versions: await services.saveHistory.pruneAll() }),
    hasWork: () => services.saveHistory.hasVersions(),
  };
}

/** RomM's two server-run sync tasks: scheduled push-pull and the manual sync folder scan. */
function syncTasks(config: AppConfig, services: TaskServices): TaskDefinition[] {
  return [
    {
      name: TASK_NAMES.syncPushPull,
      title: 'Push-pull sync',
      description: 'Syncs saves with every push_pull device over SSH/SFTP, one after another',
      type: 'sync',
      group: 'scheduled',
      enabled: config.tasks.syncPushPull.enabled,
      manualRun: true,
      runnable: true,
      cron: config.tasks.syncPushPull.cron,
      metaKey: 'update_stats',
      params: NO_PARAMS,
      run: async ({ report }) => ({ ...(await services.syncModes.pushPullAll(report)) }),
      hasWork: () => services.syncModes.hasPushPullDevices(),
    },
    {
      name: TASK_NAMES.syncFolderScan,
      title: 'Sync folder scan',
      description: "Takes in the save files waiting in the file_transfer devices' sync folders",
      type: 'sync',
      group: 'manual',
      enabled: true,
      manualRun: true,
      runnable: true,
      cron: null,
      metaKey: 'update_stats',
      params: NO_PARAMS,
      run: async ({ report }) => ({ ...(await services.syncModes.scanFoldersNow(report)) }),
    },
  ];
}

function manualTasks(config: AppConfig, services: TaskServices): TaskDefinition[] {
  return [
    {
      name: TASK_NAMES.cleanupOrphanedResources,
      title: 'Cleanup orphaned resources',
      description: 'Clean up orphaned resources in the ROMs directory',
      type: 'cleanup',
      group: 'manual',
      enabled: config.tasks.cleanupOrphanedResources.enabled,
      manualRun: true,
      runnable: true,
      cron: config.tasks.cleanupOrphanedResources.cron,
      metaKey: 'cleanup_stats',
      params: z.object({ force: z.boolean().default(false) }).strict(),
      run: async ({ report, params }) => {
        const platforms = (await services.platforms.list()).map((platform) => platform.id);
        return {
          ...(await services.romMaintenance.cleanupOrphanedResources(
            platforms,
            { force: params.force === true },
            report,
          )),
        };
      },
    },
    {
      name: TASK_NAMES.cleanupMissingRoms,
      title: 'Cleanup missing ROMs',
      description: 'Delete all ROMs flagged as missing from the filesystem from the database',
      type: 'cleanup',
      group: 'manual',
      enabled: true,
      manualRun: true,
      runnable: true,
      cron: null,
      metaKey: 'cleanup_stats',
      params: z
        .object({
          platform_ids: z.array(z.number().int().positive()).min(1).nullable().default(null),
        })
        .strict(),
      run: async ({ report, params }) => ({
        ...(await services.romMaintenance.cleanupMissingRoms(
          (params.platform_ids as number[] | null | undefined) ?? null,
          report,
        )),
      }),
    },
    {
      name: TASK_NAMES.verifyDats,
      title: 'Verify against DATs',
      description:
        "Checks the library's files against the imported DATs (No-Intro, Redump, TOSEC); runs after imports and scans",
      type: 'update',
      group: 'manual',
      enabled: true,
      manualRun: true,
      runnable: true,
      cron: null,
      metaKey: 'update_stats',
      params: z
        .object({
          platform_ids: z.array(z.number().int().positive()).min(1).nullable().default(null),
          // A manual run checks every game again; after a scan, the changed ones only.
          full: z.boolean().default(true),
        })
        .strict(),
      run: async ({ report, params }) => ({
        ...(await services.datVerification.verify(
          (params.platform_ids as number[] | null | undefined) ?? null,
          { full: params.full !== false },
          report,
        )),
      }),
    },
  ];
}

/** The filesystem watcher's entry: its runs are quick scans of one platform folder. */
function watcherTask(config: AppConfig, services: TaskServices): TaskDefinition {
  const watcher = config.tasks.rescanOnFilesystemChange;
  return {
    name: TASK_NAMES.filesystemWatcher,
    title: 'Rescan on filesystem change',
    description: `Runs a scan when a change is detected in the library path, with a ${String(watcher.delayMinutes)} minute delay`,
    type: 'watcher',
    group: 'watcher',
    enabled: watcher.enabled,
    manualRun: false,
    runnable: false,
    cron: null,
    metaKey: 'scan_stats',
    params: z.object({
      platforms: z.array(z.number().int()),
      type: z.enum(['quick', 'new_platforms']),
    }),
    run: ({ params, report }) =>
      scanTask(
        services.scan,
        {
          platforms: params.platforms as number[],
          type: params.type as 'quick' | 'new_platforms',
          apis: services.metadata.enabledSources(),
          roms_ids: [],
        },
        { params, report },
      ),
  };
}

/** Every task RomShelf has, in the order the Tasks page lists them. */
export function createTaskDefinitions(
  config: AppConfig,
  services: TaskServices,
  log: FastifyBaseLogger,
): TaskDefinition[] {
  return [
    ...scheduledTasks(config, services, log),
    saveHistoryTask(config, services),
    ...manualTasks(config, services),
    ...syncTasks(config, services),
    watcherTask(config, services),
  ];
}
