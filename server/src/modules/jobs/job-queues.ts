import type { ScanRequest, TaskStatus } from '@romshelf/contract';
import type { Queue, WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';

/** A scan queued through the socket protocol. */
export type ScanJobData = ScanRequest;

/** A task run queued by hand or by its schedule: its status as queued, and its parameters. */
export interface TaskJobData {
  status: TaskStatus;
  params: Record<string, unknown>;
}

export const SCAN_QUEUE = 'romshelf-scans';
export const TASK_QUEUE = 'romshelf-tasks';

/** The BullMQ job name of every job of each queue. */
export const SCAN_JOB = 'scan';
export const TASK_JOB = 'task';

/** At most one scan queued or running across every process (RomM refuses a second one). */
export const SCAN_DEDUPLICATION_ID = 'library-scan';

/** Failed jobs kept in Redis for inspection. */
const FAILED_JOBS_KEPT = 100;

/**
 * How workers hold their jobs. A worker renews its lock every half `lockDuration`; when it dies,
 * the lock lapses and the next stalled-job check of any live worker puts the job back in the
 * queue once (`maxStalledCount`), then fails it, so a job is never left "running".
 */
export const WORKER_LOCKS: Pick<
  WorkerOptions,
  'lockDuration' | 'stalledInterval' | 'maxStalledCount'
> = {
  lockDuration: 15_000,
  stalledInterval: 5_000,
  maxStalledCount: 1,
};

/** The two queues API processes add to and worker processes take from. */
export interface JobQueues {
  scans: Queue<ScanJobData>;
  tasks: Queue<TaskJobData>;
}

/** The queues over `connection`; BullMQ is loaded here, so a server without REDIS_URL never holds it. */
export async function openJobQueues(connection: Redis): Promise<JobQueues> {
  const { Queue } = await import('bullmq');
  const defaultJobOptions = {
    attempts: 1,
    removeOnComplete: true,
    removeOnFail: { count: FAILED_JOBS_KEPT },
  };
  return {
    scans: new Queue<ScanJobData>(SCAN_QUEUE, { connection, defaultJobOptions }),
    tasks: new Queue<TaskJobData>(TASK_QUEUE, { connection, defaultJobOptions }),
  };
}

export async function closeJobQueues(queues: JobQueues): Promise<void> {
  await Promise.all([queues.scans.close(), queues.tasks.close()]);
}
