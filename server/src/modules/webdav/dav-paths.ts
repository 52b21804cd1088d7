import type { BigIntStats } from 'node:fs';
import { lstat, mkdir } from 'node:fs/promises';
import path from 'node:path';

import { HttpError } from '../../http/http-error.js';

/** Longest name of one path segment most filesystems accept. */
const MAX_SEGMENT_BYTES = 255;

/**
 * The segments of a path inside a user's tree ("saves/Game.srm"). Empty segments (leading,
 * trailing or doubled slashes) are dropped; dot segments leave the tree: 403; names no
 * filesystem should hold (NUL, backslash, over 255 bytes): 400.
 */
export function davSegments(relPath: string): string[] {
  const segments = relPath.split('/').filter((segment) => segment !== '');
  for (const segment of segments) {
    if (segment === '.' || segment === '..') throw new HttpError(403, 'Path leaves your folder');
    if (
      segment.includes('\0') ||
      segment.includes('\\') ||
      Buffer.byteLength(segment) > MAX_SEGMENT_BYTES
    ) {
      throw new HttpError(400, 'Invalid path');
    }
  }
  return segments;
}

/** The canonical form of a path inside a tree: segments joined by "/", no outer slashes. */
export function davPath(segments: readonly string[]): string {
  return segments.join('/');
}

export interface Located {
  /** Absolute path of the resource on disk. */
  abs: string;
  /** Canonical relative path ("" for the tree's root). */
  relPath: string;
  segments: string[];
  /** The resource's own stats; null when nothing has that name. */
  stats: BigIntStats | null;
  /** Whether every folder above the resource exists. */
  parentExists: boolean;
}

async function lstatOrNull(abs: string): Promise<BigIntStats | null> {
  try {
    return await lstat(abs, { bigint: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}

/**
 * Finds a path inside `root` without following links: a symbolic link anywhere on the way
 * (placed there by hand, since the tree never creates one) is refused with 403, so no name
 * reaches outside the root.
 */
export async function locate(root: string, relPath: string): Promise<Located> {
  const segments = davSegments(relPath);
  await mkdir(root, { recursive: true });
  let current = root;
  for (const [index, segment] of segments.entries()) {
    current = path.join(current, segment);
    const stats = await lstatOrNull(current);
    if (stats?.isSymbolicLink() === true) throw new HttpError(403, 'Path leaves your folder');
    const last = index === segments.length - 1;
    if (last)
      return { abs: current, relPath: davPath(segments), segments, stats, parentExists: true };
    if (stats === null || !stats.isDirectory()) {
      return {
        abs: path.join(current, ...segments.slice(index + 1)),
        relPath: davPath(segments),
        segments,
        stats: null,
        parentExists: false,
      };
    }
  }
  return {
    abs: root,
    relPath: '',
    segments,
    stats: await lstat(root, { bigint: true }),
    parentExists: true,
  };
}
