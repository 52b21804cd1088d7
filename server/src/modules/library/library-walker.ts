import type { Dirent, Stats } from 'node:fs';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

import type { LibraryConfig, RomFileCategory } from '@romshelf/contract';
import { ROM_FILE_CATEGORIES } from '@romshelf/contract';

import { globToRegExp } from '../../lib/glob.js';
import { TimeSlices } from '../../lib/next-turn.js';
import type { LibraryLayout } from './library-fs.js';
import { detectLayout, isReservedFolderName, platformRomsPath, ROMS_FOLDER } from './library-fs.js';
import { foldSheetGroups } from './sheet-groups.js';
import type { WalkedFile, WalkedRom } from './walked-files.js';

export interface WalkedPlatform {
  fsSlug: string;
  /** Library-relative ROM folder of the platform. */
  romsPath: string;
}

/** Called for every entry that is skipped because it cannot be read or must not be followed. */
export type WalkProblemHandler = (absPath: string, reason: string) => void;

/** What the walk keeps of a file's status. */
export type FileStat = Pick<Stats, 'size' | 'mtimeMs'>;

/**
 * Status of many plain files at once, in order: each its size and time, or why it cannot be
 * read (a scan passes the hashing pool's, which reads them on its worker threads).
 */
export type StatFiles = (paths: readonly string[]) => Promise<(FileStat | { error: string })[]>;

/** Precompiled exclusion rules of config.yml, merged with the always-excluded defaults. */
export class ExclusionRules {
  private readonly platforms: RegExp[];
  private readonly singleExt: Set<string>;
  private readonly singleNames: RegExp[];
  private readonly multiNames: RegExp[];
  private readonly partExt: Set<string>;
  private readonly partNames: RegExp[];
  private readonly dirs: RegExp[];

  constructor(config: LibraryConfig) {
    const compile = (patterns: readonly string[], caseInsensitive = false) =>
      patterns.map((pattern) => globToRegExp(pattern, caseInsensitive));
    const lowerSet = (values: readonly string[]) =>
      new Set(values.map((value) => value.replace(/^\./, '').toLowerCase()));
    this.dirs = compile(config.DEFAULT_EXCLUDED_DIRS);
    this.platforms = compile([...config.EXCLUDED_PLATFORMS, ...config.DEFAULT_EXCLUDED_DIRS]);
    this.singleExt = lowerSet([
      ...config.EXCLUDED_SINGLE_EXT,
      ...config.DEFAULT_EXCLUDED_EXTENSIONS,
    ]);
    this.singleNames = compile([...config.EXCLUDED_SINGLE_FILES, ...config.DEFAULT_EXCLUDED_FILES]);
    this.multiNames = compile(
      [...config.EXCLUDED_MULTI_FILES, ...config.DEFAULT_EXCLUDED_DIRS],
      true,
    );
    this.partExt = lowerSet([
      ...config.EXCLUDED_MULTI_PARTS_EXT,
      ...config.DEFAULT_EXCLUDED_EXTENSIONS,
    ]);
    this.partNames = compile([
      ...config.EXCLUDED_MULTI_PARTS_FILES,
      ...config.DEFAULT_EXCLUDED_FILES,
    ]);
  }

  private static hasExtension(name: string, extensions: Set<string>): boolean {
    const lower = name.toLowerCase();
    const dot = lower.indexOf('.', 1);
    if (dot === -1) return false;
    // Every suffix after a dot: `a.tar.gz` checks `tar.gz` and `gz`.
    for (let index = dot; index !== -1; index = lower.indexOf('.', index + 1)) {
      if (extensions.has(lower.slice(index + 1))) return true;
    }
    return false;
  }

  platformExcluded(name: string): boolean {
    return isReservedFolderName(name) || this.platforms.some((re) => re.test(name));
  }

  singleFileExcluded(name: string): boolean {
    return (
      name.startsWith('.') ||
      ExclusionRules.hasExtension(name, this.singleExt) ||
      this.singleNames.some((re) => re.test(name))
    );
  }

