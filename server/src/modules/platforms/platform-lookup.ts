import type { PlatformRow } from '../../db/schema.js';
import type { PlatformsRepository } from './platforms.repository.js';

/**
 * Platform rows for other modules (firmware and ROM uploads file things under a platform's
 * folder). Kept apart from PlatformsService, which itself lists each platform's firmware.
 */
export class PlatformLookup {
  constructor(private readonly platforms: PlatformsRepository) {}

  async find(id: number): Promise<PlatformRow | undefined> {
    const [platform] = await this.platforms.findByIds([id]);
    return platform;
  }
}
