import type { Platform } from '@romshelf/contract';

import { HttpError } from '../../http/http-error.js';
import { toPlatformDto } from './platforms.mapper.js';
import type { PlatformsRepository } from './platforms.repository.js';

export class PlatformsService {
  constructor(private readonly platforms: PlatformsRepository) {}

  async list(): Promise<Platform[]> {
    return (await this.platforms.listWithStats()).map(toPlatformDto);
  }

  async get(id: number): Promise<Platform> {
    const row = await this.platforms.findWithStats(id);
    if (row === undefined) throw new HttpError(404, `Platform with id ${id} not found`);
    return toPlatformDto(row);
  }
}
