import { createHash } from 'node:crypto';
import { access, rm } from 'node:fs/promises';

import { HttpError } from '../../http/http-error.js';
import { OutboundFetchError, safeFetch } from '../../lib/safe-fetch.js';
import type { CoverFetchOptions } from '../roms/edits/rom-edits.service.js';
import type { RomResources } from '../roms/resources/rom-resources.js';
import {
  COVER_BIG_WIDTH,
  COVER_MAX_BYTES,
  COVER_SMALL_WIDTH,
  NOT_AN_IMAGE,
  RESOURCES_URL_PREFIX,
  RomResources as RomResourcesPaths,
} from '../roms/resources/rom-resources.js';
import { sniffImage } from '../../lib/image-sniff.js';
import type { MemberCover } from './collections.repository.js';
import { loadSharp } from '../../lib/sharp.js';

/** Member covers a collage is made of. */
export const COLLAGE_COVERS = 4;
/** Covers are 3:4, like game boxes. */
const HEIGHT_PER_WIDTH = 4 / 3;
const COLLAGE_BACKGROUND = { r: 24, g: 24, b: 28, alpha: 1 };

/** A collection's own cover, encoded and not yet written. */
export interface EncodedCover {
  small: Buffer;
  big: Buffer;
}

export interface CoverUrls {
  small: string;
  large: string;
}

const SIZES = { small: COVER_SMALL_WIDTH, big: COVER_BIG_WIDTH } as const;

/**
 * A collection's cover under `<resources>/collections/<id>/` (RomM's layout): its own (uploaded
 * or fetched from `url_cover`, always re-encoded) or a collage of up to four member covers,
 * made on first need and kept per set of member covers.
 */
export class CollectionCovers {
  constructor(
    private readonly resources: RomResources,
    private readonly coverFetch: CoverFetchOptions,
  ) {}

  private static folder(id: number): string {
    return `collections/${id}`;
  }

  private static ownPath(id: number, size: keyof typeof SIZES): string {
    return `${CollectionCovers.folder(id)}/cover/${size}.webp`;
  }

  private static collagePath(id: number, signature: string, size: keyof typeof SIZES): string {
    return `${CollectionCovers.folder(id)}/collage/${signature}-${size}.webp`;
  }

  /** Fetches a picture through the outbound guard (public addresses only). */
  async fetch(url: string): Promise<Buffer> {
    try {
      return (await safeFetch(url, { ...this.coverFetch, maxBytes: COVER_MAX_BYTES })).body;
    } catch (error) {
      if (error instanceof OutboundFetchError) {
        throw new HttpError(400, `Cannot fetch the cover: ${error.message}`);
      }
      throw error;
    }
  }

  /** Checks and re-encodes a picture as the collection's own cover (WebP, two widths). */
  async saveOwn(id: number, upload: Buffer): Promise<void> {
    await this.storeOwn(id, await this.encodeOwn(upload));
  }

