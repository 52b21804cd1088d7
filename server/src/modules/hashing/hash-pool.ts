import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

import type {
  FileStatOutcome,
  Hashes,
  HashTask,
  HashTaskOutcome,
  HashTaskResult,
  StatTask,
} from './file-hasher.js';
import { ALL_HASH_ALGORITHMS, runHashTask } from './file-hasher.js';
import type { RaStreamRule } from './ra-hash.js';

/** Files at least this big are hashed by two workers at once (md5 ‖ sha1 + crc32). */
export const SPLIT_HASH_THRESHOLD = 32 * 1024 * 1024;

/** Workers idle this long are ended, giving their memory back; the next task starts new ones. */
export const HASH_WORKER_IDLE_MS = 20_000;

/**
 * Files up to this size are hashed in batches: the tasks asked for in one turn of the event
 * loop go to the workers in messages of up to HASH_BATCH_TASKS, as a message costs as much as
 * hashing a few small files.
 */
export const BATCHED_FILE_BYTES = 256 * 1024;
export const HASH_BATCH_TASKS = 32;

/** Files per message when the workers read sizes and times for the library walk. */
export const STAT_BATCH_FILES = 512;

/** The compiled worker script next to this module (absent when running the .ts sources). */
export const DEFAULT_WORKER_URL = new URL('./hash.worker.js', import.meta.url);

interface Pending {
  task: HashTask | StatTask;
  /** Called with the task's outcome (a failure of the worker included, as an error). */
  settle: (outcome: HashTaskOutcome) => void;
}

/** A Pending that resolves with the hashes of a hash task. */
function hashPending(
  task: HashTask,
  resolve: (result: HashTaskResult) => void,
  reject: (error: Error) => void,
): Pending {
  return {
    task,
    settle: (outcome) => {
      if ('result' in outcome) resolve(outcome.result);
      else reject(new Error('error' in outcome ? outcome.error : 'hash worker returned no result'));
    },
  };
}

interface PoolWorker {
  worker: Worker;
  /** The tasks of each message sent and not answered yet. */
  pending: Map<number, Pending[]>;
  /** Tasks sent and not answered yet. */
  load: number;
}

interface WorkerReply {
  id: number;
  outcomes: HashTaskOutcome[];
}

/**
 * A small pool of hashing worker threads. Each file is read once per worker and fed to every
 * hash it computes; big files are split across two workers by algorithm so md5 (the slowest)
 * does not bound the others. When the compiled worker script does not exist (tests running the
 * TypeScript sources), hashing runs in the calling thread with the same code and concurrency.
 */
export class HashPool {
  readonly mode: 'workers' | 'in-thread';
  private readonly workers: PoolWorker[] = [];
  private nextId = 1;
  private inThreadRunning = 0;
  private readonly inThreadWaiting: (() => void)[] = [];
  private closed = false;
  private idleTimer: NodeJS.Timeout | null = null;
  /** Small-file tasks waiting to be sent together (see BATCHED_FILE_BYTES). */
  private batch: Pending[] = [];
  private batchScheduled = false;

  constructor(
    readonly size: number,
    private readonly workerUrl: URL = DEFAULT_WORKER_URL,
    private readonly idleMs = HASH_WORKER_IDLE_MS,
  ) {
    this.mode = existsSync(fileURLToPath(workerUrl)) ? 'workers' : 'in-thread';
  }

  /**
   * crc32 + md5 + sha1 of one file, plus its RA hash when a streamed RA rule is given (in the
   * same read; on a split file, by the md5 worker, so a file needing no change reuses its md5).
   */
  async hashFile(filePath: string, size: number, ra: RaStreamRule | null = null): Promise<Hashes> {
    if (this.mode === 'workers' && this.size >= 2 && size >= SPLIT_HASH_THRESHOLD) {
      const [md5, rest] = await Promise.all([
        this.run({ paths: [filePath], algorithms: ['md5'], combined: false, ra: [ra] }),
        this.run({ paths: [filePath], algorithms: ['crc32', 'sha1'], combined: false }),
      ]);
      const a = md5.files[0];
      const b = rest.files[0];
      if (a === undefined || b === undefined) throw new Error('hash worker returned no result');
      return { crc: b.crc, md5: a.md5, sha1: b.sha1, ra: a.ra, size: b.size };
    }
    const task: HashTask = {
      paths: [filePath],
      algorithms: ALL_HASH_ALGORITHMS,
      combined: false,
      ra: [ra],
    };
    const result = await (this.mode === 'workers' && size <= BATCHED_FILE_BYTES
      ? this.runBatched(task)
      : this.run(task));
    const hashes = result.files[0];
    if (hashes === undefined) throw new Error('hash worker returned no result');
    return hashes;
  }

  /** Runs one task on the least busy worker (or in this thread). */
  run(task: HashTask): Promise<HashTaskResult> {
    if (this.closed) return Promise.reject(new Error('hash pool is closed'));
    if (this.mode === 'in-thread') return this.runInThread(task);
    return new Promise<HashTaskResult>((resolve, reject) => {
      this.send([hashPending(task, resolve, reject)]);
    });
  }

