import type { TaskStats, TaskStatus } from '@romshelf/contract';
import { TASK_NAMES } from '@romshelf/contract';

/**
 * The variable that turns the library watcher on (schedules are edited on the Tasks page, the
 * watcher only in the environment).
 */
export const WATCHER_SWITCH = 'ENABLE_RESCAN_ON_FILESYSTEM_CHANGE';

/** i18n key (namespace `settings`) and values of a run's one-line result; null without one. */
export function taskSummary(
  run: Pick<TaskStatus, 'task_key' | 'meta'>,
): { key: string; values: Record<string, number> } | null {
  const [stats] = Object.values(run.meta) as (TaskStats | undefined)[];
  if (stats === undefined) return null;
  const n = (key: string) => (typeof stats[key] === 'number' ? stats[key] : 0);
  switch (run.task_key) {
    case TASK_NAMES.scanLibrary:
    case TASK_NAMES.filesystemWatcher:
      return {
        key: 'tasks.summary.scan',
        values: {
          roms: n('scanned_roms'),
          platforms: n('scanned_platforms'),
          added: n('new_roms'),
          identified: n('identified_roms'),
        },
      };
    case TASK_NAMES.updateLaunchboxMetadata:
      return {
        key: 'tasks.summary.launchbox',
        values: { games: n('games'), names: n('alternate_names'), images: n('images') },
      };
    case TASK_NAMES.convertImagesToWebp:
      return {
        key: 'tasks.summary.webp',
        values: { processed: n('processed'), total: n('total'), errors: n('errors') },
      };
    case TASK_NAMES.cleanupOrphanedResources:
      return {
        key: 'tasks.summary.orphans',
        values: { roms: n('removed_fs_roms'), platforms: n('removed_fs_platforms') },
      };
    case TASK_NAMES.cleanupMissingRoms:
      return {
        key: 'tasks.summary.missing',
        values: { deleted: n('roms_deleted'), found: n('roms_found') },
      };
    case TASK_NAMES.syncRetroachievementsProgress:
      return {
        key: 'tasks.summary.retroachievements',
        values: { processed: n('processed'), total: n('total'), failed: n('failed') },
      };
    case TASK_NAMES.verifyDats:
      return {
        key: 'tasks.summary.verify-dats',
        values: {
          checked: n('roms_checked'),
          verified: n('verified') + n('renamed'),
          incomplete: n('incomplete'),
          unknown: n('unknown'),
        },
      };
    case TASK_NAMES.syncPushPull:
      return {
        key: 'tasks.summary.sync-push-pull',
        values: {
          devices: n('devices'),
          synced: n('synced_devices'),
          failed: n('failed_devices'),
          skipped: n('skipped_devices'),
        },
      };
    case TASK_NAMES.syncFolderScan:
      return {
        key: 'tasks.summary.sync-folder-scan',
        values: { files: n('files'), devices: n('devices') },
      };
    default:
      return null;
  }
}

/** Seconds with one decimal, for `tasks.duration`. */
export function durationSeconds(ms: number): string {
  return (Math.round(ms / 100) / 10).toFixed(1);
}
