import buffer from 'node:buffer';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

import type { AppConfig, LogFormat, LogLevel } from './app-config.js';
import { LOG_FORMATS, LOG_LEVELS } from './app-config.js';
import { DATABASE_ENV_VARS, databaseConfig } from './env-database.js';
import { TASK_ENV_VARS, tasksConfig } from './env-tasks.js';
import { boolVar, present } from './env-values.js';

export { parseBooleanWord } from './env-values.js';

/** A configuration problem, with a message meant to be printed as a single line. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export type Env = Readonly<Record<string, string | undefined>>;

function intVar(name: string, fallback: number, min: number, max: number) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!present(value)) return fallback;
      const text = value.trim();
      const parsed = /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be an integer between ${min} and ${max} (got "${value}")`,
        });
        return z.NEVER;
      }
      return parsed;
    });
}

function textVar(fallback: string) {
  return z
    .string()
    .optional()
    .transform((value) => (present(value) ? value.trim() : fallback));
}

function optionalTextVar() {
  return z
    .string()
    .optional()
    .transform((value) => (present(value) ? value.trim() : null));
}

/** A Redis server URL (`redis://host:port[/db]`, or `rediss://` over TLS); null when unset. */
function redisUrlVar(name: string) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!present(value)) return null;
      const text = value.trim();
      if (!URL.canParse(text) || !/^rediss?:$/.test(new URL(text).protocol)) {
        ctx.addIssue({
          code: 'custom',
          // Not echoed: the URL may hold the server's password.
          message: `${name} must be a redis:// or rediss:// URL`,
        });
        return z.NEVER;
      }
      return text;
    });
}

function urlVar(name: string, fallback: string | null) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!present(value)) return fallback;
      const text = value.trim();
      if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be an http(s) URL (got "${value}")`,
        });
        return z.NEVER;
      }
      return text.replace(/\/+$/, '');
    });
}

/** Whether a text is an IP address or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^[0-9]{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

/** A comma-separated list of IP addresses and CIDR ranges; empty when unset. */
function addressListVar(name: string) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!present(value)) return [];
      const items = value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
      const bad = items.find((item) => !isAddressOrRange(item));
      if (bad !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must list IP addresses or CIDR ranges separated by commas (got "${bad}")`,
        });
        return z.NEVER;
      }
      return items;
    });
}

/** A comma-separated list of http(s) origins (`https://app.example.com:8443`); empty when unset. */
function originListVar(name: string) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!present(value)) return [];
      const origins: string[] = [];
      for (const item of value.split(',')) {
        const text = item.trim();
        if (text === '') continue;
        const url = URL.canParse(text) ? new URL(text) : null;
        if (
          url === null ||
          !/^https?:$/.test(url.protocol) ||
          url.origin !== text.replace(/\/+$/, '')
        ) {
          ctx.addIssue({
            code: 'custom',
            message: `${name} must list origins such as https://app.example.com separated by commas (got "${text}")`,
          });
          return z.NEVER;
        }
        origins.push(url.origin);
      }
      return origins;
    });
}

const logLevelVar = z
  .string()
  .optional()
  .transform((value, ctx): LogLevel => {
    if (!present(value)) return 'info';
    const level = value.trim().toLowerCase();
    const known = LOG_LEVELS.find((candidate) => candidate === level);
    if (known === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${value}")`,
      });
      return z.NEVER;
    }
    return known;
  });

const logFormatVar = z
  .string()
  .optional()
  .transform((value, ctx): LogFormat | null => {
    if (!present(value)) return null;
    const format = value.trim().toLowerCase();
    const known = LOG_FORMATS.find((candidate) => candidate === format);
    if (known === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')} (got "${value}")`,
      });
      return z.NEVER;
    }
    return known;
  });

