import { randomUUID } from 'node:crypto';

import type { GroupedTasks, TaskExecution, TaskStatus } from '@romshelf/contract';
import { TASK_PROGRESS_INTERVAL_MS } from '@romshelf/contract';
import type { FastifyBaseLogger } from 'fastify';

import { HttpError } from '../../http/http-error.js';
import { nowIso } from '../../lib/time.js';
import type { TaskDefinition } from './task-definitions.js';
import { toTaskInfo } from './task-definitions.js';
import type { TaskRunsRepository } from './task-runs.repository.js';

export type TaskTrigger = TaskStatus['trigger'];

/** `task:progress` (a run started or moved on) or `task:end` (it finished or failed). */
export type TaskListener = (event: 'progress' | 'end', status: TaskStatus) => void;

interface ActiveRun {
  status: TaskStatus;
  startedMs: number;
  lastReportMs: number;
  done: Promise<void>;
}

/**
 * Runs the registry's tasks in this process: one run per task at a time, whatever started it
 * (a person, the schedule or the watcher). Live runs are kept in memory and reported to the
 * listeners; ended runs go to the history table.
 */
export class TasksService {
  private readonly byName: Map<string, TaskDefinition>;
  private readonly active = new Map<string, ActiveRun>();
  private readonly listeners = new Set<TaskListener>();
  private closed = false;

  constructor(
    definitions: readonly TaskDefinition[],
    private readonly history: TaskRunsRepository,
    private readonly log: FastifyBaseLogger,
  ) {
    this.byName = new Map(definitions.map((task) => [task.name, task]));
  }

  definitions(): TaskDefinition[] {
    return [...this.byName.values()];
  }

  grouped(): GroupedTasks {
    const grouped: GroupedTasks = { scheduled: [], manual: [], watcher: [] };
    for (const task of this.byName.values()) grouped[task.group].push(toTaskInfo(task));
    return grouped;
  }

  /** Live runs first, then the history (newest first). */
  async statuses(): Promise<TaskStatus[]> {
    const live = [...this.active.values()].map((run) => ({ ...run.status }));
    return [...live, ...(await this.history.latest())];
  }

  async status(taskId: string): Promise<TaskStatus> {
    const live = [...this.active.values()].find((run) => run.status.task_id === taskId);
    const found = live === undefined ? await this.history.find(taskId) : { ...live.status };
    if (found === undefined) throw new HttpError(404, `Task with ID '${taskId}' not found`);
    return found;
  }

  isRunning(name: string): boolean {
    return this.active.has(name);
  }

  /** `POST /api/tasks/run/{task_name}`: 404 unknown, 400 not runnable or bad kwargs, 409 busy. */
  runManually(name: string, kwargs: unknown): TaskExecution {
    const task = this.byName.get(name);
    if (task === undefined) {
      const available = [...this.byName.keys()].join(', ');
      throw new HttpError(404, `Task '${name}' not found, available tasks are ${available}`);
    }
    if (!task.runnable) throw new HttpError(400, `Task '${name}' cannot be run`);
    const params = task.params.safeParse(kwargs ?? {});
    if (!params.success) {
      const issue = params.error.issues[0];
      const where = issue?.path.join('.') ?? '';
      throw new HttpError(
        400,
        `Invalid parameters for '${name}': ${where} ${issue?.message ?? ''}`.trim(),
      );
    }
    const status = this.start(name, 'manual', params.data);
    if (status === null) throw new HttpError(409, `Task '${name}' is already running`);
    return {
      task_name: status.task_name,
      task_id: status.task_id,
      status: status.status,
      created_at: status.created_at,
      enqueued_at: status.enqueued_at,
      task_key: status.task_key,
    };
  }

  /**
   * Starts a run in the background; null when the task is already running (it is not started
   * twice) or the service is closing.
   */
  start(
    name: string,
    trigger: TaskTrigger,
    params: Record<string, unknown> = {},
  ): TaskStatus | null {
    const task = this.byName.get(name);
    if (task === undefined) throw new Error(`Unknown task ${name}`);
    if (this.closed || this.active.has(name)) return null;
    const now = nowIso();
    const status: TaskStatus = {
      task_name: task.title,
      task_id: randomUUID(),
      status: 'started',
      created_at: now,
      enqueued_at: now,
      started_at: now,
      ended_at: null,
      task_type: task.type,
      meta: {},
      task_key: task.name,
      trigger,
      progress: null,
      duration_ms: null,
      error: null,
    };
    const run: ActiveRun = {
      status,
      startedMs: Date.now(),
      lastReportMs: 0,
      done: Promise.resolve(),
    };
    this.active.set(name, run);
    this.log.info(`task ${name}: started (${trigger})`);
    this.emit('progress', status);
    run.done = this.execute(task, run, params);
    return { ...status };
  }

  subscribe(listener: TaskListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Refuses new runs and waits for the ones in progress (server shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.active.values()].map((run) => run.done));
  }

  private async execute(
    task: TaskDefinition,
    run: ActiveRun,
    params: Record<string, unknown>,
  ): Promise<void> {
    const { status } = run;
    const report = (done: number, total: number) => {
      status.progress = { done, total };
      const now = Date.now();
      if (now - run.lastReportMs < TASK_PROGRESS_INTERVAL_MS) return;
      run.lastReportMs = now;
      this.emit('progress', status);
    };
    try {
      const stats = await task.run({ report, params });
      if (stats !== null && task.metaKey !== null) status.meta = { [task.metaKey]: stats };
      status.status = 'finished';
    } catch (error) {
      status.status = 'failed';
      status.error = error instanceof Error ? error.message : String(error);
    }
    status.ended_at = nowIso();
    status.duration_ms = Date.now() - run.startedMs;
    // Progress describes live runs; an ended one has its counters in meta.
    const ended = {
      ...status,
      progress: null,
      ended_at: status.ended_at,
      duration_ms: status.duration_ms,
    };
    try {
      await this.history.record(ended);
    } catch (error) {
      this.log.error(`task ${task.name}: history not written: ${(error as Error).message}`);
    }
    this.active.delete(task.name);
    if (ended.status === 'failed') {
      this.log.error(`task ${task.name}: failed: ${ended.error ?? ''}`);
    } else {
      this.log.info(`task ${task.name}: finished in ${String(ended.duration_ms)} ms`);
    }
    this.emit('end', ended);
  }

  private emit(event: 'progress' | 'end', status: TaskStatus): void {
    for (const listener of this.listeners) listener(event, { ...status });
  }
}
