import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';

/** A job run on a cron schedule (RomM's scheduled tasks). */
export interface ScheduledTask {
  name: string;
  /** A 5- to 7-part cron expression or a shortcut such as `@daily`. */
  cron: string;
  run: () => Promise<unknown>;
}

/**
 * Runs scheduled tasks in this process. A run that is still going when the next one is due is
 * skipped, and a failing run is logged without stopping the schedule. Jobs are keyed by name in
 * this scheduler only: croner's named jobs share one list per process, which two apps in one
 * process (tests, a restart in place) would collide in.
 */
export class TaskScheduler {
  private readonly jobs = new Map<string, Cron>();

  constructor(private readonly log: FastifyBaseLogger) {}

  schedule(task: ScheduledTask): void {
    if (this.jobs.has(task.name)) throw new Error(`Task ${task.name} is already scheduled`);
    const job = new Cron(task.cron, { protect: true }, async () => {
      const started = Date.now();
      this.log.info(`task ${task.name}: started`);
      try {
        await task.run();
        this.log.info(`task ${task.name}: finished in ${String(Date.now() - started)} ms`);
      } catch (error) {
        this.log.error(`task ${task.name}: failed: ${(error as Error).message}`);
      }
    });
    this.jobs.set(task.name, job);
  }

  /** Stops a task's schedule (nothing when it has none); a run in progress goes on. */
  unschedule(name: string): void {
    this.jobs.get(name)?.stop();
    this.jobs.delete(name);
  }

  /** When a task runs next; null when it is not scheduled. */
  nextRun(name: string): Date | null {
    return this.jobs.get(name)?.nextRun() ?? null;
  }

  /** Whether a run of the task is in progress. */
  isRunning(name: string): boolean {
    return this.jobs.get(name)?.isBusy() ?? false;
  }

  scheduled(): string[] {
    return [...this.jobs.keys()];
  }

  stop(): void {
    for (const job of this.jobs.values()) job.stop();
    this.jobs.clear();
  }
}
