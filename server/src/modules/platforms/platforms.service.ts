import { PLATFORM_CATALOG } from '@romshelf/contract';
import type { Platform, SupportedPlatform } from '@romshelf/contract';

import type { FirmwareService } from '../firmware/firmware.service.js';
import { HttpError } from '../../http/http-error.js';
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
}
