import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import {
  copyFile,
  link,
  lstat,
  mkdir,
  readdir,
  realpath,
  rename,
  rm,
  unlink,
} from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { HttpError } from '../http/http-error.js';
import { TempOwner, writerIsGone } from './temp-owners.js';

/** Folder of the data folder holding uploads in progress; abandoned ones are swept. */
export const UPLOAD_TEMP_FOLDER = 'tmp';
/**
 * Hidden staging folder of a root on another filesystem than the data folder (a rename cannot
 * cross filesystems); abandoned files go at start-up, and it is never scanned (leading dot).
 */
export const STAGING_FOLDER = '.romshelf-tmp';
/** A temp file untouched this long belongs to no upload in progress (a crashed one's). */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;

export interface WrittenFile {
  /** Real path of the stored file. */
  path: string;
  size: number;
  md5: string;
}

export interface WriteOptions {
  /** false: refuse (409 via `onExists`) instead of replacing an existing file. Default true. */
  replace?: boolean;
  /** Tells whether the source was cut at a size limit (multipart `file.truncated`). */
  truncated?: () => boolean;
  /** Checks the complete temporary file before it is moved into place (throw to refuse). */
  check?: (tempPath: string, written: { size: number; md5: string }) => Promise<void>;
}

/** An upload complete in the temp area, not yet in its place. */
export interface StagedFile {
  temp: string;
  size: number;
  md5: string;
}

/** Thrown by `write*` with `replace: false` when the target name is taken. */
export class TargetExistsError extends Error {
  override readonly name = 'TargetExistsError';
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** Whether anything (a file, folder or link) has that name. */
export async function pathExists(target: string): Promise<boolean> {
  try {
    await lstat(target);
    return true;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  }
}

function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root + path.sep);
}

/**
 * Every write into the library and data folders goes through here: the target folder's real
 * path (symlinks resolved, at every level) must lie inside the real root, and files are
 * written to the temp area first and moved into place only once complete and checked.
 */
export class ConfinedFiles {
  constructor(
    /** `<data>/tmp`. */
    private readonly tempDir: string,
    /** Roots that may sit on other filesystems (the library), staged in their own folder. */
    private readonly stagedRoots: readonly string[] = [],
  ) {}

  private readonly owner = new TempOwner();

  /**
   * Removes uploads left behind by a crash, at start-up and hourly: at once when their writer
   * is known to be gone (TempOwner), else once untouched for {@link ABANDONED_AFTER_MS}, since
   * other processes sharing the data folder may still be writing them.
   */
  async sweep(now = Date.now()): Promise<void> {
    const folders = [
      this.tempDir,
      ...this.stagedRoots.map((root) => path.join(root, STAGING_FOLDER)),
    ];
    for (const folder of folders) {
      let names: string[];
      try {
        names = await readdir(folder);
      } catch (error) {
        if (errorCode(error) === 'ENOENT') continue;
        throw error;
      }
      for (const name of names) {
        const entry = path.join(folder, name);
        const stats = await lstat(entry).catch(() => null);
        if (stats === null) continue;
        if (writerIsGone(name) || now - stats.mtimeMs > ABANDONED_AFTER_MS) {
          await rm(entry, { recursive: true, force: true });
        }
      }
    }
  }

  /**
   * The real path of `root/relativeFolder`, created when missing. 400 when the folder, or any
   * folder on the way, resolves outside the real root (a symlink pointing elsewhere).
   */
  async folder(root: string, relativeFolder: string): Promise<string> {
    await mkdir(root, { recursive: true });
    const realRoot = await realpath(root);
    const segments = relativeFolder.split('/').filter((segment) => segment !== '');
    if (segments.some((segment) => segment === '..' || segment === '.')) {
      throw new HttpError(400, 'Invalid folder name');
    }
    let current = realRoot;
    for (const segment of segments) {
      const next = path.join(current, segment);
      try {
        await mkdir(next);
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error;
      }
      current = await realpath(next);
      if (!isInside(realRoot, current) || !(await lstat(current)).isDirectory()) {
        throw new HttpError(400, `Folder ${relativeFolder} lies outside its root folder`);
      }
    }
    return current;
  }

