import { link, lstat, mkdir, realpath, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';

import type { DeleteRomsBody, DeleteRomsResponse, RomBulkDownloadQuery } from '@romshelf/contract';
import { BULK_DOWNLOAD_MAX_ROMS } from '@romshelf/contract';

import type { NewRomRow, RomFileRow } from '../../../db/schema.js';
import { HttpError } from '../../../http/http-error.js';
import type { ConfinedFiles } from '../../../lib/confined-files.js';
import { zipPlaylist } from './disc-playlist.js';
import { RomFileActions } from './rom-file-actions.js';
import type { RomCollections } from '../rom-collections.js';
import { fsNameProblem } from '../../library/fs-name.js';
import { romNameFields } from '../names/rom-name-fields.js';
import type { RomResources } from '../resources/rom-resources.js';
import type { RomWritesRepository } from '../writes/rom-writes.repository.js';
import type { RomsRepository, RomWithPlatformRow } from '../roms.repository.js';
import type { RomsService } from '../roms.service.js';

/** Files whose place on disk is checked at once. */
const ON_DISK_BATCH = 64;

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/**
 * Whether a ROM is a loose disc sheet stored with the files it names (library/sheet-groups.ts):
 * a multi-file ROM whose name is a file's (a folder's name has no extension). Its files lie
 * beside it in the platform folder.
 */
function isSheetGame(rom: Pick<RomWithPlatformRow, 'kind' | 'fs_extension'>): boolean {
  return rom.kind === 'multi' && rom.fs_extension !== '';
}

/** A file or an on-the-fly zip to send for `GET /api/roms/{id}/content/{file_name}`. */
export type RomDownload =
  | { type: 'file'; absPath: string; size: number; mtimeMs: number; downloadName: string }
  | {
      type: 'zip';
      downloadName: string;
      entries: { absPath: string; name: string; size: number; mtime: Date }[];
      m3u: { name: string; content: string } | null;
    };

/**
 * Moves a file or folder to a new name beside it, never over an existing entry (file: hard
 * link + unlink; folder: the new name is reserved with mkdir, then the rename replaces that
 * empty folder atomically). `collision` is the error when the name is taken.
 */
async function moveEntry(
  source: string,
  target: string,
  isFolder: boolean,
  collision: () => HttpError,
): Promise<void> {
  if (isFolder) {
    try {
      await mkdir(target);
    } catch (error) {
      if (errorCode(error) === 'EEXIST') throw collision();
      throw error;
    }
    try {
      await rename(source, target);
    } catch (error) {
      await rmdir(target).catch(() => undefined);
      if (errorCode(error) === 'ENOTEMPTY' || errorCode(error) === 'EEXIST') throw collision();
      throw error;
    }
  } else {
    try {
      await link(source, target);
    } catch (error) {
      if (errorCode(error) === 'EEXIST') throw collision();
      throw error;
    }
    await unlink(source);
  }
}

/** The ROM columns that follow from its new file or folder name, with the edit's `extra`. */
function renamedRowFields(
  rom: RomWithPlatformRow,
  newName: string,
  isFolder: boolean,
  extra: Partial<Omit<NewRomRow, 'id'>>,
): Partial<Omit<NewRomRow, 'id'>> {
  return { ...extra, ...romNameFields(newName, { isFolder, name: extra.name ?? rom.name }) };
}

/** A ROM's entry in the library: renamed, removed, or sent as a file or a zip. */
export class RomFilesService {
  /** Deleting one file of a game, turning a file into a folder. */
  readonly actions: RomFileActions;

  constructor(
    private readonly roms: RomsService,
    private readonly rows: RomsRepository,
    private readonly writes: RomWritesRepository,
    private readonly libraryDir: string,
    private readonly files: ConfinedFiles,
    private readonly resources: RomResources,
    private readonly collections: Pick<RomCollections, 'romIdsOf'>,
  ) {
    this.actions = new RomFileActions(roms, rows, writes, libraryDir, files);
  }

  /** The real path of a ROM's folder (`fs_path`), which must lie inside the library. */
  private romFolder(rom: RomWithPlatformRow): Promise<string> {
    return this.files.existingFolder(this.libraryDir, rom.fs_path);
  }

  /**
   * Renames a ROM's file or folder inside its platform folder, never over an existing entry,
   * then updates the ROM (with `extra`, the edit's other changes) and its files' paths; the
   * entry is moved back when the database update fails.
   */
  async rename(
    rom: RomWithPlatformRow,
    newName: string,
    now: string,
    extra: Partial<Omit<NewRomRow, 'id'>>,
  ): Promise<void> {
    const problem = fsNameProblem(newName);
    if (problem !== null) throw new HttpError(400, problem);
    const taken = await this.rows.findStoredByName(rom.platform_id, newName);
    if (taken !== undefined) {
      throw new HttpError(409, `A ROM named ${newName} already exists on this platform`);
    }
    const folder = await this.romFolder(rom);
    const source = path.join(folder, rom.fs_name);
    const target = path.join(folder, newName);
    if (path.dirname(target) !== folder) throw new HttpError(400, 'Invalid file name');
    let isFolder: boolean;
    try {
      isFolder = (await lstat(source)).isDirectory();
    } catch {
      throw new HttpError(404, `${rom.fs_name} not found on disk`);
    }
    if (!isFolder && isSheetGame(rom)) {
      throw new HttpError(
        409,
        `${rom.fs_name} is a disc sheet whose tracks lie beside it; renaming it alone would ` +
          'break the file names it refers to. Rename its files on disk and rescan, or move them into a folder',
      );
    }
    const collision = () => new HttpError(409, `${newName} already exists in ${rom.fs_path}`);
    await moveEntry(source, target, isFolder, collision);
    try {
      await this.writes.applyRename(
        rom.id,
        renamedRowFields(rom, newName, isFolder, extra),
        isFolder
          ? {
              kind: 'folder',
              oldFolder: `${rom.fs_path}/${rom.fs_name}`,
              newFolder: `${rom.fs_path}/${newName}`,
            }
          : { kind: 'file', folder: rom.fs_path, oldName: rom.fs_name, newName },
        now,
      );
    } catch (error) {
      // Put the file back so the database and the disk agree again.
      await rename(target, source).catch(() => undefined);
      throw error;
    }
  }

  /** Removes a ROM's file or folder (a symbolic link itself, never its target). */
  private async removeFromDisk(rom: RomWithPlatformRow): Promise<void> {
    let folder: string;
    try {
      folder = await this.romFolder(rom);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return;
      throw error;
    }
    if (fsNameProblem(rom.fs_name) !== null) {
      throw new Error(`${rom.fs_name} is not a plain name`);
    }
    const target = path.join(folder, rom.fs_name);
    if (path.dirname(target) !== folder) throw new Error(`${rom.fs_name} is not a plain name`);
    let isFolder: boolean;
    try {
      const stats = await lstat(target);
      isFolder = stats.isDirectory();
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return;
      throw error;
    }
    if (isFolder) await rm(target, { recursive: true });
    else if (isSheetGame(rom)) await this.removeSheetFiles(rom, folder);
    else await unlink(target);
  }

  /**
   * Removes a disc sheet's loose files: its present files beside it (a file flagged missing is
   * no longer its own, even if one of that name came back), the sheet last.
   */
  private async removeSheetFiles(rom: RomWithPlatformRow, folder: string): Promise<void> {
    const names = (await this.rows.filesOf([rom.id]))
      .filter(
        (file) =>
          (file.missing_from_fs === 0 || file.file_name === rom.fs_name) &&
          file.file_path === rom.fs_path &&
          fsNameProblem(file.file_name) === null,
      )
      .map((file) => file.file_name)
      .sort((a, b) => Number(a === rom.fs_name) - Number(b === rom.fs_name));
    for (const name of names) {
      try {
        await unlink(path.join(folder, name));
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') throw error;
      }
    }
  }

  /**
   * `POST /api/roms/delete`: removes the rows of `roms` (files, user data and resources go
   * with them) and, for ids also in `delete_from_fs`, their file or folder on disk first. A
   * ROM whose disk removal fails is kept. Unknown ids are reported in `failed_ids`.
   */
  async delete(body: DeleteRomsBody): Promise<DeleteRomsResponse> {
    const ids = [...new Set(body.roms)];
    const fromDisk = new Set(body.delete_from_fs);
    const found = new Map((await this.rows.findByIds(ids)).map((row) => [row.id, row]));
    const failed: number[] = [];
    const errors: string[] = [];
    const deleted: RomWithPlatformRow[] = [];
    for (const id of ids) {
      const rom = found.get(id);
      if (rom === undefined) {
        failed.push(id);
        errors.push(`ROM with id ${id} not found`);
        continue;
      }
      if (fromDisk.has(id)) {
        try {
          await this.removeFromDisk(rom);
        } catch (error) {
          failed.push(id);
          errors.push(`Cannot delete ${rom.fs_path}/${rom.fs_name}: ${(error as Error).message}`);
          continue;
        }
      }
      deleted.push(rom);
    }
    await this.writes.deleteRoms(deleted.map((rom) => rom.id));
    for (const rom of deleted) await this.resources.removeAll(rom.platform_id, rom.id);
    return {
      msg: `${deleted.length} ROM${deleted.length === 1 ? '' : 's'} deleted successfully!`,
      successful_items: deleted.length,
      failed_ids: failed,
      errors,
    };
  }

  /** The ROMs a bulk download asks for: listed, a platform's or a collection's the caller sees. */
  private async bulkIds(query: RomBulkDownloadQuery, userId: number): Promise<number[]> {
    const limit = BULK_DOWNLOAD_MAX_ROMS + 1;
    if (query.rom_ids !== undefined) {
      return [...new Set(query.rom_ids.split(',').map((part) => Number(part.trim())))];
    }
    if (query.collection_id !== undefined) {
      const ids = await this.collections.romIdsOf(userId, query.collection_id, limit);
      if (ids.length === 0) throw new HttpError(404, 'The collection has no ROMs');
      return ids;
    }
    if (query.platform_id === undefined) {
      throw new HttpError(400, 'This kind of collection cannot be downloaded yet');
    }
    const ids = await this.rows.idsOfPlatform(query.platform_id, limit);
    if (ids.length === 0) throw new HttpError(404, `Platform ${query.platform_id} has no ROMs`);
    return ids;
  }

  /**
   * Several ROMs as one stored zip (`GET /api/roms/download`): the given ones, a platform's or
   * a collection's. Entries are named by their path in the library, so unpacking it into a
   * library folder puts every game where a scan finds it.
   */
  async openBulkContent(query: RomBulkDownloadQuery, userId: number): Promise<RomDownload> {
    const ids = await this.bulkIds(query, userId);
    if (ids.length > BULK_DOWNLOAD_MAX_ROMS) {
      throw new HttpError(400, `At most ${BULK_DOWNLOAD_MAX_ROMS} ROMs can be downloaded at once`);
    }
    if (query.rom_ids !== undefined) {
      const found = new Set((await this.rows.findByIds(ids)).map((row) => row.id));
      const unknown = ids.find((id) => !found.has(id));
      if (unknown !== undefined) throw new HttpError(404, `ROM with id ${unknown} not found`);
    }

    const files = await this.rows.presentFileLocations(ids);
    const entries = (await this.onDisk(files)).map(({ file, real, stats }) => ({
      absPath: real,
      name: `${file.file_path}/${file.file_name}`,
      size: stats.size,
      mtime: stats.mtime,
    }));
    if (entries.length === 0) throw new HttpError(404, 'None of these ROMs has files on disk');
    const requested = query.filename?.replace(/[\\/]/g, '_');
    const manifest = crc32(entries.map((entry) => entry.name).join('\n'))
      .toString(16)
      .padStart(8, '0');
    return {
      type: 'zip',
      downloadName:
        requested === undefined
          ? `${ids.length} ROMs (${manifest}).zip`
          : requested.toLowerCase().endsWith('.zip')
            ? requested
            : `${requested}.zip`,
      entries,
      m3u: null,
    };
  }

  /**
   * Each file's real path and size, confined to the library: a file that is gone, is not a
   * regular file, or resolves (through links) outside the library is a 404. Folders are
   * resolved once each and files checked a few at a time, so a 20,000-game zip starts quickly
   * without holding 20,000 pending checks.
   */
  private async onDisk<File extends Pick<RomFileRow, 'file_path' | 'file_name'>>(
    files: readonly File[],
  ) {
    const root = await realpath(this.libraryDir);
    const inside = (real: string) => real.startsWith(root + path.sep);
    const folders = new Map<string, Promise<string | null>>();
    const realFolder = (relative: string) => {
      let found = folders.get(relative);
      if (found === undefined) {
        found = realpath(path.join(this.libraryDir, ...relative.split('/'))).catch(() => null);
        folders.set(relative, found);
      }
      return found;
    };
    const check = async (file: File) => {
      const gone = () => new HttpError(404, `File ${file.file_name} not found on disk`);
      const folder = await realFolder(file.file_path);
      if (folder === null || (!inside(folder) && folder !== root)) throw gone();
      let real = path.join(folder, file.file_name);
      if (path.dirname(real) !== folder) throw gone();
      let stats = await lstat(real).catch(() => null);
      if (stats?.isSymbolicLink() === true) {
        real = await realpath(real).catch(() => '');
        if (!inside(real)) throw gone();
        stats = await stat(real).catch(() => null);
      }
      if (stats === null || !stats.isFile()) throw gone();
      return {
        file,
        real,
        stats: { size: stats.size, mtime: stats.mtime, mtimeMs: stats.mtimeMs },
      };
    };
    const checked: Awaited<ReturnType<typeof check>>[] = [];
    for (let start = 0; start < files.length; start += ON_DISK_BATCH) {
      checked.push(...(await Promise.all(files.slice(start, start + ON_DISK_BATCH).map(check))));
    }
    return checked;
  }

  /**
   * What to send for `GET /api/roms/{id}/content/{file_name}`. As in RomM, `fileName` only names
   * the download: one file is sent under its own name, several as a zip named `fileName` (plus
   * `.zip` unless it has it) with an `.m3u` when the ROM has none. `fileIds` must all be files
   * of this ROM; `hiddenFolder` puts the zip's files under `.hidden/` (muOS multi-disc layout).
   * Every path is resolved to its real location and must stay inside the library.
   */
  async openContent(
    id: number,
    fileName: string,
    options: { fileIds?: string | undefined; hiddenFolder?: boolean | undefined } = {},
  ): Promise<RomDownload> {
    const rom = await this.roms.findOr404(id);
    const files = (await this.rows.filesOf([id])).filter((file) => file.missing_from_fs === 0);
    const selected = this.selectFiles(id, files, options.fileIds);
    if (selected.length === 0) throw new HttpError(404, `ROM with id ${id} has no files on disk`);

    const resolved = await this.onDisk(selected);
    const [only] = resolved;
    if (resolved.length === 1 && only !== undefined) {
      return {
        type: 'file',
        absPath: only.real,
        size: only.stats.size,
        mtimeMs: only.stats.mtimeMs,
        downloadName: only.file.file_name,
      };
    }
    const sheetGame = isSheetGame(rom);
    const romFolder = sheetGame ? rom.fs_path : `${rom.fs_path}/${rom.fs_name}`;
    const prefix = options.hiddenFolder === true ? '.hidden/' : '';
    const entries = resolved.map(({ file, real, stats }) => ({
      absPath: real,
      name: `${prefix}${file.file_path === romFolder ? '' : `${file.file_path.slice(romFolder.length + 1)}/`}${file.file_name}`,
      size: stats.size,
      mtime: stats.mtime,
    }));
    const romHasPlaylist = files.some((file) => file.file_name.toLowerCase().endsWith('.m3u'));
    const playlist = romHasPlaylist ? null : zipPlaylist(entries.map((entry) => entry.name));
    // A sheet game asked for by its sheet's name zips as the game ("Game.cue" → "Game.zip").
    const requested = sheetGame && fileName === rom.fs_name ? rom.fs_name_no_ext : fileName;
    const zipName = requested.replace(/[\\/]/g, '_');
    return {
      type: 'zip',
      downloadName: zipName.toLowerCase().endsWith('.zip') ? zipName : `${zipName}.zip`,
      entries,
      m3u:
        playlist === null
          ? null
          : {
              name: `${sheetGame ? rom.fs_name_no_ext : rom.fs_name}.m3u`,
              content: `${playlist.join('\n')}\n`,
            },
    };
  }

  /** The files `file_ids` names (all when absent); 400 when one is not a file of this ROM. */
  private selectFiles(
    id: number,
    files: readonly RomFileRow[],
    fileIds: string | undefined,
  ): readonly RomFileRow[] {
    if (fileIds === undefined) return files;
    const wanted = new Set(fileIds.split(',').map((part) => Number(part.trim())));
    const known = new Set(files.map((file) => file.id));
    const foreign = [...wanted].filter((fileId) => !known.has(fileId));
    if (foreign.length > 0) {
      throw new HttpError(400, `Files ${foreign.join(', ')} do not belong to ROM with id ${id}`);
    }
    return files.filter((file) => wanted.has(file.id));
  }

  /**
   * One file of a ROM by the file's id (`GET /api/roms/{file_id}/files/content/{file_name}`).
   * As in RomM, the path's name is ignored: the file is sent under its stored name.
   */
  async openFileContent(fileId: number): Promise<RomDownload> {
    const file = await this.rows.findFileById(fileId);
    if (file === undefined || file.missing_from_fs !== 0) {
      throw new HttpError(404, 'File not found');
    }
    const [found] = await this.onDisk([file]);
    if (found === undefined) throw new HttpError(404, 'File not found');
    return {
      type: 'file',
      absPath: found.real,
      size: found.stats.size,
      mtimeMs: found.stats.mtimeMs,
      downloadName: file.file_name,
    };
  }
}
