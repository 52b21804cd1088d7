import { rm } from 'node:fs/promises';

import type { FastifyBaseLogger } from 'fastify';

import type { AddressPolicy } from '../../lib/safe-fetch.js';
import { publicAddressesOnly, safeFetch } from '../../lib/safe-fetch.js';
import type { RomRecord, RomRecordChanges } from '../roms/writes/rom-metadata-writes.js';
import { Readable } from 'node:stream';

import {
  COVER_MAX_BYTES,
  MANUAL_MAX_BYTES,
  RomResources,
} from '../roms/resources/rom-resources.js';
import type { IdentifyMode } from './metadata.row.js';
import { parseJson } from './metadata.row.js';
import type { MetadataProviders } from './metadata.sources.js';
import { loadSharp } from '../../lib/sharp.js';

export interface MediaOptions {
  /** Origins of configured provider base URLs: downloads from them skip the address check. */
  trustedOrigins: ReadonlySet<string>;
  timeoutMs: number;
  maxScreenshots: number;
}

/**
 * A ROM's artwork from the merged provider results: downloads covers and screenshots (through
 * the address guard, provider origins trusted) and stores them as WebP in the ROM's resources.
 * A failed download or a file that is not an image is logged and skipped.
 */
export class MetadataMedia {
  constructor(
    private readonly providers: MetadataProviders,
    private readonly resources: RomResources,
    private readonly options: MediaOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Stores or removes the cover when its URL changed; the columns to change. */
  async cover(
    row: RomRecord,
    urlCover: string | null,
    mode: IdentifyMode,
    now: string,
  ): Promise<RomRecordChanges> {
    const changes: RomRecordChanges = {};
    if (urlCover === null) {
      if (row.url_cover !== null || mode === 'complete' || mode === 'manual') {
        await this.resources.removeCover(row.platform_id, row.id);
        changes.cover_updated_at = null;
        changes.url_cover = null;
      }
    } else if (urlCover !== row.url_cover || row.cover_updated_at === null) {
      const bytes = await this.download(urlCover);
      if (bytes !== null) {
        try {
          await this.resources.saveCover(row.platform_id, row.id, bytes);
          changes.cover_updated_at = now;
          changes.url_cover = urlCover;
        } catch {
          this.log.warn(`metadata: cover of ROM ${row.id} is not an image`);
        }
      }
    }
    return changes;
  }

  /** Stores the screenshots again when their URLs changed; the columns to change. */
  async screenshots(row: RomRecord, urls: readonly string[]): Promise<RomRecordChanges> {
    const previous = parseJson<string[]>(row.url_screenshots, []);
    if (JSON.stringify(previous) === JSON.stringify(urls)) return {};
    return {
      path_screenshots: JSON.stringify(await this.storeScreenshots(row, urls)),
      url_screenshots: JSON.stringify(urls),
    };
  }

  /**
   * Downloads the provider's manual (a PDF) into the ROM's resources; the columns to change, or
   * null when the download failed or was not a PDF.
   */
  async manual(row: RomRecord, urlManual: string, now: string): Promise<RomRecordChanges | null> {
    const bytes = await this.download(urlManual, MANUAL_MAX_BYTES);
    if (bytes === null) return null;
    try {
      await this.resources.saveManual(row.platform_id, row.id, Readable.from([bytes]));
      return { manual_updated_at: now, url_manual: urlManual };
    } catch {
      this.log.warn(`metadata: manual of ROM ${row.id} is not a PDF`);
      return null;
    }
  }

  private policyFor(url: string): AddressPolicy {
    try {
      if (this.options.trustedOrigins.has(new URL(url).origin)) return () => true;
    } catch {
      // invalid URLs are refused by safeFetch itself
    }
    return publicAddressesOnly;
  }

  private async download(url: string, maxBytes = COVER_MAX_BYTES): Promise<Buffer | null> {
    try {
      const fetched = await safeFetch(this.providers.ss?.mediaUrl(url) ?? url, {
        policy: this.policyFor(url),
        timeoutMs: this.options.timeoutMs,
        maxBytes,
        maxRedirects: 3,
      });
      return fetched.body;
    } catch (error) {
      this.log.warn(
        `metadata: artwork download failed (${new URL(url).host}): ${(error as Error).message}`,
      );
      return null;
    }
  }

  private async storeScreenshots(row: RomRecord, urls: readonly string[]): Promise<string[]> {
    const folder = `${RomResources.romFolder(row.platform_id, row.id)}/screenshots`;
    await rm(this.resources.absolute(folder), { recursive: true, force: true });
    const stored: string[] = [];
    for (const url of urls.slice(0, this.options.maxScreenshots)) {
      const bytes = await this.download(url);
      if (bytes === null) continue;
      try {
        const sharp = await loadSharp();
        const webp = await sharp(bytes, { limitInputPixels: 60_000_000, animated: false })
          .resize({ width: 1280, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer();
        const relative = `${folder}/${stored.length}.webp`;
        await this.resources.writeAtomic(relative, webp);
        stored.push(relative);
      } catch {
        this.log.warn(`metadata: screenshot of ROM ${row.id} is not an image`);
      }
    }
    return stored;
  }
}
