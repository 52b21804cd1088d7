import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

import type { Firmware } from '@romshelf/contract';
import { verifyFirmware } from '@romshelf/contract';

import type { FirmwareRow, PlatformRow } from '../../db/schema.js';
import { withheldFromCaller } from '../hidden-items/visibility.js';
import { HttpError } from '../../http/http-error.js';
import type { ConfinedFiles } from '../../lib/confined-files.js';
import { assertSafeFileName, confinedFile, fileNameParts } from '../../lib/stored-files.js';
import { nowIso } from '../../lib/time.js';
import { detectLayout, FIRMWARE_FOLDER } from '../library/library-fs.js';
import type { Hashes } from '../hashing/file-hasher.js';
import type { PlatformLookup } from '../platforms/platform-lookup.js';
import type { FirmwareRepository } from './firmware.repository.js';

/** Hashes a file (the scan's worker pool in the app). */
export type FileHashFn = (absPath: string, size: number) => Promise<Hashes>;

/** The API shape of a firmware file; paths are relative to the library, as RomM's. */
export function toFirmwareDto(row: FirmwareRow): Firmware {
  const parts = fileNameParts(row.file_name);
  return {
    id: row.id,
    file_name: row.file_name,
    file_name_no_tags: parts.noTags,
    file_name_no_ext: parts.noExt,
    file_extension: parts.extension,
    file_path: row.file_path,
    file_size_bytes: row.file_size_bytes,
    full_path: `${row.file_path}/${row.file_name}`,
    is_verified: row.is_verified === 1,
    crc_hash: row.crc_hash,
    md5_hash: row.md5_hash,
    sha1_hash: row.sha1_hash,
    missing_from_fs: row.missing_from_fs === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Library-relative firmware folders of a platform, in both layouts. */
export function firmwareFolders(fsSlug: string): string[] {
  return [`${FIRMWARE_FOLDER}/${fsSlug}`, `${fsSlug}/${FIRMWARE_FOLDER}`];
}

export interface FirmwareScanCounts {
  scanned: number;
  added: number;
}

/**
 * BIOS / firmware files: found by scans in `bios/{platform}` and `{platform}/bios`, uploaded by
 * editors into the folder of the library's layout, verified against the known BIOS list and
 * served to the emulator core.
 */
export class FirmwareService {
  constructor(
    private readonly firmware: FirmwareRepository,
    private readonly platforms: PlatformLookup,
    private readonly libraryDir: string,
    private readonly files: ConfinedFiles,
    private readonly hash: FileHashFn,
  ) {}

  /** Firmware of the platforms the caller may see (of one platform, if given). */
  async list(platformId?: number): Promise<Firmware[]> {
    const hidden = withheldFromCaller().platformIds;
    return (await this.firmware.list(platformId))
      .filter((row) => !hidden.includes(row.platform_id))
      .map((row) => toFirmwareDto(row));
  }

  /** Present firmware grouped by platform id (for the platform list). */
  async byPlatform(): Promise<Map<number, Firmware[]>> {
    const grouped = new Map<number, Firmware[]>();
    for (const row of await this.firmware.list()) {
      if (row.missing_from_fs === 1) continue;
      const list = grouped.get(row.platform_id) ?? [];
      list.push(toFirmwareDto(row));
      grouped.set(row.platform_id, list);
    }
    return grouped;
  }

  async get(id: number): Promise<Firmware> {
    return toFirmwareDto(await this.row(id));
  }

  private async row(id: number): Promise<FirmwareRow> {
    const row = await this.firmware.find(id);
    if (row === undefined) throw new HttpError(404, `Firmware with id ${id} not found`);
    return row;
  }

  /**
   * The file on disk, confined to the library. As in RomM, the name in the download path only
   * names the download; the file is sent under its stored name.
   */
  async openContent(id: number) {
    const row = await this.row(id);
    const file = await confinedFile(
      this.libraryDir,
      path.join(this.libraryDir, ...row.file_path.split('/'), row.file_name),
    );
    if (file === null) throw new HttpError(404, `Firmware file ${row.file_name} not found on disk`);
    return { file, fileName: row.file_name };
  }

  private async record(platform: PlatformRow, folder: string, fileName: string, now: string) {
    const absPath = path.join(this.libraryDir, ...folder.split('/'), fileName);
    const stats = await stat(absPath);
    const hashes = await this.hash(absPath, stats.size);
    const fields = {
      platform_id: platform.id,
      file_name: fileName,
      file_path: folder,
      file_size_bytes: stats.size,
      mtime_ms: Math.trunc(stats.mtimeMs),
      crc_hash: hashes.crc ?? '',
      md5_hash: hashes.md5 ?? '',
      sha1_hash: hashes.sha1 ?? '',
      is_verified: verifyFirmware({
        platformSlug: platform.slug,
        fileName,
        size: stats.size,
        crc: hashes.crc,
        md5: hashes.md5,
        sha1: hashes.sha1,
      })
        ? 1
        : 0,
      missing_from_fs: 0,
    };
    return this.firmware.upsert(fields, now);
  }

  /**
   * Uploads files into the platform's firmware folder (`bios/{fs_slug}` or `{fs_slug}/bios`,
   * following the library layout). Names are confined to that folder.
   */
  async upload(
    platformId: number,
    files: AsyncIterable<{ fileName: string; stream: Readable; truncated?: () => boolean }>,
  ): Promise<{ uploaded: number; firmware: Firmware[] }> {
    const platform = await this.platforms.find(platformId);
    if (platform === undefined)
      throw new HttpError(404, `Platform with id ${platformId} not found`);
    const layout = detectLayout(this.libraryDir);
    const folder =
      layout === 'roms-first'
        ? firmwareFolders(platform.fs_slug)[0]
        : firmwareFolders(platform.fs_slug)[1];
    if (folder === undefined) throw new HttpError(500, 'No firmware folder');
    const stored: FirmwareRow[] = [];
    for await (const { fileName, stream, truncated } of files) {
      assertSafeFileName(fileName);
      await this.files.writeStream(this.libraryDir, folder, fileName, stream, {
        ...(truncated === undefined ? {} : { truncated }),
      });
      stored.push((await this.record(platform, folder, fileName, nowIso())).row);
    }
    if (stored.length === 0) throw new HttpError(400, 'No file uploaded');
    return {
      uploaded: stored.length,
      firmware: stored.map((row) => toFirmwareDto(row)),
    };
  }

  /** Removes rows, and the files of `deleteFromFs` ids; unknown ids count as failures. */
  async delete(ids: readonly number[], deleteFromFs: readonly number[]) {
    const rows = await this.firmware.findByIds(ids);
    const found = new Set(rows.map((row) => row.id));
    const errors = ids
      .filter((id) => !found.has(id))
      .map((id) => `Firmware with id ${id} not found`);
    const removeFiles = new Set(deleteFromFs);
    for (const row of rows) {
      if (!removeFiles.has(row.id)) continue;
      const file = await confinedFile(
        this.libraryDir,
        path.join(this.libraryDir, ...row.file_path.split('/'), row.file_name),
      );
      if (file !== null) await rm(file.real, { force: true });
    }
    await this.firmware.delete(rows.map((row) => row.id));
    return { successful_items: rows.length, failed_items: errors.length, errors };
  }

  /**
   * Scan step for one platform: files directly inside its firmware folders are hashed when new
   * or changed, verified and stored; rows whose file went away are flagged missing.
   */
  async scanPlatform(platform: PlatformRow, rehash: boolean): Promise<FirmwareScanCounts> {
    const counts: FirmwareScanCounts = { scanned: 0, added: 0 };
    const stored = (await this.firmware.list(platform.id)).filter((row) =>
      firmwareFolders(platform.fs_slug).includes(row.file_path),
    );
    const byKey = new Map(stored.map((row) => [`${row.file_path}/${row.file_name}`, row]));
    const seen = new Set<number>();
    for (const folder of firmwareFolders(platform.fs_slug)) {
      let entries;
      try {
        entries = await readdir(path.join(this.libraryDir, ...folder.split('/')), {
          withFileTypes: true,
        });
      } catch {
        continue;
      }
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.startsWith('.')) continue;
        counts.scanned += 1;
        const old = byKey.get(`${folder}/${entry.name}`);
        if (old !== undefined) {
          seen.add(old.id);
          const stats = await stat(path.join(this.libraryDir, ...folder.split('/'), entry.name));
          const unchanged =
            old.file_size_bytes === stats.size &&
            old.mtime_ms === Math.trunc(stats.mtimeMs) &&
            old.missing_from_fs === 0;
          if (unchanged && !rehash) continue;
        }
        const { isNew } = await this.record(platform, folder, entry.name, nowIso());
        if (isNew) counts.added += 1;
      }
    }
    await this.firmware.markMissing(
      stored.filter((row) => !seen.has(row.id) && row.missing_from_fs === 0).map((row) => row.id),
      nowIso(),
    );
    return counts;
  }
}