  multiFileExcluded(name: string): boolean {
    return name.startsWith('.') || this.multiNames.some((re) => re.test(name));
  }

  partExcluded(name: string): boolean {
    return (
      name.startsWith('.') ||
      ExclusionRules.hasExtension(name, this.partExt) ||
      this.partNames.some((re) => re.test(name))
    );
  }

  partDirExcluded(name: string): boolean {
    return name.startsWith('.') || this.dirs.some((re) => re.test(name));
  }
}

const CATEGORY_BY_FOLDER: ReadonlyMap<string, RomFileCategory> = new Map(
  ROM_FILE_CATEGORIES.filter((category) => category !== 'game').flatMap((category) => [
    [category, category] as const,
    [`${category}s`, category] as const,
  ]),
);

/** Category of a nested file from its folder parts inside the ROM folder (first match wins). */
export function categoryOf(parts: readonly string[]): RomFileCategory | null {
  if (parts.length === 0) return 'game';
  for (const part of parts) {
    const category = CATEGORY_BY_FOLDER.get(part.toLowerCase());
    if (category !== undefined) return category;
  }
  return null;
}

const STAT_CONCURRENCY = 64;

/**
 * How long the walk of a platform folder runs between turns of the event loop: a folder of
 * 20,000 ROMs takes longer than a request should wait.
 */
const WALK_SLICE_MS = 8;
/** Sheets are a few lines; a larger `.cue`/`.gdi`/`.m3u` is not read. */
const MAX_SHEET_BYTES = 1024 * 1024;

function sortByName(roms: WalkedRom[]): WalkedRom[] {
  return roms.sort((a, b) => (a.fsName < b.fsName ? -1 : a.fsName > b.fsName ? 1 : 0));
}

/**
 * The path of a folder's entry: `path.join` without its normalizing, which costs much over
 * tens of thousands of names (a folder path from `absolute`, a name from `readdir`, are normal).
 */
function childPath(dir: string, name: string): string {
  return dir.endsWith(path.sep) ? `${dir}${name}` : `${dir}${path.sep}${name}`;
}

/** A ROM of one file lying directly in the platform folder. */
function looseRom(romsPath: string, dir: string, name: string, stats: FileStat): WalkedRom {
  return {
    fsName: name,
    isFolder: false,
    fsPath: romsPath,
    files: [
      {
        fileName: name,
        filePath: romsPath,
        absPath: childPath(dir, name),
        size: stats.size,
        mtimeMs: stats.mtimeMs,
        isTopLevel: true,
        category: null,
      },
    ],
  };
}

type EntryKind =
  { kind: 'file'; stats: FileStat } | { kind: 'dir'; real: string } | { kind: 'skip' };

/**
 * Walks the library: platform folders in either layout, and the ROMs of one platform.
 * Symlinks are followed only when their target stays inside the library (checked on the real
 * path); special files, dangling links and unreadable folders are reported and skipped.
 */
export class LibraryWalker {
  private realRoot: string | undefined;

  constructor(
    readonly libraryDir: string,
    private readonly onProblem: WalkProblemHandler,
    private readonly statFiles: StatFiles | null = null,
  ) {}

  layout(): LibraryLayout {
    return detectLayout(this.libraryDir);
  }

  /** Platform folders on disk, minus excluded ones, sorted by name. */
  async listPlatforms(rules: ExclusionRules): Promise<WalkedPlatform[]> {
    const layout = this.layout();
    const base =
      layout === 'roms-first' ? path.join(this.libraryDir, ROMS_FOLDER) : this.libraryDir;
    const entries = await this.readDir(base);
    const platforms: WalkedPlatform[] = [];
    for (const entry of entries) {
      if (rules.platformExcluded(entry.name)) continue;
      const resolved = await this.classify(path.join(base, entry.name), entry);
      if (resolved.kind !== 'dir') continue;
      if (layout === 'platform-first') {
        const romsDir = path.join(base, entry.name, ROMS_FOLDER);
        const inner = await this.classify(romsDir, null);
        if (inner.kind !== 'dir') continue;
      }
      platforms.push({ fsSlug: entry.name, romsPath: platformRomsPath(layout, entry.name) });
    }
    return platforms.sort((a, b) => (a.fsSlug < b.fsSlug ? -1 : a.fsSlug > b.fsSlug ? 1 : 0));
  }

