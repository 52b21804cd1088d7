import { createHash } from 'node:crypto';
import type { Hash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
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

/** A job of the library walk run by the hashing workers: sizes and times of plain files. */
export interface StatTask {
  stat: readonly string[];
}

/** A file's size and time, or why they cannot be read. */
export type FileStatOutcome = { size: number; mtimeMs: number } | { error: string };

/** How a task ended on a hashing worker. */
export type HashTaskOutcome =
  { result: HashTaskResult } | { stats: FileStatOutcome[] } | { error: string };

/** Sizes and times of files with blocking calls, for the hashing workers. */
export function runStatTaskSync(task: StatTask): FileStatOutcome[] {
  return task.stat.map((filePath) => {
    try {
      const { size, mtimeMs } = statSync(filePath);
      return { size, mtimeMs };
    } catch (error) {
      return { error: (error as Error).message };
    }
  });
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

/** One file's hashes, fed chunk by chunk: its own, the combined stream's and its RA hash. */
class FileDigest {
  private readonly hasher: MultiHasher;
  private readonly ra: RaHasher | null;

  constructor(
    algorithms: readonly HashAlgorithm[],
    raRule: RaStreamRule | null,
    size: number,
    private readonly combined: MultiHasher | null,
  ) {
    this.hasher = new MultiHasher(algorithms);
    this.ra = raRule === null ? null : new RaHasher(raRule, size, algorithms.includes('md5'));
  }

  update(chunk: Uint8Array): void {
    this.hasher.update(chunk);
    this.combined?.update(chunk);
    this.ra?.update(chunk);
  }

  digest(): Hashes {
    const hashes = this.hasher.digest();
    return { ...hashes, ra: this.ra?.digest(hashes.md5) ?? null };
  }
}

/**
 * Reads each file once, feeding every requested hash (and the file's RA hash rule, if any) from
 * the same buffer (one pass per file). Runs in the calling thread when no hashing worker script
 * is available; workers use runHashTaskSync.
 */
export async function runHashTask(task: HashTask, buffer = Buffer.allocUnsafe(CHUNK_SIZE)) {
  const combined = task.combined ? new MultiHasher(task.algorithms) : null;
  const files: Hashes[] = [];
  for (const [index, filePath] of task.paths.entries()) {
    const raRule = task.ra?.[index] ?? null;
    const handle = await open(filePath, 'r');
    try {
      const size = raRule === null ? 0 : (await handle.stat()).size;
      const digest = new FileDigest(task.algorithms, raRule, size, combined);
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) break;
        digest.update(buffer.subarray(0, bytesRead));
      }
      files.push(digest.digest());
    } finally {
      await handle.close();
    }
  }
  const result: HashTaskResult = { files, combined: combined?.digest() ?? null };
  return result;
}

/**
 * runHashTask with blocking reads, for the hashing workers: a worker runs one task at a time, and
 * for the small files that make most of a library, a blocking read costs a fraction of the
 * open/read/stat/close round trips through libuv's thread pool (which the scan's own stat calls
 * share).
 */
export function runHashTaskSync(task: HashTask, buffer: Buffer): HashTaskResult {
  const combined = task.combined ? new MultiHasher(task.algorithms) : null;
  const files: Hashes[] = [];
  for (const [index, filePath] of task.paths.entries()) {
    const raRule = task.ra?.[index] ?? null;
    const fd = openSync(filePath, 'r');
    try {
      const size = raRule === null ? 0 : fstatSync(fd).size;
      const digest = new FileDigest(task.algorithms, raRule, size, combined);
      for (;;) {
        const bytesRead = readSync(fd, buffer, 0, buffer.length, null);
        if (bytesRead === 0) break;
        digest.update(buffer.subarray(0, bytesRead));
      }
      files.push(digest.digest());
    } finally {
      closeSync(fd);
    }
  }
  return { files, combined: combined?.digest() ?? null };
}
