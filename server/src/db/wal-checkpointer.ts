import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

import { sql } from 'kysely';

import type { Db } from './database.js';

const WORKER_URL = new URL('./wal-checkpoint.worker.js', import.meta.url);

/** How often the thread checkpoints: small enough that each checkpoint copies little. */
const CHECKPOINT_INTERVAL_MS = 100;

export interface WalCheckpointer {
  /** Runs a last checkpoint and ends the thread. */
  stop(): Promise<void>;
}

/**
 * Starts checkpointing `file`'s WAL from a worker thread (wal-checkpoint.worker.ts). Null where
 * no thread can do it: a database without a file, or the sources run as they are (tests), where
 * the worker is not compiled.
 */
export function startWalCheckpointer(file: string): WalCheckpointer | null {
  if (file === '' || !existsSync(fileURLToPath(WORKER_URL))) return null;
  const worker = new Worker(WORKER_URL, {
    workerData: { file, intervalMs: CHECKPOINT_INTERVAL_MS },
    // The thread needs none of the process's flags (and `--input-type`, say, would stop it).
    execArgv: [],
  });
  // A failed thread only means the WAL grows until the scan ends and its checkpoints resume.
  worker.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    stop: async () => {
      worker.postMessage('stop');
      await exited;
    },
  };
}

/** The SQLite database's file ('' for an in-memory or temporary one). */
export async function databaseFile(db: Db): Promise<string> {
  const { rows } = await sql<{ name: string; file: string }>`PRAGMA database_list`.execute(db);
  return rows.find((row) => row.name === 'main')?.file ?? '';
}
