import { copyFile, lstat, mkdir, readdir, realpath, rename, rm, utimes } from 'node:fs/promises';
import path from 'node:path';

import type { DeviceFile, DeviceSide, FileOutcome } from './device-side.js';

const SAFE_SEGMENT = /^[^/\\\0]+$/;

function isSafeSegment(name: string): boolean {
  return SAFE_SEGMENT.test(name) && name !== '.' && name !== '..';
}

/**
 * RomM's sync folder of a file_transfer device: the device (or whatever copies its files)
 * drops saves in `{root}/{device id}/incoming/{platform}/`, the server takes them in, and
 * writes the newer server saves to `outgoing/{platform}/`; a file in conflict is moved to
 * `conflicts/{platform}/` (never lost). Symbolic links are ignored; nothing leaves the folder.
 */
export class SyncFolder implements DeviceSide {
  constructor(
    private readonly root: string,
    private readonly deviceId: string,
  ) {}

  private dir(kind: 'incoming' | 'outgoing' | 'conflicts', platformSlug?: string): string {
    const parts = [this.root, this.deviceId, kind];
    if (platformSlug !== undefined) parts.push(platformSlug);
    return path.join(...parts);
  }

  private incomingPath(file: DeviceFile): string {
    return path.join(this.dir('incoming', file.platformSlug), file.fileName);
  }

  /** Makes the device's incoming and outgoing folders (RomM ensures them). */
  async ensure(): Promise<void> {
    await mkdir(this.dir('incoming'), { recursive: true });
    await mkdir(this.dir('outgoing'), { recursive: true });
  }

  async list(): Promise<DeviceFile[]> {
    const incoming = this.dir('incoming');
    const platforms = await readdir(incoming, { withFileTypes: true }).catch(() => []);
    const files: DeviceFile[] = [];
    for (const platform of platforms) {
      if (!platform.isDirectory() || !isSafeSegment(platform.name)) continue;
      const entries = await readdir(path.join(incoming, platform.name), { withFileTypes: true });
      for (const entry of entries) {
        if (!entry.isFile() || !isSafeSegment(entry.name)) continue;
        const stats = await lstat(path.join(incoming, platform.name, entry.name));
        files.push({
          platformSlug: platform.name,
          fileName: entry.name,
          mtimeMs: stats.mtimeMs,
          size: stats.size,
        });
      }
    }
    return files.sort((a, b) => a.mtimeMs - b.mtimeMs);
  }

  async fetch(file: DeviceFile) {
    const full = this.incomingPath(file);
    const real = await realpath(full);
    if (real !== path.join(await realpath(this.root), path.relative(this.root, full))) {
      throw new Error(`${file.fileName} is not a file of the sync folder`);
    }
    return { path: real, dispose: () => Promise.resolve() };
  }

  async send(
    platformSlug: string,
    fileName: string,
    sourcePath: string,
    savedAt: Date,
  ): Promise<void> {
    if (!isSafeSegment(platformSlug) || !isSafeSegment(fileName)) {
      throw new Error(`Unsafe name ${platformSlug}/${fileName}`);
    }
    const folder = this.dir('outgoing', platformSlug);
    await mkdir(folder, { recursive: true });
    const temp = path.join(folder, `.${fileName}.partial`);
    await copyFile(sourcePath, temp);
    await utimes(temp, savedAt, savedAt);
    await rename(temp, path.join(folder, fileName));
  }

  async settle(file: DeviceFile, outcome: FileOutcome): Promise<void> {
    if (outcome === 'skipped') return;
    if (outcome === 'conflict') {
      const folder = this.dir('conflicts', file.platformSlug);
      await mkdir(folder, { recursive: true });
      await rename(this.incomingPath(file), path.join(folder, file.fileName));
      return;
    }
    await rm(this.incomingPath(file), { force: true });
  }

  folderOf(platformSlug: string): string | null {
    return this.dir('outgoing', platformSlug);
  }

  async close(): Promise<void> {
    await Promise.resolve();
  }
}