  /**
   * Every ROM of a platform folder, sorted by fs_name: its folders, and its loose files with
   * those a disc sheet refers to folded into the sheet's ROM (sheet-groups.ts).
   */
  async listRoms(platform: WalkedPlatform, rules: ExclusionRules): Promise<WalkedRom[]> {
    const dir = this.absolute(platform.romsPath);
    const entries = await this.readDir(dir);
    const slices = new TimeSlices(WALK_SLICE_MS);
    const kept: Dirent[] = [];
    for (const entry of entries) {
      if (slices.due()) await slices.next();
      if (!(rules.singleFileExcluded(entry.name) && rules.multiFileExcluded(entry.name))) {
        kept.push(entry);
      }
    }
    const kinds = await this.classifyAll(dir, kept);
    const roms: WalkedRom[] = [];
    for (let index = 0; index < kept.length; index += 1) {
      if (slices.due()) await slices.next();
      const entry = kept[index];
      const resolved = kinds[index];
      if (entry === undefined || resolved === undefined) continue;
      if (resolved.kind === 'file') {
        if (rules.singleFileExcluded(entry.name)) continue;
        roms.push(looseRom(platform.romsPath, dir, entry.name, resolved.stats));
      } else if (resolved.kind === 'dir') {
        if (rules.multiFileExcluded(entry.name)) continue;
        const files: WalkedFile[] = [];
        const romPath = `${platform.romsPath}/${entry.name}`;
        await this.walkFolder(
          path.join(dir, entry.name),
          romPath,
          [],
          rules,
          files,
          new Set([resolved.real]),
        );
        files.sort((a, b) => {
          const left = `${a.filePath}/${a.fileName}`;
          const right = `${b.filePath}/${b.fileName}`;
          return left < right ? -1 : left > right ? 1 : 0;
        });
        roms.push({ fsName: entry.name, isFolder: true, fsPath: platform.romsPath, files });
      }
    }
    return sortByName(await foldSheetGroups(roms, (file) => this.readSheet(file)));
  }

  /** The loose-file ROMs of a platform folder (no folders walked), sheets folded as above. */
  async listLooseRoms(romsPath: string, rules: ExclusionRules): Promise<WalkedRom[]> {
    const dir = this.absolute(romsPath);
    const entries = (await this.readDir(dir)).filter(
      (entry) => !rules.singleFileExcluded(entry.name),
    );
    const kinds = await this.classifyAll(dir, entries);
    const roms = entries.flatMap((entry, index) => {
      const resolved = kinds[index];
      return resolved?.kind === 'file' ? [looseRom(romsPath, dir, entry.name, resolved.stats)] : [];
    });
    return sortByName(await foldSheetGroups(roms, (file) => this.readSheet(file)));
  }

  /** A sheet's text; null when unreadable or too large to be a sheet. */
  private async readSheet(file: WalkedFile): Promise<string | null> {
    if (file.size > MAX_SHEET_BYTES) return null;
    try {
      return await readFile(file.absPath, 'utf8');
    } catch (error) {
      this.onProblem(file.absPath, `cannot read sheet: ${(error as Error).message}`);
      return null;
    }
  }

  /** Absolute path of a library-relative path. */
  absolute(relative: string): string {
    return path.join(this.libraryDir, ...relative.split('/'));
  }

  /** Real path of the library root (cached). */
  async root(): Promise<string> {
    this.realRoot ??= await realpath(this.libraryDir);
    return this.realRoot;
  }

