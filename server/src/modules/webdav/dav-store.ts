import { createReadStream } from 'node:fs';
import { cp, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

import { HttpError } from '../../http/http-error.js';
import { checkConditions, type DavConditions } from './dav-conditions.js';
import { SERVER_MANIFEST } from './dav-manifest.js';
import { davPath, davSegments, locate, type Located } from './dav-paths.js';
import { DavServerWrites } from './dav-server-writes.js';
import { childEntries, DavTempArea, entryOf, filesBelow, type DavEntry } from './dav-tree-files.js';
import { KeyedLock } from './keyed-lock.js';
import type { TreeLocks } from './tree-locks.js';

export type { DavConditions } from './dav-conditions.js';
export type { DavEntry } from './dav-tree-files.js';

/** What a client's PUT, DELETE, MOVE or COPY did to one file of its tree. */
export interface DavChange {
  userId: number;
  relPath: string;
  kind: 'written' | 'removed';
  /** The file's new ETag; null when removed. */
  etag: string | null;
  /** The file's new size in bytes; 0 when removed. */
  size: number;
}

export type DavChangeListener = (change: DavChange) => void | Promise<void>;

export interface DavStoreOptions {
  /** `<data>/webdav`: the users' trees, the temp area and the server-write journal. */
  root: string;
  /** Largest file a client may PUT, in bytes. */
  maxFileBytes: number;
  /** Told about a change listener that failed (the client's request still succeeds). */
  onListenerError?: (error: unknown, change: DavChange) => void;
  /** How changes of a tree wait for each other; default: within this process only. */
  locks?: TreeLocks;
}

export interface DavMoveOptions extends DavConditions {
  /** false: 412 instead of replacing an existing destination (WebDAV `Overwrite: F`). */
  overwrite: boolean;
}

/**
 * Each user's WebDAV tree (RetroArch's cloud-sync layout: manifest.server, saves/, states/),
 * confined to `<root>/users/<userId>`. Writes land atomically (temp file + rename) under a
 * per-user lock that also checks If-Match / If-None-Match, so two devices cannot silently
 * overwrite each other (across processes with the database's locks).
 */
export class DavStore {
  private readonly listeners = new Set<DavChangeListener>();
  private readonly lock: TreeLocks;
  private readonly temp: DavTempArea;
  private readonly serverWrites: DavServerWrites;

  constructor(private readonly options: DavStoreOptions) {
    this.lock = options.locks ?? new KeyedLock<number>();
    this.temp = new DavTempArea(path.join(options.root, 'tmp'));
    this.serverWrites = new DavServerWrites(path.join(options.root, 'journal'), this.temp);
  }

  get maxFileBytes(): number {
    return this.options.maxFileBytes;
  }

  /** Calls `listener` after each change a client makes; returns the unsubscribe function. */
  onClientChange(listener: DavChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Removes temp files of crashed writers (at start-up). */
  sweep(now = Date.now()): Promise<void> {
    return this.temp.sweep(now);
  }

  private treeRoot(userId: number): string {
    return path.join(this.options.root, 'users', String(userId));
  }

  private locate(userId: number, relPath: string): Promise<Located> {
    return locate(this.treeRoot(userId), relPath);
  }

  /** The file or folder at a path; null when there is none. */
  async stat(userId: number, relPath: string): Promise<DavEntry | null> {
    const found = await this.locate(userId, relPath);
    return found.stats === null ? null : entryOf(found.relPath, found.stats);
  }

  /** The files and folders directly inside a folder; 404 when missing, 409 for a file. */
  async list(userId: number, relPath: string): Promise<DavEntry[]> {
    const found = await this.locate(userId, relPath);
    if (found.stats === null) throw new HttpError(404, 'Not found');
    if (!found.stats.isDirectory()) throw new HttpError(409, 'Not a folder');
    return childEntries(found.abs, found.relPath);
  }

  /** A file's entry and content; 404 when missing, 405 for a folder. */
  async read(userId: number, relPath: string): Promise<{ entry: DavEntry; stream: Readable }> {
    const found = await this.locate(userId, relPath);
    if (found.stats === null) throw new HttpError(404, 'Not found');
    if (found.stats.isDirectory()) throw new HttpError(405, 'A folder has no content');
    const handle = await open(found.abs, 'r');
    try {
      const stats = await handle.stat({ bigint: true });
      const entry = entryOf(found.relPath, stats);
      return { entry, stream: createReadStream('', { fd: handle }) };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /**
   * A client's PUT: streams the body to the temp area (413 past the size limit), then renames
   * it into place if the conditions still hold (412). 409 when the folder above is missing,
   * 405 when the path is a folder.
   */
  async write(
    userId: number,
    relPath: string,
    source: Readable,
    conditions: DavConditions = {},
  ): Promise<{ entry: DavEntry; created: boolean }> {
    const before = await this.writableTarget(userId, relPath);
    const existing = before.stats === null ? null : entryOf(before.relPath, before.stats);
    checkConditions(conditions, existing?.etag ?? null, existing !== null);
    const staged = await this.temp.stage(source, this.options.maxFileBytes);
    const result = await this.lock
      .run(userId, async () => {
        const target = await this.writableTarget(userId, relPath);
        const current = target.stats === null ? null : entryOf(target.relPath, target.stats);
        checkConditions(conditions, current?.etag ?? null, current !== null);
        await rename(staged.temp, target.abs);
        if (target.relPath === SERVER_MANIFEST) {
          await this.serverWrites.reconcile(userId, this.treeRoot(userId), (other) =>
            this.stat(userId, other).then((entry) => entry?.etag ?? null),
          );
        } else await this.serverWrites.forget(userId, [target.relPath]);
        const written = await this.stat(userId, target.relPath);
        if (written === null) throw new HttpError(409, 'The file was removed meanwhile');
        return { entry: written, created: current === null };
      })
      .finally(() => this.temp.discard(staged));
    await this.emit(userId, [result.entry], 'written');
    return result;
  }

  private async writableTarget(userId: number, relPath: string): Promise<Located> {
    const target = await this.locate(userId, relPath);
    if (target.segments.length === 0 || target.stats?.isDirectory() === true) {
      throw new HttpError(405, 'A folder cannot be written as a file');
    }
    if (!target.parentExists) throw new HttpError(409, 'The folder above does not exist');
    return target;
  }

  /** MKCOL: 405 when the name is taken, 409 when the folder above is missing. */
  async mkcol(userId: number, relPath: string): Promise<DavEntry> {
    return this.lock.run(userId, async () => {
      const target = await this.locate(userId, relPath);
      if (target.segments.length === 0 || target.stats !== null) {
        throw new HttpError(405, 'That name is taken');
      }
      if (!target.parentExists) throw new HttpError(409, 'The folder above does not exist');
      await mkdir(target.abs);
      const made = await this.stat(userId, target.relPath);
      if (made === null) throw new HttpError(409, 'The folder was removed meanwhile');
      return made;
    });
  }

  /** DELETE of a file or a whole folder; 404 when missing, 403 for the tree's root. */
  async remove(userId: number, relPath: string, conditions: DavConditions = {}): Promise<void> {
    const removed = await this.lock.run(userId, async () => {
      const target = await this.locate(userId, relPath);
      if (target.segments.length === 0) throw new HttpError(403, 'Your folder cannot be removed');
      if (target.stats === null) throw new HttpError(404, 'Not found');
      const entry = entryOf(target.relPath, target.stats);
      checkConditions(conditions, entry.etag, true);
      const files = await filesBelow(target.abs, target.relPath);
      await rm(target.abs, { recursive: true, force: true });
      await this.serverWrites.forget(
        userId,
        files.map((file) => file.relPath),
      );
      return files;
    });
    await this.emit(userId, removed, 'removed');
  }

  /** Removes a deleted user's whole tree and journal (no client is told). */
  async removeUser(userId: number): Promise<void> {
    await this.lock.run(userId, async () => {
      await rm(this.treeRoot(userId), { recursive: true, force: true });
      await this.serverWrites.drop(userId);
    });
  }

  /** MOVE (RetroArch's non-destructive delete moves files to deleted/). */
  async move(userId: number, from: string, to: string, options: DavMoveOptions) {
    return this.relocate(userId, from, to, options, 'move');
  }

  /** COPY of a file or a whole folder (`shallow`: a folder without its contents). */
  async copy(
    userId: number,
    from: string,
    to: string,
    options: DavMoveOptions & { shallow?: boolean },
  ) {
    return this.relocate(
      userId,
      from,
      to,
      options,
      options.shallow === true ? 'shallow-copy' : 'copy',
    );
  }

  private async relocate(
    userId: number,
    from: string,
    to: string,
    options: DavMoveOptions,
    mode: 'move' | 'copy' | 'shallow-copy',
  ): Promise<{ created: boolean }> {
    const changes = await this.lock.run(userId, async () => {
      const source = await this.locate(userId, from);
      const target = await this.locate(userId, to);
      if (source.segments.length === 0) throw new HttpError(403, 'Your folder cannot be moved');
      if (source.stats === null) throw new HttpError(404, 'Not found');
      if (target.segments.length === 0) throw new HttpError(403, 'Your folder cannot be replaced');
      const sourceEntry = entryOf(source.relPath, source.stats);
      checkConditions(options, sourceEntry.etag, true);
      if (target.relPath === source.relPath || target.relPath.startsWith(`${source.relPath}/`)) {
        throw new HttpError(403, 'A resource cannot be moved or copied onto or into itself');
      }
      if (!target.parentExists) throw new HttpError(409, 'The folder above does not exist');
      if (target.stats !== null && !options.overwrite) {
        throw new HttpError(412, 'The destination exists (Overwrite: F)');
      }
      const replaced = await filesBelow(target.abs, target.relPath);
      const moved = mode === 'move' ? await filesBelow(source.abs, source.relPath) : [];
      await this.placeCopy(source, target, mode);
      const written = await filesBelow(target.abs, target.relPath);
      const stillThere = new Set(written.map((file) => file.relPath));
      const removed = [...moved, ...replaced.filter((file) => !stillThere.has(file.relPath))];
      await this.serverWrites.forget(
        userId,
        [...removed, ...replaced].map((file) => file.relPath),
      );
      return { created: target.stats === null, removed, written };
    });
    await this.emit(userId, changes.removed, 'removed');
    await this.emit(userId, changes.written, 'written');
    return { created: changes.created };
  }

  /** Copies to the temp area first, so the destination name only ever holds a whole copy. */
  private async placeCopy(
    source: Located,
    target: Located,
    mode: 'move' | 'copy' | 'shallow-copy',
  ) {
    if (target.stats !== null) await rm(target.abs, { recursive: true, force: true });
    if (mode === 'move') {
      await rename(source.abs, target.abs);
      return;
    }
    const staging = this.temp.newPath();
    try {
      if (mode === 'shallow-copy' && source.stats?.isDirectory() === true) await mkdir(staging);
      else await cp(source.abs, staging, { recursive: true, errorOnExist: true, force: false });
      await rename(staging, target.abs);
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  /**
   * A write RomShelf makes itself (a save made in the browser for RetroArch to fetch): creates
   * the folders on the way, replaces the file atomically and enters its MD5 in the tree's
   * `manifest.server`, so RetroArch's next sync downloads it. Client listeners are not called.
   */
  async writeFromServer(userId: number, relPath: string, bytes: Uint8Array): Promise<DavEntry> {
    const segments = davSegments(relPath);
    if (segments.length === 0) throw new HttpError(405, 'A folder cannot be written as a file');
    const staged = await this.temp.stageBytes(bytes);
    try {
      return await this.lock.run(userId, async () => {
        for (let depth = 1; depth < segments.length; depth += 1) {
          const folder = await this.locate(userId, davPath(segments.slice(0, depth)));
          if (folder.stats === null) await mkdir(folder.abs);
          else if (!folder.stats.isDirectory())
            throw new HttpError(409, `${folder.relPath} is a file`);
        }
        const target = await this.writableTarget(userId, relPath);
        await rename(staged.temp, target.abs);
        const entry = await this.stat(userId, target.relPath);
        if (entry?.etag == null) throw new HttpError(409, 'The file was removed meanwhile');
        if (target.relPath !== SERVER_MANIFEST) {
          await this.serverWrites.recorded(userId, this.treeRoot(userId), target.relPath, {
            md5: staged.md5,
            etag: entry.etag,
          });
        }
        return entry;
      });
    } finally {
      await this.temp.discard(staged);
    }
  }

  private async emit(userId: number, entries: readonly DavEntry[], kind: DavChange['kind']) {
    for (const entry of entries) {
      const change: DavChange = {
        userId,
        relPath: entry.relPath,
        kind,
        etag: kind === 'written' ? entry.etag : null,
        size: kind === 'written' ? entry.size : 0,
      };
      for (const listener of this.listeners) {
        try {
          await listener(change);
        } catch (error) {
          this.options.onListenerError?.(error, change);
        }
      }
    }
  }
}
