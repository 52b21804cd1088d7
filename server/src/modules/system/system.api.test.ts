import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import { ROMM_API_VERSION } from '@romshelf/contract';

import {
  ADMIN,
  ADMIN_AUTH,
  basic,
  buildTestApp,
  createFirstAdmin,
  TEST_VERSION,
} from '../../../test/build-test-app.js';

describe('GET /api/heartbeat', () => {
  it('answers the full shape with every default', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/heartbeat' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      SYSTEM: { VERSION: '5.0.0', ROMSHELF_VERSION: TEST_VERSION, SHOW_SETUP_WIZARD: true },
      METADATA_SOURCES: {
        ANY_SOURCE_ENABLED: false,
        IGDB_API_ENABLED: false,
        SS_API_ENABLED: false,
        SS_DEV_CREDENTIALS_SET: false,
        MOBY_API_ENABLED: false,
        RA_API_ENABLED: false,
        STEAMGRIDDB_API_ENABLED: false,
        LAUNCHBOX_API_ENABLED: false,
        PLAYMATCH_API_ENABLED: false,
        HASHEOUS_API_ENABLED: false,
        TGDB_API_ENABLED: false,
        FLASHPOINT_API_ENABLED: false,
        HLTB_API_ENABLED: false,
        LIBRETRO_API_ENABLED: false,
      },
      FILESYSTEM: { FS_PLATFORMS: [] },
      EMULATION: { DISABLE_EMULATOR_JS: false, DISABLE_RUFFLE_RS: false },
      FRONTEND: {
        UPLOAD_TIMEOUT: 20,
        DISABLE_USERPASS_LOGIN: false,
        YOUTUBE_BASE_URL: 'https://www.youtube.com',
        DISABLE_LOGS_VIEWER: false,
        KIOSK_MODE: false,
        KIOSK_ALLOW_PLAY: false,
      },
      OIDC: { ENABLED: false, PROVIDER: '', AUTOLOGIN: false, RP_INITIATED_LOGOUT: false },
      TASKS: {
        ENABLE_SCHEDULED_RESCAN: false,
        SCHEDULED_RESCAN_CRON: '0 3 * * *',
        ENABLE_SCHEDULED_UPDATE_SWITCH_TITLEDB: false,
        SCHEDULED_UPDATE_SWITCH_TITLEDB_CRON: '0 4 * * *',
        ENABLE_SCHEDULED_UPDATE_LAUNCHBOX_METADATA: false,
        SCHEDULED_UPDATE_LAUNCHBOX_METADATA_CRON: '0 4 * * *',
        ENABLE_SCHEDULED_CONVERT_IMAGES_TO_WEBP: false,
        SCHEDULED_CONVERT_IMAGES_TO_WEBP_CRON: '0 4 * * *',
      },
    });
    // RomM's apps read a major version below 5 as a pre-5.0 server.
    expect(ROMM_API_VERSION.split('.')[0]).toBe('5');
  });

  it("answers streaming as disabled, in RomM's shape", async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const anonymous = await app.inject({ method: 'GET', url: '/api/streaming/config' });
    expect(anonymous.statusCode).toBe(401);
    const response = await app.inject({
      method: 'GET',
      url: '/api/streaming/config',
      headers: { authorization: basic(ADMIN.username, ADMIN.password) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ enabled: false, containers: [], emulator_labels: {} });
  });

  it('also answers with a trailing slash', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/heartbeat/' });
    expect(response.statusCode).toBe(200);
  });

  it('stops showing the setup wizard once an admin exists', async () => {
    const { app } = await buildTestApp();
    const before = await app.inject({ method: 'GET', url: '/api/heartbeat' });
    expect(before.json<{ SYSTEM: { SHOW_SETUP_WIZARD: boolean } }>().SYSTEM.SHOW_SETUP_WIZARD).toBe(
      true,
    );
    await createFirstAdmin(app);
    const after = await app.inject({ method: 'GET', url: '/api/heartbeat' });
    expect(after.json<{ SYSTEM: { SHOW_SETUP_WIZARD: boolean } }>().SYSTEM.SHOW_SETUP_WIZARD).toBe(
      false,
    );
  });

  it('never shows the setup wizard when DISABLE_SETUP_WIZARD is set', async () => {
    const { app } = await buildTestApp({ env: { DISABLE_SETUP_WIZARD: 'true' } });
    const response = await app.inject({ method: 'GET', url: '/api/heartbeat' });
    expect(
      response.json<{ SYSTEM: { SHOW_SETUP_WIZARD: boolean } }>().SYSTEM.SHOW_SETUP_WIZARD,
    ).toBe(false);
  });

  it('lists platform folders of a roms/{platform} library', async () => {
    const { app, config } = await buildTestApp();
    for (const name of ['snes', 'gba', 'n64', '@eaDir']) {
      mkdirSync(path.join(config.libraryDir, 'roms', name), { recursive: true });
    }
    writeFileSync(path.join(config.libraryDir, 'roms', 'readme.txt'), 'not a platform');
    const response = await app.inject({ method: 'GET', url: '/api/heartbeat' });
    expect(response.json<{ FILESYSTEM: unknown }>().FILESYSTEM).toEqual({
      FS_PLATFORMS: ['gba', 'n64', 'snes'],
    });
  });

  it('lists platform folders of a {platform}/roms library', async () => {
    const { app, config } = await buildTestApp();
    mkdirSync(path.join(config.libraryDir, 'psx', 'roms'), { recursive: true });
    mkdirSync(path.join(config.libraryDir, 'nes', 'roms'), { recursive: true });
    mkdirSync(path.join(config.libraryDir, 'music'), { recursive: true });
    const response = await app.inject({ method: 'GET', url: '/api/heartbeat' });
    expect(response.json<{ FILESYSTEM: unknown }>().FILESYSTEM).toEqual({
      FS_PLATFORMS: ['nes', 'psx'],
    });
  });

  it('leaves out platforms excluded in config.yml', async () => {
    const { app, config } = await buildTestApp();
    mkdirSync(path.join(config.libraryDir, 'roms', 'snes'), { recursive: true });
    mkdirSync(path.join(config.libraryDir, 'roms', 'gba'), { recursive: true });
    writeFileSync(
      path.join(config.dataDir, 'config', 'config.yml'),
      'exclude:\n  platforms: [gba]\n',
    );
    const response = await app.inject({ method: 'GET', url: '/api/heartbeat' });
    expect(response.json<{ FILESYSTEM: unknown }>().FILESYSTEM).toEqual({ FS_PLATFORMS: ['snes'] });
  });

  it('turns metadata sources and other flags on from the environment', async () => {
    const { app } = await buildTestApp({
      env: {
        IGDB_CLIENT_ID: 'id',
        IGDB_CLIENT_SECRET: 'secret',
        SCREENSCRAPER_USER: 'user',
        SCREENSCRAPER_DEV_ID: 'dev',
        SCREENSCRAPER_DEV_PASSWORD: 'dev-pass',
        ENABLE_SCHEDULED_UPDATE_LAUNCHBOX_METADATA: 'true',
        SCHEDULED_UPDATE_LAUNCHBOX_METADATA_CRON: '30 2 * * 1',
        MOBYGAMES_API_KEY: 'key',
        RETROACHIEVEMENTS_API_KEY: 'key',
        STEAMGRIDDB_API_KEY: 'key',
        LAUNCHBOX_API_ENABLED: 'yes',
        PLAYMATCH_API_ENABLED: '1',
        HASHEOUS_API_ENABLED: 'TRUE',
        TGDB_API_ENABLED: 'false',
        DISABLE_EMULATOR_JS: 'true',
        DISABLE_RUFFLE_RS: 'true',
        DISABLE_USERPASS_LOGIN: 'true',
        DISABLE_LOGS_VIEWER: 'true',
        KIOSK_MODE: 'true',
        UPLOAD_TIMEOUT: '600',
        YOUTUBE_BASE_URL: 'https://invidious.example.org/',
        OIDC_ENABLED: 'true',
        OIDC_PROVIDER: 'Authelia',
        OIDC_CLIENT_ID: 'romshelf',
        OIDC_SERVER_APPLICATION_URL: 'https://auth.example.org',
        OIDC_REDIRECT_URI: 'https://games.example.org/api/oauth/openid',
      },
    });
    const body = (await app.inject({ method: 'GET', url: '/api/heartbeat' })).json<
      Record<string, unknown>
    >();
    expect(body.METADATA_SOURCES).toEqual({
      ANY_SOURCE_ENABLED: true,
      IGDB_API_ENABLED: true,
      // Screenscraper needs both the user and the password.
      SS_API_ENABLED: false,
      SS_DEV_CREDENTIALS_SET: true,
      MOBY_API_ENABLED: true,
      RA_API_ENABLED: true,
      STEAMGRIDDB_API_ENABLED: true,
      LAUNCHBOX_API_ENABLED: true,
      PLAYMATCH_API_ENABLED: true,
      HASHEOUS_API_ENABLED: true,
      TGDB_API_ENABLED: false,
      FLASHPOINT_API_ENABLED: false,
      HLTB_API_ENABLED: false,
      LIBRETRO_API_ENABLED: false,
    });
    expect(body.EMULATION).toEqual({ DISABLE_EMULATOR_JS: true, DISABLE_RUFFLE_RS: true });
    expect(body.FRONTEND).toEqual({
      UPLOAD_TIMEOUT: 600,
      DISABLE_USERPASS_LOGIN: true,
      YOUTUBE_BASE_URL: 'https://invidious.example.org',
      DISABLE_LOGS_VIEWER: true,
      KIOSK_MODE: true,
      KIOSK_ALLOW_PLAY: false,
    });
    expect(body.OIDC).toEqual({
      ENABLED: true,
      PROVIDER: 'Authelia',
      AUTOLOGIN: false,
      RP_INITIATED_LOGOUT: false,
    });
    expect(body.TASKS).toMatchObject({
      ENABLE_SCHEDULED_UPDATE_LAUNCHBOX_METADATA: true,
      SCHEDULED_UPDATE_LAUNCHBOX_METADATA_CRON: '30 2 * * 1',
    });
  });

  it('enables ANY_SOURCE_ENABLED for a single source', async () => {
    const { app } = await buildTestApp({
      env: { SCREENSCRAPER_USER: 'u', SCREENSCRAPER_PASSWORD: 'p' },
    });
    const body = (await app.inject({ method: 'GET', url: '/api/heartbeat' })).json<{
      METADATA_SOURCES: Record<string, boolean>;
    }>();
    expect(body.METADATA_SOURCES.SS_API_ENABLED).toBe(true);
    expect(body.METADATA_SOURCES.ANY_SOURCE_ENABLED).toBe(true);
    expect(body.METADATA_SOURCES.IGDB_API_ENABLED).toBe(false);
  });
});

