import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { link, lstat, mkdir, realpath, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { UPLOAD_FILENAME_HEADER, UPLOAD_PLATFORM_HEADER } from '@romshelf/contract';
import type { FastifyRequest } from 'fastify';

import type { PlatformRow } from '../../db/schema.js';
import { HttpError } from '../../http/http-error.js';
import type { LibraryConfigService } from '../library/library-config.service.js';
import { detectLayout, platformRomsPath } from '../library/library-fs.js';
import { ExclusionRules } from '../library/library-walker.js';
import type { PlatformsRepository } from '../platforms/platforms.repository.js';
import type { ScanService } from '../scan/scan.service.js';
import { decodeUploadFileName, fsNameProblem } from './fs-name.js';

/** Hidden folder of the library holding uploads in progress (never scanned: leading dot). */
export const UPLOAD_TEMP_FOLDER = '.romshelf-tmp';

/** Room left for the multipart envelope when comparing Content-Length with the size limit. */
const MULTIPART_OVERHEAD = 64 * 1024;

function headerText(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

async function exists(target: string): Promise<boolean> {
  try {
    await lstat(target);
    return true;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  }
}

/**
 * Moves a finished temporary file to its final name without ever replacing a file: a hard
 * link fails with EEXIST when the name is taken (atomic), then the temporary name is removed.
 * On filesystems without hard links it falls back to check-then-rename.
 */
export async function moveNoReplace(temp: string, target: string): Promise<'moved' | 'exists'> {
  try {
    await link(temp, target);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'EEXIST') return 'exists';
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV') {
      throw error;
    }
    if (await exists(target)) return 'exists';
    await rename(temp, target);
    return 'moved';
  }
  await unlink(temp);
  return 'moved';
}

/**
 * `POST /api/roms`: one file per request, streamed to `<library>/.romshelf-tmp/<uuid>` (same
 * filesystem as the platform folders), moved into the platform's ROM folder only once
 * complete and never over an existing file, then hashed and stored like a scan would.
 */
export class RomUploadService {
  constructor(
    private readonly platforms: PlatformsRepository,
    private readonly scan: ScanService,
    private readonly libraryConfig: LibraryConfigService,
    private readonly libraryDir: string,
    /** 0 = unlimited. */
    private readonly maxBytes: number,
  ) {}

  get tempDir(): string {
    return path.join(this.libraryDir, UPLOAD_TEMP_FOLDER);
  }

  /** Removes uploads left behind by a crash (called at start-up). */
  async removeLeftovers(): Promise<void> {
    await rm(this.tempDir, { recursive: true, force: true });
  }

  private async platformOf(request: FastifyRequest): Promise<PlatformRow> {
    const raw = headerText(request, UPLOAD_PLATFORM_HEADER)?.trim() ?? '';
    if (!/^\d{1,15}$/.test(raw) || Number(raw) < 1) {
      throw new HttpError(400, `Header ${UPLOAD_PLATFORM_HEADER} must be a platform id`);
    }
    const [platform] = await this.platforms.findByIds([Number(raw)]);
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

  /** The platform's ROM folder (created when missing), checked to lie inside the library. */
  private async romsFolder(platform: PlatformRow): Promise<{ relative: string; absolute: string }> {
    if (fsNameProblem(platform.fs_slug) !== null) {
      throw new HttpError(400, 'The platform folder name cannot be written to');
    }
    const relative = platformRomsPath(detectLayout(this.libraryDir), platform.fs_slug);
    const absolute = path.join(this.libraryDir, ...relative.split('/'));
    await mkdir(absolute, { recursive: true });
    const root = await realpath(this.libraryDir);
    const real = await realpath(absolute);
    if (!real.startsWith(root + path.sep)) {
      throw new HttpError(400, 'The platform folder lies outside the library');
    }
    return { relative, absolute: real };
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
    const folder = await this.romsFolder(platform);
    const target = path.join(folder.absolute, fileName);
    if (await exists(target)) {
      throw new HttpError(409, `${fileName} already exists in ${folder.relative}`);
    }

    await mkdir(this.tempDir, { recursive: true });
    const temp = path.join(this.tempDir, randomUUID());
    try {
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
      let received = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          received += chunk.length;
          callback(null, chunk);
        },
      });
      await pipeline(part.file, counter, createWriteStream(temp, { flags: 'wx' }));
      if (part.file.truncated || (this.maxBytes > 0 && received > this.maxBytes)) {
        throw new HttpError(413, `Uploads must be at most ${this.maxBytes} bytes`);
      }
      if ((await moveNoReplace(temp, target)) === 'exists') {
        throw new HttpError(409, `${fileName} already exists in ${folder.relative}`);
      }
    } finally {
      await rm(temp, { force: true });
    }
    return this.scan.ingestFile(platform, folder.relative, fileName);
  }
}
