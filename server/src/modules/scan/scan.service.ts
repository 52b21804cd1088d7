import { mkdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

import type {
  ScanPlatformEvent,
  ScanRequest,
  ScanRomEvent,
  ScanStats,
  ScanType,
} from '@romshelf/contract';
import { resolvePlatformFolder } from '@romshelf/contract';
import type { FastifyBaseLogger } from 'fastify';

import type { PlatformRow } from '../../db/schema.js';
import { foldSearchText } from '../../lib/search-text.js';
import { toIsoUtc, nowIso } from '../../lib/time.js';
import type { FirmwareService } from '../firmware/firmware.service.js';
import type { IdentifyMode, MetadataService } from '../metadata/metadata.service.js';
import type { LibraryConfigService } from '../library/library-config.service.js';
import type { WalkedFile, WalkedPlatform, WalkedRom } from '../library/library-walker.js';
import { ExclusionRules, LibraryWalker } from '../library/library-walker.js';
import { detectLayout, platformRomsPath } from '../library/library-fs.js';
import { HttpError } from '../../http/http-error.js';
import { fsNameProblem } from '../roms/fs-name.js';
import { toScanPlatformEvent } from '../platforms/platforms.mapper.js';
import type { PlatformFields, PlatformsRepository } from '../platforms/platforms.repository.js';
import { nameSortKey, parseRomFileName } from '../roms/rom-filename.js';
import { toScanRomEvent } from '../roms/roms.mapper.js';
import type {
  RomFields,
  RomFileFields,
  RomsRepository,
  RomWrite,
  StoredRom,
} from '../roms/roms.repository.js';
import type { Hashes } from '../hashing/file-hasher.js';
import { ALL_HASH_ALGORITHMS } from '../hashing/file-hasher.js';
import type { HashPool } from '../hashing/hash-pool.js';
import type { RaHashPlan, RaStreamRule } from '../hashing/ra-hash.js';
import { planRaHash, raHashFrom } from '../hashing/ra-hash.js';
import { readZipMembers } from './zip-members.js';

/** What the scan reports while it runs (the socket gateway throttles and forwards it). */
export interface ScanListener {
  platform(event: ScanPlatformEvent): void;
  rom(event: ScanRomEvent): void;
  stats(stats: ScanStats): void;
}

/** The part of metadata identification a scan uses. */
export type RomIdentifier = Pick<
  MetadataService,
  'identifyRom' | 'romIdsFor' | 'startScan' | 'enabledSources' | 'selectSources'
>;

export class ScanAlreadyRunningError extends Error {
  override readonly name = 'ScanAlreadyRunningError';
  constructor() {
    super('A scan is already in progress');
  }
}

/** ROMs written per transaction. */
export const SCAN_BATCH_SIZE = 500;

/** Platforms without hash databases: their files are not hashed (RomM §7.3). */
export const NON_HASHABLE_PLATFORMS: ReadonlySet<string> = new Set([
  'android',
  'ios',
  'linux',
  'mac',
  'win',
  'ps3',
  'ps4',
  'ps5',
  'psvr',
  'psvr2',
  'switch',
  'switch-2',
  'wiiu',
  'xbox360',
  'xboxone',
  'series-x-s',
  'oculus-quest',
  'meta-quest-2',
  'meta-quest-3',
  'oculus-rift',
  'oculus-go',
  'fire-tv',
  'alexa',
]);

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

type RomAction = 'insert' | 'refresh' | 'rehash' | 'reparse' | 'restore';

interface PlannedRom {
  walked: WalkedRom;
  stored: StoredRom | undefined;
  action: RomAction;
}

/** A file's row values, with the hashes of a previous scan when it did not change. */
type FileValues = RomFileFields;

function fileUnchanged(stored: FileValues | undefined, walked: WalkedFile): boolean {
  return (
    stored !== undefined &&
    stored.missing_from_fs === 0 &&
    stored.file_size_bytes === walked.size &&
    stored.mtime_ms === walked.mtimeMs
  );
}

function fileKey(filePath: string, fileName: string): string {
  return `${filePath}/${fileName}`;
}

function isZip(name: string): boolean {
  return name.toLowerCase().endsWith('.zip');
}

/**
 * The library scan (ARCHITECTURE §5): walk → compare with the database by (path, size, mtime)
 * → hash only new or changed files on the worker pool → write in batched transactions →
 * report progress. One scan runs at a time; every batch is atomic, so an interrupted scan
 * leaves consistent rows and the next scan skips what was already stored.
 *
 * Scan types (RomM §7.1): `new_platforms` only platform folders not in the database; every
 * type but `hashes` adds new ROMs, refreshes changed ones and flags missing ones; `complete`
 * re-parses names and rehashes everything; `hashes` rehashes everything. With `apis` (enabled
 * metadata sources), new and changed ROMs are identified, plus the unidentified ones
 * (`unidentified`/`unmatched`), the identified ones (`update`) or all (`complete`).
 */
export class ScanService {
  private current: AbortController | null = null;
  private identifier: RomIdentifier | null = null;
  /** Sources of the running scan and the ROMs it wrote on the current platform. */
  private scanApis: readonly string[] = [];
  private touched: number[] = [];

  constructor(
    private readonly platforms: PlatformsRepository,
    private readonly roms: RomsRepository,
    private readonly libraryConfig: LibraryConfigService,
    private readonly hashPool: HashPool,
    private readonly libraryDir: string,
    private readonly log: FastifyBaseLogger,
    private readonly firmware?: FirmwareService,
  ) {}

  get running(): boolean {
    return this.current !== null;
  }

  /** Plugs in metadata identification (scans with `apis`, uploads). */
  setIdentifier(identifier: RomIdentifier): void {
    this.identifier = identifier;
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
      return await this.scan(request, listener, controller.signal);
    } finally {
      this.current = null;
    }
  }

  private async scan(
    request: ScanRequest,
    listener: ScanListener,
    signal: AbortSignal,
  ): Promise<ScanStats> {
    const stats = emptyScanStats();
    const config = this.libraryConfig.get();
    const rules = new ExclusionRules(config);
    this.scanApis = request.apis;
    this.identifier?.startScan();
    const walker = new LibraryWalker(this.libraryDir, (absPath, reason) => {
      stats.skipped_files += 1;
      this.log.warn({ path: absPath }, `scan: skipped ${absPath}: ${reason}`);
    });

    const onDisk = await walker.listPlatforms(rules);
    const stored = await this.platforms.all();
    const storedBySlug = new Map(stored.map((row) => [row.fs_slug, row]));
    const diskSlugs = new Set(onDisk.map((platform) => platform.fsSlug));

    let targets: WalkedPlatform[];
    if (request.platforms.length > 0) {
      const wanted = new Set(request.platforms);
      const chosen = stored.filter((row) => wanted.has(row.id));
      targets = onDisk.filter((platform) => chosen.some((row) => row.fs_slug === platform.fsSlug));
      await this.platforms.markMissing(
        chosen.filter((row) => !diskSlugs.has(row.fs_slug)).map((row) => row.id),
        nowIso(),
      );
    } else {
      targets =
        request.type === 'new_platforms'
          ? onDisk.filter((platform) => !storedBySlug.has(platform.fsSlug))
          : onDisk;
      await this.platforms.markMissing(
        stored
          .filter((row) => row.missing_from_fs === 0 && !diskSlugs.has(row.fs_slug))
          .map((row) => row.id),
        nowIso(),
      );
    }
    stats.total_platforms = targets.length;
    listener.stats({ ...stats });

    for (const target of targets) {
      if (signal.aborted) break;
      const platform = await this.upsertPlatform(
        target,
        storedBySlug.get(target.fsSlug),
        config,
        stats,
      );
      listener.platform(toScanPlatformEvent(platform));
      this.touched = [];
      await this.scanPlatform(
        platform,
        target,
        walker,
        rules,
        request.type,
        config.SKIP_HASH_CALCULATION,
        stats,
        listener,
        signal,
      );
      await this.identifyPlatform(platform, request.type, stats, listener, signal);
      await this.scanFirmware(platform, request.type, stats);
      stats.scanned_platforms += 1;
      listener.stats({ ...stats });
    }
    return stats;
  }

  /**
   * Adds a platform by its folder name (RomM's `POST /api/platforms`): creates its ROM folder in
   * the layout the library uses and stores the platform as a scan would. An existing platform of
   * that folder is returned as it is.
   */
  async addPlatformFolder(fsSlug: string): Promise<PlatformRow> {
    const config = this.libraryConfig.get();
    if (fsNameProblem(fsSlug) !== null || new ExclusionRules(config).platformExcluded(fsSlug)) {
      throw new HttpError(400, `${fsSlug} cannot be a platform folder`);
    }
    const romsPath = platformRomsPath(detectLayout(this.libraryDir), fsSlug);
    const absolute = path.join(this.libraryDir, ...romsPath.split('/'));
    await mkdir(absolute, { recursive: true });
    const root = await realpath(this.libraryDir);
    if (!(await realpath(absolute)).startsWith(root + path.sep)) {
      throw new HttpError(400, 'The platform folder lies outside the library');
    }
    const existing = (await this.platforms.all()).find((row) => row.fs_slug === fsSlug);
    if (existing !== undefined && existing.missing_from_fs === 0) return existing;
    return this.upsertPlatform({ fsSlug, romsPath }, existing, config, emptyScanStats());
  }

  /** The platform's `bios` folders (both layouts); a failure is logged, never fatal. */
  private async scanFirmware(platform: PlatformRow, type: ScanType, stats: ScanStats) {
    if (this.firmware === undefined) return;
    try {
      const counts = await this.firmware.scanPlatform(
        platform,
        type === 'complete' || type === 'hashes',
      );
      stats.scanned_firmware += counts.scanned;
      stats.new_firmware += counts.added;
    } catch (error) {
      this.log.warn(
        { platform: platform.fs_slug },
        `scan: firmware of ${platform.fs_slug} skipped: ${(error as Error).message}`,
      );
    }
  }

  private async upsertPlatform(
    target: WalkedPlatform,
    existing: PlatformRow | undefined,
    config: {
      PLATFORMS_BINDING: Record<string, string>;
      PLATFORMS_VERSIONS: Record<string, string>;
    },
    stats: ScanStats,
  ): Promise<PlatformRow> {
    const resolved = resolvePlatformFolder(target.fsSlug, {
      bindings: config.PLATFORMS_BINDING,
      versions: config.PLATFORMS_VERSIONS,
    });
    const entry = resolved.entry;
    const fields: PlatformFields = {
      slug: resolved.slug,
      fs_slug: target.fsSlug,
      name: resolved.name,
      igdb_id: entry?.igdb_id ?? null,
      moby_id: entry?.moby_id ?? null,
      ss_id: entry?.ss_id ?? null,
      ra_id: entry?.ra_id ?? null,
      launchbox_id: entry?.launchbox_id ?? null,
      hasheous_id: entry?.hasheous_id ?? null,
      tgdb_id: entry?.tgdb_id ?? null,
      flashpoint_id: entry?.flashpoint_id ?? null,
      hltb_slug: entry?.hltb_slug ?? null,
      libretro_slug: entry?.libretro_slug ?? null,
      category: entry?.category ?? null,
      generation: entry?.generation ?? null,
      family_name: entry?.family_name ?? null,
      missing_from_fs: 0,
    };
    const now = nowIso();
    if (existing === undefined) {
      stats.new_platforms += 1;
      const row = await this.platforms.insert(fields, now);
      if (row.igdb_id !== null || row.ss_id !== null || row.moby_id !== null) {
        stats.identified_platforms += 1;
      }
      return row;
    }
    const changed = (Object.keys(fields) as (keyof PlatformFields)[]).some(
      (key) => fields[key] !== existing[key],
    );
    return changed ? this.platforms.update(existing.id, fields, now) : existing;
  }

  private async scanPlatform(
    platform: PlatformRow,
    target: WalkedPlatform,
    walker: LibraryWalker,
    rules: ExclusionRules,
    type: ScanType,
    skipHashSetting: boolean,
    stats: ScanStats,
    listener: ScanListener,
    signal: AbortSignal,
  ): Promise<void> {
    const walked = await walker.listRoms(target, rules);
    const stored = await this.roms.loadForScan(platform.id);
    stats.total_roms += walked.length;

    const present = new Set(walked.map((rom) => rom.fsName));
    const missing = [...stored.values()]
      .filter((rom) => rom.missing_from_fs === 0 && !present.has(rom.fs_name))
      .map((rom) => rom.id);
    await this.roms.markRomsMissing(missing, nowIso());
    stats.missing_roms += missing.length;

    const planned: PlannedRom[] = [];
    for (const rom of walked) {
      const action = this.actionFor(rom, stored.get(rom.fsName), type);
      if (action === null) stats.scanned_roms += 1;
      else planned.push({ walked: rom, stored: stored.get(rom.fsName), action });
    }
    if (planned.length === 0) return;
    listener.stats({ ...stats });

    const skipHash = skipHashSetting || NON_HASHABLE_PLATFORMS.has(platform.slug);
    const concurrency = Math.max(4, this.hashPool.size * 8);
    for (let start = 0; start < planned.length; start += SCAN_BATCH_SIZE) {
      if (signal.aborted) return;
      const batch = planned.slice(start, start + SCAN_BATCH_SIZE);
      const writes: (RomWrite | null)[] = new Array<RomWrite | null>(batch.length).fill(null);
      let next = 0;
      const worker = async () => {
        while (next < batch.length) {
          const index = next++;
          const item = batch[index];
          if (item === undefined) continue;
          writes[index] = await this.prepareWrite(platform, item, skipHash, stats);
          stats.scanned_roms += 1;
          listener.stats({ ...stats });
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      const ready = writes.filter((write): write is RomWrite => write !== null);
      const ids = await this.roms.applyBatch(ready, nowIso());
      this.touched.push(...ids);
      for (const write of ready) {
        if (write.type === 'insert') stats.new_roms += 1;
        else stats.updated_roms += 1;
      }
      for (const row of await this.roms.findByIds(ids)) listener.rom(toScanRomEvent(row));
      listener.stats({ ...stats });
    }
  }

  /**
   * Hashes and stores one plain file just written into a platform's ROM folder (uploads), the
   * way a scan would, so it appears without a rescan. Returns the ROM id; throws when the file
   * cannot be read.
   */
  async ingestFile(platform: PlatformRow, romsPath: string, fsName: string): Promise<number> {
    const absPath = path.join(this.libraryDir, ...romsPath.split('/'), fsName);
    const stats = await stat(absPath);
    const walked: WalkedRom = {
      fsName,
      isFolder: false,
      fsPath: romsPath,
      files: [
        {
          fileName: fsName,
          filePath: romsPath,
          absPath,
          size: stats.size,
          mtimeMs: stats.mtimeMs,
          isTopLevel: true,
          category: null,
        },
      ],
    };
    const stored = await this.roms.findStoredByName(platform.id, fsName);
    const skipHash =
      this.libraryConfig.get().SKIP_HASH_CALCULATION || NON_HASHABLE_PLATFORMS.has(platform.slug);
    const counters = emptyScanStats();
    const write = await this.prepareWrite(
      platform,
      { walked, stored, action: stored === undefined ? 'insert' : 'rehash' },
      skipHash,
      counters,
    );
    if (write === null) throw new Error(`cannot read ${romsPath}/${fsName}`);
    const [id] = await this.roms.applyBatch([write], nowIso());
    if (id === undefined) throw new Error(`${romsPath}/${fsName} was not stored`);
    this.identifyInBackground(id);
    return id;
  }

  /** Identifies an uploaded ROM with every enabled source without holding up the upload. */
  private identifyInBackground(romId: number): void {
    const identifier = this.identifier;
    if (identifier === null || identifier.enabledSources().length === 0) return;
    identifier.identifyRom(romId, null, 'new').catch((error: unknown) => {
      this.log.warn(`scan: identifying ROM ${romId} failed: ${(error as Error).message}`);
    });
  }

  /**
   * Metadata identification of one platform (RomM §7.1): ROMs this scan wrote, plus stored
   * ones by scan type — `unidentified`/`unmatched` the unidentified, `update` the identified,
   * `complete` all. Only with `apis`; a provider failure only leaves a ROM unidentified.
   */
  private async identifyPlatform(
    platform: PlatformRow,
    type: ScanType,
    stats: ScanStats,
    listener: ScanListener,
    signal: AbortSignal,
  ): Promise<void> {
    const identifier = this.identifier;
    if (identifier === null || type === 'hashes') return;
    if (identifier.selectSources(this.scanApis).size === 0) return;
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
    const queue = [...ids];
    let identifiedHere = 0;
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        if (signal.aborted) return;
        const mode: IdentifyMode =
          type === 'complete'
            ? 'complete'
            : type === 'update'
              ? 'update'
              : fresh.has(id)
                ? 'new'
                : 'unidentified';
        const identified = await identifier
          .identifyRom(id, this.scanApis, mode)
          .catch((error: unknown) => {
            this.log.warn(`scan: identifying ROM ${id} failed: ${(error as Error).message}`);
            return false;
          });
        if (identified) {
          stats.identified_roms += 1;
          identifiedHere += 1;
        }
        const [row] = await this.roms.findByIds([id]);
        if (row !== undefined) listener.rom(toScanRomEvent(row));
        listener.stats({ ...stats });
      }
    };
    await Promise.all(Array.from({ length: Math.min(3, queue.length) }, worker));
    if (identifiedHere > 0 && fresh.size > 0) listener.stats({ ...stats });
  }

  /** What to do with a ROM found on disk, or null when it is unchanged. */
  private actionFor(
    rom: WalkedRom,
    stored: StoredRom | undefined,
    type: ScanType,
  ): RomAction | null {
    if (stored === undefined) return 'insert';
    if (type === 'complete') return 'reparse';
    if (type === 'hashes') return 'rehash';
    const files = new Map(
      stored.files.map((file) => [fileKey(file.file_path, file.file_name), file]),
    );
    const changed =
      rom.files.length !== stored.files.filter((file) => file.missing_from_fs === 0).length ||
      rom.files.some(
        (file) => !fileUnchanged(files.get(fileKey(file.filePath, file.fileName)), file),
      );
    if (changed) return 'refresh';
    return stored.missing_from_fs === 1 ? 'restore' : null;
  }

  /**
   * Builds the row changes of one ROM, hashing what is new or changed. Returns null (and
   * logs) when a file cannot be read: the ROM is left as it was and the scan goes on.
   *
   * RA hashes (hashing/ra-hash.ts) come from the same read: a whole-file console's is the file's MD5,
   * an arcade one's comes from the name, and only header or byte-order rules hash again, in
   * the worker pass. A multi-file ROM has RA hashes per file but none of its own (RA hashes
   * the one file an emulator loads, not a folder).
   */
  private async prepareWrite(
    platform: PlatformRow,
    item: PlannedRom,
    skipHash: boolean,
    stats: ScanStats,
  ): Promise<RomWrite | null> {
    const platformId = platform.id;
    const { walked, stored, action } = item;
    const previous = new Map(
      (stored?.files ?? []).map((file) => [fileKey(file.file_path, file.file_name), file]),
    );
    const forceHash = action === 'rehash' || action === 'reparse';
    const topLevel = walked.files.filter((file) => file.isTopLevel);
    const hashes = new Map<WalkedFile, Hashes | null>();
    let romHashes: Hashes | null = null;
    const raPlans = new Map<WalkedFile, RaHashPlan | null>(
      walked.files.map((file) => [file, planRaHash(platform.ra_id, file.fileName, file.size)]),
    );
    const raStreamRule = (file: WalkedFile): RaStreamRule | null => {
      const plan = raPlans.get(file);
      return plan?.kind === 'stream' ? plan.rule : null;
    };

    try {
      const needsHash = (file: WalkedFile) =>
        forceHash || !fileUnchanged(previous.get(fileKey(file.filePath, file.fileName)), file);
      if (!skipHash) {
        // Top-level files feed the ROM's own hash: when one changed, all are read again.
        const topChanged = topLevel.some(needsHash);
        if (walked.isFolder && topLevel.length > 1 && topChanged) {
          const result = await this.hashPool.run({
            paths: topLevel.map((file) => file.absPath),
            algorithms: ALL_HASH_ALGORITHMS,
            combined: true,
            ra: topLevel.map(raStreamRule),
          });
          topLevel.forEach((file, index) => hashes.set(file, result.files[index] ?? null));
          romHashes = result.combined;
          stats.hashed_files += topLevel.length;
          stats.hashed_bytes += topLevel.reduce((sum, file) => sum + file.size, 0);
        }
        for (const file of walked.files) {
          if (hashes.has(file) || !needsHash(file)) continue;
          hashes.set(
            file,
            await this.hashPool.hashFile(file.absPath, file.size, raStreamRule(file)),
          );
          stats.hashed_files += 1;
          stats.hashed_bytes += file.size;
        }
      }
      const members = new Map<WalkedFile, string | null>();
      for (const file of walked.files) {
        if (!isZip(file.fileName)) continue;
        const old = previous.get(fileKey(file.filePath, file.fileName));
        if (!forceHash && fileUnchanged(old, file) && old !== undefined) continue;
        try {
          members.set(file, JSON.stringify(await readZipMembers(file.absPath)));
        } catch (error) {
          this.log.warn(
            { path: file.absPath },
            `scan: cannot list zip members: ${(error as Error).message}`,
          );
          members.set(file, null);
        }
      }

      const fileValues = walked.files.map((file): FileValues => {
        const old = previous.get(fileKey(file.filePath, file.fileName));
        const fresh = hashes.get(file);
        const keepOld = fresh === undefined && old !== undefined && !forceHash;
        return {
          file_name: file.fileName,
          file_path: file.filePath,
          file_size_bytes: file.size,
          mtime_ms: file.mtimeMs,
          last_modified: toIsoUtc(new Date(file.mtimeMs)),
          crc_hash: fresh?.crc ?? (keepOld ? old.crc_hash : null),
          md5_hash: fresh?.md5 ?? (keepOld ? old.md5_hash : null),
          sha1_hash: fresh?.sha1 ?? (keepOld ? old.sha1_hash : null),
          ra_hash:
            fresh !== undefined && fresh !== null
              ? raHashFrom(raPlans.get(file) ?? null, fresh.md5, fresh.ra)
              : keepOld
                ? old.ra_hash
                : null,
          category: file.category,
          archive_members: members.has(file)
            ? (members.get(file) ?? null)
            : (old?.archive_members ?? null),
          is_top_level: file.isTopLevel ? 1 : 0,
          missing_from_fs: 0,
        };
      });

      // ROM hash: a file's own, a folder's single top-level file, or the concatenation.
      const kind = !walked.isFolder ? 'file' : topLevel.length === 1 ? 'nested' : 'multi';
      let crc: string | null;
      let md5: string | null;
      let sha1: string | null;
      let ra: string | null = null;
      if (kind === 'multi') {
        const keep = romHashes === null && !forceHash && stored !== undefined;
        crc = romHashes?.crc ?? (keep ? stored.crc_hash : null);
        md5 = romHashes?.md5 ?? (keep ? stored.md5_hash : null);
        sha1 = romHashes?.sha1 ?? (keep ? stored.sha1_hash : null);
      } else {
        const index = walked.files.findIndex((file) => file.isTopLevel);
        const values = fileValues[index];
        crc = values?.crc_hash ?? null;
        md5 = values?.md5_hash ?? null;
        sha1 = values?.sha1_hash ?? null;
        ra = values?.ra_hash ?? null;
      }

      const parsed = parseRomFileName(walked.fsName, { isFolder: walked.isFolder });
      const keepName = stored !== undefined && action !== 'reparse' && stored.name !== null;
      const name = keepName ? (stored.name ?? parsed.fs_name_no_tags) : parsed.fs_name_no_tags;
      const rom: RomFields = {
        fs_name: walked.fsName,
        fs_name_no_tags: parsed.fs_name_no_tags,
        fs_name_no_ext: parsed.fs_name_no_ext,
        fs_extension: parsed.fs_extension,
        fs_path: walked.fsPath,
        fs_size_bytes: walked.files.reduce((sum, file) => sum + file.size, 0),
        fs_mtime_ms: walked.files.reduce((latest, file) => Math.max(latest, file.mtimeMs), 0),
        kind,
        name,
        name_sort_key: nameSortKey(name),
        search_text: foldSearchText(`${name} ${walked.fsName}`),
        regions: JSON.stringify(parsed.regions),
        languages: JSON.stringify(parsed.languages),
        tags: JSON.stringify(parsed.tags),
        revision:
          parsed.revision !== '' ? parsed.revision : parsed.version !== '' ? parsed.version : null,
        crc_hash: crc,
        md5_hash: md5,
        sha1_hash: sha1,
        ra_hash: ra,
        missing_from_fs: 0,
      };

      if (stored === undefined) return { type: 'insert', platformId, rom, files: fileValues };
      const fileUpdates: { id: number; fields: Partial<RomFileFields> }[] = [];
      const fileInserts: RomFileFields[] = [];
      const seen = new Set<number>();
      for (const values of fileValues) {
        const old = previous.get(fileKey(values.file_path, values.file_name));
        if (old === undefined) fileInserts.push(values);
        else {
          seen.add(old.id);
          fileUpdates.push({ id: old.id, fields: values });
        }
      }
      const missingFileIds = stored.files
        .filter((file) => !seen.has(file.id) && file.missing_from_fs === 0)
        .map((file) => file.id);
      return { type: 'update', romId: stored.id, rom, fileUpdates, fileInserts, missingFileIds };
    } catch (error) {
      stats.skipped_files += 1;
      this.log.warn(
        { rom: `${walked.fsPath}/${walked.fsName}` },
        `scan: skipped ROM ${walked.fsPath}/${walked.fsName}: ${(error as Error).message}`,
      );
      return null;
    }
  }
}