  /** Checks a picture and re-encodes it at both widths, storing nothing yet. */
  async encodeOwn(upload: Buffer): Promise<EncodedCover> {
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
      [small, big] = await Promise.all([encode(SIZES.small), encode(SIZES.big)]);
    } catch {
      throw new HttpError(400, NOT_AN_IMAGE);
    }
    return { small, big };
  }

  /** Writes an encoded cover as the collection's own (each size replaced atomically). */
  async storeOwn(id: number, cover: EncodedCover): Promise<void> {
    await this.resources.writeAtomic(CollectionCovers.ownPath(id, 'small'), cover.small);
    await this.resources.writeAtomic(CollectionCovers.ownPath(id, 'big'), cover.big);
  }

  async removeOwn(id: number): Promise<void> {
    await rm(this.resources.absolute(`${CollectionCovers.folder(id)}/cover`), {
      recursive: true,
      force: true,
    });
  }

  async removeAll(id: number): Promise<void> {
    await rm(this.resources.absolute(CollectionCovers.folder(id)), {
      recursive: true,
      force: true,
    });
  }

  ownUrls(id: number, storedAt: string): CoverUrls {
    const stamp = encodeURIComponent(storedAt);
    return {
      small: `${RESOURCES_URL_PREFIX}/${CollectionCovers.ownPath(id, 'small')}?ts=${stamp}`,
      large: `${RESOURCES_URL_PREFIX}/${CollectionCovers.ownPath(id, 'big')}?ts=${stamp}`,
    };
  }

  /** A member ROM's cover URLs (as the ROM answers carry them). */
  static memberUrls(cover: MemberCover): CoverUrls {
    const stamp = encodeURIComponent(cover.cover_updated_at);
    const at = (size: 'small' | 'big') =>
      `${RESOURCES_URL_PREFIX}/${RomResourcesPaths.coverPath(cover.platform_id, cover.rom_id, size)}?ts=${stamp}`;
    return { small: at('small'), large: at('big') };
  }

  /**
   * The collage of the first member covers, made when this set of covers has none yet (older
   * collages of the collection are removed); null without member covers.
   */
  async collage(id: number, covers: readonly MemberCover[]): Promise<CoverUrls | null> {
    const used = covers.slice(0, COLLAGE_COVERS);
    if (used.length === 0) return null;
    const signature = createHash('sha1')
      .update(used.map((cover) => `${cover.rom_id}:${cover.cover_updated_at}`).join('|'))
      .digest('hex')
      .slice(0, 16);
    const small = CollectionCovers.collagePath(id, signature, 'small');
    const big = CollectionCovers.collagePath(id, signature, 'big');
    const exists = await access(this.resources.absolute(big)).then(
      () => true,
      () => false,
    );
    if (!exists && !(await this.makeCollageOnce(id, used, signature))) return null;
    return {
      small: `${RESOURCES_URL_PREFIX}/${small}`,
      large: `${RESOURCES_URL_PREFIX}/${big}`,
    };
  }

  /** Collages being made, by collection: requests arriving meanwhile wait for the same one. */
  private readonly making = new Map<number, { signature: string; done: Promise<boolean> }>();

  private async makeCollageOnce(
    id: number,
    covers: readonly MemberCover[],
    signature: string,
  ): Promise<boolean> {
    const pending = this.making.get(id);
    if (pending !== undefined) {
      await pending.done.catch(() => false);
      if (pending.signature === signature) return pending.done;
      return this.makeCollageOnce(id, covers, signature);
    }
    const done = this.makeCollage(id, covers, signature).finally(() => this.making.delete(id));
    this.making.set(id, { signature, done });
    return done;
  }

  private async makeCollage(
    id: number,
    covers: readonly MemberCover[],
    signature: string,
  ): Promise<boolean> {
    const sources = covers.map((cover) =>
      this.resources.absolute(RomResourcesPaths.coverPath(cover.platform_id, cover.rom_id, 'big')),
    );
    const folder = `${CollectionCovers.folder(id)}/collage`;
    await rm(this.resources.absolute(folder), { recursive: true, force: true }).catch(() => {});
    for (const size of ['small', 'big'] as const) {
      const bytes = await collageImage(sources, SIZES[size]).catch(() => null);
      if (bytes === null) return false;
      await this.resources.writeAtomic(CollectionCovers.collagePath(id, signature, size), bytes);
    }
    return true;
  }
}

/** One cover filling the frame, two side by side, or a 2×2 grid (three leave a cell empty). */
async function collageImage(sources: readonly string[], width: number): Promise<Buffer> {
  const height = Math.round(width * HEIGHT_PER_WIDTH);
  const columns = sources.length === 1 ? 1 : 2;
  const rows = sources.length <= 2 ? 1 : 2;
  const cellWidth = Math.floor(width / columns);
  const cellHeight = Math.floor(height / rows);
  const sharp = await loadSharp();
  const cells = await Promise.all(
    sources.map((source) =>
      sharp(source, { limitInputPixels: 60_000_000 })
        .resize({ width: cellWidth, height: cellHeight, fit: 'cover' })
        .toBuffer(),
    ),
  );
  return sharp({ create: { width, height, channels: 4, background: COLLAGE_BACKGROUND } })
    .composite(
      cells.map((input, index) => ({
        input,
        left: (index % columns) * cellWidth,
        top: Math.floor(index / columns) * cellHeight,
      })),
    )
    .webp({ quality: 85 })
    .toBuffer();
}
