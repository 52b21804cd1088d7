import type {
  LibraryConfig,
  ScanPlatformEvent,
  ScanRequest,
  ScanRomEvent,
  ScanStats,
} from '@romshelf/contract';
import type { FastifyBaseLogger } from 'fastify';

import type { PlatformRow } from '../../db/schema.js';
import { chunks } from '../../db/id-chunks.js';
import { nextTurn, TimeSlices } from '../../lib/next-turn.js';
import { nowIso } from '../../lib/time.js';
import type { FirmwareService } from '../firmware/firmware.service.js';
import type { HashPool } from '../hashing/hash-pool.js';
import type { LibraryConfigService } from '../library/library-config.service.js';
import type { WalkedPlatform } from '../library/library-walker.js';
import type { WalkedRom } from '../library/walked-files.js';
import { ExclusionRules, LibraryWalker } from '../library/library-walker.js';
import type { IdentifyMode, MetadataService } from '../metadata/metadata.service.js';
import { toScanPlatformEvent } from '../platforms/platforms.mapper.js';
import type { PlatformFolderBindings } from '../platforms/platform-folder.js';
import type { PlatformsService } from '../platforms/platforms.service.js';
import type { RomScanWrites, RomWrite, StoredRom } from '../roms/writes/rom-scan-writes.js';
import type { RomReader } from './rom-reader.js';
import type { PlannedRom, RomAction } from './scan-planner.js';
import { NON_HASHABLE_PLATFORMS, actionFor } from './scan-planner.js';

/** What the scan reports while it runs (the socket gateway throttles and forwards it). */
export interface ScanListener {
  platform(event: ScanPlatformEvent): void;
  /** Whether anyone receives ROM events: when not, they are not even built. */
  readonly announcesRoms: boolean;
  /** Called for every ROM written, and again once a ROM's identification ended. */
  rom(event: ScanRomEvent): void;
  stats(stats: ScanStats): void;
}

/** The part of metadata identification a scan uses. */
export type RomIdentifier = Pick<
  MetadataService,
  'identifyRom' | 'romIdsFor' | 'startScan' | 'enabledSources' | 'selectSources'
>;

/** What scans use, shared by every run. */
export interface ScanDeps {
  platforms: PlatformsService;
  roms: RomScanWrites;
  libraryConfig: LibraryConfigService;
  hashPool: HashPool;
  libraryDir: string;
  log: FastifyBaseLogger;
  identifier: RomIdentifier;
  firmware: FirmwareService;
}

/**
 * ROMs read (and hashed) per batch, the next batch being read while this one is written. The
 * writes go in transactions sized by time (RomWritesRepository.applyBatch), never holding the
 * event loop long.
 */
export const SCAN_BATCH_SIZE = 2_000;

/**
 * Stored ROMs read, or ROM events read and sent, at once: SQLite's reads hold the event loop,
 * which gets a turn between such slices.
 */
const ROMS_PER_TURN = 100;

/** How long ROMs found on disk are compared with the stored ones between turns of the event loop. */
const PLANNING_SLICE_MS = 8;

/**
 * ROMs of a batch read at once per hashing worker: enough that the small files' hashes go to
 * the workers in full batches (HashPool) and keep them busy while a batch is written, few
 * enough that the rows built when their hashes come back fit in a turn of the event loop.
 */
const READS_PER_WORKER = 32;

export function emptyScanStats(): ScanStats {
  return {
    total_platforms: 0,
    total_roms: 0,
    scanned_platforms: 0,
    new_platforms: 0,
    identified_platforms: 0,
    scanned_roms: 0,
    new_roms: 0,
    identified_roms: 0,
    scanned_firmware: 0,
    new_firmware: 0,
    updated_roms: 0,
    missing_roms: 0,
    hashed_files: 0,
    hashed_bytes: 0,
    skipped_files: 0,
  };
}

/** Stores a folder's platform, counting it when new (and identified). */
export async function storePlatform(
  platforms: PlatformsService,
  fsSlug: string,
  existing: PlatformRow | undefined,
  bindings: PlatformFolderBindings,
  stats: ScanStats,
): Promise<PlatformRow> {
  const { row, created } = await platforms.storeFolder(fsSlug, existing, bindings, nowIso());
  if (created) {
    stats.new_platforms += 1;
    if (row.igdb_id !== null || row.ss_id !== null || row.moby_id !== null) {
      stats.identified_platforms += 1;
    }
  }
  return row;
}

