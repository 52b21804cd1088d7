export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The validated server configuration, built from the environment by parseEnv. */
export interface AppConfig {
  host: string;
  port: number;
  /** Absolute; holds the SQLite file and config/config.yml. */
  dataDir: string;
  /** Absolute; the ROM library (created when missing). */
  libraryDir: string;
  /** Absolute; the built single-page app. */
  webDir: string;
  secureCookies: boolean;
  /** Public address of the server, without a trailing slash, used in links; null when unset. */
  baseUrl: string | null;
  logLevel: LogLevel;
  sessionMaxAgeSeconds: number;
  uploadTimeoutSeconds: number;
  disableEmulatorJs: boolean;
  disableRuffleRs: boolean;
  disableUserpassLogin: boolean;
  disableSetupWizard: boolean;
  youtubeBaseUrl: string;
  oidc: { enabled: boolean; provider: string };
  credentials: {
    igdbClientId: string | null;
    igdbClientSecret: string | null;
    screenscraperUser: string | null;
    screenscraperPassword: string | null;
    mobygamesApiKey: string | null;
    retroachievementsApiKey: string | null;
    steamgriddbApiKey: string | null;
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
}
