import { availableParallelism } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { ConfigError, parseBooleanWord, parseEnv } from './env.js';

const options = { cwd: '/srv/romshelf', repoRoot: '/opt/romshelf' };

function errorOf(env: Record<string, string>): string {
  try {
    parseEnv(env, options);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseEnv', () => {
  it('applies every default', () => {
    const config = parseEnv({}, options);
    expect(config).toEqual({
      host: '0.0.0.0',
      port: 3000,
      dataDir: path.resolve('/srv/romshelf/data'),
      database: { engine: 'sqlite', file: path.resolve('/srv/romshelf/data/romshelf.db') },
      libraryDir: path.resolve('/srv/romshelf/data/library'),
      webDir: path.join('/opt/romshelf', 'web', 'dist'),
      emulatorsDir: path.join('/opt/romshelf', 'server', 'dist', 'emulators'),
      sshFiles: {
        keysDir: path.resolve('/srv/romshelf/data/sync-ssh'),
        knownHostsPath: path.resolve('/srv/romshelf/data/sync-ssh/known_hosts'),
      },
      maxAssetUploadBytes: 536870912,
      webdavMaxFileBytes: 536870912,
      saveHistory: { maxVersions: 10, maxAgeDays: 90 },
      secureCookies: false,
      baseUrl: null,
      trustedProxies: [],
      allowedOrigins: [],
      logLevel: 'info',
      logFormat: 'json',
      sessionMaxAgeSeconds: 1209600,
      uploadTimeoutSeconds: 20,
      maxUploadSizeBytes: 64 * 1024 ** 3,
      romPatcherMaxFileSizeBytes: 4 * 1024 ** 3,
      disableEmulatorJs: false,
      disableRuffleRs: false,
      disableUserpassLogin: false,
      disableSetupWizard: false,
      disableLogsViewer: false,
      kiosk: { enabled: false, allowPlay: false },
      youtubeBaseUrl: 'https://www.youtube.com',
      tinfoilWelcomeMessage: 'RomShelf Switch Library',
      oidc: {
        enabled: false,
        provider: '',
        clientId: null,
        clientSecret: null,
        issuerUrl: null,
        redirectUri: null,
        allowRegistration: true,
        usernameAttribute: 'preferred_username',
        claimRoles: null,
        roleAdmin: null,
        roleEditor: null,
        roleViewer: null,
        rpInitiatedLogout: false,
      },
      auth: {
        secretKey: null,
        accessTokenSeconds: 1800,
        refreshTokenSeconds: 604800,
        inviteTokenSeconds: 600,
      },
      smtp: null,
      retroachievementsBaseUrl: 'https://retroachievements.org',
      scanWorkers: Math.min(2, availableParallelism()),
      metadata: {
        igdbBaseUrl: 'https://api.igdb.com/v4',
        twitchOauthUrl: 'https://id.twitch.tv/oauth2/token',
        screenscraperBaseUrl: 'https://api.screenscraper.fr/api2',
        screenscraperDevId: null,
        screenscraperDevPassword: null,
        mobygamesBaseUrl: 'https://api.mobygames.com/v1',
        steamgriddbBaseUrl: 'https://www.steamgriddb.com/api/v2',
        hasheousBaseUrl: 'https://hasheous.org/api/v1',
        hasheousClientKey: null,
        playmatchBaseUrl: 'https://playmatch.retrorealm.dev/api/v2',
        launchboxMetadataUrl: 'https://gamesdb.launchbox-app.com/Metadata.zip',
        launchboxImagesUrl: 'https://images.launchbox-app.com',
        requestTimeoutMs: 15_000,
      },
      credentials: {
        igdbClientId: null,
        igdbClientSecret: null,
        screenscraperUser: null,
        screenscraperPassword: null,
        mobygamesApiKey: null,
        retroachievementsApiKey: null,
        steamgriddbApiKey: null,
      },
      tasks: {
        scheduledRescan: { enabled: false, cron: '0 3 * * *' },
        updateLaunchboxMetadata: { enabled: false, cron: '0 4 * * *' },
        convertImagesToWebp: { enabled: false, cron: '0 4 * * *' },
        cleanupOrphanedResources: { enabled: false, cron: '0 5 * * *' },
        syncRetroachievementsProgress: { enabled: false, cron: '0 4 * * *' },
        pruneSaveHistory: { enabled: true, cron: '30 4 * * *' },
        syncPushPull: { enabled: true, cron: '*/30 * * * *' },
        rescanOnFilesystemChange: { enabled: false, delayMinutes: 5 },
      },
      metadataSources: {
        igdb: false,
        ss: false,
        moby: false,
        ra: false,
        steamgriddb: false,
        launchbox: false,
        playmatch: false,
        hasheous: false,
        tgdb: false,
      },
      redis: null,
    });
  });

  it('schedules the LaunchBox refresh only with LaunchBox on, and refuses a bad cron', () => {
    const schedule = (env: Record<string, string>) =>
      parseEnv(env, options).tasks.updateLaunchboxMetadata;
    expect(schedule({ ENABLE_SCHEDULED_UPDATE_LAUNCHBOX_METADATA: 'true' })).toEqual({
      enabled: false,
      cron: '0 4 * * *',
    });
    expect(
      schedule({
        LAUNCHBOX_API_ENABLED: 'yes',
        ENABLE_SCHEDULED_UPDATE_LAUNCHBOX_METADATA: '1',
        SCHEDULED_UPDATE_LAUNCHBOX_METADATA_CRON: ' 30 2 * * 1 ',
      }),
    ).toEqual({ enabled: true, cron: '30 2 * * 1' });
    expect(errorOf({ SCHEDULED_UPDATE_LAUNCHBOX_METADATA_CRON: '61 * * * *' })).toBe(
      'SCHEDULED_UPDATE_LAUNCHBOX_METADATA_CRON must be a cron expression (got "61 * * * *": invalid minutes)',
    );
  });

  it('reads the task variables with RomM defaults', () => {
    const tasks = parseEnv(
      {
        ENABLE_SCHEDULED_RESCAN: 'true',
        SCHEDULED_RESCAN_CRON: '@daily',
        ENABLE_SCHEDULED_CONVERT_IMAGES_TO_WEBP: '1',
        SCHEDULED_CLEANUP_ORPHANED_RESOURCES_CRON: '0 0 12 15W * ?',
        ENABLE_SCHEDULED_RETROACHIEVEMENTS_PROGRESS_SYNC: 'yes',
        ENABLE_SCHEDULED_PRUNE_SAVE_HISTORY: 'false',
        SCHEDULED_PRUNE_SAVE_HISTORY_CRON: '0 2 * * 0',
        ENABLE_SYNC_PUSH_PULL: 'no',
        SYNC_PUSH_PULL_CRON: '0 * * * *',
        ENABLE_RESCAN_ON_FILESYSTEM_CHANGE: 'true',
        RESCAN_ON_FILESYSTEM_CHANGE_DELAY: '0.5',
      },
      options,
    ).tasks;
    expect(tasks).toEqual({
      scheduledRescan: { enabled: true, cron: '@daily' },
      updateLaunchboxMetadata: { enabled: false, cron: '0 4 * * *' },
      convertImagesToWebp: { enabled: true, cron: '0 4 * * *' },
      cleanupOrphanedResources: { enabled: false, cron: '0 0 12 15W * ?' },
      syncRetroachievementsProgress: { enabled: true, cron: '0 4 * * *' },
      pruneSaveHistory: { enabled: false, cron: '0 2 * * 0' },
      syncPushPull: { enabled: false, cron: '0 * * * *' },
      rescanOnFilesystemChange: { enabled: true, delayMinutes: 0.5 },
    });
    expect(errorOf({ RESCAN_ON_FILESYSTEM_CHANGE_DELAY: 'soon' })).toBe(
      'RESCAN_ON_FILESYSTEM_CHANGE_DELAY must be a number of minutes between 0 and 1440 (got "soon")',
    );
  });

  // SPEC §5: 5 to 7 parts, field ranges, shortcuts, W only on a single day of month.
  it.each([
    ['0 3 * * *', null],
    ['*/15 2-4 1,15 1-12 0-6', null],
    ['30 0 3 * * *', null],
    ['0 0 3 * * ? 2030', null],
    ['0 0 1W * *', null],
    ['@yearly', null],
    ['@annually', null],
    ['@monthly', null],
    ['@weekly', null],
    ['@daily', null],
    ['@midnight', null],
    ['@hourly', null],
    ['* * * *', 'fewer than 5 parts'],
    ['daily', 'fewer than 5 parts'],
    ['0 0 0 1 1 * 2030 x', 'more than 7 parts'],
    ['60 * * * * *', 'invalid seconds'],
    ['60 * * * *', 'invalid minutes'],
    ['0 24 * * *', 'invalid hours'],
    ['0 0 0 * *', 'invalid day of month'],
    ['0 0 32 * *', 'invalid day of month'],
    ['0 0 * 13 *', 'invalid month'],
    ['0 0 * 0 *', 'invalid month'],
    ['0 0 * * 7', 'invalid day of week'],
    ['0 0 * * 1-8', 'invalid day of week'],
    ['0 0 5-1 * *', 'invalid day of month'],
    ['0 0 1-5W * *', 'invalid day of month'],
    ['0 0 1W,15W * *', 'invalid day of month'],
    ['0 0 *W * *', 'invalid day of month'],
    ['0 0 * * 1W', 'invalid day of week'],
    ['0 0 0 * * * 1969', 'invalid year'],
  ])('SCHEDULED_RESCAN_CRON=%j → %s', (cron, problem) => {
    if (problem === null) {
      expect(parseEnv({ SCHEDULED_RESCAN_CRON: cron }, options).tasks.scheduledRescan.cron).toBe(
        cron,
      );
    } else {
      expect(errorOf({ SCHEDULED_RESCAN_CRON: cron })).toBe(
        `SCHEDULED_RESCAN_CRON must be a cron expression (got "${cron}": ${problem})`,
      );
    }
  });

  it('reads the account settings and refuses an incomplete OIDC setup', () => {
    const config = parseEnv(
      {
        OAUTH_ACCESS_TOKEN_EXPIRE_SECONDS: '600',
        SMTP_HOST: 'mail.example.com',
        SMTP_PORT: '2525',
        OIDC_ENABLED: 'true',
        OIDC_CLIENT_ID: 'romshelf',
        OIDC_SERVER_APPLICATION_URL: 'https://id.example.com/',
        OIDC_REDIRECT_URI: 'https://games.example.com/api/oauth/openid',
      },
      options,
    );
    expect(config.auth.accessTokenSeconds).toBe(600);
    expect(config.smtp).toEqual({
      host: 'mail.example.com',
      port: 2525,
      user: null,
      password: null,
      from: 'RomShelf <no-reply@mail.example.com>',
    });
    expect(config.oidc.issuerUrl).toBe('https://id.example.com');
    expect(errorOf({ OIDC_ENABLED: 'true', OIDC_CLIENT_ID: 'x' })).toBe(
      'OIDC_ENABLED=true needs OIDC_SERVER_APPLICATION_URL, OIDC_REDIRECT_URI',
    );
  });

  it('resolves folders against the working directory', () => {
    const config = parseEnv(
      {
        ROMSHELF_DATA_DIR: 'state',
        ROMSHELF_LIBRARY_DIR: '/mnt/games',
        ROMSHELF_WEB_DIR: 'public',
      },
      options,
    );
    expect(config.dataDir).toBe(path.resolve('/srv/romshelf/state'));
    expect(config.libraryDir).toBe('/mnt/games');
    expect(config.webDir).toBe(path.resolve('/srv/romshelf/public'));
  });

  it('selects the database from DATABASE_URL, never repeating a bad one (it holds a password)', () => {
    const url = 'postgres://romshelf:s3cret@db.lan:5432/romshelf';
    expect(parseEnv({ DATABASE_URL: url }, options).database).toEqual({ engine: 'postgres', url });
    expect(parseEnv({ DATABASE_URL: 'postgresql://db/romshelf' }, options).database).toEqual({
      engine: 'postgres',
      url: 'postgresql://db/romshelf',
    });
    expect(parseEnv({ DATABASE_URL: 'sqlite:library.db' }, options).database).toEqual({
      engine: 'sqlite',
      file: path.resolve('/srv/romshelf/library.db'),
    });
    expect(parseEnv({ DATABASE_URL: 'sqlite:' }, options).database).toEqual({
      engine: 'sqlite',
      file: path.resolve('/srv/romshelf/data/romshelf.db'),
    });
    const message =
      'DATABASE_URL must be postgres://user:password@host:port/database or sqlite:<file>';
    expect(errorOf({ DATABASE_URL: 'mysql://root:s3cret@db/romshelf' })).toBe(message);
    expect(errorOf({ DATABASE_URL: 'postgres://' })).toBe(message);
  });

  it('treats blank values as unset', () => {
    expect(parseEnv({ PORT: '', ROMSHELF_SECURE_COOKIES: ' ' }, options)).toMatchObject({
      port: 3000,
      secureCookies: false,
    });
  });

  it('explains a bad PORT in one line', () => {
    expect(errorOf({ PORT: 'abc' })).toBe(
      'PORT must be an integer between 1 and 65535 (got "abc")',
    );
    expect(errorOf({ PORT: '70000' })).toBe(
      'PORT must be an integer between 1 and 65535 (got "70000")',
    );
    expect(errorOf({ PORT: '3000.5' })).toBe(
      'PORT must be an integer between 1 and 65535 (got "3000.5")',
    );
  });

  it('logs JSON for machines and pretty lines on a terminal unless LOG_FORMAT says otherwise', () => {
    expect(parseEnv({}, { ...options, interactive: true }).logFormat).toBe('pretty');
    expect(parseEnv({}, { ...options, interactive: false }).logFormat).toBe('json');
    expect(parseEnv({ LOG_FORMAT: 'json' }, { ...options, interactive: true }).logFormat).toBe(
      'json',
    );
    expect(parseEnv({ LOG_FORMAT: 'Pretty' }, options).logFormat).toBe('pretty');
    expect(errorOf({ LOG_FORMAT: 'xml' })).toBe(
      'LOG_FORMAT must be one of json, pretty (got "xml")',
    );
  });

  it('explains a bad boolean in one line', () => {
    expect(errorOf({ ROMSHELF_SECURE_COOKIES: 'maybe' })).toBe(
      'ROMSHELF_SECURE_COOKIES must be a boolean: true/false, 1/0 or yes/no (got "maybe")',
    );
  });

  it('explains other bad values', () => {
    expect(errorOf({ LOG_LEVEL: 'loud' })).toBe(
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    );
    expect(errorOf({ ROMSHELF_BASE_URL: 'ftp://x' })).toBe(
      'ROMSHELF_BASE_URL must be an http(s) URL (got "ftp://x")',
    );
    expect(errorOf({ UPLOAD_TIMEOUT: '0' })).toBe(
      'UPLOAD_TIMEOUT must be an integer between 1 and 86400 (got "0")',
    );
  });

  it('reads trusted proxies and allowed origins, and explains bad entries', () => {
    const config = parseEnv(
      {
        ROMSHELF_TRUSTED_PROXIES: ' 10.0.0.1, 172.16.0.0/12 ,fd00::/8',
        ROMSHELF_ALLOWED_ORIGINS: 'https://games.example.com, http://10.0.0.5:8080/',
      },
      options,
    );
    expect(config.trustedProxies).toEqual(['10.0.0.1', '172.16.0.0/12', 'fd00::/8']);
    expect(config.allowedOrigins).toEqual(['https://games.example.com', 'http://10.0.0.5:8080']);
    expect(errorOf({ ROMSHELF_TRUSTED_PROXIES: '10.0.0.1, proxy.lan' })).toBe(
      'ROMSHELF_TRUSTED_PROXIES must list IP addresses or CIDR ranges separated by commas (got "proxy.lan")',
    );
    expect(errorOf({ ROMSHELF_TRUSTED_PROXIES: '10.0.0.0/33' })).toBe(
      'ROMSHELF_TRUSTED_PROXIES must list IP addresses or CIDR ranges separated by commas (got "10.0.0.0/33")',
    );
    expect(errorOf({ ROMSHELF_ALLOWED_ORIGINS: 'https://a.example.com/app' })).toBe(
      'ROMSHELF_ALLOWED_ORIGINS must list origins such as https://app.example.com separated by commas (got "https://a.example.com/app")',
    );
  });

  it('derives metadata sources from credentials and flags', () => {
    const config = parseEnv(
      { IGDB_CLIENT_ID: 'a', MOBYGAMES_API_KEY: 'k', TGDB_API_ENABLED: 'Yes' },
      options,
    );
    expect(config.metadataSources).toMatchObject({ igdb: false, moby: true, tgdb: true });
  });
});