/**
 * One scan from start to end (see ScanService): its request, listener, stop signal, counters
 * and the ROMs it wrote on the platform in progress live here, not on the shared service.
 */
export class ScanRun {
  readonly stats = emptyScanStats();
  /** Platforms whose folders this scan walked (what runs after a scan works on). */
  readonly scannedPlatformIds: number[] = [];
  private readonly config: LibraryConfig;
  private readonly rules: ExclusionRules;
  private readonly walker: LibraryWalker;
  /** ROMs written on the platform in progress (identified after it). */
  private touched: number[] = [];

  constructor(
    private readonly deps: ScanDeps,
    private readonly reader: RomReader,
    private readonly request: ScanRequest,
    private readonly listener: ScanListener,
    private readonly signal: AbortSignal,
  ) {
    this.config = deps.libraryConfig.get();
    this.rules = new ExclusionRules(this.config);
    this.walker = new LibraryWalker(
      deps.libraryDir,
      (absPath, reason) => {
        this.stats.skipped_files += 1;
        deps.log.warn({ path: absPath }, `scan: skipped ${absPath}: ${reason}`);
      },
      (paths) => deps.hashPool.statFiles(paths),
    );
  }

  /** Runs the scan to its end (or until stopped) and returns the final counters. */
  async execute(): Promise<ScanStats> {
    const { stats, listener } = this;
    this.deps.identifier.startScan();
    if (this.request.roms_ids.length > 0) return this.refreshRoms(this.request.roms_ids);
    const onDisk = await this.walker.listPlatforms(this.rules);
    const stored = await this.deps.platforms.rows();
    const storedBySlug = new Map(stored.map((row) => [row.fs_slug, row]));
    const targets = await this.targets(onDisk, stored);
    stats.total_platforms = targets.length;
    listener.stats({ ...stats });

    for (const target of targets) {
      if (this.signal.aborted) break;
      const existing = storedBySlug.get(target.fsSlug);
      const platform = await storePlatform(
        this.deps.platforms,
        target.fsSlug,
        existing,
        this.config,
        stats,
      );
      listener.platform(toScanPlatformEvent(platform));
      this.touched = [];
      await this.scanPlatform(platform, target);
      await this.identifyPlatform(platform);
      await this.scanFirmware(platform);
      stats.scanned_platforms += 1;
      this.scannedPlatformIds.push(platform.id);
      listener.stats({ ...stats });
    }
    return stats;
  }

  /**
   * The platform folders to scan: the requested platforms, else every folder (only those not
   * stored yet for `new_platforms`). Stored platforms in scope whose folder is gone are flagged.
   */
  private async targets(
    onDisk: WalkedPlatform[],
    stored: PlatformRow[],
  ): Promise<WalkedPlatform[]> {
    const diskSlugs = new Set(onDisk.map((platform) => platform.fsSlug));
    if (this.request.platforms.length > 0) {
      const wanted = new Set(this.request.platforms);
      const chosen = stored.filter((row) => wanted.has(row.id));
      await this.deps.platforms.markMissing(
        chosen.filter((row) => !diskSlugs.has(row.fs_slug)).map((row) => row.id),
        nowIso(),
      );
      return onDisk.filter((platform) => chosen.some((row) => row.fs_slug === platform.fsSlug));
    }
    await this.deps.platforms.markMissing(
      stored
        .filter((row) => row.missing_from_fs === 0 && !diskSlugs.has(row.fs_slug))
        .map((row) => row.id),
      nowIso(),
    );
    if (this.request.type !== 'new_platforms') return onDisk;
    const storedSlugs = new Set(stored.map((row) => row.fs_slug));
    return onDisk.filter((platform) => !storedSlugs.has(platform.fsSlug));
  }

