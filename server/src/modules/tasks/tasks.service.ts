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
  done: Promise<TaskStatus>;
}

/**
 * The job queue runs go to when worker processes run them (REDIS_URL): the API processes only
 * enqueue and read what the workers report.
 */
export interface TaskQueue {
  /** Queues a run; false when a run of the same task is already queued or running. */
  enqueue(status: TaskStatus, params: Record<string, unknown>): Promise<boolean>;
  /** Queues the run a schedule made due at `dueAt`, once however many processes ask. */
  enqueueScheduled(status: TaskStatus, dueAt: Date): Promise<void>;
  /** Runs queued or running in the workers, as they last reported them. */
  live(): Promise<TaskStatus[]>;
}

/**
 * Runs the registry's tasks: one run per task at a time, whatever started it (a person, the
 * schedule or the watcher). Live runs of this process are kept in memory and reported to the
 * listeners; ended runs go to the history table. With a TaskQueue, runs started by hand are
 * queued for the workers instead, and their live state is read from the queue.
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
    private readonly queue: TaskQueue | null = null,
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
    return [...(await this.live()), ...(await this.history.latest())];
  }

  async status(taskId: string): Promise<TaskStatus> {
    const live = (await this.live()).find((status) => status.task_id === taskId);
    const found = live ?? (await this.history.find(taskId));
    if (found === undefined) throw new HttpError(404, `Task with ID '${taskId}' not found`);
    return found;
  }

  private async live(): Promise<TaskStatus[]> {
    const local = [...this.active.values()].map((run) => ({ ...run.status }));
    return this.queue === null ? local : [...local, ...(await this.queue.live())];
  }

  isRunning(name: string): boolean {
    return this.active.has(name);
  }

  /** `POST /api/tasks/run/{task_name}`: 404 unknown, 400 not runnable or bad kwargs, 409 busy. */
  async runManually(name: string, kwargs: unknown): Promise<TaskExecution> {
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
    const status =
      this.queue === null
        ? this.start(name, 'manual', params.data)
        : await this.enqueue(task, params.data);
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

  private async enqueue(
    task: TaskDefinition,
    params: Record<string, unknown>,
  ): Promise<TaskStatus | null> {
    const status = queuedStatus(task, 'manual', randomUUID());
    if (this.queue === null || !(await this.queue.enqueue(status, params))) return null;
    this.log.info(`task ${task.name}: queued (manual)`);
    return status;
  }

  /** A schedule made the task due: it starts here, or is queued for the workers. */
  async startScheduled(name: string): Promise<void> {
    const task = this.byName.get(name);
    if (task === undefined) throw new Error(`Unknown task ${name}`);
    if (this.queue !== null) {
      await this.queue.enqueueScheduled(queuedStatus(task, 'scheduled', randomUUID()), new Date());
    } else if (this.start(name, 'scheduled') === null) {
      this.log.info(`task ${name}: still running, this due run is skipped`);
    }
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
    return this.begin(name, trigger, params, randomUUID(), nowIso())?.status ?? null;
  }

  /**
   * Runs a queued run here (worker processes) under the id and creation time it was queued
   * with, and resolves with its ended status; null when a run of the task is already going on
   * in this process or the service is closing.
   */
  async runQueued(
    queued: Pick<TaskStatus, 'task_key' | 'task_id' | 'created_at' | 'trigger'>,
    params: Record<string, unknown>,
  ): Promise<TaskStatus | null> {
    const started = this.begin(
      queued.task_key,
      queued.trigger,
      params,
      queued.task_id,
      queued.created_at,
    );
    return started === null ? null : started.done;
  }

  private begin(
    name: string,
    trigger: TaskTrigger,
    params: Record<string, unknown>,
    taskId: string,
    createdAt: string,
  ): { status: TaskStatus; done: Promise<TaskStatus> } | null {
    const task = this.byName.get(name);
    if (task === undefined) throw new Error(`Unknown task ${name}`);
    if (this.closed || this.active.has(name)) return null;
    const status = newStatus(task, trigger, taskId, createdAt);
    const run: ActiveRun = {
      status,
      startedMs: Date.now(),
      lastReportMs: 0,
      done: Promise.resolve(status),
    };
    this.active.set(name, run);
    this.log.info(`task ${name}: started (${trigger})`);
    this.emit('progress', status);
    run.done = this.execute(task, run, params);
    return { status: { ...status }, done: run.done };
  }

  /**
   * Records a run whose worker died before it ended (its job failed after stalling) as failed,
   * and announces its end.
   */
  async recordLost(status: TaskStatus, reason: string): Promise<void> {
    const endedAt = nowIso();
    const startedAt = status.started_at ?? status.created_at;
    const ended = {
      ...status,
      status: 'failed' as const,
      progress: null,
      ended_at: endedAt,
      duration_ms: Math.max(0, Date.parse(endedAt) - Date.parse(startedAt)),
      error: reason,
    };
    await this.history.record(ended);
    this.log.error(`task ${status.task_key}: failed: ${reason}`);
    this.emit('end', ended);
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
  ): Promise<TaskStatus> {
    const { status } = run;
    const report = (done: number, total: number) => {
      status.progress = { done, total };
      const now = Date.now();
      if (now - run.lastReportMs < TASK_PROGRESS_INTERVAL_MS) return;
      run.lastReportMs = now;
      this.emit('progress', status);
    };
    let outcome: Pick<TaskStatus, 'status' | 'meta' | 'error'>;
    try {
      const stats = await task.run({ report, params });
      const meta =
        stats !== null && task.metaKey !== null ? { [task.metaKey]: stats } : status.meta;
      outcome = { status: 'finished', meta, error: null };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      outcome = { status: 'failed', meta: status.meta, error: message };
    }
    // Progress describes live runs; an ended one has its counters in meta. The live status is
    // left as it is: a reader sees the run live until the history holds its end, never ended
    // with live progress.
    const ended = {
      ...status,
      ...outcome,
      progress: null,
      ended_at: nowIso(),
      duration_ms: Date.now() - run.startedMs,
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
    return ended;
  }

  private emit(event: 'progress' | 'end', status: TaskStatus): void {
    for (const listener of this.listeners) listener(event, { ...status });
  }
}

/** A run of the task that starts now (or was queued at `createdAt`). */
function newStatus(
  task: TaskDefinition,
  trigger: TaskTrigger,
  taskId: string,
  createdAt: string,
): TaskStatus {
  return {
    task_name: task.title,
    task_id: taskId,
    status: 'started',
    created_at: createdAt,
    enqueued_at: createdAt,
    started_at: nowIso(),
    ended_at: null,
    task_type: task.type,
    meta: {},
    task_key: task.name,
    trigger,
    progress: null,
    duration_ms: null,
    error: null,
  };
}

/** A run of the task queued now, for a worker to start. */
export function queuedStatus(
  task: TaskDefinition,
  trigger: TaskTrigger,
  taskId: string,
): TaskStatus {
  return { ...newStatus(task, trigger, taskId, nowIso()), status: 'queued', started_at: null };
}
