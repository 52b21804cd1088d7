import type { FSWatcher } from 'node:fs';
import { watch } from 'node:fs';
import path from 'node:path';

import { TASK_NAMES } from '@romshelf/contract';
import type { FastifyBaseLogger } from 'fastify';

import type { DatsService } from '../dats/dats.service.js';
import {
  DATS_FOLDER,
  ROMS_FOLDER,
  detectLayout,
  isReservedFolderName,
} from '../library/library-fs.js';
import type { PlatformsService } from '../platforms/platforms.service.js';
import type { ScanService } from '../scan/scan.service.js';
import type { TasksService } from './tasks.service.js';

/**
 * The platform folder a library-relative path lies in (`roms/{platform}/…` or
 * `{platform}/roms/…`), or null for anything else (firmware, hidden folders, the root).
 */
export function platformFolderOf(libraryDir: string, relative: string): string | null {
  const parts = relative.split(path.sep).filter((part) => part !== '');
  const layout = detectLayout(libraryDir);
  const [first, second] = parts;
  if (first === undefined || second === undefined) return null;
  const folder = layout === 'roms-first' ? (first === ROMS_FOLDER ? second : null) : first;
  if (layout === 'platform-first' && second !== ROMS_FOLDER) return null;
  return folder === null || isReservedFolderName(folder) ? null : folder;
}

/**
 * RomM's rescan on filesystem change: a change inside a platform folder schedules a quick scan
 * of that platform after the delay (a folder not in the database yet: a scan of new platforms).
 * Changes to a folder that already has a scan pending add nothing; a scan due while another
 * scan runs waits one more delay.
 */
export class LibraryWatcher {
  private watcher: FSWatcher | null = null;
  private readonly pending = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly libraryDir: string,
    private readonly delayMs: number,
    private readonly services: {
      tasks: TasksService;
      platforms: PlatformsService;
      scan: ScanService;
      dats?: DatsService;
    },
    private readonly log: FastifyBaseLogger,
  ) {}

  get watching(): boolean {
    return this.watcher !== null;
  }

  private stopped(): boolean {
    return this.watcher === null;
  }

  /** Starts watching the library folder; false (logged) when it cannot be watched. */
  start(): boolean {
    try {
      this.watcher = watch(this.libraryDir, { recursive: true }, (_event, filename) => {
        if (filename !== null) this.changed(filename);
      });
      this.watcher.on('error', (error) => {
        this.log.warn(`watcher: ${error.message}`);
      });
      return true;
    } catch (error) {
      this.log.warn(`watcher: cannot watch ${this.libraryDir}: ${(error as Error).message}`);
      return false;
    }
  }

  stop(): void {
    this.watcher?.close();
    this.watcher = null;
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }

  /** Platform folders with a scan pending. */
  pendingFolders(): string[] {
    return [...this.pending.keys()];
  }

  private changed(relative: string): void {
    if (relative.split(path.sep)[0] === DATS_FOLDER) {
      this.datsChanged();
      return;
    }
    const folder = platformFolderOf(this.libraryDir, relative);
    if (folder === null || this.pending.has(folder) || this.watcher === null) return;
    this.arm(folder);
  }

  /** A change in the `dats` folder: it is read again after the delay. */
  private datsChanged(): void {
    const { dats } = this.services;
    if (dats === undefined || this.pending.has(DATS_FOLDER) || this.watcher === null) return;
    this.pending.set(
      DATS_FOLDER,
      setTimeout(() => {
        this.pending.delete(DATS_FOLDER);
        if (this.stopped()) return;
        this.log.info('watcher: the dats folder changed, reading it');
        dats.syncFolder().catch((error: unknown) => {
          this.log.warn(`watcher: dats folder: ${(error as Error).message}`);
        });
      }, this.delayMs),
    );
  }

  private arm(folder: string): void {
    this.pending.set(
      folder,
      setTimeout(() => {
        void this.due(folder);
      }, this.delayMs),
    );
  }

  private async due(folder: string): Promise<void> {
    this.pending.delete(folder);
    const { tasks, platforms, scan } = this.services;
    if (this.stopped()) return;
    if (scan.running || tasks.isRunning(TASK_NAMES.filesystemWatcher)) {
      if (!this.pending.has(folder)) this.arm(folder);
      return;
    }
    const platform = (await platforms.list()).find((row) => row.fs_slug === folder);
    // Stopped while the platforms were read (server closing).
    if (this.stopped()) return;
    const params =
      platform === undefined
        ? { platforms: [], type: 'new_platforms' }
        : { platforms: [platform.id], type: 'quick' };
    this.log.info(`watcher: ${folder} changed, scanning it`);
    if (
      tasks.start(TASK_NAMES.filesystemWatcher, 'watcher', params) === null &&
      !this.pending.has(folder)
    ) {
      this.arm(folder);
    }
  }
}
