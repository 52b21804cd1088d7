import type { FastifyBaseLogger } from 'fastify';

import type { TaskDefinition } from './task-definitions.js';
import type { TaskSchedulesService } from './task-schedules.service.js';
import { TaskScheduler } from './task-scheduler.js';
import type { TasksService } from './tasks.service.js';

/**
 * Starts the schedules of the enabled tasks that have one, and re-arms a task when its schedule
 * is changed; each due time starts a run (or, with the job queue, queues one: see
 * TasksService.startScheduled).
 */
export function scheduleTasks(
  tasks: TasksService,
  schedules: TaskSchedulesService,
  log: FastifyBaseLogger,
): { stop: () => void } {
  const scheduler = new TaskScheduler(log);
  const arm = (task: TaskDefinition) => {
    scheduler.unschedule(task.name);
    if (!task.enabled || task.cron === null) return;
    scheduler.schedule({
      name: task.name,
      cron: task.cron,
      run: async () => {
        if (task.hasWork !== undefined && !(await task.hasWork())) return;
        await tasks.startScheduled(task.name);
      },
    });
  };
  for (const task of tasks.definitions()) arm(task);
  const unsubscribe = schedules.onChange(arm);
  return {
    stop: () => {
      unsubscribe();
      scheduler.stop();
    },
  };
}