/** Every environment variable the server reads, with its default. */
export const EnvSchema = z.object({
  PORT: intVar('PORT', 3000, 1, 65535),
  HOST: textVar('0.0.0.0'),
  ROMSHELF_DATA_DIR: textVar('./data'),
  ...DATABASE_ENV_VARS,
  ROMSHELF_LIBRARY_DIR: optionalTextVar(),
  ROMSHELF_WEB_DIR: optionalTextVar(),
  SYNC_SSH_KEYS_PATH: optionalTextVar(),
  SYNC_SSH_KNOWN_HOSTS_PATH: optionalTextVar(),
  ROMSHELF_EMULATORS_DIR: optionalTextVar(),
  ROMSHELF_SECURE_COOKIES: boolVar('ROMSHELF_SECURE_COOKIES'),
  ROMSHELF_BASE_URL: urlVar('ROMSHELF_BASE_URL', null),
  ROMSHELF_TRUSTED_PROXIES: addressListVar('ROMSHELF_TRUSTED_PROXIES'),
  ROMSHELF_ALLOWED_ORIGINS: originListVar('ROMSHELF_ALLOWED_ORIGINS'),
  LOG_LEVEL: logLevelVar,
  /** Unset: pretty when stdout is a terminal, JSON otherwise. */
  LOG_FORMAT: logFormatVar,
  SESSION_MAX_AGE_SECONDS: intVar('SESSION_MAX_AGE_SECONDS', 1_209_600, 60, 315_360_000),
  UPLOAD_TIMEOUT: intVar('UPLOAD_TIMEOUT', 20, 1, 86_400),
  /** Largest ROM upload in bytes; 0 = unlimited. */
  MAX_UPLOAD_SIZE_BYTES: intVar(
    'MAX_UPLOAD_SIZE_BYTES',
    64 * 1024 ** 3,
    0,
    Number.MAX_SAFE_INTEGER,
  ),
  /** Largest ROM, patch or patched result the ROM patcher holds in memory (RomM: 4 GiB). */
  ROM_PATCHER_MAX_FILE_SIZE_BYTES: intVar(
    'ROM_PATCHER_MAX_FILE_SIZE_BYTES',
    4 * 1024 ** 3,
    1,
    buffer.constants.MAX_LENGTH,
  ),
  DISABLE_EMULATOR_JS: boolVar('DISABLE_EMULATOR_JS'),
  DISABLE_RUFFLE_RS: boolVar('DISABLE_RUFFLE_RS'),
  MAX_ASSET_UPLOAD_SIZE_BYTES: intVar(
    'MAX_ASSET_UPLOAD_SIZE_BYTES',
    536_870_912,
    1,
    Number.MAX_SAFE_INTEGER,
  ),
  /** Largest file a WebDAV client (RetroArch cloud sync) may upload, in bytes. */
  WEBDAV_MAX_FILE_SIZE_BYTES: intVar(
    'WEBDAV_MAX_FILE_SIZE_BYTES',
    536_870_912,
    1,
    Number.MAX_SAFE_INTEGER,
  ),
  SAVE_HISTORY_VERSIONS: intVar('SAVE_HISTORY_VERSIONS', 10, 0, 100),
  SAVE_HISTORY_DAYS: intVar('SAVE_HISTORY_DAYS', 90, 0, 3650),
  DISABLE_USERPASS_LOGIN: boolVar('DISABLE_USERPASS_LOGIN'),
  DISABLE_SETUP_WIZARD: boolVar('DISABLE_SETUP_WIZARD'),
  DISABLE_LOGS_VIEWER: boolVar('DISABLE_LOGS_VIEWER'),
  KIOSK_MODE: boolVar('KIOSK_MODE'),
  KIOSK_ALLOW_PLAY: boolVar('KIOSK_ALLOW_PLAY'),
  YOUTUBE_BASE_URL: urlVar('YOUTUBE_BASE_URL', 'https://www.youtube.com'),
  TINFOIL_WELCOME_MESSAGE: textVar('RomShelf Switch Library'),
  OIDC_ENABLED: boolVar('OIDC_ENABLED'),
  OIDC_PROVIDER: textVar(''),
  IGDB_CLIENT_ID: optionalTextVar(),
  IGDB_CLIENT_SECRET: optionalTextVar(),
  SCREENSCRAPER_USER: optionalTextVar(),
  SCREENSCRAPER_PASSWORD: optionalTextVar(),
  MOBYGAMES_API_KEY: optionalTextVar(),
  RETROACHIEVEMENTS_API_KEY: optionalTextVar(),
  STEAMGRIDDB_API_KEY: optionalTextVar(),
  LAUNCHBOX_API_ENABLED: boolVar('LAUNCHBOX_API_ENABLED'),
  PLAYMATCH_API_ENABLED: boolVar('PLAYMATCH_API_ENABLED'),
  HASHEOUS_API_ENABLED: boolVar('HASHEOUS_API_ENABLED'),
  TGDB_API_ENABLED: boolVar('TGDB_API_ENABLED'),
  ...TASK_ENV_VARS,
  SCAN_WORKERS: intVar('SCAN_WORKERS', Math.min(2, Math.max(1, availableParallelism())), 1, 64),
  ROMSHELF_AUTH_SECRET_KEY: optionalTextVar(),
  OAUTH_ACCESS_TOKEN_EXPIRE_SECONDS: intVar(
    'OAUTH_ACCESS_TOKEN_EXPIRE_SECONDS',
    1800,
    60,
    31_536_000,
  ),
  OAUTH_REFRESH_TOKEN_EXPIRE_SECONDS: intVar(
    'OAUTH_REFRESH_TOKEN_EXPIRE_SECONDS',
    604_800,
    60,
    315_360_000,
  ),
  INVITE_TOKEN_EXPIRY_SECONDS: intVar('INVITE_TOKEN_EXPIRY_SECONDS', 600, 60, 31_536_000),
  SMTP_HOST: optionalTextVar(),
  SMTP_PORT: intVar('SMTP_PORT', 587, 1, 65535),
  SMTP_USER: optionalTextVar(),
  SMTP_PASSWORD: optionalTextVar(),
  SMTP_FROM: optionalTextVar(),
  OIDC_CLIENT_ID: optionalTextVar(),
  OIDC_CLIENT_SECRET: optionalTextVar(),
  OIDC_SERVER_APPLICATION_URL: urlVar('OIDC_SERVER_APPLICATION_URL', null),
  OIDC_REDIRECT_URI: urlVar('OIDC_REDIRECT_URI', null),
  OIDC_ALLOW_REGISTRATION: boolVar('OIDC_ALLOW_REGISTRATION', true),
  OIDC_USERNAME_ATTRIBUTE: textVar('preferred_username'),
  OIDC_CLAIM_ROLES: optionalTextVar(),
  OIDC_ROLE_ADMIN: optionalTextVar(),
  OIDC_ROLE_EDITOR: optionalTextVar(),
  OIDC_ROLE_VIEWER: optionalTextVar(),
  OIDC_RP_INITIATED_LOGOUT: boolVar('OIDC_RP_INITIATED_LOGOUT'),
  RETROACHIEVEMENTS_BASE_URL: urlVar('RETROACHIEVEMENTS_BASE_URL', 'https://retroachievements.org'),
  IGDB_BASE_URL: urlVar('IGDB_BASE_URL', 'https://api.igdb.com/v4'),
  TWITCH_OAUTH_URL: urlVar('TWITCH_OAUTH_URL', 'https://id.twitch.tv/oauth2/token'),
  SCREENSCRAPER_BASE_URL: urlVar('SCREENSCRAPER_BASE_URL', 'https://api.screenscraper.fr/api2'),
  SCREENSCRAPER_DEV_ID: optionalTextVar(),
  SCREENSCRAPER_DEV_PASSWORD: optionalTextVar(),
  MOBYGAMES_BASE_URL: urlVar('MOBYGAMES_BASE_URL', 'https://api.mobygames.com/v1'),
  STEAMGRIDDB_BASE_URL: urlVar('STEAMGRIDDB_BASE_URL', 'https://www.steamgriddb.com/api/v2'),
  HASHEOUS_BASE_URL: urlVar('HASHEOUS_BASE_URL', 'https://hasheous.org/api/v1'),
  HASHEOUS_CLIENT_API_KEY: optionalTextVar(),
  PLAYMATCH_BASE_URL: urlVar('PLAYMATCH_BASE_URL', 'https://playmatch.retrorealm.dev/api/v2'),
  LAUNCHBOX_METADATA_URL: urlVar(
    'LAUNCHBOX_METADATA_URL',
    'https://gamesdb.launchbox-app.com/Metadata.zip',
  ),
  LAUNCHBOX_IMAGES_URL: urlVar('LAUNCHBOX_IMAGES_URL', 'https://images.launchbox-app.com'),
  METADATA_REQUEST_TIMEOUT_MS: intVar('METADATA_REQUEST_TIMEOUT_MS', 15_000, 100, 600_000),
  /** Unset: one process. Set: sockets, rate limits and the job queue are shared through Redis. */
  REDIS_URL: redisUrlVar('REDIS_URL'),
});

