import type { ScanType } from '@romshelf/contract';

import { toIsoUtc } from '../../lib/time.js';
import type { Hashes } from '../hashing/file-hasher.js';
import type { RaHashPlan, RaStreamRule } from '../hashing/ra-hash.js';
import { planRaHash, raHashFrom } from '../hashing/ra-hash.js';
import type { WalkedFile, WalkedRom } from '../library/walked-files.js';
import { nameSortKey } from '../roms/names/rom-filename.js';
import { romNameFields } from '../roms/names/rom-name-fields.js';
import type {
  RomFields,
  RomFileFields,
  RomWrite,
  ScanIndexRom,
  StoredRom,
} from '../roms/writes/rom-scan-writes.js';

/**
 * The scan's pure decisions (no disk, no database): what to do with a ROM found on disk, what
 * must be read for it, and the rows it becomes once read.
 */

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

export type RomAction = 'insert' | 'refresh' | 'rehash' | 'reparse' | 'restore';

export interface PlannedRom {
  walked: WalkedRom;
  stored: StoredRom | undefined;
  action: RomAction;
}

/** What a ROM's rows need read from disk. */
export interface RomReads {
  /** Top-level files of a multi-file folder, hashed together for the ROM's own hash (or none). */
  combined: WalkedFile[];
  /** Files hashed one by one. */
  single: WalkedFile[];
  /** Zip archives whose members are listed. */
  zips: WalkedFile[];
  /** Each file's RetroAchievements hash plan (hashing/ra-hash.ts). */
  raPlans: Map<WalkedFile, RaHashPlan | null>;
}

/** What was read: hashes by file (null: none came back), the combined hash, zip members as JSON. */
export interface RomReadResults {
  hashes: Map<WalkedFile, Hashes | null>;
  combined: Hashes | null;
  members: Map<WalkedFile, string | null>;
}

type StoredFile = StoredRom['files'][number];
type IndexedFile = ScanIndexRom['files'][number];

function fileUnchanged(stored: IndexedFile | undefined, walked: WalkedFile): boolean {
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

function storedFiles<File extends IndexedFile>(stored: { files: File[] } | undefined) {
  return new Map<string, File>(
    (stored?.files ?? []).map((file) => [fileKey(file.file_path, file.file_name), file]),
  );
}

function previousOf<File>(previous: Map<string, File>, file: WalkedFile): File | undefined {
  return previous.get(fileKey(file.filePath, file.fileName));
}

function forcesHash(action: RomAction): boolean {
  return action === 'rehash' || action === 'reparse';
}

/** What to do with a ROM found on disk, or null when it is unchanged. */
export function actionFor(
  rom: WalkedRom,
  stored: ScanIndexRom | undefined,
  type: ScanType,
): RomAction | null {
  if (stored === undefined) return 'insert';
  if (type === 'complete') return 'reparse';
  if (type === 'hashes') return 'rehash';
  const files = storedFiles(stored);
  const changed =
    rom.files.length !== stored.files.filter((file) => file.missing_from_fs === 0).length ||
    rom.files.some((file) => !fileUnchanged(previousOf(files, file), file));
  if (changed) return 'refresh';
  return stored.missing_from_fs === 1 ? 'restore' : null;
}

/** The streamed RA rule a file's hashing applies, or null. */
export function raStreamRule(reads: RomReads, file: WalkedFile): RaStreamRule | null {
  const plan = reads.raPlans.get(file);
  return plan?.kind === 'stream' ? plan.rule : null;
}

/**
 * What to read for a planned ROM: new or changed files are hashed (all of them on a rehash or
 * reparse, none with `skipHash`); when a top-level file of a multi-file ROM (a folder, or a
 * disc sheet with the loose files it names) changed, all its top-level files are hashed
 * together, since they make the ROM's own hash. New or changed zips
 * (all on a rehash or reparse) have their members listed.
 */
export function planReads(
  platformRaId: number | null,
  item: PlannedRom,
  skipHash: boolean,
): RomReads {
  const { walked, stored, action } = item;
  const previous = storedFiles(stored);
  const force = forcesHash(action);
  const changed = (file: WalkedFile) => force || !fileUnchanged(previousOf(previous, file), file);
  const topLevel = walked.files.filter((file) => file.isTopLevel);
  const combined = !skipHash && topLevel.length > 1 && topLevel.some(changed) ? topLevel : [];
  return {
    combined,
    single: skipHash
      ? []
      : walked.files.filter((file) => !combined.includes(file) && changed(file)),
    zips: walked.files.filter(
      (file) => file.fileName.toLowerCase().endsWith('.zip') && changed(file),
    ),
    raPlans: new Map(
      walked.files.map((file) => [file, planRaHash(platformRaId, file.fileName, file.size)]),
    ),
  };
}

/** A file's row: fresh hashes when it was read, a previous scan's when it did not change. */
function fileRow(
  file: WalkedFile,
  old: StoredFile | undefined,
  force: boolean,
  reads: RomReads,
  results: RomReadResults,
): RomFileFields {
  const fresh = results.hashes.get(file);
  const keepOld = fresh === undefined && old !== undefined && !force;
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
        ? raHashFrom(reads.raPlans.get(file) ?? null, fresh.md5, fresh.ra)
        : keepOld
          ? old.ra_hash
          : null,
    category: file.category,
    archive_members: results.members.has(file)
      ? (results.members.get(file) ?? null)
      : (old?.archive_members ?? null),
    is_top_level: file.isTopLevel ? 1 : 0,
    missing_from_fs: 0,
  };
}

