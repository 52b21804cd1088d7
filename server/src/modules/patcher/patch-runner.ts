import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

import type { AppliedPatch } from './formats/patch-errors.js';
import {
  PatchFormatError,
  PatchMismatchError,
  PatchTooLargeError,
} from './formats/patch-errors.js';
import { patchApplier } from './patch-formats.js';

/** The compiled worker; missing when running from the TypeScript sources (tests). */
const WORKER_URL = new URL('./patch.worker.js', import.meta.url);

const ERROR_KINDS = {
  format: PatchFormatError,
  mismatch: PatchMismatchError,
  'too-large': PatchTooLargeError,
} as const;
type ErrorKind = keyof typeof ERROR_KINDS | 'other';

export interface PatchJobData {
  rom: Uint8Array;
  patch: Uint8Array;
  maxBytes: number;
}

export type PatchJobReply =
  { output: Uint8Array; verified: boolean } | { error: string; kind: ErrorKind };

/** Applies a patch of any supported format, recognised by its leading bytes. */
export function applyPatchBytes(rom: Buffer, patch: Buffer, maxBytes: number): AppliedPatch {
  return patchApplier(patch)(rom, patch, maxBytes);
}

export function errorKindOf(error: unknown): ErrorKind {
  for (const [kind, type] of Object.entries(ERROR_KINDS)) {
    if (error instanceof type) return kind as ErrorKind;
  }
  return 'other';
}

/** The bytes as a Uint8Array whose whole buffer can be moved to the worker (else a copy). */
function movable(bytes: Buffer): Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole ? new Uint8Array(bytes.buffer) : new Uint8Array(bytes);
}

/**
 * Applies a patch on a worker thread of its own (the bytes are moved there and back, not
 * copied), or in this thread when the worker is not built. Throws the format's errors.
 */
export async function runPatch(
  rom: Buffer,
  patch: Buffer,
  maxBytes: number,
): Promise<AppliedPatch> {
  if (!existsSync(fileURLToPath(WORKER_URL))) return applyPatchBytes(rom, patch, maxBytes);
  const data: PatchJobData = { rom: movable(rom), patch: movable(patch), maxBytes };
  const worker = new Worker(WORKER_URL, {
    workerData: data,
    transferList: [data.rom.buffer as ArrayBuffer, data.patch.buffer as ArrayBuffer],
  });
  try {
    const reply = await new Promise<PatchJobReply>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`patch worker exited with code ${String(code)}`)),
      );
    });
    if ('output' in reply) {
      const output = Buffer.from(
        reply.output.buffer,
        reply.output.byteOffset,
        reply.output.byteLength,
      );
      return { output, verified: reply.verified };
    }
    if (reply.kind === 'other') throw new Error(reply.error);
    throw new ERROR_KINDS[reply.kind](reply.error);
  } finally {
    await worker.terminate();
  }
}