describe('GET /api/config', () => {
  it('answers defaults and creates a commented config.yml', async () => {
    const { app, dataDir } = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      CONFIG_FILE_MOUNTED: true,
      CONFIG_FILE_WRITABLE: true,
      CONFIG_FILE_PARSE_ERROR: null,
      CONFIG_FILE_INVALID_BINDINGS: [],
      EXCLUDED_PLATFORMS: [],
      EXCLUDED_SINGLE_EXT: [],
      EXCLUDED_SINGLE_FILES: [],
      EXCLUDED_MULTI_FILES: [],
      EXCLUDED_MULTI_PARTS_EXT: [],
      EXCLUDED_MULTI_PARTS_FILES: [],
      DEFAULT_EXCLUDED_DIRS: [
        '@eaDir',
        'assets',
        '__MACOSX',
        '#recycle',
        '$RECYCLE.BIN',
        '.Trash-*',
        '.stfolder',
        '.Spotlight-V100',
        '.fseventsd',
        '.DocumentRevisions-V100',
        'System Volume Information',
      ],
      DEFAULT_EXCLUDED_FILES: [
        '.DS_Store',
        '.localized',
        '.Trashes',
        '.stfolder',
        '@SynoResource',
        '*:Zone.Identifier',
        'gamelist.xml',
        'metadata.pegasus.txt',
      ],
      DEFAULT_EXCLUDED_EXTENSIONS: [
        'db',
        'ini',
        'tmp',
        'bak',
        'lock',
        'log',
        'cache',
        'crdownload',
      ],
      PLATFORMS_BINDING: {},
      PLATFORMS_VERSIONS: {},
      SKIP_HASH_CALCULATION: false,
      EJS_DEBUG: false,
      EJS_CACHE_LIMIT: null,
      EJS_DISABLE_AUTO_UNLOAD: false,
      EJS_DISABLE_BATCH_BOOTUP: false,
      EJS_NETPLAY_ENABLED: false,
      EJS_NETPLAY_ICE_SERVERS: [],
      EJS_SETTINGS: {},
      EJS_CONTROLS: {},
      SCAN_METADATA_PRIORITY: [
        'igdb',
        'moby',
        'ss',
        'ra',
        'launchbox',
        'gamelist',
        'hasheous',
        'tgdb',
        'flashpoint',
        'hltb',
      ],
      SCAN_ARTWORK_PRIORITY: [
        'sgdb',
        'igdb',
        'moby',
        'ss',
        'libretro',
        'ra',
        'launchbox',
        'gamelist',
        'hasheous',
        'tgdb',
        'flashpoint',
        'hltb',
      ],
      SCAN_ARTWORK_PRIORITY_OVERRIDES: {},
      SCAN_REGION_PRIORITY: ['us', 'wor', 'ss', 'eu', 'jp'],
      SCAN_LANGUAGE_PRIORITY: ['en'],
      SCAN_MEDIA: ['box2d', 'screenshot', 'manual'],
      GAMELIST_AUTO_EXPORT_ON_SCAN: false,
      GAMELIST_MEDIA_THUMBNAIL: 'box2d',
      GAMELIST_MEDIA_IMAGE: 'screenshot',
      PEGASUS_AUTO_EXPORT_ON_SCAN: false,
    });
    const file = readFileSync(path.join(dataDir, 'config', 'config.yml'), 'utf8');
    expect(file).toContain('# exclude:');
    expect(file).toContain('#     single_file:');
    expect(file).toContain('#   skip_hash_calculation: false');
    expect(file).toContain('#     metadata:');
    // Every line is a comment or blank, so the file means "all defaults".
    expect(file.split('\n').every((line) => line === '' || line.startsWith('#'))).toBe(true);
  });

  it('reads config.yml and applies edits without a restart', async () => {
    const { app, dataDir } = await buildTestApp();
    const file = path.join(dataDir, 'config', 'config.yml');
    writeFileSync(
      file,
      [
        'exclude:',
        '  platforms: [romm, "ps*"]',
        '  roms:',
        '    single_file:',
        '      extensions: [.XML, txt]',
        '      names: [info.txt]',
        '    multi_file:',
        '      names: [downloaded_media]',
        '      parts:',
        '        extensions: [nfo]',
        '        names: ["*.sav"]',
        'system:',
        '  platforms: { gc: ngc, ps1: psx }',
        '  versions: { naomi: arcade }',
        'filesystem:',
        '  skip_hash_calculation: true',
        'scan:',
        '  priority:',
        '    metadata: [ss, igdb]',
        '    region: [eu]',
        '',
      ].join('\n'),
    );
    const body = (await app.inject({ method: 'GET', url: '/api/config' })).json<
      Record<string, unknown>
    >();
    expect(body).toMatchObject({
      CONFIG_FILE_PARSE_ERROR: null,
      EXCLUDED_PLATFORMS: ['romm', 'ps*'],
      EXCLUDED_SINGLE_EXT: ['xml', 'txt'],
      EXCLUDED_SINGLE_FILES: ['info.txt'],
      EXCLUDED_MULTI_FILES: ['downloaded_media'],
      EXCLUDED_MULTI_PARTS_EXT: ['nfo'],
      EXCLUDED_MULTI_PARTS_FILES: ['*.sav'],
      PLATFORMS_BINDING: { gc: 'ngc', ps1: 'psx' },
      PLATFORMS_VERSIONS: { naomi: 'arcade' },
      SKIP_HASH_CALCULATION: true,
      SCAN_METADATA_PRIORITY: ['ss', 'igdb'],
      SCAN_REGION_PRIORITY: ['eu'],
      SCAN_LANGUAGE_PRIORITY: ['en'],
    });

    writeFileSync(file, 'exclude:\n  platforms: [gba]\n');
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    const edited = (await app.inject({ method: 'GET', url: '/api/config' })).json<
      Record<string, unknown>
    >();
    expect(edited.EXCLUDED_PLATFORMS).toEqual(['gba']);
    expect(edited.SKIP_HASH_CALCULATION).toBe(false);
  });

  it("reads RomM's emulatorjs section and the scan media and export keys", async () => {
    const { app, dataDir } = await buildTestApp();
    writeFileSync(
      path.join(dataDir, 'config', 'config.yml'),
      [
        'emulatorjs:',
        '  debug: true',
        '  cache_limit: 1073741824',
        '  disable_auto_unload: true',
        '  disable_batch_bootup: true',
        '  netplay:',
        '    enabled: true',
        '    ice_servers:',
        '      - urls: "stun:stun.example.org:3478"',
        '      - { urls: "turn:turn.example.org", username: u, credential: c }',
        '  settings:',
        '    default: { fps: show }',
        '    snes9x: { snes9x_region: ntsc, frameskip: 0 }',
        '  controls:',
        '    snes9x:',
        '      0:',
        '        0: { value: x, value2: BUTTON_2 }',
        '        8: { value: z }',
        'scan:',
        '  priority:',
        '    cover: [ss, igdb]',
        '  media: [box3d, video]',
        '  gamelist: { export: true, media: { thumbnail: miximage, image: box3d } }',
        '  pegasus: { export: true }',
        '',
      ].join('\n'),
    );
    await createFirstAdmin(app);
    const configAs = async (headers: Record<string, string>) =>
      (await app.inject({ method: 'GET', url: '/api/config', headers })).json<
        Record<string, unknown>
      >();
    // TURN credentials only for signed-in callers allowed to play.
    expect((await configAs({})).EJS_NETPLAY_ICE_SERVERS).toEqual([]);
    const profileOnly = await app.inject({
      method: 'POST',
      url: '/api/client-tokens',
      headers: { authorization: ADMIN_AUTH },
      payload: { name: 'profile', scopes: ['me.read'] },
    });
    const raw = profileOnly.json<{ raw_token: string }>().raw_token;
    expect((await configAs({ authorization: `Bearer ${raw}` })).EJS_NETPLAY_ICE_SERVERS).toEqual(
      [],
    );
    const body = await configAs({ authorization: ADMIN_AUTH });
    expect(body).toMatchObject({
      CONFIG_FILE_PARSE_ERROR: null,
      EJS_DEBUG: true,
      EJS_CACHE_LIMIT: 1073741824,
      EJS_DISABLE_AUTO_UNLOAD: true,
      EJS_DISABLE_BATCH_BOOTUP: true,
      EJS_NETPLAY_ENABLED: true,
      EJS_NETPLAY_ICE_SERVERS: [
        { urls: 'stun:stun.example.org:3478' },
        { urls: 'turn:turn.example.org', username: 'u', credential: 'c' },
      ],
      EJS_SETTINGS: { default: { fps: 'show' }, snes9x: { snes9x_region: 'ntsc', frameskip: '0' } },
      EJS_CONTROLS: {
        snes9x: { _0: { 0: { value: 'x', value2: 'BUTTON_2' }, 8: { value: 'z' } } },
      },
      SCAN_ARTWORK_PRIORITY_OVERRIDES: { url_cover: ['ss', 'igdb'] },
      SCAN_MEDIA: ['box3d', 'video'],
      GAMELIST_AUTO_EXPORT_ON_SCAN: true,
      GAMELIST_MEDIA_THUMBNAIL: 'miximage',
      GAMELIST_MEDIA_IMAGE: 'box3d',
      PEGASUS_AUTO_EXPORT_ON_SCAN: true,
    });
  });

  it('keeps emulatorjs defaults for mistyped keys and says which', async () => {
    const { app, dataDir } = await buildTestApp();
    writeFileSync(
      path.join(dataDir, 'config', 'config.yml'),
      'emulatorjs:\n  debug: yes please\n  controls: { snes9x: { 7: {} } }\n',
    );
    const body = (await app.inject({ method: 'GET', url: '/api/config' })).json<
      Record<string, unknown>
    >();
    expect(body.EJS_DEBUG).toBe(false);
    expect(body.EJS_CONTROLS).toEqual({});
    expect(body.CONFIG_FILE_PARSE_ERROR).toContain('emulatorjs.debug must be true or false');
    expect(body.CONFIG_FILE_PARSE_ERROR).toContain('emulatorjs.controls must map cores');
  });

  it('reports unreadable YAML and keeps serving defaults', async () => {
    const { app, dataDir } = await buildTestApp();
    writeFileSync(path.join(dataDir, 'config', 'config.yml'), 'exclude:\n  platforms: [unclosed\n');
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body.CONFIG_FILE_PARSE_ERROR).toMatch(/^Invalid YAML in config\.yml: /);
    expect(body.EXCLUDED_PLATFORMS).toEqual([]);
    expect(body.SCAN_REGION_PRIORITY).toEqual(['us', 'wor', 'ss', 'eu', 'jp']);
  });

  it('reports values of the wrong type and keeps their defaults', async () => {
    const { app, dataDir } = await buildTestApp();
    writeFileSync(
      path.join(dataDir, 'config', 'config.yml'),
      'exclude:\n  platforms: gba\nfilesystem:\n  skip_hash_calculation: "maybe"\nsystem:\n  versions: { naomi: arcade }\n',
    );
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body.CONFIG_FILE_PARSE_ERROR).toBe(
      'Invalid values in config.yml (defaults used): exclude.platforms must be a list of texts; filesystem.skip_hash_calculation must be true or false',
    );
    expect(body.EXCLUDED_PLATFORMS).toEqual([]);
    expect(body.SKIP_HASH_CALCULATION).toBe(false);
    expect(body.PLATFORMS_VERSIONS).toEqual({ naomi: 'arcade' });
  });
});

