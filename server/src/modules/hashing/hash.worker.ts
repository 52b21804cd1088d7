/**
 * Hashing worker thread (compiled to hash.worker.js and started by HashPool). Receives
 * `{id, task}` messages and answers `{id, result}` or `{id, error}`.
 */
import { parentPort } from 'node:worker_threads';

import type { HashTask } from './file-hasher.js';
import { runHashTask } from './file-hasher.js';

const port = parentPort;
if (port === null) throw new Error('hash.worker must run as a worker thread');

const buffer = Buffer.allocUnsafe(1024 * 1024);
let queue: Promise<void> = Promise.resolve();

port.on('message', (message: { id: number; task: HashTask }) => {
  // One task at a time per worker, so the shared read buffer is never used twice at once.
  queue = queue.then(async () => {
    try {
      port.postMessage({ id: message.id, result: await runHashTask(message.task, buffer) });
    } catch (error) {
      port.postMessage({ id: message.id, error: (error as Error).message });
    }
  });
});