export interface ParseEnvOptions {
  /** Directory relative paths are resolved against (the process cwd in production). */
  cwd: string;
  /** Repository root, used for the default location of the built web app. */
  repoRoot: string;
  /** Whether stdout is a terminal, which makes pretty logs the default. */
  interactive?: boolean;
}

/**
 * Validates the environment and turns it into the server configuration.
 * Throws a ConfigError whose message is one line naming the variable and the bad value.
 */
export function parseEnv(env: Env, options: ParseEnvOptions): AppConfig {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new ConfigError(first?.message ?? 'invalid environment');
  }
  const vars = result.data;
  const dataDir = path.resolve(options.cwd, vars.ROMSHELF_DATA_DIR);
  assertOidcComplete(vars);
  const credentials = credentialsOf(vars);
  return {
    host: vars.HOST,
    port: vars.PORT,
    dataDir,
    database: databaseConfig(vars.DATABASE_URL, dataDir, options.cwd),
    libraryDir: vars.ROMSHELF_LIBRARY_DIR
      ? path.resolve(options.cwd, vars.ROMSHELF_LIBRARY_DIR)
      : path.join(dataDir, 'library'),
    webDir: vars.ROMSHELF_WEB_DIR
      ? path.resolve(options.cwd, vars.ROMSHELF_WEB_DIR)
      : path.join(options.repoRoot, 'web', 'dist'),
    emulatorsDir: vars.ROMSHELF_EMULATORS_DIR
      ? path.resolve(options.cwd, vars.ROMSHELF_EMULATORS_DIR)
      : path.join(options.repoRoot, 'server', 'dist', 'emulators'),
    sshFiles: sshFilesOf(
      vars.SYNC_SSH_KEYS_PATH,
      vars.SYNC_SSH_KNOWN_HOSTS_PATH,
      dataDir,
      options.cwd,
    ),
    maxAssetUploadBytes: vars.MAX_ASSET_UPLOAD_SIZE_BYTES,
    webdavMaxFileBytes: vars.WEBDAV_MAX_FILE_SIZE_BYTES,
    saveHistory: { maxVersions: vars.SAVE_HISTORY_VERSIONS, maxAgeDays: vars.SAVE_HISTORY_DAYS },
    secureCookies: vars.ROMSHELF_SECURE_COOKIES,
    baseUrl: vars.ROMSHELF_BASE_URL,
    trustedProxies: vars.ROMSHELF_TRUSTED_PROXIES,
    allowedOrigins: vars.ROMSHELF_ALLOWED_ORIGINS,
    logLevel: vars.LOG_LEVEL,
    logFormat: vars.LOG_FORMAT ?? (options.interactive === true ? 'pretty' : 'json'),
    sessionMaxAgeSeconds: vars.SESSION_MAX_AGE_SECONDS,
    uploadTimeoutSeconds: vars.UPLOAD_TIMEOUT,
    maxUploadSizeBytes: vars.MAX_UPLOAD_SIZE_BYTES,
    romPatcherMaxFileSizeBytes: vars.ROM_PATCHER_MAX_FILE_SIZE_BYTES,
    disableEmulatorJs: vars.DISABLE_EMULATOR_JS,
    disableRuffleRs: vars.DISABLE_RUFFLE_RS,
    disableUserpassLogin: vars.DISABLE_USERPASS_LOGIN,
    disableSetupWizard: vars.DISABLE_SETUP_WIZARD,
    disableLogsViewer: vars.DISABLE_LOGS_VIEWER,
    kiosk: { enabled: vars.KIOSK_MODE, allowPlay: vars.KIOSK_MODE && vars.KIOSK_ALLOW_PLAY },
    youtubeBaseUrl: vars.YOUTUBE_BASE_URL ?? 'https://www.youtube.com',
    tinfoilWelcomeMessage: vars.TINFOIL_WELCOME_MESSAGE,
    oidc: oidcConfig(vars),
    auth: {
      secretKey: vars.ROMSHELF_AUTH_SECRET_KEY,
      accessTokenSeconds: vars.OAUTH_ACCESS_TOKEN_EXPIRE_SECONDS,
      refreshTokenSeconds: vars.OAUTH_REFRESH_TOKEN_EXPIRE_SECONDS,
      inviteTokenSeconds: vars.INVITE_TOKEN_EXPIRY_SECONDS,
    },
    smtp: smtpConfig(vars),
    retroachievementsBaseUrl: vars.RETROACHIEVEMENTS_BASE_URL ?? 'https://retroachievements.org',
    scanWorkers: vars.SCAN_WORKERS,
    metadata: metadataConfig(vars),
    credentials,
    tasks: tasksConfig(vars),
    metadataSources: metadataSourcesOf(vars, credentials),
    redis: vars.REDIS_URL === null ? null : { url: vars.REDIS_URL },
  };
}

