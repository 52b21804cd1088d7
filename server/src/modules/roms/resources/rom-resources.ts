import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

import { HttpError } from '../../../http/http-error.js';
import type { ConfinedFiles } from '../../../lib/confined-files.js';
import { sniffImage } from '../../../lib/image-sniff.js';
import { loadSharp } from '../../../lib/sharp.js';

/** URL prefix of the resources folder (RomM's). */
export const RESOURCES_URL_PREFIX = '/assets/romm/resources';
/** Cover widths in pixels; the height follows the image's aspect ratio. */
export const COVER_SMALL_WIDTH = 264;
export const COVER_BIG_WIDTH = 528;
export const COVER_MAX_BYTES = 20 * 1024 * 1024;
export const MANUAL_MAX_BYTES = 512 * 1024 * 1024;
export const NOT_AN_IMAGE = 'Artwork must be a PNG, JPEG, WebP or GIF image';
export const NOT_A_PDF = 'Manuals must be PDF files';

/** Library-independent files of a ROM under `<data>/resources/roms/<platform>/<rom>/`. */
export class RomResources {
  constructor(
    readonly resourcesDir: string,
    private readonly files: ConfinedFiles,
  ) {}

  static romFolder(platformId: number, romId: number): string {
    return `roms/${platformId}/${romId}`;
  }

  static coverPath(platformId: number, romId: number, size: 'small' | 'big'): string {
    return `${RomResources.romFolder(platformId, romId)}/cover/${size}.webp`;
  }

  static manualPath(platformId: number, romId: number): string {
    return `${RomResources.romFolder(platformId, romId)}/manual/${romId}.pdf`;
  }

  absolute(relative: string): string {
    return path.join(this.resourcesDir, ...relative.split('/'));
  }

  /** Writes bytes through the upload temp area over `relative` (atomic replace, confined). */
  async writeAtomic(relative: string, bytes: Buffer): Promise<void> {
    const slash = relative.lastIndexOf('/');
    await this.files.writeBytes(
      this.resourcesDir,
      relative.slice(0, slash),
      relative.slice(slash + 1),
      bytes,
    );
  }

  /**
   * Stores an uploaded or fetched image as the ROM's cover: checked by magic bytes, decoded
   * (first frame, metadata dropped) and re-encoded to WebP at two widths.
   */
  async saveCover(platformId: number, romId: number, upload: Buffer): Promise<void> {
    if (upload.length > COVER_MAX_BYTES) {
      throw new HttpError(413, `Artwork must be at most ${COVER_MAX_BYTES} bytes`);
    }
    if (sniffImage(upload) === null) throw new HttpError(400, NOT_AN_IMAGE);
    const sharp = await loadSharp();
    const encode = (width: number) =>
      sharp(upload, { limitInputPixels: 60_000_000, animated: false })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 85 })
        .toBuffer();
    let small: Buffer;
    let big: Buffer;
    try {
      [small, big] = await Promise.all([encode(COVER_SMALL_WIDTH), encode(COVER_BIG_WIDTH)]);
    } catch {
      throw new HttpError(400, NOT_AN_IMAGE);
    }
    await this.writeAtomic(RomResources.coverPath(platformId, romId, 'small'), small);
    await this.writeAtomic(RomResources.coverPath(platformId, romId, 'big'), big);
  }

  async removeCover(platformId: number, romId: number): Promise<void> {
    await rm(this.absolute(`${RomResources.romFolder(platformId, romId)}/cover`), {
      recursive: true,
      force: true,
    });
  }

  /**
   * Streams an uploaded manual to a temporary file, checks it is a PDF by its first bytes
   * (`%PDF-`), then renames it into place (replacing a previous manual atomically).
   */
  async saveManual(
    platformId: number,
    romId: number,
    stream: Readable & { truncated?: boolean },
  ): Promise<void> {
    const manual = RomResources.manualPath(platformId, romId);
    const slash = manual.lastIndexOf('/');
    await this.files.writeStream(
      this.resourcesDir,
      manual.slice(0, slash),
      manual.slice(slash + 1),
      stream,
      {
        check: async (temp) => {
          if (stream.truncated === true) {
            throw new HttpError(413, `Manuals must be at most ${MANUAL_MAX_BYTES} bytes`);
          }
          const head = Buffer.alloc(5);
          const handle = await open(temp, 'r');
          try {
            await handle.read(head, 0, 5, 0);
          } finally {
            await handle.close();
          }
          if (head.toString('latin1') !== '%PDF-') throw new HttpError(415, NOT_A_PDF);
        },
      },
    );
  }

  /** Removes a ROM's stored manual; nothing happens when there is none. */
  async removeManual(platformId: number, romId: number): Promise<void> {
    await rm(this.absolute(RomResources.manualPath(platformId, romId)), { force: true });
  }

  /** Every resource of a ROM (cover, manual…). */
  async removeAll(platformId: number, romId: number): Promise<void> {
    await rm(this.absolute(RomResources.romFolder(platformId, romId)), {
      recursive: true,
      force: true,
    });
  }
}