type RomHashFields = Pick<RomFields, 'kind' | 'crc_hash' | 'md5_hash' | 'sha1_hash' | 'ra_hash'>;

/**
 * The ROM's own hashes: a file's, a folder's single top-level file's, or (multi-file: a folder
 * or a sheet with its tracks) the combined read, which has no RA hash (RA hashes the one file an emulator loads).
 */
function romHashes(
  item: PlannedRom,
  files: RomFileFields[],
  combined: Hashes | null,
): RomHashFields {
  const { walked, stored } = item;
  const topLevel = walked.files.filter((file) => file.isTopLevel);
  const kind = topLevel.length > 1 ? 'multi' : walked.isFolder ? 'nested' : 'file';
  if (kind === 'multi') {
    const keep = combined === null && !forcesHash(item.action) && stored !== undefined;
    return {
      kind,
      crc_hash: combined?.crc ?? (keep ? stored.crc_hash : null),
      md5_hash: combined?.md5 ?? (keep ? stored.md5_hash : null),
      sha1_hash: combined?.sha1 ?? (keep ? stored.sha1_hash : null),
      ra_hash: null,
    };
  }
  const values = files[walked.files.findIndex((file) => file.isTopLevel)];
  return {
    kind,
    crc_hash: values?.crc_hash ?? null,
    md5_hash: values?.md5_hash ?? null,
    sha1_hash: values?.sha1_hash ?? null,
    ra_hash: values?.ra_hash ?? null,
  };
}

/** The ROM row: name fields (a stored name kept unless reparsing), sizes and hashes. */
function romRow(item: PlannedRom, hashes: RomHashFields): RomFields {
  const { walked, stored, action } = item;
  const keptName = stored !== undefined && action !== 'reparse' ? stored.name : null;
  const nameFields = romNameFields(walked.fsName, { isFolder: walked.isFolder, name: keptName });
  const name = keptName ?? nameFields.fs_name_no_tags;
  return {
    ...nameFields,
    fs_path: walked.fsPath,
    fs_size_bytes: walked.files.reduce((sum, file) => sum + file.size, 0),
    fs_mtime_ms: walked.files.reduce((latest, file) => Math.max(latest, file.mtimeMs), 0),
    name,
    name_sort_key: nameSortKey(name),
    ...hashes,
    missing_from_fs: 0,
  };
}

/** JSON list columns, compared by value: PostgreSQL's jsonb gives them back spaced its own way. */
const JSON_COLUMNS: ReadonlySet<string> = new Set(['regions', 'languages', 'tags']);

function sameValue(column: string, stored: unknown, next: unknown): boolean {
  if (stored === next) return true;
  if (!JSON_COLUMNS.has(column) || typeof stored !== 'string' || typeof next !== 'string') {
    return false;
  }
  return JSON.stringify(JSON.parse(stored)) === next;
}

/**
 * The fields of `next` whose values differ from the stored row's. A scan writes only these:
 * a column written, even with its old value, fires the search and filter triggers watching it.
 */
function changedFields<Fields extends object>(stored: object, next: Fields): Partial<Fields> {
  const old = stored as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(next).filter(([column, value]) => !sameValue(column, old[column], value)),
  ) as Partial<Fields>;
}

/**
 * Rows of a ROM once its reads are done: an insert, or an update of the stored ROM holding only
 * what changed (nothing at all for a ROM a rehash or reparse found as it was).
 */
export function buildWrite(
  platformId: number,
  item: PlannedRom,
  reads: RomReads,
  results: RomReadResults,
): RomWrite {
  const { walked, stored } = item;
  const previous = storedFiles(stored);
  const force = forcesHash(item.action);
  const files = walked.files.map((file) =>
    fileRow(file, previousOf(previous, file), force, reads, results),
  );
  const rom = romRow(item, romHashes(item, files, results.combined));
  if (stored === undefined) return { type: 'insert', platformId, rom, files };
  const fileUpdates: { id: number; fields: Partial<RomFileFields> }[] = [];
  const fileInserts: RomFileFields[] = [];
  const seen = new Set<number>();
  for (const values of files) {
    const old = previous.get(fileKey(values.file_path, values.file_name));
    if (old === undefined) fileInserts.push(values);
    else {
      seen.add(old.id);
      const fields = changedFields(old, values);
      if (Object.keys(fields).length > 0) fileUpdates.push({ id: old.id, fields });
    }
  }
  const missingFileIds = stored.files
    .filter((file) => !seen.has(file.id) && file.missing_from_fs === 0)
    .map((file) => file.id);
  return {
    type: 'update',
    romId: stored.id,
    rom: changedFields(stored, rom),
    fileUpdates,
    fileInserts,
    missingFileIds,
  };
}