  /**
   * Sizes and times of plain files, in order (the library walk's): read with blocking calls on
   * the workers, a few hundred per message, instead of one trip through libuv's thread pool per
   * file in the calling thread. In this thread when there are no workers.
   */
  async statFiles(paths: readonly string[]): Promise<FileStatOutcome[]> {
    if (this.closed) throw new Error('hash pool is closed');
    if (this.mode === 'in-thread') {
      return Promise.all(
        paths.map((filePath) =>
          stat(filePath).then(
            ({ size, mtimeMs }) => ({ size, mtimeMs }),
            (error: unknown) => ({ error: (error as Error).message }),
          ),
        ),
      );
    }
    const parts: Promise<FileStatOutcome[]>[] = [];
    for (let start = 0; start < paths.length; start += STAT_BATCH_FILES) {
      const task: StatTask = { stat: paths.slice(start, start + STAT_BATCH_FILES) };
      parts.push(
        new Promise<FileStatOutcome[]>((resolve, reject) => {
          this.send([
            {
              task,
              settle: (outcome) => {
                if ('stats' in outcome) resolve(outcome.stats);
                else reject(new Error('error' in outcome ? outcome.error : 'no file status'));
              },
            },
          ]);
        }),
      );
    }
    return (await Promise.all(parts)).flat();
  }

  /** Runs a small task in the next batch sent to a worker. */
  private runBatched(task: HashTask): Promise<HashTaskResult> {
    if (this.closed) return Promise.reject(new Error('hash pool is closed'));
    return new Promise<HashTaskResult>((resolve, reject) => {
      this.batch.push(hashPending(task, resolve, reject));
      if (this.batch.length >= HASH_BATCH_TASKS) this.sendBatch();
      else if (!this.batchScheduled) {
        this.batchScheduled = true;
        setImmediate(() => {
          this.batchScheduled = false;
          this.sendBatch();
        });
      }
    });
  }

  private sendBatch(): void {
    if (this.batch.length === 0) return;
    const tasks = this.batch;
    this.batch = [];
    if (this.closed) {
      for (const pending of tasks) pending.settle({ error: 'hash pool is closed' });
      return;
    }
    this.send(tasks);
  }

  /** Sends tasks in one message to the least busy worker. */
  private send(tasks: Pending[]): void {
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const target = this.pickWorker();
    const id = this.nextId++;
    target.pending.set(id, tasks);
    target.load += tasks.length;
    target.worker.postMessage({ id, tasks: tasks.map((pending) => pending.task) });
  }

  /** Worker threads running now (they are started on demand and ended when idle). */
  get workerCount(): number {
    return this.workers.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.sendBatch();
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    const workers = this.workers.splice(0);
    await Promise.all(workers.map(({ worker }) => worker.terminate()));
  }

  private pickWorker(): PoolWorker {
    if (this.workers.length < this.size) {
      const idle = this.workers.find((entry) => entry.load === 0);
      if (idle !== undefined) return idle;
      return this.spawn();
    }
    let best = this.workers[0];
    for (const entry of this.workers) {
      if (best === undefined || entry.load < best.load) best = entry;
    }
    return best ?? this.spawn();
  }

  private spawn(): PoolWorker {
    const entry: PoolWorker = { worker: new Worker(this.workerUrl), pending: new Map(), load: 0 };
    entry.worker.unref();
    entry.worker.on('message', (reply: WorkerReply) => {
      const tasks = entry.pending.get(reply.id);
      if (tasks === undefined) return;
      entry.pending.delete(reply.id);
      entry.load -= tasks.length;
      tasks.forEach((pending, index) => {
        pending.settle(reply.outcomes[index] ?? { error: 'hash worker returned no result' });
      });
      if (this.workers.every((other) => other.load === 0)) this.endWhenIdle();
    });
    const fail = (error: Error) => {
      const index = this.workers.indexOf(entry);
      if (index !== -1) this.workers.splice(index, 1);
      for (const tasks of entry.pending.values()) {
        for (const pending of tasks) pending.settle({ error: error.message });
      }
      entry.pending.clear();
      entry.load = 0;
    };
    entry.worker.on('error', fail);
    entry.worker.on('exit', (code) => {
      if (entry.load > 0) fail(new Error(`hash worker exited with code ${code}`));
    });
    this.workers.push(entry);
    return entry;
  }

  /** Ends every worker once none has had work for `idleMs`. */
  private endWhenIdle(): void {
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      for (const entry of this.workers.splice(0)) void entry.worker.terminate();
    }, this.idleMs);
    this.idleTimer.unref();
  }

  private async runInThread(task: HashTask): Promise<HashTaskResult> {
    if (this.inThreadRunning >= this.size) {
      await new Promise<void>((resolve) => this.inThreadWaiting.push(resolve));
    }
    this.inThreadRunning += 1;
    try {
      return await runHashTask(task);
    } finally {
      this.inThreadRunning -= 1;
      this.inThreadWaiting.shift()?.();
    }
  }
}
