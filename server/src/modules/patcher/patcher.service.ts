import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';

import type { PatchCandidate, PatchFields, PatchSaved, RomFile } from '@romshelf/contract';
import { isPatchFileName, PATCH_FILE_EXTENSIONS } from '@romshelf/contract';

import { HttpError } from '../../http/http-error.js';
import type { ConfinedFiles, StagedFile } from '../../lib/confined-files.js';
import { TargetExistsError } from '../../lib/confined-files.js';
import { fsNameProblem } from '../library/fs-name.js';
import { detectLayout, platformRomsPath } from '../library/library-fs.js';
import type { PlatformLookup } from '../platforms/platform-lookup.js';
import type { RomsService } from '../roms/roms.service.js';
import type { ScanService } from '../scan/scan.service.js';
import {
  PatchFormatError,
  PatchMismatchError,
  PatchTooLargeError,
} from './formats/patch-errors.js';
import { withheldFromCaller } from '../hidden-items/visibility.js';
import type { PatchCandidatesRepository } from './patch-candidates.repository.js';
import { runPatch } from './patch-runner.js';
import { Slots } from './slots.js';
import { memberToPatch, readZipRom, writeZipRom } from './zip-rom.js';

/** Patches applied at once: each holds its ROM, patch and result in memory. */
const CONCURRENT_PATCHES = 2;
/** Archives other than zip are not opened for patching (a zip's member is patched in it). */
const OTHER_ARCHIVE_EXTENSIONS = ['.7z', '.rar', '.tar', '.gz', '.bz2', '.xz', '.zst'];

/** A patch request as the route hands it over: the form fields and the staged upload, if any. */
export interface PatchRequest {
  romFileId: number;
  fields: PatchFields;
  upload: { staged: StagedFile; fileName: string } | null;
}

/** A patched ROM, in memory, with the file it was made from. */
export interface PatchedRom {
  bytes: Buffer;
  fileName: string;
  validated: boolean;
  base: RomFile;
}

const unsupported = (extension: string) =>
  new HttpError(
    400,
    `Unsupported patch format '${extension}'. Supported: ${PATCH_FILE_EXTENSIONS.join(', ')}`,
  );

/**
 * `POST /api/roms/{id}/patch` (RomM 5): applies a library or uploaded patch to one ROM file
 * and hands back the result, or stores it next to the original as a new game. A patch whose
 * checksums say it was made for another ROM is refused (400) and nothing is written.
 */
export class PatcherService {
  private readonly slots = new Slots(CONCURRENT_PATCHES);

  constructor(
    private readonly roms: RomsService,
    private readonly platforms: PlatformLookup,
    private readonly scan: ScanService,
    private readonly candidatesRepository: PatchCandidatesRepository,
    private readonly files: ConfinedFiles,
    private readonly libraryDir: string,
    /** ROM_PATCHER_MAX_FILE_SIZE_BYTES: the largest ROM, patch or result. */
    readonly maxBytes: number,
  ) {}

  /** The library's patch files for a game: its own first, then the others of its platform. */
  async candidates(romId: number): Promise<PatchCandidate[]> {
    const rom = await this.roms.findOr404(romId);
    return this.candidatesRepository.forRom(rom.id, rom.platform_id, withheldFromCaller());
  }

  async apply(request: PatchRequest): Promise<PatchedRom> {
    const { fields, upload } = request;
    if ((fields.patch_file_id === undefined) === (upload === null)) {
      throw new HttpError(
        400,
        'Provide exactly one of a library patch file or an uploaded patch file',
      );
    }
    const base = await this.libraryFile(request.romFileId, 'ROM file');
    const extension = path.extname(base.file_name).toLowerCase();
    if (OTHER_ARCHIVE_EXTENSIONS.includes(extension)) {
      throw new HttpError(
        400,
        `ROM archives in '${extension}' format are not supported for patching`,
      );
    }
    if (extension !== '.zip' && fields.archive_member_name !== undefined) {
      throw new HttpError(400, 'Archive member selection requires a ZIP ROM');
    }
    this.checkSize(base.file_size_bytes, 'ROM file');
    const patchName = upload?.fileName ?? '';
    const patchFile = upload === null ? await this.libraryPatch(fields.patch_file_id ?? 0) : null;
    const displayName = patchFile?.file_name ?? patchName;
    const fileName = outputName(base.file_name, displayName, fields.output_file_name);
    const patchBytes =
      patchFile === null ? await this.uploadedBytes(patchName, upload) : await this.read(patchFile);
    const romBytes = await this.read(base);
    const result = await this.slots.run(() =>
      extension === '.zip'
        ? this.patchZipMember(romBytes, patchBytes, fields.archive_member_name)
        : applyOr400(romBytes, patchBytes, this.maxBytes),
    );
    return { bytes: result.output, fileName, validated: result.verified, base };
  }

