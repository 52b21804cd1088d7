import type { FastifyBaseLogger } from 'fastify';

import { TaskScheduler } from './task-scheduler.js';
import type { TasksService } from './tasks.service.js';

/**
 * Starts the schedules of the enabled tasks that have one; each due time starts a run (or, with
 * the job queue, queues one: see TasksService.startScheduled).
 */
export function scheduleTasks(tasks: TasksService, log: FastifyBaseLogger): TaskScheduler {
  const scheduler = new TaskScheduler(log);
  for (const task of tasks.definitions()) {
    if (!task.enabled || task.cron === null) continue;
    scheduler.schedule({
      name: task.name,
      cron: task.cron,
      run: () => tasks.startScheduled(task.name),
    });
  }
  return scheduler;
}
