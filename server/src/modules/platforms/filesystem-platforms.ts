import type { Platform } from '@romshelf/contract';
import { resolvePlatformFolder } from '@romshelf/contract';

import { nowIso } from '../../lib/time.js';
import type { LibraryConfigService } from '../library/library-config.service.js';
import { listFsPlatforms } from '../library/library-fs.js';
import { toPlatformDto } from './platforms.mapper.js';
import type { PlatformsRepository } from './platforms.repository.js';

/**
 * Platform folders on disk that have no platform yet (RomM `GET /api/platforms/filesystem`):
 * a folder gets its platform at its first scan, so this lets a first scan target it. Ids are
 * -1, names and provider ids come from the catalog through the folder bindings.
 */
export class FilesystemPlatforms {
  constructor(
    private readonly platforms: PlatformsRepository,
    private readonly libraryDir: string,
    private readonly libraryConfig: LibraryConfigService,
  ) {}

  async list(): Promise<Platform[]> {
    const config = this.libraryConfig.get();
    const known = new Set((await this.platforms.all()).map((row) => row.fs_slug));
    const now = nowIso();
    return listFsPlatforms(this.libraryDir, [
      ...config.DEFAULT_EXCLUDED_DIRS,
      ...config.EXCLUDED_PLATFORMS,
    ])
      .filter((folder) => !known.has(folder))
      .map((folder) => {
        const resolved = resolvePlatformFolder(folder, {
          bindings: config.PLATFORMS_BINDING,
          versions: config.PLATFORMS_VERSIONS,
        });
        const entry = resolved.entry;
        return toPlatformDto({
          id: -1,
          slug: resolved.slug,
          fs_slug: folder,
          name: resolved.name,
          custom_name: null,
          description: null,
          igdb_id: entry?.igdb_id ?? null,
          sgdb_id: null,
          moby_id: entry?.moby_id ?? null,
          ss_id: entry?.ss_id ?? null,
          ra_id: entry?.ra_id ?? null,
          launchbox_id: entry?.launchbox_id ?? null,
          hasheous_id: entry?.hasheous_id ?? null,
          tgdb_id: entry?.tgdb_id ?? null,
          flashpoint_id: entry?.flashpoint_id ?? null,
          igdb_slug: null,
          moby_slug: null,
          hltb_slug: entry?.hltb_slug ?? null,
          libretro_slug: entry?.libretro_slug ?? null,
          category: entry?.category ?? null,
          generation: entry?.generation ?? null,
          family_name: entry?.family_name ?? null,
          family_slug: null,
          url: null,
          url_logo: null,
          missing_from_fs: 0,
          created_at: now,
          updated_at: now,
          rom_count: 0,
          fs_size_bytes: 0,
        });
      });
  }
}
