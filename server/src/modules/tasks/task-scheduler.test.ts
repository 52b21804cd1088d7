import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { TaskScheduler } from './task-scheduler.js';

const EVERY_SECOND = '* * * * * *';

function fakeLog() {
  const lines: string[] = [];
  const log = {
    info: (line: string) => lines.push(`info ${line}`),
    error: (line: string) => lines.push(`error ${line}`),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const open: TaskScheduler[] = [];
beforeEach(() => {
  // The schedules run on a fake clock: tests move it instead of waiting for real seconds.
  vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00.250Z') });
});
afterEach(() => {
  for (const scheduler of open.splice(0)) scheduler.stop();
  vi.useRealTimers();
});

function scheduler(log: FastifyBaseLogger) {
  const created = new TaskScheduler(log);
  open.push(created);
  return created;
}

describe('TaskScheduler', () => {
  it('runs a task on its schedule and says when it runs next', async () => {
    const { log, lines } = fakeLog();
    const tasks = scheduler(log);
    const run = vi.fn(() => Promise.resolve());
    tasks.schedule({ name: 'tick', cron: EVERY_SECOND, run });
    expect(tasks.scheduled()).toEqual(['tick']);
    const next = tasks.nextRun('tick');
    expect(next).not.toBeNull();
    expect(next?.toISOString()).toBe('2026-01-01T00:00:01.000Z');
    await vi.advanceTimersByTimeAsync(749);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(lines).toContain('info task tick: started');
    expect(tasks.nextRun('missing')).toBeNull();
  });

  it('skips a run while the previous one is still going', async () => {
    const { log } = fakeLog();
    const tasks = scheduler(log);
    let finish: () => void = () => undefined;
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    tasks.schedule({ name: 'slow', cron: EVERY_SECOND, run });
    await vi.advanceTimersByTimeAsync(750);
    expect(tasks.isRunning('slow')).toBe(true);
    // Two more seconds pass: both due runs are skipped.
    await vi.advanceTimersByTimeAsync(2000);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(tasks.isRunning('slow')).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('logs a failed run and keeps the schedule', async () => {
    const { log, lines } = fakeLog();
    const tasks = scheduler(log);
    const run = vi.fn(() => Promise.reject(new Error('dump unreachable')));
    tasks.schedule({ name: 'flaky', cron: EVERY_SECOND, run });
    await vi.advanceTimersByTimeAsync(1750);
    expect(run).toHaveBeenCalledTimes(2);
    expect(
      lines.filter((line) => line === 'error task flaky: failed: dump unreachable'),
    ).toHaveLength(2);
  });

  it('refuses a second task of the same name and stops everything', () => {
    const tasks = scheduler(fakeLog().log);
    tasks.schedule({ name: 'once', cron: '0 4 * * *', run: () => Promise.resolve() });
    expect(() =>
      tasks.schedule({ name: 'once', cron: '0 5 * * *', run: () => Promise.resolve() }),
    ).toThrow('Task once is already scheduled');
    tasks.stop();
    expect(tasks.scheduled()).toEqual([]);
    expect(tasks.nextRun('once')).toBeNull();
  });

  it('lets two schedulers in one process (two apps) run a task of the same name', async () => {
    const first = scheduler(fakeLog().log);
    const second = scheduler(fakeLog().log);
    const firstRun = vi.fn(() => Promise.resolve());
    const secondRun = vi.fn(() => Promise.resolve());
    first.schedule({ name: 'prune_save_history', cron: EVERY_SECOND, run: firstRun });
    second.schedule({ name: 'prune_save_history', cron: EVERY_SECOND, run: secondRun });
    await vi.advanceTimersByTimeAsync(750);
    expect(firstRun).toHaveBeenCalledTimes(1);
    expect(secondRun).toHaveBeenCalledTimes(1);
    first.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(firstRun).toHaveBeenCalledTimes(1);
    expect(secondRun).toHaveBeenCalledTimes(2);
  });
});
