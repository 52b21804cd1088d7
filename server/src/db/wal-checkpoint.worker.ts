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
const db = new Database(file, { fileMustExist: true });

const checkpoint = () => db.pragma('wal_checkpoint(PASSIVE)');
const timer = setInterval(checkpoint, intervalMs);

port.once('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  port.postMessage('stopped');
  port.close();
});
