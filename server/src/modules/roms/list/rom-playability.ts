import { getCoresForPlatform, isRufflePlatform } from '@romshelf/contract';

import type { LibraryConfigService } from '../../library/library-config.service.js';

/** Decides from a platform alone whether its ROMs play in the browser (the `playable` filter). */
export interface RomPlayability {
  isPlayablePlatform(platform: { slug: string; fs_slug: string }): boolean;
}

/**
 * SPEC §5 on the server: an EmulatorJS core for the platform (its folder mapped through
 * `system.versions`) unless EmulatorJS is disabled, or Ruffle (`flash`, `browser`) unless it
 * is disabled. The browser's own checks (WebGL, SharedArrayBuffer) cannot be known here.
 */
export class BrowserPlayability implements RomPlayability {
  constructor(
    private readonly options: { disableEmulatorJs: boolean; disableRuffleRs: boolean },
    private readonly libraryConfig: Pick<LibraryConfigService, 'get'>,
  ) {}

  isPlayablePlatform(platform: { slug: string; fs_slug: string }): boolean {
    const versions = this.libraryConfig.get().PLATFORMS_VERSIONS;
    return [platform.fs_slug, platform.slug].some((slug) =>
      isRufflePlatform(slug)
        ? !this.options.disableRuffleRs
        : !this.options.disableEmulatorJs && getCoresForPlatform(slug, versions).length > 0,
    );
  }
}