  /** Stores a patched ROM in its platform's ROM folder (never over a file) and adds the game. */
  async saveAsGame(patched: PatchedRom): Promise<PatchSaved> {
    const rom = await this.roms.findOr404(patched.base.rom_id);
    const platform = await this.platforms.find(rom.platform_id);
    if (platform === undefined || fsNameProblem(platform.fs_slug) !== null) {
      throw new HttpError(400, 'The platform folder cannot be written to');
    }
    const folder = platformRomsPath(detectLayout(this.libraryDir), platform.fs_slug);
    let written;
    try {
      written = await this.files.writeBytes(
        this.libraryDir,
        folder,
        patched.fileName,
        patched.bytes,
        {
          replace: false,
        },
      );
    } catch (error) {
      if (error instanceof TargetExistsError) {
        throw new HttpError(409, `${patched.fileName} already exists in ${folder}`);
      }
      throw error;
    }
    let romId;
    try {
      romId = await this.scan.ingestFile(platform, folder, patched.fileName);
    } catch (error) {
      await rm(written.path, { force: true });
      throw error;
    }
    return {
      message: `Patched ROM saved as ${patched.fileName}`,
      output_file_name: patched.fileName,
      output_file_size: patched.bytes.length,
      rom_id: romId,
      validated: patched.validated,
    };
  }

  /** Patches one member of a zipped ROM (RomM) and zips the archive again around it. */
  private async patchZipMember(zipBytes: Buffer, patch: Buffer, memberName?: string) {
    const entries = await readZipRom(zipBytes, this.maxBytes);
    const member = memberToPatch(entries, memberName);
    const result = await applyOr400(member.bytes, patch, this.maxBytes);
    const patched = entries.map((entry) =>
      entry === member ? { ...entry, bytes: result.output } : entry,
    );
    return { output: await writeZipRom(patched), verified: result.verified };
  }

  /** A file of a ROM the caller may read, present on disk; 404 otherwise. */
  private async libraryFile(fileId: number, what: string): Promise<RomFile> {
    let file;
    try {
      file = await this.roms.getFile(fileId);
      await this.roms.findOr404(file.rom_id);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) {
        throw new HttpError(404, `${what} with id ${fileId} not found`);
      }
      throw error;
    }
    if (file.missing_from_fs) {
      throw new HttpError(404, `${what} '${file.file_name}' is missing from filesystem`);
    }
    return file;
  }

  private async libraryPatch(fileId: number): Promise<RomFile> {
    const file = await this.libraryFile(fileId, 'Patch file');
    if (!isPatchFileName(file.file_name))
      throw unsupported(path.extname(file.file_name).toLowerCase());
    this.checkSize(file.file_size_bytes, 'Patch file');
    return file;
  }

  private async uploadedBytes(fileName: string, upload: PatchRequest['upload']): Promise<Buffer> {
    if (!isPatchFileName(fileName)) throw unsupported(path.extname(fileName).toLowerCase());
    if (upload === null || upload.staged.size === 0) {
      throw new HttpError(400, 'Uploaded patch file is empty');
    }
    return readFile(upload.staged.temp);
  }

  private checkSize(size: number, what: string): void {
    if (size > this.maxBytes) {
      throw new HttpError(
        400,
        `${what} is too large to patch (${size} bytes, max ${this.maxBytes})`,
      );
    }
  }

  /** A library file's bytes, read through its confined real folder. */
  private async read(file: RomFile): Promise<Buffer> {
    const folder = await this.files.folder(this.libraryDir, file.file_path);
    const bytes = await readFile(path.join(folder, file.file_name));
    this.checkSize(bytes.length, file.file_name);
    return bytes;
  }
}

/** RomM's name: `<rom> (patched-<patch>)<ext>`, or the given name's stem with the ROM's extension. */
export function outputName(romFileName: string, patchFileName: string, given?: string): string {
  const romExtension = path.extname(romFileName);
  const stem = (name: string) => path.basename(name, path.extname(name));
  const name =
    given !== undefined && given.trim() !== ''
      ? `${stem(given.trim())}${romExtension}`
      : `${stem(romFileName)} (patched-${stem(patchFileName)})${romExtension}`;
  const problem = fsNameProblem(name);
  if (problem !== null) throw new HttpError(400, problem);
  return name;
}

async function applyOr400(rom: Buffer, patch: Buffer, maxBytes: number) {
  try {
    return await runPatch(rom, patch, maxBytes);
  } catch (error) {
    if (
      error instanceof PatchFormatError ||
      error instanceof PatchMismatchError ||
      error instanceof PatchTooLargeError
    ) {
      throw new HttpError(400, error.message);
    }
    throw error;
  }
}
