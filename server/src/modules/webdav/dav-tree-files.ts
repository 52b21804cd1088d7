import { createHash } from 'node:crypto';
import type { BigIntStats } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { HttpError } from '../../http/http-error.js';
import { ABANDONED_AFTER_MS } from '../../lib/confined-files.js';
import { TempOwner, writerIsGone } from '../../lib/temp-owners.js';

/** A file or folder of a user's tree, as WebDAV shows it. */
export interface DavEntry {
  /** Path inside the tree, "/"-separated, no outer slashes ("" for the root). */
  relPath: string;
  name: string;
  collection: boolean;
  size: number;
  /** Strong ETag (quoted) of a file; null for a folder. */
  etag: string | null;
  modified: Date;
}

/**
 * A strong ETag from the file's identity: every write replaces the file by a rename, so a new
 * inode, size and modification time stand for new content without hashing it again.
 */
export function etagOf(stats: BigIntStats): string {
  return `"${stats.ino.toString(16)}-${stats.size.toString(16)}-${stats.mtimeNs.toString(16)}"`;
}

export function entryOf(relPath: string, stats: BigIntStats): DavEntry {
  const collection = stats.isDirectory();
  return {
    relPath,
    name: relPath === '' ? '' : path.posix.basename(relPath),
    collection,
    size: collection ? 0 : Number(stats.size),
    etag: collection ? null : etagOf(stats),
    modified: new Date(Number(stats.mtimeMs)),
  };
}

/** Files and folders directly inside a folder; links and special files are left out. */
export async function childEntries(abs: string, relPath: string): Promise<DavEntry[]> {
  const children = await readdir(abs, { withFileTypes: true });
  const entries: DavEntry[] = [];
  for (const child of children) {
    if (!child.isFile() && !child.isDirectory()) continue;
    const childRel = relPath === '' ? child.name : `${relPath}/${child.name}`;
    const stats = await lstat(path.join(abs, child.name), { bigint: true }).catch(() => null);
    if (stats !== null) entries.push(entryOf(childRel, stats));
  }
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Every file at or below a path (the file itself when it is one). */
export async function filesBelow(abs: string, relPath: string): Promise<DavEntry[]> {
  const stats = await lstat(abs, { bigint: true }).catch(() => null);
  if (stats === null) return [];
  if (stats.isFile()) return [entryOf(relPath, stats)];
  if (!stats.isDirectory()) return [];
  const files: DavEntry[] = [];
  for (const child of await childEntries(abs, relPath)) {
    if (child.collection) {
      files.push(...(await filesBelow(path.join(abs, child.name), child.relPath)));
    } else files.push(child);
  }
  return files;
}

/** A complete file in the temp area, waiting to be renamed into a tree. */
export interface StagedFile {
  temp: string;
  size: number;
  md5: string;
}

/**
 * The temp area of the trees, on their filesystem so a finished file enters a tree by one
 * rename: readers see the old file or the new one, never a part.
 */
export class DavTempArea {
  private readonly owner = new TempOwner();

  constructor(private readonly dir: string) {}

  newPath(): string {
    return path.join(this.dir, this.owner.newName());
  }

  /** Streams a body to a temp file; 413 past `maxBytes`, 400 when the client breaks off. */
  async stage(source: Readable, maxBytes: number): Promise<StagedFile> {
    await mkdir(this.dir, { recursive: true });
    const temp = this.newPath();
    const md5 = createHash('md5');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > maxBytes) {
          callback(new HttpError(413, `Files may be at most ${String(maxBytes)} bytes`));
          return;
        }
        md5.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      await pipeline(source, meter, createWriteStream(temp, { flags: 'wx' }));
    } catch (error) {
      await rm(temp, { force: true });
      if (error instanceof HttpError) throw error;
      if (source.errored !== null || source.readableAborted) {
        throw new HttpError(400, 'The upload was cut short');
      }
      throw error;
    }
    return { temp, size, md5: md5.digest('hex') };
  }

  async stageBytes(bytes: Uint8Array): Promise<StagedFile> {
    await mkdir(this.dir, { recursive: true });
    const temp = this.newPath();
    await writeFile(temp, bytes, { flag: 'wx' });
    return { temp, size: bytes.byteLength, md5: createHash('md5').update(bytes).digest('hex') };
  }

  /** Replaces `target` with the text, atomically. */
  async replaceText(target: string, text: string): Promise<void> {
    const staged = await this.stageBytes(Buffer.from(text, 'utf8'));
    await rename(staged.temp, target);
  }

  async discard(staged: StagedFile): Promise<void> {
    await rm(staged.temp, { force: true });
  }

  /** Removes temp files of crashed writers, at start-up (see ConfinedFiles.sweep). */
  async sweep(now = Date.now()): Promise<void> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    for (const name of names) {
      const entry = path.join(this.dir, name);
      const stats = await lstat(entry).catch(() => null);
      if (stats === null) continue;
      if (writerIsGone(name) || now - stats.mtimeMs > ABANDONED_AFTER_MS) {
        await rm(entry, { recursive: true, force: true });
      }
    }
  }
}

/** A small JSON file, or `fallback` when missing or unreadable. */
export async function readJson(file: string, fallback: unknown): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch {
    return fallback;
  }
}
