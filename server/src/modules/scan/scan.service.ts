import { mkdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

import type { ScanRequest, ScanStats } from '@romshelf/contract';

import type { PlatformRow } from '../../db/schema.js';
import { collectGarbage } from '../../lib/heap.js';
import { nowIso } from '../../lib/time.js';
import { HttpError } from '../../http/http-error.js';
import type { WalkedRom } from '../library/walked-files.js';
import { ExclusionRules, LibraryWalker } from '../library/library-walker.js';
import { detectLayout, platformRomsPath } from '../library/library-fs.js';
import { fsNameProblem } from '../library/fs-name.js';
import { RomReader } from './rom-reader.js';
import { NON_HASHABLE_PLATFORMS } from './scan-planner.js';
import type { ScanDeps, ScanListener } from './scan-run.js';
import { ScanRun, emptyScanStats, storePlatform } from './scan-run.js';

/** Delay between the end of a scan and the collection of its garbage. */
const SCAN_GARBAGE_DELAY_MS = 2_000;

export class ScanAlreadyRunningError extends Error {
  override readonly name = 'ScanAlreadyRunningError';
  constructor() {
    super('A scan is already in progress');
  }
}

/**
 * The library scan (ARCHITECTURE §5): walk → compare with the database by (path, size, mtime)
 * → hash only new or changed files on the worker pool → write what changed, in transactions sized by time →
 * report progress. One scan runs at a time (a ScanRun); every transaction holds whole ROMs,
 * so an interrupted scan leaves consistent rows and the next scan skips what was already stored.
 *
 * Scan types (RomM §7.1): `new_platforms` only platform folders not in the database; every
 * type but `hashes` adds new ROMs, refreshes changed ones and flags missing ones; `complete`
 * re-parses names and rehashes everything; `hashes` rehashes everything. With `apis` (enabled
 * metadata sources), new and changed ROMs are identified, plus the unidentified ones
 * (`unidentified`/`unmatched`), the identified ones (`update`) or all (`complete`).
 */
export class ScanService {
  private current: AbortController | null = null;
  private readonly reader: RomReader;
  private readonly afterScanHooks: ((platformIds: number[]) => Promise<void>)[] = [];

  constructor(private readonly deps: ScanDeps) {
    this.reader = new RomReader(deps.hashPool, deps.log);
  }

  /** Runs `hook` with the walked platforms at the end of every scan, before it reports done. */
  afterEachScan(hook: (platformIds: number[]) => Promise<void>): void {
    this.afterScanHooks.push(hook);
  }

  get running(): boolean {
    return this.current !== null;
  }

  /** Asks the running scan to stop after the ROM batch in progress; false when none runs. */
  stop(): boolean {
    if (this.current === null) return false;
    this.current.abort();
    return true;
  }

  /**
   * Runs a scan to its end (or until stopped) and returns the final counters.
   * Throws ScanAlreadyRunningError when another scan is running.
   */
  async run(request: ScanRequest, listener: ScanListener): Promise<ScanStats> {
    if (this.current !== null) throw new ScanAlreadyRunningError();
    const controller = new AbortController();
    this.current = controller;
    try {
      const run = new ScanRun(this.deps, this.reader, request, listener, controller.signal);
      const stats = await this.deps.roms.inBulk(() => run.execute());
      for (const hook of this.afterScanHooks) await hook(run.scannedPlatformIds);
      return stats;
    } finally {
      this.current = null;
      // The scan's garbage is collected once it is over, so the process shrinks back.
      setTimeout(() => collectGarbage(true), SCAN_GARBAGE_DELAY_MS).unref();
      setTimeout(() => collectGarbage(true), 3 * SCAN_GARBAGE_DELAY_MS).unref();
    }
  }

  /**
   * Adds a platform by its folder name (RomM's `POST /api/platforms`): creates its ROM folder in
   * the layout the library uses and stores the platform as a scan would. An existing platform of
   * that folder is returned as it is.
   */
  async addPlatformFolder(fsSlug: string): Promise<PlatformRow> {
    const { libraryDir, platforms } = this.deps;
    const config = this.deps.libraryConfig.get();
    if (fsNameProblem(fsSlug) !== null || new ExclusionRules(config).platformExcluded(fsSlug)) {
      throw new HttpError(400, `${fsSlug} cannot be a platform folder`);
    }
    const romsPath = platformRomsPath(detectLayout(libraryDir), fsSlug);
    const absolute = path.join(libraryDir, ...romsPath.split('/'));
    await mkdir(absolute, { recursive: true });
    const root = await realpath(libraryDir);
    if (!(await realpath(absolute)).startsWith(root + path.sep)) {
      throw new HttpError(400, 'The platform folder lies outside the library');
    }
    const existing = (await platforms.rows()).find((row) => row.fs_slug === fsSlug);
    if (existing !== undefined && existing.missing_from_fs === 0) return existing;
    return storePlatform(platforms, fsSlug, existing, config, emptyScanStats());
  }

  /**
   * Hashes and stores one plain file just written into a platform's ROM folder (uploads), the
   * way a scan would, so it appears without a rescan. A disc sheet or a file a sheet beside it
   * names is stored as the sheet's game (library/sheet-groups.ts), and the ROMs its files were
   * stored as on their own are removed. Returns the ROM id; throws when the file cannot be read.
   */
  async ingestFile(platform: PlatformRow, romsPath: string, fsName: string): Promise<number> {
    const walked = await this.looseRomHolding(romsPath, fsName);
    const stored = await this.deps.roms.storedByName(platform.id, walked.fsName);
    const skipHash =
      this.deps.libraryConfig.get().SKIP_HASH_CALCULATION ||
      NON_HASHABLE_PLATFORMS.has(platform.slug);
    const write = await this.reader.prepareWrite(
      platform,
      { walked, stored, action: stored === undefined ? 'insert' : 'refresh' },
      skipHash,
      emptyScanStats(),
    );
    if (write === null) throw new Error(`cannot read ${romsPath}/${fsName}`);
    const [id] = await this.deps.roms.apply([write], nowIso());
    if (id === undefined) throw new Error(`${romsPath}/${fsName} was not stored`);
    const folded = walked.files.filter((file) => file.fileName !== walked.fsName);
    await this.deps.roms.removeFolded(
      platform.id,
      folded.map((file) => file.fileName),
      id,
    );
    this.identifyInBackground(id);
    return id;
  }

  /** The loose ROM of a platform folder holding a file: its own, or its sheet's. */
  private async looseRomHolding(romsPath: string, fsName: string): Promise<WalkedRom> {
    const walker = new LibraryWalker(this.deps.libraryDir, (absPath, reason) => {
      this.deps.log.warn({ path: absPath }, `upload: skipped ${absPath}: ${reason}`);
    });
    const rules = new ExclusionRules(this.deps.libraryConfig.get());
    const roms = await walker.listLooseRoms(romsPath, rules);
    const holding = roms.find((rom) => rom.files.some((file) => file.fileName === fsName));
    if (holding !== undefined) return holding;
    const absPath = path.join(this.deps.libraryDir, ...romsPath.split('/'), fsName);
    const stats = await stat(absPath);
    const file = {
      fileName: fsName,
      filePath: romsPath,
      absPath,
      size: stats.size,
      mtimeMs: stats.mtimeMs,
      isTopLevel: true,
      category: null,
    };
    return { fsName, isFolder: false, fsPath: romsPath, files: [file] };
  }

  /** Identifies an uploaded ROM with every enabled source without holding up the upload. */
  private identifyInBackground(romId: number): void {
    const { identifier, log } = this.deps;
    if (identifier.enabledSources().length === 0) return;
    identifier.identifyRom(romId, null, 'new').catch((error: unknown) => {
      log.warn(`scan: identifying ROM ${romId} failed: ${(error as Error).message}`);
    });
  }
}
