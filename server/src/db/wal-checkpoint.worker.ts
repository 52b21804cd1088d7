/**
 * WAL checkpointer thread (compiled to wal-checkpoint.worker.js and started by
 * `startWalCheckpointer`). While a scan writes with SQLite's automatic checkpoints off, it copies
 * committed WAL pages back into the database file from a connection of its own, so no commit on
 * the event loop pays for a checkpoint. PASSIVE checkpoints never wait for the writer.
 */
import { parentPort, workerData } from 'node:worker_threads';

import Database from 'better-sqlite3';

const port = parentPort;
if (port === null) throw new Error('wal-checkpoint.worker must run as a worker thread');

const { file, intervalMs } = workerData as { file: string; intervalMs: number };
// Never waits on a lock: a checkpoint that cannot run now runs at the next tick.
const db = new Database(file, { fileMustExist: true, timeout: 0 });

const checkpoint = () => db.pragma('wal_checkpoint(PASSIVE)');
const timer = setInterval(checkpoint, intervalMs);

/**
 * The last checkpoint also empties the log file, here rather than in a commit on the event loop
 * (the scan ran without `journal_size_limit`). Busy (a reader or writer at that moment), it
 * copies what it can and leaves the file to the limit.
 */
const lastCheckpoint = () => {
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch {
    checkpoint();
  }
};

port.once('message', () => {
  clearInterval(timer);
  lastCheckpoint();
  db.close();
  port.postMessage('stopped');
  port.close();
});
