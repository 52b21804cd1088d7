import type { TaskStatus } from '@romshelf/contract';
import { TASK_HISTORY_LIMIT } from '@romshelf/contract';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { makeTempDir } from '../../../test/build-test-app.js';
import type { Db } from '../../db/database.js';
import { migrateToLatest, openDatabase } from '../../db/database.js';
import type { TaskContext, TaskDefinition } from './task-definitions.js';
import { TaskRunsRepository } from './task-runs.repository.js';
import { TasksService } from './tasks.service.js';

const silent = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
} as unknown as FastifyBaseLogger;

const open: { db: Db; tasks: TasksService }[] = [];
afterEach(async () => {
  for (const { db, tasks } of open.splice(0)) {
    await tasks.close();
    await db.destroy();
  }
});

function definition(
  name: string,
  run: (context: TaskContext) => Promise<Record<string, number> | null>,
): TaskDefinition {
  return {
    name,
    title: `Title of ${name}`,
    description: name,
    type: 'cleanup',
    group: 'manual',
    enabled: true,
    manualRun: true,
    runnable: true,
    cron: null,
    metaKey: 'cleanup_stats',
    params: z.object({}),
    run,
  };
}

async function service(
  definitions: TaskDefinition[],
  history = (db: Db) => new TaskRunsRepository(db),
) {
  const db = openDatabase(makeTempDir('romshelf-tasks-'));
  await migrateToLatest(db);
  const tasks = new TasksService(definitions, history(db), silent);
  open.push({ db, tasks });
  return tasks;
}

/** A history whose writes wait until `release` is called (`writing` resolves when one waits). */
class HeldHistory extends TaskRunsRepository {
  release: () => void = () => undefined;
  private readonly released = new Promise<void>((resolve) => (this.release = resolve));
  private reached: () => void = () => undefined;
  readonly writing = new Promise<void>((resolve) => (this.reached = resolve));

  override async record(run: Parameters<TaskRunsRepository['record']>[0]): Promise<void> {
    this.reached();
    await this.released;
    await super.record(run);
  }
}

/** Resolves with the `task:end` status of the next run to end. */
function nextEnd(tasks: TasksService): Promise<TaskStatus> {
  return new Promise((resolve) => {
    const unsubscribe = tasks.subscribe((event, status) => {
      if (event !== 'end') return;
      unsubscribe();
      resolve(status);
    });
  });
}

describe('TasksService', () => {
  it('does not start a task that is already running, and runs it again once it ended', async () => {
    let finish: () => void = () => undefined;
    let runs = 0;
    const tasks = await service([
      definition('slow', () => {
        runs += 1;
        return new Promise((resolve) => (finish = () => resolve({ removed: 1 })));
      }),
    ]);
    const first = tasks.start('slow', 'manual');
    expect(first?.status).toBe('started');
    expect(tasks.start('slow', 'scheduled')).toBeNull();
    await expect(tasks.runManually('slow', {})).rejects.toThrow("Task 'slow' is already running");
    expect(runs).toBe(1);
    const ended = nextEnd(tasks);
    finish();
    expect(await ended).toMatchObject({
      task_id: first?.task_id,
      task_name: 'Title of slow',
      status: 'finished',
      meta: { cleanup_stats: { removed: 1 } },
      error: null,
    });
    expect(tasks.isRunning('slow')).toBe(false);
    expect(tasks.start('slow', 'manual')).not.toBeNull();
    expect(runs).toBe(2);
    finish();
  });

  it('shows a run live until its end is in the history, never ended with live progress', async () => {
    let history: HeldHistory | undefined;
    const tasks = await service(
      [
        definition('counted', ({ report }) => {
          report(0, 0);
          return Promise.resolve({ removed: 0 });
        }),
      ],
      (db) => (history = new HeldHistory(db)),
    );
    const ended = nextEnd(tasks);
    const started = tasks.start('counted', 'manual');
    await history?.writing;
    const whileWriting = await tasks.status(started?.task_id ?? '');
    history?.release();
    expect(whileWriting).toMatchObject({
      status: 'started',
      ended_at: null,
      progress: { done: 0, total: 0 },
    });
    const status = await ended;
    expect(status).toMatchObject({ status: 'finished', progress: null });
    expect(await tasks.status(started?.task_id ?? '')).toEqual(status);
  });

  it('keeps a failed run with its error text and duration', async () => {
    const tasks = await service([
      definition('broken', () => Promise.reject(new Error('disk unreadable'))),
    ]);
    const ended = nextEnd(tasks);
    const started = tasks.start('broken', 'manual');
    const status = await ended;
    expect(status).toMatchObject({ status: 'failed', error: 'disk unreadable', meta: {} });
    expect(status.duration_ms).toBeGreaterThanOrEqual(0);
    expect(await tasks.status(started?.task_id ?? '')).toEqual(status);
  });

  it(`keeps the latest ${String(TASK_HISTORY_LIMIT)} runs in the history`, async () => {
    let count = 0;
    const tasks = await service([
      definition('tick', () => {
        count += 1;
        return Promise.resolve({ run: count });
      }),
    ]);
    const ids: string[] = [];
    for (let index = 0; index < TASK_HISTORY_LIMIT + 5; index += 1) {
      const ended = nextEnd(tasks);
      ids.push(tasks.start('tick', 'manual')?.task_id ?? '');
      await ended;
    }
    const history = await tasks.statuses();
    expect(history).toHaveLength(TASK_HISTORY_LIMIT);
    expect(history[0]).toMatchObject({
      task_id: ids.at(-1),
      meta: { cleanup_stats: { run: 205 } },
    });
    expect(history.map((run) => run.task_id)).toEqual(ids.slice(5).reverse());
    await expect(tasks.status(ids[0] ?? '')).rejects.toThrow(
      `Task with ID '${ids[0] ?? ''}' not found`,
    );
  });

  it('refuses new runs once closing and waits for the one in progress', async () => {
    let finish: () => void = () => undefined;
    const tasks = await service([
      definition('slow', () => new Promise((resolve) => (finish = () => resolve(null)))),
    ]);
    tasks.start('slow', 'manual');
    let closed = false;
    const closing = tasks.close().then(() => (closed = true));
    expect(tasks.start('slow', 'manual')).toBeNull();
    await Promise.resolve();
    expect(closed).toBe(false);
    finish();
    await closing;
    expect(closed).toBe(true);
    expect((await tasks.statuses())[0]?.status).toBe('finished');
  });
});