type EnvVars = z.infer<typeof EnvSchema>;

function assertOidcComplete(vars: EnvVars): void {
  if (!vars.OIDC_ENABLED) return;
  const missing = (
    ['OIDC_CLIENT_ID', 'OIDC_SERVER_APPLICATION_URL', 'OIDC_REDIRECT_URI'] as const
  ).filter((name) => vars[name] === null);
  if (missing.length > 0) {
    throw new ConfigError(`OIDC_ENABLED=true needs ${missing.join(', ')}`);
  }
}

function credentialsOf(vars: EnvVars): AppConfig['credentials'] {
  return {
    igdbClientId: vars.IGDB_CLIENT_ID,
    igdbClientSecret: vars.IGDB_CLIENT_SECRET,
    screenscraperUser: vars.SCREENSCRAPER_USER,
    screenscraperPassword: vars.SCREENSCRAPER_PASSWORD,
    mobygamesApiKey: vars.MOBYGAMES_API_KEY,
    retroachievementsApiKey: vars.RETROACHIEVEMENTS_API_KEY,
    steamgriddbApiKey: vars.STEAMGRIDDB_API_KEY,
  };
}

function oidcConfig(vars: EnvVars): AppConfig['oidc'] {
  return {
    enabled: vars.OIDC_ENABLED,
    provider: vars.OIDC_PROVIDER,
    clientId: vars.OIDC_CLIENT_ID,
    clientSecret: vars.OIDC_CLIENT_SECRET,
    issuerUrl: vars.OIDC_SERVER_APPLICATION_URL,
    redirectUri: vars.OIDC_REDIRECT_URI,
    allowRegistration: vars.OIDC_ALLOW_REGISTRATION,
    usernameAttribute: vars.OIDC_USERNAME_ATTRIBUTE,
    claimRoles: vars.OIDC_CLAIM_ROLES,
    roleAdmin: vars.OIDC_ROLE_ADMIN,
    roleEditor: vars.OIDC_ROLE_EDITOR,
    roleViewer: vars.OIDC_ROLE_VIEWER,
    rpInitiatedLogout: vars.OIDC_RP_INITIATED_LOGOUT,
  };
}

