import { SCAN_EVENTS } from '@romshelf/contract';
import type { Job } from 'bullmq';
import { Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

import type { RealtimeServer } from '../realtime/realtime.gateway.js';
import { SCAN_ROOM, runBroadcastScan } from '../scan/scan.gateway.js';
import { ScanAlreadyRunningError } from '../scan/scan.service.js';
import type { ScanService } from '../scan/scan.service.js';
import type { TasksService } from '../tasks/tasks.service.js';
import type { ScanJobData, TaskJobData } from './job-queues.js';
import { SCAN_QUEUE, TASK_QUEUE, WORKER_LOCKS } from './job-queues.js';
import { taskStatusOf } from './queued-tasks.js';

/** Task runs one worker process takes on at once (different tasks; one run per task). */
const TASK_CONCURRENCY = 4;

/** What a job of a worker that died mid-run fails with once it stalled too often. */
export const LOST_WORKER_REASON = 'The worker running it stopped before it ended';

export interface JobWorkerDeps {
  connection: Redis;
  scan: ScanService;
  tasks: TasksService;
  /** A socket.io server on the Redis adapter, attached to no HTTP server: it only broadcasts. */
  io: RealtimeServer;
  log: FastifyBaseLogger;
}

/** BullMQ's reason for a job it found stalled more often than `maxStalledCount`. */
const STALLED_TOO_OFTEN = 'job stalled more than allowable limit';

/** Whether a job failed because its worker died (BullMQ found it stalled too often). */
function failedByStalling(job: Job | undefined, error: Error): boolean {
  return job !== undefined && error.message === STALLED_TOO_OFTEN;
}

/**
 * The BullMQ workers of a worker process: scans one at a time, broadcasting their progress to
 * the scan room of every API process; task runs, reporting their live status as the job's
 * progress (the API processes list it) and their events to the tasks room. `scan:stop` from any
 * API process stops the scan running here. A job whose worker died is put back once by BullMQ
 * and then failed: its scan ends with `scan:done_ko`, its task run is recorded as failed.
 */
export function startJobWorkers(deps: JobWorkerDeps): { close: () => Promise<void> } {
  const { scan, io, log } = deps;
  io.on(SCAN_EVENTS.stop, () => {
    if (scan.stop()) log.info('scan: stop asked');
  });
  const workers = [scanWorker(deps), taskWorker(deps)];
  for (const worker of workers) {
    worker.on('error', (error) => log.error({ err: error }, 'job worker error'));
  }
  return {
    close: async () => {
      scan.stop();
      await Promise.all(workers.map((worker) => worker.close()));
    },
  };
}

function scanWorker({ connection, scan, io, log }: JobWorkerDeps): Worker<ScanJobData> {
  const scanRoom = io.to(SCAN_ROOM);
  const worker = new Worker<ScanJobData>(
    SCAN_QUEUE,
    async (job) => {
      log.info({ request: job.data, job: job.id }, 'scan started');
      try {
        return await runBroadcastScan(scan, job.data, scanRoom, log);
      } catch (error) {
        // A scan task of this process holds the scanner: this scan is refused.
        if (error instanceof ScanAlreadyRunningError) {
          scanRoom.emit(SCAN_EVENTS.doneKo, error.message);
        }
        throw error;
      }
    },
    { connection, concurrency: 1, ...WORKER_LOCKS },
  );
  worker.on('failed', (job, error) => {
    if (!failedByStalling(job, error)) return;
    log.error({ job: job?.id }, `scan failed: ${LOST_WORKER_REASON}`);
    scanRoom.emit(SCAN_EVENTS.doneKo, `The scan failed: ${LOST_WORKER_REASON.toLowerCase()}`);
  });
  return worker;
}

function taskWorker({ connection, tasks, log }: JobWorkerDeps): Worker<TaskJobData> {
  const worker = new Worker<TaskJobData>(
    TASK_QUEUE,
    async (job) => {
      const { status, params } = job.data;
      const unsubscribe = tasks.subscribe((event, current) => {
        if (event !== 'progress' || current.task_id !== status.task_id) return;
        job.updateProgress(current).catch((error: unknown) => {
          log.warn({ err: error }, `task ${status.task_key}: progress not stored`);
        });
      });
      try {
        const ended = await tasks.runQueued(status, params);
        if (ended === null) {
          log.info(`task ${status.task_key}: still running here, this run is skipped`);
          return null;
        }
        if (ended.status === 'failed') throw new Error(ended.error ?? 'failed');
        return ended.meta;
      } finally {
        unsubscribe();
      }
    },
    { connection, concurrency: TASK_CONCURRENCY, ...WORKER_LOCKS },
  );
  worker.on('failed', (job, error) => {
    if (job === undefined || !failedByStalling(job, error)) return;
    tasks.recordLost(taskStatusOf(job), LOST_WORKER_REASON).catch((failure: unknown) => {
      log.error({ err: failure }, 'a lost task run was not recorded');
    });
  });
  return worker;
}
