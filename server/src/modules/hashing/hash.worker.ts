/**
 * Hashing worker thread (compiled to hash.worker.js and started by HashPool). Receives
 * `{id, tasks}` messages and answers `{id, outcomes}`: per task, `{result}` or `{error}`, in order.
 */
import { parentPort } from 'node:worker_threads';

import type { HashTask, HashTaskOutcome } from './file-hasher.js';
import { runHashTaskSync } from './file-hasher.js';

const port = parentPort;
if (port === null) throw new Error('hash.worker must run as a worker thread');

const buffer = Buffer.allocUnsafe(1024 * 1024);

// Tasks run one after the other with blocking reads: this thread does nothing else.
port.on('message', (message: { id: number; tasks: HashTask[] }) => {
  const outcomes = message.tasks.map((task): HashTaskOutcome => {
    try {
      return { result: runHashTaskSync(task, buffer) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  });
  port.postMessage({ id: message.id, outcomes });
});