function smtpConfig(vars: EnvVars): AppConfig['smtp'] {
  if (vars.SMTP_HOST === null) return null;
  return {
    host: vars.SMTP_HOST,
    port: vars.SMTP_PORT,
    user: vars.SMTP_USER,
    password: vars.SMTP_PASSWORD,
    from: vars.SMTP_FROM ?? `RomShelf <no-reply@${vars.SMTP_HOST}>`,
  };
}

function metadataConfig(vars: EnvVars): AppConfig['metadata'] {
  return {
    igdbBaseUrl: vars.IGDB_BASE_URL ?? 'https://api.igdb.com/v4',
    twitchOauthUrl: vars.TWITCH_OAUTH_URL ?? 'https://id.twitch.tv/oauth2/token',
    screenscraperBaseUrl: vars.SCREENSCRAPER_BASE_URL ?? 'https://api.screenscraper.fr/api2',
    screenscraperDevId: vars.SCREENSCRAPER_DEV_ID,
    screenscraperDevPassword: vars.SCREENSCRAPER_DEV_PASSWORD,
    mobygamesBaseUrl: vars.MOBYGAMES_BASE_URL ?? 'https://api.mobygames.com/v1',
    steamgriddbBaseUrl: vars.STEAMGRIDDB_BASE_URL ?? 'https://www.steamgriddb.com/api/v2',
    hasheousBaseUrl: vars.HASHEOUS_BASE_URL ?? 'https://hasheous.org/api/v1',
    hasheousClientKey: vars.HASHEOUS_CLIENT_API_KEY,
    playmatchBaseUrl: vars.PLAYMATCH_BASE_URL ?? 'https://playmatch.retrorealm.dev/api/v2',
    launchboxMetadataUrl:
      vars.LAUNCHBOX_METADATA_URL ?? 'https://gamesdb.launchbox-app.com/Metadata.zip',
    launchboxImagesUrl: vars.LAUNCHBOX_IMAGES_URL ?? 'https://images.launchbox-app.com',
    requestTimeoutMs: vars.METADATA_REQUEST_TIMEOUT_MS,
  };
}

