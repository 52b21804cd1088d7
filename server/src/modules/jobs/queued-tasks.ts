import type { TaskStatus } from '@romshelf/contract';
import type { Job, Queue } from 'bullmq';

import type { TaskQueue } from '../tasks/tasks.service.js';
import type { TaskJobData } from './job-queues.js';
import { TASK_JOB } from './job-queues.js';

/** A job's run as its worker last reported it (the progress it set), or as it was queued. */
export function taskStatusOf(job: Job<TaskJobData>): TaskStatus {
  const reported = job.progress;
  return typeof reported === 'object' && reported !== null && 'task_id' in reported
    ? (reported as TaskStatus)
    : job.data.status;
}

/**
 * Task runs through the job queue (REDIS_URL). One run per task at a time across processes:
 * a run is deduplicated by its task's name while one is queued or running.
 */
export class QueuedTasks implements TaskQueue {
  constructor(private readonly queue: Queue<TaskJobData>) {}

  async enqueue(status: TaskStatus, params: Record<string, unknown>): Promise<boolean> {
    const job = await this.queue.add(
      TASK_JOB,
      { status, params },
      { jobId: status.task_id, deduplication: { id: status.task_key } },
    );
    return job.id === status.task_id;
  }

  /**
   * Queues the run a schedule made due at `dueAt`. Every worker's clock fires it: the job id
   * names the task and the due second, so BullMQ keeps one job per due time (kept a day after it
   * ends so a late clock cannot add it again), and none while a run of the task goes on.
   */
  async enqueueScheduled(status: TaskStatus, dueAt: Date): Promise<void> {
    const jobId = `${status.task_key}@${String(Math.round(dueAt.getTime() / 1000))}`;
    await this.queue.add(
      TASK_JOB,
      { status: { ...status, task_id: jobId }, params: {} },
      {
        jobId,
        deduplication: { id: status.task_key },
        removeOnComplete: { age: 24 * 3600 },
      },
    );
  }

  async live(): Promise<TaskStatus[]> {
    const jobs = await this.queue.getJobs(['active', 'waiting', 'prioritized', 'delayed']);
    return jobs.map(taskStatusOf);
  }
}
