/**
 * Patching worker thread (compiled to patch.worker.js, started by patch-runner.ts for one
 * patch): applies it off the event loop, which a large ROM would otherwise hold for seconds.
 */
import { parentPort, workerData } from 'node:worker_threads';

import type { PatchJobData, PatchJobReply } from './patch-runner.js';
import { applyPatchBytes, errorKindOf } from './patch-runner.js';

const port = parentPort;
if (port === null) throw new Error('patch.worker must run as a worker thread');

const job = workerData as PatchJobData;
let reply: PatchJobReply;
try {
  const result = applyPatchBytes(Buffer.from(job.rom), Buffer.from(job.patch), job.maxBytes);
  const output = new Uint8Array(
    result.output.buffer,
    result.output.byteOffset,
    result.output.length,
  );
  reply = { output, verified: result.verified };
} catch (error) {
  reply = { error: (error as Error).message, kind: errorKindOf(error) };
}
port.postMessage(reply, 'output' in reply ? [reply.output.buffer as ArrayBuffer] : []);
