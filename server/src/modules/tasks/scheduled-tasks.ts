import type { FastifyBaseLogger } from 'fastify';

import type { AppConfig } from '../../config/app-config.js';
import type { MetadataService } from '../metadata/metadata.service.js';
import { TaskScheduler } from './task-scheduler.js';

/** RomM's name of the LaunchBox dump refresh, also run by hand through `/api/tasks/run/…`. */
export const UPDATE_LAUNCHBOX_METADATA = 'update_launchbox_metadata';

/** Starts the scheduled tasks the configuration enables. */
export function scheduleTasks(
  config: AppConfig,
  services: { metadata: MetadataService },
  log: FastifyBaseLogger,
): TaskScheduler {
  const scheduler = new TaskScheduler(log);
  const launchbox = config.schedules.updateLaunchboxMetadata;
  if (launchbox.enabled) {
    scheduler.schedule({
      name: UPDATE_LAUNCHBOX_METADATA,
      cron: launchbox.cron,
      run: () => services.metadata.refreshLaunchbox(),
    });
  }
  return scheduler;
}