  /** The real path of an existing folder under root; 404 when missing, 400 when outside. */
  async existingFolder(root: string, relativeFolder: string): Promise<string> {
    const realRoot = await realpath(root);
    let real: string;
    try {
      real = await realpath(path.join(root, ...relativeFolder.split('/')));
    } catch {
      throw new HttpError(404, `Folder ${relativeFolder} not found on disk`);
    }
    if (!isInside(realRoot, real) || real === realRoot) {
      throw new HttpError(400, `Folder ${relativeFolder} lies outside its root folder`);
    }
    return real;
  }

  /**
   * Streams `source` to the temp area, then moves it to `root/relativeFolder/fileName`. An
   * error of the source (a multipart body cut short) is the client's: 400.
   */
  async writeStream(
    root: string,
    relativeFolder: string,
    fileName: string,
    source: Readable,
    options: WriteOptions = {},
  ): Promise<WrittenFile> {
    const folder = await this.folder(root, relativeFolder);
    const target = path.join(folder, fileName);
    if (path.dirname(target) !== folder) throw new HttpError(400, 'Invalid file name');
    const staged = await this.stage(source, options);
    try {
      return await this.place(root, staged, relativeFolder, fileName, options.replace ?? true);
    } finally {
      await this.discard(staged);
    }
  }

  /**
   * Streams `source` into the temp area and checks it, placing it nowhere yet: the caller
   * validates the rest of its request, then `place`s or `discard`s it.
   */
  async stage(source: Readable, options: WriteOptions = {}): Promise<StagedFile> {
    await mkdir(this.tempDir, { recursive: true });
    const temp = path.join(this.tempDir, this.owner.newName());
    const md5 = createHash('md5');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        md5.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      try {
        await pipeline(source, meter, createWriteStream(temp, { flags: 'wx' }));
      } catch (error) {
        if (source.errored !== null) throw new HttpError(400, 'Malformed multipart body');
        throw error;
      }
      if (options.truncated?.() === true) throw new HttpError(413, 'File too large');
      const written = { size, md5: md5.digest('hex') };
      await options.check?.(temp, written);
      return { temp, ...written };
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /** Moves a staged file to `root/relativeFolder/fileName` (the folder confined to root). */
  async place(
    root: string,
    staged: StagedFile,
    relativeFolder: string,
    fileName: string,
    replace = true,
  ): Promise<WrittenFile> {
    const folder = await this.folder(root, relativeFolder);
    const target = path.join(folder, fileName);
    if (path.dirname(target) !== folder) throw new HttpError(400, 'Invalid file name');
    await this.moveInto(root, staged.temp, target, replace);
    return { path: target, size: staged.size, md5: staged.md5 };
  }

  /** Removes a staged file that was not placed (nothing happens when it was). */
  async discard(staged: StagedFile): Promise<void> {
    await rm(staged.temp, { force: true });
  }

  /** Writes bytes through the temp area to `root/relativeFolder/fileName` (atomic replace). */
  writeBytes(
    root: string,
    relativeFolder: string,
    fileName: string,
    bytes: Buffer,
    options: WriteOptions = {},
  ): Promise<WrittenFile> {
    return this.writeStream(root, relativeFolder, fileName, Readable.from([bytes]), options);
  }

  /**
   * Renames the finished temp file to its target. Across filesystems it is first copied to the
   * root's staging folder, so the target name only ever holds a complete file.
   */
  private async moveInto(root: string, temp: string, target: string, replace: boolean) {
    let source = temp;
    try {
      await this.link(source, target, replace);
    } catch (error) {
      if (errorCode(error) !== 'EXDEV') throw error;
      const staging = await this.folder(root, STAGING_FOLDER);
      source = path.join(staging, this.owner.newName());
      try {
        await copyFile(temp, source);
        await this.link(source, target, replace);
      } finally {
        await rm(source, { force: true });
      }
    }
  }

  private async link(source: string, target: string, replace: boolean): Promise<void> {
    if (replace) {
      await rename(source, target);
      return;
    }
    // A hard link fails with EEXIST when the name is taken: no check-then-write race.
    try {
      await link(source, target);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'EEXIST') throw new TargetExistsError(target);
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
      // Filesystems without hard links: check, then rename.
      if (await pathExists(target)) throw new TargetExistsError(target);
      await rename(source, target);
      return;
    }
    await unlink(source);
  }
}
