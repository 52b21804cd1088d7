import type { TaskInfo, TaskScheduleUpdate } from '@romshelf/contract';

import { cronRuleProblem } from '../../config/env-tasks.js';
import { HttpError } from '../../http/http-error.js';
import { nowIso } from '../../lib/time.js';
import type { TaskDefinition } from './task-definitions.js';
import { toTaskInfo } from './task-definitions.js';
import type { TaskSchedulesRepository } from './task-schedules.repository.js';
import type { TasksService } from './tasks.service.js';

/** Told when a task's schedule changed, to re-arm it. */
export type ScheduleListener = (task: TaskDefinition) => void;

/**
 * The schedules of the tasks that have one. The environment variables give each its first
 * value; a schedule saved on the Tasks page replaces it from then on (it is kept in the database).
 */
export class TaskSchedulesService {
  private readonly listeners = new Set<ScheduleListener>();

  constructor(
    private readonly tasks: TasksService,
    private readonly saved: TaskSchedulesRepository,
  ) {}

  /** Applies the saved schedules over the environment's; call before the schedules start. */
  async load(): Promise<void> {
    for (const schedule of await this.saved.all()) {
      const task = this.schedulable(schedule.taskName);
      if (task === undefined) continue;
      task.enabled = schedule.enabled;
      task.cron = schedule.cron;
    }
  }

  /** `PUT /api/tasks/{task_name}/schedule`: 404 unknown, 400 no schedule or a bad cron. */
  async set(name: string, update: TaskScheduleUpdate): Promise<TaskInfo> {
    const task = this.tasks.definitions().find((definition) => definition.name === name);
    if (task === undefined) throw new HttpError(404, `Task '${name}' not found`);
    if (task.cron === null) throw new HttpError(400, `Task '${name}' has no schedule`);
    const cron = update.cron.trim();
    const problem = cronRuleProblem(cron);
    if (problem !== null) {
      throw new HttpError(400, `Invalid cron expression '${cron}': ${problem}`);
    }
    await this.saved.save({ taskName: name, enabled: update.enabled, cron }, nowIso());
    task.enabled = update.enabled;
    task.cron = cron;
    for (const listener of this.listeners) listener(task);
    return toTaskInfo(task);
  }

  onChange(listener: ScheduleListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private schedulable(name: string): TaskDefinition | undefined {
    return this.tasks
      .definitions()
      .find((definition) => definition.name === name && definition.cron !== null);
  }
}
