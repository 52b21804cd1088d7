import { PLATFORM_CATALOG } from '@romshelf/contract';
import type { Platform, SupportedPlatform } from '@romshelf/contract';

import type { PlatformRow } from '../../db/schema.js';
import type { FirmwareService } from '../firmware/firmware.service.js';
import { HttpError } from '../../http/http-error.js';
import type { PlatformFolderBindings, PlatformFolderFields } from './platform-folder.js';
import { platformFolderFields } from './platform-folder.js';
import { toPlatformDto } from './platforms.mapper.js';
import type { PlatformsRepository } from './platforms.repository.js';

export class PlatformsService {
  constructor(
    private readonly platforms: PlatformsRepository,
    private readonly firmware: FirmwareService,
  ) {}

  async list(): Promise<Platform[]> {
    const firmware = await this.firmware.byPlatform();
    return (await this.platforms.listWithStats()).map((row) =>
      toPlatformDto(row, firmware.get(row.id) ?? []),
    );
  }

  /** The platform catalog, sorted by name. */
  supported(): SupportedPlatform[] {
    return PLATFORM_CATALOG.map((entry) => ({
      slug: entry.slug,
      fs_slug: entry.slug,
      name: entry.name,
      category: entry.category,
    })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }

  async get(id: number): Promise<Platform> {
    const row = await this.platforms.findWithStats(id);
    if (row === undefined) throw new HttpError(404, `Platform with id ${id} not found`);
    return toPlatformDto(row, (await this.firmware.byPlatform()).get(row.id) ?? []);
  }

  /** Every platform row, missing ones included (a scan compares them with the folders). */
  rows(): Promise<PlatformRow[]> {
    return this.platforms.all();
  }

  /** Flags platforms whose folder is gone, and their ROMs. */
  markMissing(ids: readonly number[], now: string): Promise<void> {
    return this.platforms.markMissing(ids, now);
  }

  /**
   * Stores the platform of library folder `fsSlug` as a scan finds it: inserted when new
   * (`existing` undefined), updated when the folder's fields changed, else left as it is.
   */
  async storeFolder(
    fsSlug: string,
    existing: PlatformRow | undefined,
    bindings: PlatformFolderBindings,
    now: string,
  ): Promise<{ row: PlatformRow; created: boolean }> {
    const fields = platformFolderFields(fsSlug, bindings);
    if (existing === undefined) {
      return { row: await this.platforms.insert(fields, now), created: true };
    }
    const changed = (Object.keys(fields) as (keyof PlatformFolderFields)[]).some(
      (key) => fields[key] !== existing[key],
    );
    return {
      row: changed ? await this.platforms.update(existing.id, fields, now) : existing,
      created: false,
    };
  }
}