  /** The platform's `bios` folders (both layouts); a failure is logged, never fatal. */
  private async scanFirmware(platform: PlatformRow): Promise<void> {
    const type = this.request.type;
    try {
      const counts = await this.deps.firmware.scanPlatform(
        platform,
        type === 'complete' || type === 'hashes',
      );
      this.stats.scanned_firmware += counts.scanned;
      this.stats.new_firmware += counts.added;
    } catch (error) {
      this.deps.log.warn(
        { platform: platform.fs_slug },
        `scan: firmware of ${platform.fs_slug} skipped: ${(error as Error).message}`,
      );
    }
  }

  /**
   * Flags ROMs gone from disk, then plans and writes the new or changed ones in batches. The
   * stored ROMs are compared with the disk on a light index; the full rows of the changed ones
   * are read batch by batch.
   */
  private async scanPlatform(platform: PlatformRow, target: WalkedPlatform): Promise<void> {
    const { stats } = this;
    const walked = await this.walker.listRoms(target, this.rules);
    const stored = await this.deps.roms.scanIndexOf(platform.id);
    stats.total_roms += walked.length;

    const present = new Set(walked.map((rom) => rom.fsName));
    const missing = [...stored.values()]
      .filter((rom) => rom.missing_from_fs === 0 && !present.has(rom.fs_name))
      .map((rom) => rom.id);
    await this.deps.roms.markMissing(missing, nowIso());
    stats.missing_roms += missing.length;

    const planned: { walked: WalkedRom; storedId: number | undefined; action: RomAction }[] = [];
    const slices = new TimeSlices(PLANNING_SLICE_MS);
    for (const rom of walked) {
      if (slices.due()) await slices.next();
      const known = stored.get(rom.fsName);
      const action = actionFor(rom, known, this.request.type);
      if (action === null) stats.scanned_roms += 1;
      else planned.push({ walked: rom, storedId: known?.id, action });
    }
    stored.clear();
    if (planned.length === 0) return;
    this.listener.stats({ ...stats });

    const skipHash = this.config.SKIP_HASH_CALCULATION || NON_HASHABLE_PLATFORMS.has(platform.slug);
    const prepare = async (start: number) => {
      const slice = planned.slice(start, start + SCAN_BATCH_SIZE);
      const ids = slice.flatMap((item) => (item.storedId === undefined ? [] : [item.storedId]));
      const rows = new Map<number, StoredRom>();
      for (const part of chunks(ids, ROMS_PER_TURN)) {
        for (const [id, row] of await this.deps.roms.storedByIds(part)) rows.set(id, row);
        await nextTurn();
      }
      const batch: PlannedRom[] = slice.map(({ walked: rom, storedId, action }) => ({
        walked: rom,
        stored: storedId === undefined ? undefined : rows.get(storedId),
        action,
      }));
      return this.prepareBatch(platform, batch, skipHash);
    };
    // The next batch is read and hashed while this one is written, so the hash workers are
    // not left idle during the writes.
    let preparing = prepare(0);
    for (let start = 0; start < planned.length; start += SCAN_BATCH_SIZE) {
      const writes = await preparing;
      if (this.signal.aborted) return;
      const next = start + SCAN_BATCH_SIZE;
      preparing = next < planned.length ? prepare(next) : Promise.resolve([]);
      try {
        await this.writeBatch(writes);
      } catch (error) {
        await preparing.catch(() => undefined);
        throw error;
      }
    }
  }

  /** Reads (and hashes) a batch of ROMs concurrently; returns their writes, in order. */
  private async prepareBatch(
    platform: PlatformRow,
    batch: PlannedRom[],
    skipHash: boolean,
  ): Promise<RomWrite[]> {
    const { stats, listener } = this;
    const concurrency = Math.max(4, this.deps.hashPool.size * READS_PER_WORKER);
    const writes: (RomWrite | null)[] = new Array<RomWrite | null>(batch.length).fill(null);
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const index = next++;
        const item = batch[index];
        if (item === undefined) continue;
        writes[index] = await this.reader.prepareWrite(platform, item, skipHash, stats);
        stats.scanned_roms += 1;
        listener.stats({ ...stats });
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return writes.filter((write): write is RomWrite => write !== null);
  }

