import { randomUUID } from 'node:crypto';
import { lstat, mkdir, rename, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';

import type { NewRomRow, RomFileRow } from '../../../db/schema.js';
import { HttpError } from '../../../http/http-error.js';
import type { ConfinedFiles } from '../../../lib/confined-files.js';
import { fsNameProblem } from '../../library/fs-name.js';
import { romNameFields } from '../names/rom-name-fields.js';
import type { RomWritesRepository } from '../writes/rom-writes.repository.js';
import type { RomsRepository, RomWithPlatformRow } from '../roms.repository.js';
import type { RomsService } from '../roms.service.js';

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** A name beside `name` that scans skip (a leading dot), for a file on its way in or out. */
function stagedName(name: string): string {
  return `.romshelf-${randomUUID()}-${name}`;
}

/**
 * The ROM's fields once `removed` is gone: its size, and for a folder its kind and hashes (one
 * top-level file left: that file's; several: their combined hash is unknown until a rescan).
 */
function fieldsWithout(
  rom: RomWithPlatformRow,
  files: readonly RomFileRow[],
  removed: RomFileRow,
): Partial<Omit<NewRomRow, 'id'>> {
  const left = files.filter((file) => file.id !== removed.id && file.missing_from_fs === 0);
  const size = left.reduce((sum, file) => sum + file.file_size_bytes, 0);
  if (rom.kind === 'file' || rom.fs_extension !== '') return { fs_size_bytes: size };
  const topLevel = left.filter((file) => file.is_top_level === 1);
  const [only] = topLevel;
  if (topLevel.length === 1 && only !== undefined) {
    return {
      fs_size_bytes: size,
      kind: 'nested',
      crc_hash: only.crc_hash,
      md5_hash: only.md5_hash,
      sha1_hash: only.sha1_hash,
      ra_hash: only.ra_hash,
    };
  }
  return { fs_size_bytes: size, crc_hash: null, md5_hash: null, sha1_hash: null, ra_hash: null };
}

/**
 * RomM 5's file-level actions on a game inside the library folder: removing one file of a
 * multi-file game, and turning a single-file game into a folder holding it. Every path is
 * resolved inside the library; the disk change is undone when the database update fails.
 */
export class RomFileActions {
  constructor(
    private readonly roms: RomsService,
    private readonly rows: RomsRepository,
    private readonly writes: RomWritesRepository,
    private readonly libraryDir: string,
    private readonly files: ConfinedFiles,
  ) {}

  /**
   * `DELETE /api/roms/{id}/files/{file_id}`: the file leaves the disk (a file already gone is
   * fine, as in RomM) and the ROM. A game's own file (a single file, a disc sheet) or its last
   * top-level file cannot go alone: that is deleting the game.
   */
  async deleteFile(romId: number, fileId: number, now: string): Promise<void> {
    const rom = await this.roms.findOr404(romId);
    const files = await this.rows.filesOf([romId]);
    const file = files.find((candidate) => candidate.id === fileId);
    if (file === undefined) throw new HttpError(404, 'File not found');
    const isOwnEntry = file.file_path === rom.fs_path && file.file_name === rom.fs_name;
    const topLevelLeft = files.filter(
      (other) => other.id !== file.id && other.is_top_level === 1 && other.missing_from_fs === 0,
    );
    if (
      rom.kind === 'file' ||
      isOwnEntry ||
      (file.is_top_level === 1 && topLevelLeft.length === 0)
    ) {
      throw new HttpError(
        409,
        `${file.file_name} is what ${rom.fs_name} is made of: delete the game instead`,
      );
    }
    if (fsNameProblem(file.file_name) !== null) throw new HttpError(400, 'Invalid file name');
    const folder = await this.existingFolderOrNull(file.file_path);
    const staged = folder === null ? null : await this.stageRemoval(folder, file.file_name);
    try {
      await this.writes.applyFileRemoval(romId, fileId, fieldsWithout(rom, files, file), now);
    } catch (error) {
      if (folder !== null && staged !== null) {
        await rename(path.join(folder, staged), path.join(folder, file.file_name));
      }
      throw error;
    }
    if (folder !== null && staged !== null) await unlink(path.join(folder, staged));
  }

  private async existingFolderOrNull(relative: string): Promise<string | null> {
    try {
      return await this.files.existingFolder(this.libraryDir, relative);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return null;
      throw error;
    }
  }

  /** Moves a file aside under a skipped name; null when it is not there. Folders are refused. */
  private async stageRemoval(folder: string, name: string): Promise<string | null> {
    const source = path.join(folder, name);
    try {
      if ((await lstat(source)).isDirectory()) throw new HttpError(409, `${name} is a folder`);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return null;
      throw error;
    }
    const staged = stagedName(name);
    await rename(source, path.join(folder, staged));
    return staged;
  }

  /**
   * `POST /api/roms/{id}/convert-to-folder`: `Game.ext` becomes `Game/Game.ext`, keeping the
   * ROM's id and everything attached to it. A ROM that is already a folder (or a disc sheet)
   * is left as it is; a name already taken on disk is a 409.
   */
  async convertToFolder(id: number, now: string): Promise<void> {
    const rom = await this.roms.findOr404(id);
    if (rom.kind !== 'file') return;
    const folderName = rom.fs_name_no_ext;
    if (fsNameProblem(rom.fs_name) !== null || fsNameProblem(folderName) !== null) {
      throw new HttpError(400, 'Invalid file name');
    }
    const taken = await this.rows.findStoredByName(rom.platform_id, folderName);
    if (taken !== undefined && taken.id !== rom.id) {
      throw new HttpError(409, `A ROM named ${folderName} already exists on this platform`);
    }
    const parent = await this.files.existingFolder(this.libraryDir, rom.fs_path);
    const origin = path.join(parent, rom.fs_name);
    const target = path.join(parent, folderName);
    try {
      await lstat(origin);
    } catch {
      throw new HttpError(404, `${rom.fs_name} not found on disk`);
    }
    // An extensionless file has its folder's name: it steps aside while the folder is made.
    const staged = folderName === rom.fs_name ? path.join(parent, stagedName(rom.fs_name)) : null;
    if (staged !== null) await rename(origin, staged);
    try {
      await mkdir(target);
    } catch (error) {
      if (staged !== null) await rename(staged, origin);
      if (errorCode(error) === 'EEXIST') {
        throw new HttpError(409, `${folderName} already exists in ${rom.fs_path}`);
      }
      throw error;
    }
    const final = path.join(target, rom.fs_name);
    await rename(staged ?? origin, final);
    try {
      await this.writes.applyConvertToFolder(
        id,
        { ...romNameFields(folderName, { isFolder: true, name: rom.name }), kind: 'nested' },
        { oldFolder: rom.fs_path, newFolder: `${rom.fs_path}/${folderName}`, name: rom.fs_name },
        now,
      );
    } catch (error) {
      // Back as it was, so the disk and the database agree again.
      await rename(final, staged ?? origin);
      await rmdir(target);
      if (staged !== null) await rename(staged, origin);
      throw error;
    }
  }
}
