import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';

import { nowIso } from '../../../lib/time.js';
import type { ProgressReport } from '../writes/rom-maintenance.js';
import { numericFolders } from '../writes/rom-maintenance.js';
import type { RomMaintenanceRepository } from '../writes/rom-maintenance.repository.js';
import { RomResources } from './rom-resources.js';
import type { RomWritesRepository } from '../writes/rom-writes.repository.js';
import { loadSharp } from '../../../lib/sharp.js';

/** RomM's `conversion_stats`. */
export interface ConversionStats {
  processed: number;
  errors: number;
  total: number;
}

/** Image formats sharp reads that are converted (BMP is not among sharp's inputs). */
const CONVERTIBLE = new Set(['.png', '.jpg', '.jpeg', '.gif', '.tif', '.tiff', '.avif']);
const ARTWORK_FOLDERS = ['cover', 'screenshots'] as const;

interface StoredImage {
  romId: number;
  folder: (typeof ARTWORK_FOLDERS)[number];
  /** Relative to the resources folder. */
  relative: string;
}

/**
 * Converts stored artwork that is not WebP yet (covers and screenshots, e.g. a resources folder
 * brought over from RomM, which keeps `cover/big.png`) to WebP beside it, points the ROM at
 * the WebP file and removes the original. Covers and screenshots RomShelf stores itself are
 * already WebP and are left alone.
 */
export class RomArtworkWebp {
  constructor(
    private readonly repository: RomMaintenanceRepository,
    private readonly writes: RomWritesRepository,
    private readonly resources: RomResources,
    private readonly log: FastifyBaseLogger,
  ) {}

  async convertAll(report: ProgressReport): Promise<ConversionStats> {
    const images = await this.findConvertible();
    const stats: ConversionStats = { processed: 0, errors: 0, total: images.length };
    report(0, images.length);
    for (const image of images) {
      try {
        await this.convert(image);
        stats.processed += 1;
      } catch (error) {
        stats.errors += 1;
        this.log.warn(`webp: ${image.relative} not converted: ${(error as Error).message}`);
      }
      report(stats.processed + stats.errors, images.length);
    }
    return stats;
  }

  private async findConvertible(): Promise<StoredImage[]> {
    const images: StoredImage[] = [];
    const root = this.resources.absolute('roms');
    for (const platformId of await numericFolders(root)) {
      for (const romId of await numericFolders(path.join(root, String(platformId)))) {
        const romFolder = RomResources.romFolder(platformId, romId);
        for (const folder of ARTWORK_FOLDERS) {
          const entries = await readdir(this.resources.absolute(`${romFolder}/${folder}`), {
            withFileTypes: true,
          }).catch(() => []);
          for (const entry of entries) {
            if (!entry.isFile() || !CONVERTIBLE.has(path.extname(entry.name).toLowerCase())) {
              continue;
            }
            images.push({ romId, folder, relative: `${romFolder}/${folder}/${entry.name}` });
          }
        }
      }
    }
    return images.sort((a, b) => a.relative.localeCompare(b.relative));
  }

  private async convert(image: StoredImage): Promise<void> {
    const source = this.resources.absolute(image.relative);
    const sharp = await loadSharp();
    const webp = await sharp(source, { limitInputPixels: 60_000_000, animated: true })
      .webp({ quality: 90 })
      .toBuffer();
    const target = image.relative.slice(0, -path.extname(image.relative).length) + '.webp';
    await this.resources.writeAtomic(target, webp);
    await this.repoint(image, target);
    await rm(source, { force: true });
  }

  /** Points the ROM's columns at the WebP file. */
  private async repoint(image: StoredImage, target: string): Promise<void> {
    const rom = await this.repository.artwork(image.romId);
    if (rom === undefined) return;
    const now = nowIso();
    if (image.folder === 'cover') {
      const name = path.basename(target);
      if (name === 'small.webp' || name === 'big.webp') {
        await this.writes.updateRom(image.romId, { cover_updated_at: now }, now);
      }
      return;
    }
    const paths = JSON.parse(rom.path_screenshots) as string[];
    if (!paths.includes(image.relative)) return;
    const changed = paths.map((stored) => (stored === image.relative ? target : stored));
    await this.writes.updateRom(image.romId, { path_screenshots: JSON.stringify(changed) }, now);
  }
}
