import path from 'node:path';

import { UPLOAD_FILENAME_HEADER, UPLOAD_PLATFORM_HEADER } from '@romshelf/contract';
import type { FastifyRequest } from 'fastify';

import type { PlatformRow } from '../../db/schema.js';
import { HttpError } from '../../http/http-error.js';
import type { ConfinedFiles } from '../../lib/confined-files.js';
import { pathExists, TargetExistsError } from '../../lib/confined-files.js';
import type { LibraryConfigService } from '../library/library-config.service.js';
import { detectLayout, platformRomsPath } from '../library/library-fs.js';
import { ExclusionRules } from '../library/library-walker.js';
import type { PlatformLookup } from '../platforms/platform-lookup.js';
import type { ScanService } from '../scan/scan.service.js';
import { decodeUploadFileName, fsNameProblem } from './fs-name.js';

/** Room left for the multipart envelope when comparing Content-Length with the size limit. */
const MULTIPART_OVERHEAD = 64 * 1024;

function headerText(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * `POST /api/roms`: one file per request, streamed to the upload temp area, moved into the
 * platform's ROM folder only once complete and never over an existing file, then hashed and
 * stored like a scan would.
 */
export class RomUploadService {
  constructor(
    private readonly platforms: PlatformLookup,
    private readonly scan: ScanService,
    private readonly libraryConfig: LibraryConfigService,
    private readonly libraryDir: string,
    private readonly files: ConfinedFiles,
    /** 0 = unlimited. */
    private readonly maxBytes: number,
  ) {}

  private async platformOf(request: FastifyRequest): Promise<PlatformRow> {
    const raw = headerText(request, UPLOAD_PLATFORM_HEADER)?.trim() ?? '';
    if (!/^\d{1,15}$/.test(raw) || Number(raw) < 1) {
      throw new HttpError(400, `Header ${UPLOAD_PLATFORM_HEADER} must be a platform id`);
    }
    const platform = await this.platforms.find(Number(raw));
    if (platform === undefined) throw new HttpError(404, `Platform with id ${raw} not found`);
    return platform;
  }

  private fileNameOf(request: FastifyRequest): string {
    const raw = headerText(request, UPLOAD_FILENAME_HEADER);
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

  /** The platform's ROM folder, relative to the library. */
  private romsFolder(platform: PlatformRow): string {
    if (fsNameProblem(platform.fs_slug) !== null) {
      throw new HttpError(400, 'The platform folder name cannot be written to');
    }
    return platformRomsPath(detectLayout(this.libraryDir), platform.fs_slug);
  }

  /** Receives the upload; returns the stored ROM's id. */
  async receive(request: FastifyRequest): Promise<number> {
    const platform = await this.platformOf(request);
    const fileName = this.fileNameOf(request);
    if (!request.isMultipart()) {
      throw new HttpError(400, 'Expected a multipart/form-data body holding the file');
    }
    const declared = Number(headerText(request, 'content-length') ?? 'NaN');
    if (this.maxBytes > 0 && declared > this.maxBytes + MULTIPART_OVERHEAD) {
      throw new HttpError(413, `Uploads must be at most ${this.maxBytes} bytes`);
    }
    const folder = this.romsFolder(platform);
    const absoluteFolder = await this.files.folder(this.libraryDir, folder);
    const taken = () => new HttpError(409, `${fileName} already exists in ${folder}`);
    if (await pathExists(path.join(absoluteFolder, fileName))) throw taken();

    const limits = {
      fileSize: this.maxBytes > 0 ? this.maxBytes : Number.MAX_SAFE_INTEGER,
      files: 1,
      fields: 16,
      fieldSize: 4096,
    };
    let part;
    try {
      part = await request.file({ limits, throwFileSizeLimit: false });
    } catch {
      throw new HttpError(400, 'Malformed multipart body');
    }
    if (part === undefined) throw new HttpError(400, 'The multipart body holds no file');
    const file = part.file;
    try {
      await this.files.writeStream(this.libraryDir, folder, fileName, file, {
        replace: false,
        check: async (_temp, written) => {
          if (file.truncated || (this.maxBytes > 0 && written.size > this.maxBytes)) {
            throw new HttpError(413, `Uploads must be at most ${this.maxBytes} bytes`);
          }
          await Promise.resolve();
        },
      });
    } catch (error) {
      if (error instanceof TargetExistsError) throw taken();
      throw error;
    }
    return this.scan.ingestFile(platform, folder, fileName);
  }
}