  /** Writes a batch and announces each of its ROMs. */
  private async writeBatch(ready: RomWrite[]): Promise<void> {
    const { stats, listener } = this;
    const ids = await this.deps.roms.apply(ready, nowIso());
    this.touched.push(...ids);
    for (const write of ready) {
      if (write.type === 'insert') stats.new_roms += 1;
      else stats.updated_roms += 1;
    }
    if (listener.announcesRoms) {
      for (const part of chunks(ids, ROMS_PER_TURN)) {
        for (const event of await this.deps.roms.events(part)) listener.rom(event);
        await nextTurn();
      }
    }
    listener.stats({ ...stats });
  }

  /**
   * Metadata identification of one platform (RomM §7.1): ROMs this scan wrote, plus stored
   * ones by scan type — `unidentified`/`unmatched` the unidentified, `update` the identified,
   * `complete` all. Only with `apis`; a provider failure only leaves a ROM unidentified.
   */
  private async identifyPlatform(platform: PlatformRow): Promise<void> {
    const { identifier } = this.deps;
    const { type, apis } = this.request;
    if (type === 'hashes' || identifier.selectSources(apis).size === 0) return;
    const fresh = new Set(this.touched);
    const selection =
      type === 'unidentified' || type === 'unmatched'
        ? 'unidentified'
        : type === 'update'
          ? 'identified'
          : type === 'complete'
            ? 'all'
            : null;
    const ids = new Set(fresh);
    if (selection !== null) {
      for (const id of await identifier.romIdsFor(platform.id, selection)) ids.add(id);
    }
    const identifiedHere = await this.identifyAll([...ids], fresh);
    if (identifiedHere > 0 && fresh.size > 0) this.listener.stats({ ...this.stats });
  }

  /**
   * Metadata refresh of some ROMs (`roms_ids`): each one's platform is announced, then its ROMs
   * are identified again with `apis`, with the same progress events as a scan. Nothing is
   * walked, written from disk or flagged missing; unknown ids are ignored.
   */
  private async refreshRoms(romIds: readonly number[]): Promise<ScanStats> {
    const { stats, listener } = this;
    const roms = await this.deps.roms.events([...new Set(romIds)]);
    const platforms = (await this.deps.platforms.rows()).filter((platform) =>
      roms.some((rom) => rom.platform_id === platform.id),
    );
    stats.total_platforms = platforms.length;
    stats.total_roms = roms.length;
    listener.stats({ ...stats });
    if (this.deps.identifier.selectSources(this.request.apis).size === 0) return stats;
    for (const platform of platforms) {
      if (this.signal.aborted) break;
      listener.platform(toScanPlatformEvent(platform));
      const ids = roms.filter((rom) => rom.platform_id === platform.id).map((rom) => rom.id);
      await this.identifyAll(ids, new Set());
      stats.scanned_platforms += 1;
      listener.stats({ ...stats });
    }
    return stats;
  }

  /** Identifies ROMs three at a time; returns how many ended identified. */
  private async identifyAll(ids: number[], fresh: ReadonlySet<number>): Promise<number> {
    const queue = [...ids];
    let identified = 0;
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        if (this.signal.aborted) return;
        if (await this.identifyRom(id, fresh.has(id))) identified += 1;
        if (this.request.roms_ids.length > 0) this.stats.scanned_roms += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(3, queue.length) }, worker));
    return identified;
  }

  /** Identifies one ROM and reports it; true when identified. */
  private async identifyRom(id: number, fresh: boolean): Promise<boolean> {
    const type = this.request.type;
    const mode: IdentifyMode =
      type === 'complete'
        ? 'complete'
        : type === 'update'
          ? 'update'
          : fresh
            ? 'new'
            : 'unidentified';
    const identified = await this.deps.identifier
      .identifyRom(id, this.request.apis, mode)
      .catch((error: unknown) => {
        this.deps.log.warn(`scan: identifying ROM ${id} failed: ${(error as Error).message}`);
        return false;
      });
    if (identified) this.stats.identified_roms += 1;
    if (this.listener.announcesRoms) {
      const [event] = await this.deps.roms.events([id]);
      if (event !== undefined) this.listener.rom(event);
    }
    this.listener.stats({ ...this.stats });
    return identified;
  }
}
