import { randomUUID } from 'node:crypto';

import type { ScanRequest } from '@romshelf/contract';
import { SCAN_EVENTS } from '@romshelf/contract';
import type { Queue } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';

import type { ScanRoom, ScanStarter } from '../scan/scan.gateway.js';
import { emptyScanStats } from '../scan/scan-run.js';
import type { ScanJobData } from './job-queues.js';
import { SCAN_DEDUPLICATION_ID, SCAN_JOB } from './job-queues.js';

/**
 * Scans through the job queue (REDIS_URL): API processes add the scan and a worker runs it,
 * broadcasting its progress through the socket.io Redis adapter. A scan added while another is
 * queued or running is dropped by BullMQ's deduplication, so whichever process is asked, only
 * one scan exists at a time.
 */
export class QueuedScanStarter implements ScanStarter {
  constructor(
    private readonly queue: Queue<ScanJobData>,
    /** Tells the workers to stop the scan they run (a socket.io server-side event). */
    private readonly stopRunning: () => void,
    private readonly room: ScanRoom,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(request: ScanRequest): Promise<boolean> {
    const jobId = randomUUID();
    const job = await this.queue.add(SCAN_JOB, request, {
      jobId,
      deduplication: { id: SCAN_DEDUPLICATION_ID },
    });
    // A deduplicated add answers with the job already there.
    return job.id === jobId;
  }

  /** A scan still waiting for a worker is taken off the queue; a running one is told to stop. */
  async stop(): Promise<void> {
    for (const job of await this.queue.getJobs(['waiting', 'prioritized', 'delayed'])) {
      try {
        await job.remove();
        this.room.emit(SCAN_EVENTS.done, emptyScanStats());
      } catch (error) {
        // Taken by a worker meanwhile: the stop below reaches it.
        this.log.debug({ err: error }, 'queued scan already taken');
      }
    }
    this.stopRunning();
  }
}
