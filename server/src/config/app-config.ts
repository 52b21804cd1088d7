export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Where the data lives: an SQLite file, or a PostgreSQL database (a connection URL). */
export type DatabaseConfig =
  { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string };

/** The validated server configuration, built from the environment by parseEnv. */
export interface AppConfig {
  host: string;
  port: number;
  /** Absolute; holds the SQLite file and config/config.yml. */
  dataDir: string;
  /** The embedded SQLite file (default) or the PostgreSQL server of DATABASE_URL. */
  database: DatabaseConfig;
  /** Absolute; the ROM library (created when missing). */
  libraryDir: string;
  /** Push-pull sync: SSH keys (`{device id}.pem`) and the device hosts it trusts. */
  sshFiles: { keysDir: string; knownHostsPath: string };
  /** Absolute; the built single-page app. */
  webDir: string;
  /** Absolute; the self-hosted emulators laid out by the build (EmulatorJS, Ruffle). */
  emulatorsDir: string;
  /** Largest save, state or firmware upload (MAX_ASSET_UPLOAD_SIZE_BYTES). */
  maxAssetUploadBytes: number;
  /** Largest file a WebDAV client may upload (WEBDAV_MAX_FILE_SIZE_BYTES). */
  webdavMaxFileBytes: number;
  /** Earlier versions kept per save or state by default (SAVE_HISTORY_VERSIONS / _DAYS; 0: none / no age limit). */
  saveHistory: { maxVersions: number; maxAgeDays: number };
  secureCookies: boolean;
  /** Public address of the server, without a trailing slash, used in links; null when unset. */
  baseUrl: string | null;
  /** Reverse proxies whose X-Forwarded-For is believed (ROMSHELF_TRUSTED_PROXIES); empty = none. */
  trustedProxies: string[];
  /** Other origins whose pages may open the socket (ROMSHELF_ALLOWED_ORIGINS). */
  allowedOrigins: string[];
  logLevel: LogLevel;
  /** JSON lines for log collectors, or one readable line per entry for a terminal. */
  logFormat: LogFormat;
  sessionMaxAgeSeconds: number;
  uploadTimeoutSeconds: number;
  /** Largest ROM upload (MAX_UPLOAD_SIZE_BYTES, default 64 GiB); 0 = unlimited. */
  maxUploadSizeBytes: number;
  /** Largest ROM, patch or result of the ROM patcher (ROM_PATCHER_MAX_FILE_SIZE_BYTES). */
  romPatcherMaxFileSizeBytes: number;
  disableEmulatorJs: boolean;
  disableRuffleRs: boolean;
  disableUserpassLogin: boolean;
  disableSetupWizard: boolean;
  /** DISABLE_LOGS_VIEWER: no `GET /api/logs` and no live log lines on the socket. */
  disableLogsViewer: boolean;
  /**
   * KIOSK_MODE: anonymous visitors browse the library read-only; with KIOSK_ALLOW_PLAY they may
   * also play (the player fetches the game's file).
   */
  kiosk: { enabled: boolean; allowPlay: boolean };
  youtubeBaseUrl: string;
  /** What Tinfoil shows when it opens the Switch feed (TINFOIL_WELCOME_MESSAGE). */
  tinfoilWelcomeMessage: string;
  oidc: OidcConfig;
  auth: {
    /** ROMSHELF_AUTH_SECRET_KEY; null → a key generated once in `<data>/secret.key`. */
    secretKey: string | null;
    accessTokenSeconds: number;
    refreshTokenSeconds: number;
    inviteTokenSeconds: number;
  };
  /** Outgoing mail (password reset links); null when SMTP_HOST is unset. */
  smtp: SmtpConfig | null;
  retroachievementsBaseUrl: string;
  /** Hashing worker threads used by library scans (SCAN_WORKERS). */
  scanWorkers: number;
  credentials: {
    igdbClientId: string | null;
    igdbClientSecret: string | null;
    screenscraperUser: string | null;
    screenscraperPassword: string | null;
    mobygamesApiKey: string | null;
    retroachievementsApiKey: string | null;
    steamgriddbApiKey: string | null;
  };
  /** Provider base URLs (trusted hosts), optional developer keys and the request timeout. */
  metadata: {
    igdbBaseUrl: string;
    twitchOauthUrl: string;
    screenscraperBaseUrl: string;
    screenscraperDevId: string | null;
    screenscraperDevPassword: string | null;
    mobygamesBaseUrl: string;
    steamgriddbBaseUrl: string;
    hasheousBaseUrl: string;
    hasheousClientKey: string | null;
    playmatchBaseUrl: string;
    launchboxMetadataUrl: string;
    launchboxImagesUrl: string;
    requestTimeoutMs: number;
  };
  /** Tasks (RomM's `ENABLE_SCHEDULED_*`, `SCHEDULED_*_CRON` and the filesystem watcher). */
  tasks: {
    /** Quick rescan of every platform with every enabled metadata source. */
    scheduledRescan: TaskSchedule;
    /** Re-download the LaunchBox dump; only when LaunchBox itself is enabled. */
    updateLaunchboxMetadata: TaskSchedule;
    convertImagesToWebp: TaskSchedule;
    cleanupOrphanedResources: TaskSchedule;
    syncRetroachievementsProgress: TaskSchedule;
    /** Save history limits applied to every user's versions (each write applies them too). */
    pruneSaveHistory: TaskSchedule;
    /** Push-pull sync of every push_pull device with sync on (RomM's ENABLE_SYNC_PUSH_PULL). */
    syncPushPull: TaskSchedule;
    /** A change in a platform folder → a quick scan of it after the delay. */
    rescanOnFilesystemChange: { enabled: boolean; delayMinutes: number };
  };
  /** Which metadata sources are usable, derived from credentials and flags. */
  metadataSources: {
    igdb: boolean;
    ss: boolean;
    moby: boolean;
    ra: boolean;
    steamgriddb: boolean;
    launchbox: boolean;
    playmatch: boolean;
    hasheous: boolean;
    tgdb: boolean;
  };
  /**
   * REDIS_URL: the socket.io adapter, shared rate limits and the job queue that worker processes
   * run; null keeps everything in this process.
   */
  redis: { url: string } | null;
}

/** Whether a task runs on a schedule, and its cron expression. */
export interface TaskSchedule {
  enabled: boolean;
  cron: string;
}

export interface OidcConfig {
  enabled: boolean;
  provider: string;
  clientId: string | null;
  clientSecret: string | null;
  /** The issuer; its `/.well-known/openid-configuration` is read at the first sign-in. */
  issuerUrl: string | null;
  redirectUri: string | null;
  allowRegistration: boolean;
  usernameAttribute: string;
  /** Claim holding the user's groups; null → no role mapping (new users are viewers). */
  claimRoles: string | null;
  roleAdmin: string | null;
  roleEditor: string | null;
  /** `*` lets anyone in as a viewer. */
  roleViewer: string | null;
  /** Logging out also ends the provider's session (its `end_session_endpoint`). */
  rpInitiatedLogout: boolean;
}

export interface SmtpConfig {
  host: string;
  port: number;
  user: string | null;
  password: string | null;
  from: string;
}
