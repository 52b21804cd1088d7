import type { Heartbeat, LibraryConfig, LibraryInfo, StreamingConfig } from '@romshelf/contract';
import { ROMM_API_VERSION } from '@romshelf/contract';

import type { AppConfig } from '../../config/app-config.js';
import type { LibraryConfigService } from '../library/library-config.service.js';
import { detectLayout, listFsPlatforms } from '../library/library-fs.js';
import type { UserAccounts } from '../users/user-accounts.js';

/** Scheduled tasks RomShelf does not have: off, with RomM's default schedules. */
const UNSUPPORTED_TASKS = {
  ENABLE_SCHEDULED_UPDATE_SWITCH_TITLEDB: false,
  SCHEDULED_UPDATE_SWITCH_TITLEDB_CRON: '0 4 * * *',
};

export class SystemService {
  constructor(
    private readonly config: AppConfig,
    private readonly version: string,
    private readonly users: UserAccounts,
    private readonly libraryConfig: LibraryConfigService,
  ) {}

  /** The setup wizard shows exactly while no admin exists (unless disabled). */
  async showSetupWizard(): Promise<boolean> {
    if (this.config.disableSetupWizard) return false;
    return !(await this.users.adminExists());
  }

  async heartbeat(): Promise<Heartbeat> {
    const sources = this.config.metadataSources;
    const library = this.libraryConfig.get();
    const tasks = this.config.tasks;
    return {
      SYSTEM: {
        VERSION: ROMM_API_VERSION,
        ROMSHELF_VERSION: this.version,
        SHOW_SETUP_WIZARD: await this.showSetupWizard(),
      },
      METADATA_SOURCES: {
        ANY_SOURCE_ENABLED: Object.values(sources).some(Boolean),
        IGDB_API_ENABLED: sources.igdb,
        SS_API_ENABLED: sources.ss,
        SS_DEV_CREDENTIALS_SET:
          this.config.metadata.screenscraperDevId !== null &&
          this.config.metadata.screenscraperDevPassword !== null,
        MOBY_API_ENABLED: sources.moby,
        RA_API_ENABLED: sources.ra,
        STEAMGRIDDB_API_ENABLED: sources.steamgriddb,
        LAUNCHBOX_API_ENABLED: sources.launchbox,
        PLAYMATCH_API_ENABLED: sources.playmatch,
        HASHEOUS_API_ENABLED: sources.hasheous,
        TGDB_API_ENABLED: sources.tgdb,
        // Sources RomShelf does not have.
        FLASHPOINT_API_ENABLED: false,
        HLTB_API_ENABLED: false,
        LIBRETRO_API_ENABLED: false,
      },
      FILESYSTEM: {
        FS_PLATFORMS: this.platformFolders(library),
      },
      EMULATION: {
        DISABLE_EMULATOR_JS: this.config.disableEmulatorJs,
        DISABLE_RUFFLE_RS: this.config.disableRuffleRs,
      },
      FRONTEND: {
        UPLOAD_TIMEOUT: this.config.uploadTimeoutSeconds,
        DISABLE_USERPASS_LOGIN: this.config.disableUserpassLogin,
        YOUTUBE_BASE_URL: this.config.youtubeBaseUrl,
        DISABLE_LOGS_VIEWER: this.config.disableLogsViewer,
        KIOSK_MODE: this.config.kiosk.enabled,
        KIOSK_ALLOW_PLAY: this.config.kiosk.allowPlay,
      },
      OIDC: {
        ENABLED: this.config.oidc.enabled,
        PROVIDER: this.config.oidc.provider,
        AUTOLOGIN: false,
        RP_INITIATED_LOGOUT: this.config.oidc.rpInitiatedLogout,
      },
      TASKS: {
        ...UNSUPPORTED_TASKS,
        ENABLE_SCHEDULED_RESCAN: tasks.scheduledRescan.enabled,
        SCHEDULED_RESCAN_CRON: tasks.scheduledRescan.cron,
        ENABLE_SCHEDULED_UPDATE_LAUNCHBOX_METADATA: tasks.updateLaunchboxMetadata.enabled,
        SCHEDULED_UPDATE_LAUNCHBOX_METADATA_CRON: tasks.updateLaunchboxMetadata.cron,
        ENABLE_SCHEDULED_CONVERT_IMAGES_TO_WEBP: tasks.convertImagesToWebp.enabled,
        SCHEDULED_CONVERT_IMAGES_TO_WEBP_CRON: tasks.convertImagesToWebp.cron,
      },
    };
  }

  streamingConfig(): StreamingConfig {
    return { enabled: false, containers: [], emulator_labels: {} };
  }

  /**
   * The library configuration as a caller may read it: netplay ICE/TURN servers (TURN
   * credentials included) only for signed-in callers allowed to play, an empty list for
   * anyone else, as RomM does.
   */
  libraryConfigView(scopes: readonly string[]): LibraryConfig {
    const config = this.libraryConfig.get();
    if (scopes.includes('roms.read')) return config;
    return { ...config, EJS_NETPLAY_ICE_SERVERS: [] };
  }

  libraryInfo(): LibraryInfo {
    const folders = this.platformFolders(this.libraryConfig.get());
    const layout = detectLayout(this.config.libraryDir);
    return {
      library_path: this.config.libraryDir,
      // An empty library has no layout yet: suggest the preferred one.
      structure:
        layout === 'platform-first' && folders.length > 0 ? '{platform}/roms' : 'roms/{platform}',
      platform_folders: folders,
    };
  }

  private platformFolders(library: LibraryConfig): string[] {
    return listFsPlatforms(this.config.libraryDir, [
      ...library.DEFAULT_EXCLUDED_DIRS,
      ...library.EXCLUDED_PLATFORMS,
    ]);
  }
}
