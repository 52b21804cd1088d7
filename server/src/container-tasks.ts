import type { FastifyBaseLogger } from 'fastify';

import type { AppConfig } from './config/app-config.js';
import { verifyAfterScans } from './modules/dat-verification/create-dat-verification.js';
import { QueuedTasks } from './modules/jobs/queued-tasks.js';
import type { TaskServices } from './modules/tasks/task-definitions.js';
import { createTaskDefinitions } from './modules/tasks/task-definitions.js';
import type { TaskRunsRepository } from './modules/tasks/task-runs.repository.js';
import type { TaskSchedulesRepository } from './modules/tasks/task-schedules.repository.js';
import { TaskSchedulesService } from './modules/tasks/task-schedules.service.js';
import { TasksService } from './modules/tasks/tasks.service.js';
import type { ScaleOut } from './scale-out.js';

/** The task registry, its runner and the schedules (part of the composition root). */
export function createTaskServices(
  config: AppConfig,
  services: TaskServices,
  repositories: { taskRuns: TaskRunsRepository; taskSchedules: TaskSchedulesRepository },
  log: FastifyBaseLogger,
  scaleOut: ScaleOut | null,
) {
  const definitions = createTaskDefinitions(config, services, log);
  const queue = scaleOut === null ? null : new QueuedTasks(scaleOut.queues.tasks);
  const tasks = new TasksService(definitions, repositories.taskRuns, log, queue);
  verifyAfterScans(services.scan, tasks, services.datVerification);
  return { tasks, taskSchedules: new TaskSchedulesService(tasks, repositories.taskSchedules) };
}
