import type { FastifyBaseLogger } from 'fastify';

import type { AppConfig } from '../../config/app-config.js';
import type { DatsService } from '../dats/dats.service.js';
import type { PlatformsService } from '../platforms/platforms.service.js';
import type { ScanService } from '../scan/scan.service.js';
import { LibraryWatcher } from './library-watcher.js';
import { scheduleTasks } from './scheduled-tasks.js';
import type { TaskSchedulesService } from './task-schedules.service.js';
import type { TasksService } from './tasks.service.js';

/**
 * What starts tasks without a person: their schedules and the library watcher. They run in the
 * one server process, or in the worker processes when there is a job queue.
 */
export function startTaskTriggers(
  services: {
    tasks: TasksService;
    taskSchedules: TaskSchedulesService;
    platforms: PlatformsService;
    scan: ScanService;
    dats: DatsService;
  },
  config: AppConfig,
  log: FastifyBaseLogger,
): { stop: () => void } {
  const schedules = scheduleTasks(services.tasks, services.taskSchedules, log);
  const watching = config.tasks.rescanOnFilesystemChange;
  const watcher = new LibraryWatcher(
    config.libraryDir,
    watching.delayMinutes * 60_000,
    services,
    log,
  );
  if (watching.enabled) watcher.start();
  return {
    stop: () => {
      schedules.stop();
      watcher.stop();
    },
  };
}
