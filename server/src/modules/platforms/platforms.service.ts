import type { Platform } from '@romshelf/contract';

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

  async get(id: number): Promise<Platform> {
    const row = await this.platforms.findWithStats(id);
    if (row === undefined) throw new HttpError(404, `Platform with id ${id} not found`);
    return toPlatformDto(row, (await this.firmware.byPlatform()).get(row.id) ?? []);
  }
}
