import type { CronField } from '@romshelf/contract';
import { validateCron } from '@romshelf/contract';
import { z } from 'zod';

import { cronProblem } from '../lib/cron.js';
import type { AppConfig } from './app-config.js';
import { boolVar, present } from './env-values.js';

const FIELD_WORDS: Record<CronField, string> = {
  second: 'seconds',
  minute: 'minutes',
  hour: 'hours',
  dayOfMonth: 'day of month',
  month: 'month',
  dayOfWeek: 'day of week',
  year: 'year',
};

/** Why an expression breaks the SPEC §5 cron rules (or cannot be scheduled); null when fine. */
export function cronRuleProblem(expression: string): string | null {
  const validation = validateCron(expression);
  if (!validation.valid) {
    if (validation.reason === 'too_few_parts') return 'fewer than 5 parts';
    if (validation.reason === 'too_many_parts') return 'more than 7 parts';
    return `invalid ${validation.field === undefined ? 'value' : FIELD_WORDS[validation.field]}`;
  }
  return cronProblem(expression);
}

function cronVar(name: string, fallback: string) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!present(value)) return fallback;
      const problem = cronRuleProblem(value.trim());
      if (problem !== null) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a cron expression (got "${value}": ${problem})`,
        });
        return z.NEVER;
      }
      return value.trim();
    });
}

/** Minutes as a decimal number (RomM counts whole minutes; fractions help tests). */
function minutesVar(name: string, fallback: number) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!present(value)) return fallback;
      const text = value.trim();
      const parsed = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
      if (!(parsed >= 0 && parsed <= 1440)) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a number of minutes between 0 and 1440 (got "${value}")`,
        });
        return z.NEVER;
      }
      return parsed;
    });
}

/** RomM's task variables (reference §7.6 and §8), with RomM's defaults. */
export const TASK_ENV_VARS = {
  ENABLE_SCHEDULED_RESCAN: boolVar('ENABLE_SCHEDULED_RESCAN'),
  SCHEDULED_RESCAN_CRON: cronVar('SCHEDULED_RESCAN_CRON', '0 3 * * *'),
  ENABLE_SCHEDULED_UPDATE_LAUNCHBOX_METADATA: boolVar('ENABLE_SCHEDULED_UPDATE_LAUNCHBOX_METADATA'),
  SCHEDULED_UPDATE_LAUNCHBOX_METADATA_CRON: cronVar(
    'SCHEDULED_UPDATE_LAUNCHBOX_METADATA_CRON',
    '0 4 * * *',
  ),
  ENABLE_SCHEDULED_CONVERT_IMAGES_TO_WEBP: boolVar('ENABLE_SCHEDULED_CONVERT_IMAGES_TO_WEBP'),
  SCHEDULED_CONVERT_IMAGES_TO_WEBP_CRON: cronVar(
    'SCHEDULED_CONVERT_IMAGES_TO_WEBP_CRON',
    '0 4 * * *',
  ),
  ENABLE_SCHEDULED_CLEANUP_ORPHANED_RESOURCES: boolVar(
    'ENABLE_SCHEDULED_CLEANUP_ORPHANED_RESOURCES',
  ),
  SCHEDULED_CLEANUP_ORPHANED_RESOURCES_CRON: cronVar(
    'SCHEDULED_CLEANUP_ORPHANED_RESOURCES_CRON',
    '0 5 * * *',
  ),
  ENABLE_SCHEDULED_RETROACHIEVEMENTS_PROGRESS_SYNC: boolVar(
    'ENABLE_SCHEDULED_RETROACHIEVEMENTS_PROGRESS_SYNC',
  ),
  SCHEDULED_RETROACHIEVEMENTS_PROGRESS_SYNC_CRON: cronVar(
    'SCHEDULED_RETROACHIEVEMENTS_PROGRESS_SYNC_CRON',
    '0 4 * * *',
  ),
  ENABLE_SCHEDULED_PRUNE_SAVE_HISTORY: boolVar('ENABLE_SCHEDULED_PRUNE_SAVE_HISTORY', true),
  SCHEDULED_PRUNE_SAVE_HISTORY_CRON: cronVar('SCHEDULED_PRUNE_SAVE_HISTORY_CRON', '30 4 * * *'),
  // On unlike RomM's: a push_pull device with sync on is one its owner wants synced.
  ENABLE_SYNC_PUSH_PULL: boolVar('ENABLE_SYNC_PUSH_PULL', true),
  SYNC_PUSH_PULL_CRON: cronVar('SYNC_PUSH_PULL_CRON', '*/30 * * * *'),
  ENABLE_RESCAN_ON_FILESYSTEM_CHANGE: boolVar('ENABLE_RESCAN_ON_FILESYSTEM_CHANGE'),
  RESCAN_ON_FILESYSTEM_CHANGE_DELAY: minutesVar('RESCAN_ON_FILESYSTEM_CHANGE_DELAY', 5),
};

type TaskVars = {
  [K in keyof typeof TASK_ENV_VARS]: z.output<(typeof TASK_ENV_VARS)[K]>;
} & { LAUNCHBOX_API_ENABLED: boolean };

export function tasksConfig(vars: TaskVars): AppConfig['tasks'] {
  return {
    scheduledRescan: { enabled: vars.ENABLE_SCHEDULED_RESCAN, cron: vars.SCHEDULED_RESCAN_CRON },
    updateLaunchboxMetadata: {
      // The dump only matters with LaunchBox on.
      enabled: vars.ENABLE_SCHEDULED_UPDATE_LAUNCHBOX_METADATA && vars.LAUNCHBOX_API_ENABLED,
      cron: vars.SCHEDULED_UPDATE_LAUNCHBOX_METADATA_CRON,
    },
    convertImagesToWebp: {
      enabled: vars.ENABLE_SCHEDULED_CONVERT_IMAGES_TO_WEBP,
      cron: vars.SCHEDULED_CONVERT_IMAGES_TO_WEBP_CRON,
    },
    cleanupOrphanedResources: {
      enabled: vars.ENABLE_SCHEDULED_CLEANUP_ORPHANED_RESOURCES,
      cron: vars.SCHEDULED_CLEANUP_ORPHANED_RESOURCES_CRON,
    },
    syncRetroachievementsProgress: {
      enabled: vars.ENABLE_SCHEDULED_RETROACHIEVEMENTS_PROGRESS_SYNC,
      cron: vars.SCHEDULED_RETROACHIEVEMENTS_PROGRESS_SYNC_CRON,
    },
    pruneSaveHistory: {
      enabled: vars.ENABLE_SCHEDULED_PRUNE_SAVE_HISTORY,
      cron: vars.SCHEDULED_PRUNE_SAVE_HISTORY_CRON,
    },
    syncPushPull: { enabled: vars.ENABLE_SYNC_PUSH_PULL, cron: vars.SYNC_PUSH_PULL_CRON },
    rescanOnFilesystemChange: {
      enabled: vars.ENABLE_RESCAN_ON_FILESYSTEM_CHANGE,
      delayMinutes: vars.RESCAN_ON_FILESYSTEM_CHANGE_DELAY,
    },
  };
}