describe('parseBooleanWord', () => {
  it('knows true/false, 1/0 and yes/no in any case', () => {
    for (const word of ['true', 'TRUE', '1', 'yes', 'Yes', ' true ']) {
      expect(parseBooleanWord(word), word).toBe(true);
    }
    for (const word of ['false', 'False', '0', 'no', 'NO']) {
      expect(parseBooleanWord(word), word).toBe(false);
    }
    for (const word of ['on', 'off', 'y', '2', '']) {
      expect(parseBooleanWord(word), word).toBeUndefined();
    }
  });
});

describe('SCAN_WORKERS', () => {
  it('sets the hashing pool size and rejects nonsense', () => {
    expect(parseEnv({ SCAN_WORKERS: '4' }, options).scanWorkers).toBe(4);
    expect(errorOf({ SCAN_WORKERS: '0' })).toMatch(
      /SCAN_WORKERS must be an integer between 1 and 64/,
    );
  });
});

describe('REDIS_URL', () => {
  it('turns on the Redis parts with a redis:// or rediss:// URL and explains anything else', () => {
    expect(parseEnv({ REDIS_URL: ' redis://cache.lan:6379/2 ' }, options).redis).toEqual({
      url: 'redis://cache.lan:6379/2',
    });
    expect(parseEnv({ REDIS_URL: 'rediss://:secret@cache.lan' }, options).redis).toEqual({
      url: 'rediss://:secret@cache.lan',
    });
    expect(parseEnv({ REDIS_URL: '' }, options).redis).toBeNull();
    expect(errorOf({ REDIS_URL: 'http://user:secret@cache.lan:6379' })).toBe(
      'REDIS_URL must be a redis:// or rediss:// URL',
    );
    expect(errorOf({ REDIS_URL: 'cache.lan:6379' })).toBe(
      'REDIS_URL must be a redis:// or rediss:// URL',
    );
  });
});
