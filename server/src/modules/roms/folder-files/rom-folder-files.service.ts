import { open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

import type { RomFile } from '@romshelf/contract';

import { HttpError } from '../../../http/http-error.js';
import type { ConfinedFiles } from '../../../lib/confined-files.js';
import { sniffImage } from '../../../lib/image-sniff.js';
import { assertSafeFileName, confinedFile, fileNameParts } from '../../../lib/stored-files.js';
import { nowIso, toIsoUtc } from '../../../lib/time.js';
import { toRomFileDto } from '../roms.mapper.js';
import type { RomsService } from '../roms.service.js';
import type { RomFolderFilesRepository } from './rom-folder-files.repository.js';

/** What a game's folder may be given: manuals in `manual/`, screenshots in `screenshots/`. */
export type FolderFileKind = 'manual' | 'screenshot';

interface KindRules {
  folder: string;
  label: string;
  maxBytes: number;
  extensions: ReadonlySet<string>;
  /** Checks the first bytes of the received file; answers why it is refused, or null. */
  refuse: (head: Buffer, extension: string) => string | null;
}

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'webp', 'gif']);

export const FOLDER_FILE_RULES: Record<FolderFileKind, KindRules> = {
  manual: {
    folder: 'manual',
    label: 'Manual',
    maxBytes: 512 * 1024 * 1024,
    extensions: new Set(['pdf', 'txt', 'md']),
    refuse: (head, extension) =>
      extension === 'pdf' && head.subarray(0, 5).toString('latin1') !== '%PDF-'
        ? 'The file is not a PDF document'
        : null,
  },
  screenshot: {
    folder: 'screenshots',
    label: 'Screenshot',
    maxBytes: 20 * 1024 * 1024,
    extensions: IMAGE_EXTENSIONS,
    refuse: (head) =>
      sniffImage(head) === null ? 'Screenshots must be PNG, JPEG, WebP or GIF images' : null,
  },
};

async function headOf(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Files added to and removed from a game kept in a folder (RomM `POST /api/roms/{id}/manuals/files`,
 * `POST /api/roms/{id}/screenshots` and their deletes): written atomically into the game's
 * `manual/` or `screenshots/` sub-folder, confined to the library folder, and recorded as the
 * game's files of that category, as a scan would find them.
 */
export class RomFolderFilesService {
  constructor(
    private readonly roms: RomsService,
    private readonly repo: RomFolderFilesRepository,
    private readonly libraryDir: string,
    private readonly files: ConfinedFiles,
  ) {}

  /** Stores one uploaded file in the game's sub-folder of its kind; answers its file row. */
  async add(
    romId: number,
    kind: FolderFileKind,
    uploadName: string,
    source: Readable & { truncated?: boolean },
  ): Promise<RomFile> {
    const rules = FOLDER_FILE_RULES[kind];
    const rom = await this.roms.findOr404(romId);
    if (rom.kind === 'file') {
      throw new HttpError(
        400,
        `${rules.label}s can only be added to a game kept in a folder; convert it to a folder first`,
      );
    }
    const fileName = assertSafeFileName(uploadName);
    const extension = fileNameParts(fileName).extension.toLowerCase();
    if (!rules.extensions.has(extension)) {
      throw new HttpError(
        400,
        `Unsupported file type. Allowed: ${[...rules.extensions].map((ext) => `.${ext}`).join(', ')}`,
      );
    }
    const romFolder = `${rom.fs_path}/${rom.fs_name}`;
    await this.files.existingFolder(this.libraryDir, romFolder);
    const folder = `${romFolder}/${rules.folder}`;
    const staged = await this.files.stage(source, {
      truncated: () => source.truncated === true,
      check: async (temp) => {
        const reason = rules.refuse(await headOf(temp), extension);
        if (reason !== null) throw new HttpError(400, reason);
      },
    });
    try {
      const written = await this.files.place(this.libraryDir, staged, folder, fileName);
      const stats = await stat(written.path);
      const row = await this.repo.record(
        {
          rom_id: rom.id,
          file_name: fileName,
          file_path: folder,
          file_size_bytes: written.size,
          mtime_ms: stats.mtimeMs,
          last_modified: toIsoUtc(stats.mtime),
          md5_hash: written.md5,
          category: kind,
        },
        nowIso(),
      );
      return toRomFileDto(row);
    } finally {
      await this.files.discard(staged);
    }
  }

  /** Removes one file of that kind from the game: from disk (when still there) and its row. */
  async remove(romId: number, kind: FolderFileKind, fileId: number): Promise<void> {
    const rom = await this.roms.findOr404(romId);
    const file = await this.repo.findFile(fileId);
    if (file === undefined || file.rom_id !== rom.id || file.category !== kind) {
      throw new HttpError(404, `${FOLDER_FILE_RULES[kind].label} file not found`);
    }
    const absolute = path.join(this.libraryDir, ...file.file_path.split('/'), file.file_name);
    const onDisk = await confinedFile(this.libraryDir, absolute);
    if (onDisk !== null) await rm(onDisk.real, { force: true });
    await this.repo.delete(file.id);
  }
}