describe('GET /api/library/info', () => {
  it('tells library managers where the library is and which layout it uses', async () => {
    const { app, config } = await buildTestApp();
    await createFirstAdmin(app);
    const authorization = basic(ADMIN.username, ADMIN.password);

    const empty = await app.inject({
      method: 'GET',
      url: '/api/library/info',
      headers: { authorization },
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      library_path: config.libraryDir,
      structure: 'roms/{platform}',
      platform_folders: [],
    });

    mkdirSync(path.join(config.libraryDir, 'snes', 'roms'), { recursive: true });
    mkdirSync(path.join(config.libraryDir, 'gba', 'roms'), { recursive: true });
    const platformFirst = await app.inject({
      method: 'GET',
      url: '/api/library/info',
      headers: { authorization },
    });
    expect(platformFirst.json()).toEqual({
      library_path: config.libraryDir,
      structure: '{platform}/roms',
      platform_folders: ['gba', 'snes'],
    });
  });

  it('is refused to anonymous callers and to viewers', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const viewer = await addUser(app, 'watcher', 'viewer');
    const anonymous = await app.inject({ method: 'GET', url: '/api/library/info' });
    expect(anonymous.statusCode).toBe(401);
    const forbidden = await app.inject({
      method: 'GET',
      url: '/api/library/info',
      headers: { authorization: basic(viewer.username, viewer.password) },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ detail: 'Forbidden' });
  });

  it('ignores and lists bindings that are not folder names mapped to platform slugs', async () => {
    const { app, dataDir } = await buildTestApp();
    writeFileSync(
      path.join(dataDir, 'config', 'config.yml'),
      'system:\n  platforms: { snes: "/etc", sfc: snes }\n  versions: { "a/b": arcade }\n',
    );
    const body = (await app.inject({ method: 'GET', url: '/api/config' })).json<
      Record<string, unknown>
    >();
    expect(body.PLATFORMS_BINDING).toEqual({ sfc: 'snes' });
    expect(body.PLATFORMS_VERSIONS).toEqual({});
    expect(body.CONFIG_FILE_INVALID_BINDINGS).toEqual([
      { key: 'system.platforms', folder: 'snes', value: '/etc' },
      { key: 'system.versions', folder: 'a/b', value: 'arcade' },
    ]);
    expect(body.CONFIG_FILE_PARSE_ERROR).toBeNull();
  });
});
