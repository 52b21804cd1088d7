import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

import { UPLOAD_FILENAME_HEADER, UPLOAD_PLATFORM_HEADER } from '@romshelf/contract';

import type { PlatformRow } from '../../db/schema.js';
import { HttpError } from '../../http/http-error.js';
import type { ConfinedFiles, WriteOptions } from '../../lib/confined-files.js';
import { pathExists, TargetExistsError } from '../../lib/confined-files.js';
import type { LibraryConfigService } from '../library/library-config.service.js';
import { detectLayout, platformRomsPath } from '../library/library-fs.js';
import { ExclusionRules } from '../library/library-walker.js';
import type { PlatformLookup } from '../platforms/platform-lookup.js';
import type { ScanService } from '../scan/scan.service.js';
import { decodeUploadFileName, fsNameProblem } from '../library/fs-name.js';

/** Room left for the multipart envelope when comparing Content-Length with the size limit. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** A file streamed from a multipart body; `truncated` once it ran past the size limit. */
export type UploadedFileStream = Readable & { readonly truncated: boolean };

/** A single-request upload as its route hands it over: header values and the unread body. */
export interface IncomingRomUpload {
  /** The `x-upload-platform` header. */
  platform: string | undefined;
  /** The `x-upload-filename` header (may be percent-encoded). */
  fileName: string | undefined;
  isMultipart: boolean;
  /** Content-Length of the whole body; NaN when absent. */
  declaredBytes: number;
  /** Opens the body's file part, cut at `maxBytes`; undefined when the body holds none. */
  readFile(maxBytes: number): Promise<UploadedFileStream | undefined>;
}

/** Where an uploaded file goes: a platform's ROM folder (relative to the library) and name. */
export interface UploadTarget {
  platform: PlatformRow;
  fileName: string;
  folder: string;
}

const taken = (fileName: string, folder: string) =>
  new HttpError(409, `${fileName} already exists in ${folder}`);

/**
 * `POST /api/roms`: one file per request, streamed to the upload temp area, moved into the
 * platform's ROM folder only once complete and never over an existing file, then hashed and
 * stored like a scan would. The chunked upload stores its assembled file through here too.
 */
export class RomUploadService {
  constructor(
    private readonly platforms: PlatformLookup,
    private readonly scan: ScanService,
    private readonly libraryConfig: LibraryConfigService,
    private readonly libraryDir: string,
    private readonly files: ConfinedFiles,
    /** 0 = unlimited. */
    readonly maxBytes: number,
  ) {}

  /** The platform named by its id; `missing` = the status when there is none. */
  async platformById(raw: string | undefined, missing: 400 | 404 = 404): Promise<PlatformRow> {
    const text = raw?.trim() ?? '';
    if (!/^\d{1,15}$/.test(text) || Number(text) < 1) {
      throw new HttpError(400, `Header ${UPLOAD_PLATFORM_HEADER} must be a platform id`);
    }
    const platform = await this.platforms.find(Number(text));
    if (platform === undefined) throw new HttpError(missing, `Platform with id ${text} not found`);
    return platform;
  }

  /** A file name from the `x-upload-filename` header: one safe, non-excluded path segment. */
  fileName(raw: string | undefined): string {
    if (raw === undefined || raw === '') {
      throw new HttpError(400, `Header ${UPLOAD_FILENAME_HEADER} is required`);
    }
    const name = decodeUploadFileName(raw);
    const problem = fsNameProblem(name);
    if (problem !== null) throw new HttpError(400, problem);
    if (new ExclusionRules(this.libraryConfig.get()).singleFileExcluded(name)) {
      throw new HttpError(400, `${name} is excluded by the library configuration`);
    }
    return name;
  }

  /** Where the file would go; 409 when the name is taken in the platform's ROM folder. */
  async freeTarget(platform: PlatformRow, fileName: string): Promise<UploadTarget> {
    if (fsNameProblem(platform.fs_slug) !== null) {
      throw new HttpError(400, 'The platform folder name cannot be written to');
    }
    const folder = platformRomsPath(detectLayout(this.libraryDir), platform.fs_slug);
    const absoluteFolder = await this.files.folder(this.libraryDir, folder);
    if (await pathExists(path.join(absoluteFolder, fileName))) throw taken(fileName, folder);
    return { platform, fileName, folder };
  }

  /**
   * Writes `source` through the temp area into the target (never over an existing file), then
   * stores the ROM like a scan would. When storing fails the file leaves the library again, so
   * the game appears whole or not at all.
   */
  async store(
    target: UploadTarget,
    source: Readable,
    check?: WriteOptions['check'],
  ): Promise<number> {
    const { platform, folder, fileName } = target;
    let written;
    try {
      written = await this.files.writeStream(this.libraryDir, folder, fileName, source, {
        replace: false,
        ...(check === undefined ? {} : { check }),
      });
    } catch (error) {
      if (error instanceof TargetExistsError) throw taken(fileName, folder);
      throw error;
    }
    try {
      return await this.scan.ingestFile(platform, folder, fileName);
    } catch (error) {
      await rm(written.path, { force: true });
      throw error;
    }
  }

  /**
   * Receives a single-request upload, checking in order: platform, file name, multipart body,
   * declared size, free target; then streams the file in. Returns the stored ROM's id.
   */
  async receive(upload: IncomingRomUpload): Promise<number> {
    const platform = await this.platformById(upload.platform);
    const fileName = this.fileName(upload.fileName);
    if (!upload.isMultipart) {
      throw new HttpError(400, 'Expected a multipart/form-data body holding the file');
    }
    if (this.maxBytes > 0 && upload.declaredBytes > this.maxBytes + MULTIPART_OVERHEAD) {
      throw this.tooLarge();
    }
    const target = await this.freeTarget(platform, fileName);
    const file = await upload.readFile(this.maxBytes > 0 ? this.maxBytes : Number.MAX_SAFE_INTEGER);
    if (file === undefined) throw new HttpError(400, 'The multipart body holds no file');
    return this.store(target, file, async (_temp, written) => {
      if (file.truncated || (this.maxBytes > 0 && written.size > this.maxBytes)) {
        throw this.tooLarge();
      }
      await Promise.resolve();
    });
  }

  private tooLarge(): HttpError {
    return new HttpError(413, `Uploads must be at most ${this.maxBytes} bytes`);
  }
}
