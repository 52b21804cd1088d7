import { rm } from 'node:fs/promises';
import path from 'node:path';

import type { Screenshot, UploadedScreenshots } from '@romshelf/contract';

import type { PlayAssetRow } from '../../db/schema.js';
import { HttpError } from '../../http/http-error.js';
import type { ConfinedFiles } from '../../lib/confined-files.js';
import { sniffImage } from '../../lib/image-sniff.js';
import { assertSafeFileName, confinedFile, fileNameParts } from '../../lib/stored-files.js';
import { toIsoUtc } from '../../lib/time.js';
import type { GalleryScreenshotsRepository } from './gallery-screenshots.repository.js';
import { toScreenshotDto } from './play-assets.mapper.js';

/** One image of a gallery upload, read into memory (the route caps its size). */
export interface GalleryImage {
  fileName: string;
  bytes: Buffer;
}

interface CheckedImage {
  fileName: string;
  bytes: Buffer;
}

/** The uploaded name with the extension of the image format it really is. */
function storedName(fileName: string, bytes: Buffer): string {
  const format = sniffImage(bytes);
  if (format === null)
    throw new HttpError(400, 'Screenshots must be PNG, JPEG, WebP or GIF images');
  const extension = format === 'jpeg' ? 'jpg' : format;
  const { noExt, extension: given } = fileNameParts(path.basename(fileName.replaceAll('\\', '/')));
  const same = given.toLowerCase() === extension || (format === 'jpeg' && /^jpe?g$/i.test(given));
  return assertSafeFileName(same ? `${noExt}.${given}` : `${noExt || 'screenshot'}.${extension}`);
}

/**
 * Screenshots a user adds to a game's gallery (RomM `POST/PUT/DELETE /api/screenshots`), kept
 * beside the user's other screenshots in `<data>/assets/users/<id>/screenshots/<platform>/<rom>/gallery/`.
 * Only the owner changes or removes one; a public one shows in everyone's view of the game.
 */
export class GalleryScreenshots {
  constructor(
    private readonly repo: GalleryScreenshotsRepository,
    private readonly assetsDir: string,
    private readonly files: ConfinedFiles,
    private readonly clock: () => number,
  ) {}

  private folder(userId: number, fsSlug: string, romId: number): string {
    return ['users', String(userId), 'screenshots', fsSlug, String(romId), 'gallery'].join('/');
  }

  private now(): string {
    return toIsoUtc(new Date(this.clock()));
  }

  /**
   * Stores every image of the upload, all or nothing: each is checked to be an image before
   * any is written. An image named like one already there replaces it.
   */
  async add(
    userId: number,
    romId: number,
    images: AsyncIterable<GalleryImage>,
  ): Promise<UploadedScreenshots> {
    const rom = await this.repo.romOf(romId);
    if (rom === undefined) throw new HttpError(404, `ROM with id ${romId} not found`);
    const checked: CheckedImage[] = [];
    for await (const image of images) {
      checked.push({ fileName: storedName(image.fileName, image.bytes), bytes: image.bytes });
    }
    if (checked.length === 0) throw new HttpError(400, 'No screenshots were uploaded');
    const folder = this.folder(userId, rom.platformFsSlug, romId);
    for (const image of checked) {
      const written = await this.files.writeBytes(
        this.assetsDir,
        folder,
        image.fileName,
        image.bytes,
      );
      const fields = { file_size_bytes: written.size, content_hash: written.md5 };
      const existing = await this.repo.findByName(userId, romId, image.fileName);
      if (existing === undefined) {
        await this.repo.insert(
          {
            user_id: userId,
            rom_id: romId,
            file_name: image.fileName,
            file_path: folder,
            ...fields,
          },
          this.now(),
        );
      } else {
        await this.repo.update(existing.id, fields, this.now());
      }
    }
    const own = await this.repo.ownOfRom(userId, romId);
    return {
      uploaded: checked.length,
      screenshots: own.map(toScreenshotDto),
      merged_screenshots: rom.mergedScreenshots,
    };
  }

  private async owned(userId: number, id: number): Promise<PlayAssetRow> {
    const row = await this.repo.findOwned(userId, id);
    if (row === undefined) throw new HttpError(404, `Screenshot with id ${id} not found`);
    return row;
  }

  /** Shares a gallery screenshot with every user, or makes it private again. */
  async setVisibility(userId: number, id: number, isPublic: boolean): Promise<Screenshot> {
    const row = await this.owned(userId, id);
    return toScreenshotDto(
      await this.repo.update(row.id, { is_public: isPublic ? 1 : 0 }, this.now()),
    );
  }

  /** Replaces the image of a gallery screenshot, keeping its name (the new format's extension). */
  async replace(userId: number, id: number, image: GalleryImage): Promise<Screenshot> {
    const row = await this.owned(userId, id);
    const fileName = storedName(row.file_name, image.bytes);
    const written = await this.files.writeBytes(
      this.assetsDir,
      row.file_path,
      fileName,
      image.bytes,
    );
    if (fileName !== row.file_name) await this.removeFile(row);
    const updated = await this.repo.update(
      row.id,
      { file_name: fileName, file_size_bytes: written.size, content_hash: written.md5 },
      this.now(),
    );
    return toScreenshotDto(updated);
  }

  /** Removes a gallery screenshot: its row and its file. */
  async remove(userId: number, id: number): Promise<void> {
    const row = await this.owned(userId, id);
    await this.repo.delete(row.id);
    await this.removeFile(row);
  }

  private async removeFile(row: PlayAssetRow): Promise<void> {
    const absolute = path.join(this.assetsDir, ...row.file_path.split('/'), row.file_name);
    const file = await confinedFile(this.assetsDir, absolute);
    if (file !== null) await rm(file.real, { force: true });
  }
}
