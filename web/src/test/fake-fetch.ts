/** A scripted `fetch` for tests: answers by "METHOD /path" and records every call. */
export interface RecordedCall {
  method: string;
  url: string;
  headers: Headers;
  body: string | null;
  /** The multipart body, when one was sent. */
  form: FormData | null;
}

export type FakeAnswer = { status: number; json?: unknown };

export function createFakeFetch(routes: Record<string, FakeAnswer | (() => FakeAnswer)>) {
  const calls: RecordedCall[] = [];
  const fetchImpl = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    calls.push({
      method,
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : null,
      form: init.body instanceof FormData ? init.body : null,
    });
    const path = url.split('?')[0] ?? url;
    const entry = routes[`${method} ${path}`];
    const answer =
      typeof entry === 'function'
        ? entry()
        : (entry ?? { status: 404, json: { detail: 'Not Found' } });
    const body = answer.json === undefined ? null : JSON.stringify(answer.json);
    return Promise.resolve(
      new Response(body, {
        status: answer.status,
        headers: body === null ? {} : { 'content-type': 'application/json' },
      }),
    );
  };
  return { fetch: fetchImpl, calls };
}

export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

export const HEARTBEAT = {
  SYSTEM: { VERSION: '5.0.0', ROMSHELF_VERSION: '0.1.0', SHOW_SETUP_WIZARD: false },
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
};

export const ADMIN_USER = {
  id: 1,
  username: 'admin',
  email: 'admin@example.com',
  enabled: true,
  role: 'admin',
  oauth_scopes: ['me.read', 'platforms.write', 'users.write'],
  avatar_path: '',
  last_login: null,
  previous_login: null,
  last_active: null,
  ra_username: null,
  ra_progression: null,
  ui_settings: null,
  permission_group_id: null,
  current_device_id: null,
  share_activity: true,
  created_at: '2026-11-22T00:00:00Z',
  updated_at: '2026-11-22T00:00:00Z',
};