/** The metadata sources usable with the configured credentials and switches. */
function metadataSourcesOf(
  vars: EnvVars,
  credentials: AppConfig['credentials'],
): AppConfig['metadataSources'] {
  return {
    igdb: credentials.igdbClientId !== null && credentials.igdbClientSecret !== null,
    ss: credentials.screenscraperUser !== null && credentials.screenscraperPassword !== null,
    moby: credentials.mobygamesApiKey !== null,
    ra: credentials.retroachievementsApiKey !== null,
    steamgriddb: credentials.steamgriddbApiKey !== null,
    launchbox: vars.LAUNCHBOX_API_ENABLED,
    playmatch: vars.PLAYMATCH_API_ENABLED,
    hasheous: vars.HASHEOUS_API_ENABLED,
    tgdb: vars.TGDB_API_ENABLED,
  };
}

/** Push-pull sync's SSH keys folder and known_hosts file (RomM's SYNC_SSH_* paths). */
function sshFilesOf(
  keysPath: string | null,
  knownHostsPath: string | null,
  dataDir: string,
  cwd: string,
) {
  const keysDir = keysPath ? path.resolve(cwd, keysPath) : path.join(dataDir, 'sync-ssh');
  return {
    keysDir,
    knownHostsPath: knownHostsPath
      ? path.resolve(cwd, knownHostsPath)
      : path.join(keysDir, 'known_hosts'),
  };
}
