/**
 * Hashing worker thread (compiled to hash.worker.js and started by HashPool). Receives
 * `{id, tasks}` messages and answers `{id, outcomes}`: per task, `{result}` (hashes), `{stats}`
 * (file sizes and times, for the library walk) or `{error}`, in order.
 */
import { parentPort } from 'node:worker_threads';

import type { HashTask, HashTaskOutcome, StatTask } from './file-hasher.js';
import { runHashTaskSync, runStatTaskSync } from './file-hasher.js';

const port = parentPort;
if (port === null) throw new Error('hash.worker must run as a worker thread');

const buffer = Buffer.allocUnsafe(1024 * 1024);

// Tasks run one after the other with blocking reads: this thread does nothing else.
port.on('message', (message: { id: number; tasks: (HashTask | StatTask)[] }) => {
  const outcomes = message.tasks.map((task): HashTaskOutcome => {
    try {
      if ('stat' in task) return { stats: runStatTaskSync(task) };
      return { result: runHashTaskSync(task, buffer) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  });
  port.postMessage({ id: message.id, outcomes });
});
