import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';

import { HttpError } from '../../http/http-error.js';
import type { ConfinedFiles } from '../../lib/confined-files.js';
import { sniffImage } from '../../lib/image-sniff.js';
import { loadSharp } from '../../lib/sharp.js';

/** Largest avatar upload accepted, before re-encoding. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Avatars are re-encoded to WebP within this square. */
export const AVATAR_SIZE = 256;
export const AVATAR_NOT_AN_IMAGE = 'Avatar must be a PNG, JPEG, WebP or GIF image';

/**
 * User avatars under `<data>/assets/users/<id>/avatar.webp`. Uploads are checked by magic bytes
 * and always re-encoded (first frame, metadata dropped), so what is served is a plain WebP.
 */
export class AvatarStore {
  constructor(
    private readonly assetsDir: string,
    private readonly files: ConfinedFiles,
  ) {}

  /** Path relative to the assets folder, as stored in `user.avatar_path`. */
  static relativePath(userId: number): string {
    return `users/${userId}/avatar.webp`;
  }

  async save(userId: number, upload: Buffer): Promise<string> {
    if (upload.length > AVATAR_MAX_BYTES) {
      throw new HttpError(413, `Avatar must be at most ${AVATAR_MAX_BYTES} bytes`);
    }
    if (sniffImage(upload) === null) throw new HttpError(400, AVATAR_NOT_AN_IMAGE);
    let encoded: Buffer;
    try {
      const sharp = await loadSharp();
      encoded = await sharp(upload, { limitInputPixels: 40_000_000, animated: false })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', withoutEnlargement: true })
        .webp({ quality: 85 })
        .toBuffer();
    } catch {
      throw new HttpError(400, AVATAR_NOT_AN_IMAGE);
    }
    const relative = AvatarStore.relativePath(userId);
    await this.files.writeBytes(this.assetsDir, `users/${userId}`, 'avatar.webp', encoded);
    return relative;
  }

  /** The avatar bytes, or null when the user has none. */
  async read(userId: number): Promise<Buffer | null> {
    try {
      return await readFile(path.join(this.assetsDir, AvatarStore.relativePath(userId)));
    } catch {
      return null;
    }
  }

  /** Removes the user's whole assets folder: the avatar and every file kept under it. */
  async remove(userId: number): Promise<void> {
    await rm(path.join(this.assetsDir, 'users', String(userId)), { recursive: true, force: true });
  }
}