  private async walkFolder(
    dir: string,
    relDir: string,
    parts: string[],
    rules: ExclusionRules,
    out: WalkedFile[],
    visited: Set<string>,
  ): Promise<void> {
    const entries = await this.readDir(dir);
    const kinds = await this.classifyAll(dir, entries);
    for (let index = 0; index < entries.length; index += 1) {
      const entry = entries[index];
      const resolved = kinds[index];
      if (entry === undefined || resolved === undefined) continue;
      if (resolved.kind === 'file') {
        if (rules.partExcluded(entry.name)) continue;
        out.push({
          fileName: entry.name,
          filePath: relDir,
          absPath: path.join(dir, entry.name),
          size: resolved.stats.size,
          mtimeMs: resolved.stats.mtimeMs,
          isTopLevel: parts.length === 0,
          category: categoryOf(parts),
        });
      } else if (resolved.kind === 'dir') {
        if (rules.partDirExcluded(entry.name) || visited.has(resolved.real)) continue;
        visited.add(resolved.real);
        await this.walkFolder(
          path.join(dir, entry.name),
          `${relDir}/${entry.name}`,
          [...parts, entry.name],
          rules,
          out,
          visited,
        );
      }
    }
  }

  private async readDir(dir: string): Promise<Dirent[]> {
    try {
      return await readdir(dir, { withFileTypes: true });
    } catch (error) {
      this.onProblem(dir, `cannot list folder: ${(error as Error).message}`);
      return [];
    }
  }

  private async classifyAll(dir: string, entries: Dirent[]): Promise<EntryKind[]> {
    const results: EntryKind[] = new Array<EntryKind>(entries.length);
    if (this.statFiles !== null) {
      // Plain files (most of a library) are read in bulk; links and folders one by one below.
      const plain = entries.flatMap((entry, index) =>
        entry.isFile() && !entry.isSymbolicLink() ? [index] : [],
      );
      const paths = plain.map((index) => childPath(dir, entries[index]?.name ?? ''));
      const stats = paths.length === 0 ? [] : await this.statFiles(paths);
      plain.forEach((index, offset) => {
        const status = stats[offset];
        if (status === undefined || 'error' in status) {
          this.onProblem(paths[offset] ?? dir, `cannot read: ${status?.error ?? 'no status'}`);
          results[index] = { kind: 'skip' };
        } else results[index] = { kind: 'file', stats: status };
      });
    }
    // Only what the bulk read left (links, folders, or everything without it): a folder of
    // tens of thousands of files is not gone through again in thousands of promise rounds.
    const left = entries.flatMap((entry, index) => (results[index] === undefined ? [index] : []));
    for (let start = 0; start < left.length; start += STAT_CONCURRENCY) {
      const slice = left.slice(start, start + STAT_CONCURRENCY);
      const kinds = await Promise.all(
        slice.map((index) => {
          const entry = entries[index];
          return entry === undefined
            ? Promise.resolve<EntryKind>({ kind: 'skip' })
            : this.classify(path.join(dir, entry.name), entry);
        }),
      );
      slice.forEach((index, offset) => {
        const kind = kinds[offset];
        if (kind !== undefined) results[index] = kind;
      });
    }
    return results;
  }

  /** What an entry is, following symlinks only inside the library. */
  private async classify(absPath: string, entry: Dirent | null): Promise<EntryKind> {
    const isLink = entry === null || entry.isSymbolicLink();
    if (entry !== null && !isLink && !entry.isFile() && !entry.isDirectory()) {
      this.onProblem(absPath, 'not a regular file or folder');
      return { kind: 'skip' };
    }
    try {
      if (isLink || entry.isDirectory()) {
        const real = await realpath(absPath);
        const root = await this.root();
        if (real !== root && !real.startsWith(root + path.sep)) {
          this.onProblem(absPath, 'symbolic link leads outside the library; not followed');
          return { kind: 'skip' };
        }
        const stats = await stat(real);
        if (stats.isDirectory()) return { kind: 'dir', real };
        if (stats.isFile()) return { kind: 'file', stats };
        this.onProblem(absPath, 'not a regular file or folder');
        return { kind: 'skip' };
      }
      return { kind: 'file', stats: await stat(absPath) };
    } catch (error) {
      this.onProblem(absPath, `cannot read: ${(error as Error).message}`);
      return { kind: 'skip' };
    }
  }
}
