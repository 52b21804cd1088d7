import { createHash } from 'node:crypto';
import type { Hash } from 'node:crypto';
import { open } from 'node:fs/promises';
import zlib from 'node:zlib';

import type { RaStreamRule } from './ra-hash.js';
import { RaHasher } from './ra-hash.js';

export type HashAlgorithm = 'crc32' | 'md5' | 'sha1';
export const ALL_HASH_ALGORITHMS: readonly HashAlgorithm[] = ['crc32', 'md5', 'sha1'];

/** Hashes of some bytes: lower-case hex (crc32 as 8 digits), null when not computed. */
export interface Hashes {
  crc: string | null;
  md5: string | null;
  sha1: string | null;
  /** RetroAchievements hash, when the task asked for one with a streamed rule (see ra-hash). */
  ra: string | null;
  size: number;
}

/** A hashing job: files hashed one by one, optionally also as one concatenated stream. */
export interface HashTask {
  paths: readonly string[];
  algorithms: readonly HashAlgorithm[];
  /** Also hash the concatenation of every file, in order (a folder ROM's own hash). */
  combined: boolean;
  /** Per path: the RA hash rule to stream the file through in the same pass, or null. */
  ra?: readonly (RaStreamRule | null)[];
}

export interface HashTaskResult {
  files: Hashes[];
  combined: Hashes | null;
}

const CHUNK_SIZE = 1024 * 1024;

class MultiHasher {
  private crc = 0;
  private readonly md5: Hash | null;
  private readonly sha1: Hash | null;
  private readonly withCrc: boolean;
  private size = 0;

  constructor(algorithms: readonly HashAlgorithm[]) {
    this.withCrc = algorithms.includes('crc32');
    this.md5 = algorithms.includes('md5') ? createHash('md5') : null;
    this.sha1 = algorithms.includes('sha1') ? createHash('sha1') : null;
  }

  update(chunk: Uint8Array): void {
    if (this.withCrc) this.crc = zlib.crc32(chunk, this.crc);
    this.md5?.update(chunk);
    this.sha1?.update(chunk);
    this.size += chunk.length;
  }

  digest(): Hashes {
    return {
      crc: this.withCrc ? (this.crc >>> 0).toString(16).padStart(8, '0') : null,
      md5: this.md5?.digest('hex') ?? null,
      sha1: this.sha1?.digest('hex') ?? null,
      ra: null,
      size: this.size,
    };
  }
}

/**
 * Reads each file once, feeding every requested hash (and the file's RA hash rule, if any) from
 * the same buffer (one pass per file).
 * Runs inside a hashing worker, or in the calling thread when no worker script is available.
 */
export async function runHashTask(task: HashTask, buffer = Buffer.allocUnsafe(CHUNK_SIZE)) {
  const combined = task.combined ? new MultiHasher(task.algorithms) : null;
  const files: Hashes[] = [];
  for (const [index, filePath] of task.paths.entries()) {
    const hasher = new MultiHasher(task.algorithms);
    const raRule = task.ra?.[index] ?? null;
    const handle = await open(filePath, 'r');
    let ra: RaHasher | null = null;
    try {
      if (raRule !== null) {
        const { size } = await handle.stat();
        ra = new RaHasher(raRule, size, task.algorithms.includes('md5'));
      }
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) break;
        const chunk = buffer.subarray(0, bytesRead);
        hasher.update(chunk);
        combined?.update(chunk);
        ra?.update(chunk);
      }
    } finally {
      await handle.close();
    }
    const hashes = hasher.digest();
    files.push({ ...hashes, ra: ra?.digest(hashes.md5) ?? null });
  }
  const result: HashTaskResult = { files, combined: combined?.digest() ?? null };
  return result;
}
