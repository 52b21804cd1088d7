import type { Platform } from '@romshelf/contract';

import { nowIso } from '../../lib/time.js';
import type { LibraryConfigService } from '../library/library-config.service.js';
import { listFsPlatforms } from '../library/library-fs.js';
import { platformFolderFields } from './platform-folder.js';
import { toUnstoredPlatformDto } from './platforms.mapper.js';
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
      .map((folder) => toUnstoredPlatformDto(platformFolderFields(folder, config), now));
  }
}
