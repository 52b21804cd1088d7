/** Business constants shared by server and web (SPEC §9). */

export const PRODUCT_NAME = 'RomShelf';

/**
 * The RomM API version RomShelf answers as (`SYSTEM.VERSION` of the heartbeat): RomM's apps
 * choose their login flow and features by it. RomShelf's own version is `SYSTEM.ROMSHELF_VERSION`.
 */
export const ROMM_API_VERSION = '5.0.0';

/** Gallery page size. */
export const PAGE_SIZE = 72;
/** Length of the "recently added" and "continue playing" rails. */
export const RAIL_SIZE = 15;

/** Timeout of every API call, in milliseconds. */
export const API_TIMEOUT_MS = 120_000;
/** Default upload timeout, in seconds, when the heartbeat does not say otherwise. */
export const DEFAULT_UPLOAD_TIMEOUT_SECONDS = 20;

/** The network-quiesced event fires this long after the last pending request ends. */
export const NETWORK_QUIESCED_DELAY_MS = 250;

/** socket.io client settings. */
export const SOCKET_PATH = '/ws/socket.io/';
export const SOCKET_RECONNECTION_DELAY_MS = 1000;
export const SOCKET_RECONNECTION_DELAY_MAX_MS = 5000;
export const SOCKET_RANDOMIZATION_FACTOR = 0.5;
export const SOCKET_TIMEOUT_MS = 20_000;

/** Bulk downloads pause between files; a single download link is removed shortly after use. */
export const BULK_DOWNLOAD_PAUSE_MS = 300;
export const DOWNLOAD_LINK_LIFETIME_MS = 100;

export const EDITOR_RENDER_DELAY_MS = 500;
export const DEFAULT_DEBOUNCE_MS = 200;
export const SCROLL_DURATION_MS = 300;
export const STORED_MAX = 10_000;

/** Cookie names RomM clients know. */
export const SESSION_COOKIE = 'romm_session';
export const CSRF_COOKIE = 'romm_csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
/**
 * RomShelf's readable companion of the (script-proof) session cookie: present while the browser
 * holds a session, so the web app asks who is signed in only then (no 401 when signed out).
 */
export const SIGNED_IN_COOKIE = 'romshelf_signed_in';

/** Local storage keys. */
export const STORAGE_KEYS = {
  locale: 'settings.locale',
  theme: 'settings.theme',
  mainBarCollapsed: 'settings.mainBarCollapsed',
  groupRoms: 'settings.groupRoms',
} as const;

/** Theme preference stored under `settings.theme`. */
export const THEME_PREFERENCE = { dark: 0, light: 1, auto: 2 } as const;
export type ThemePreference = (typeof THEME_PREFERENCE)[keyof typeof THEME_PREFERENCE];

export const THEME_COLORS = {
  dark: { primary: '#8B74E8', background: '#0D1117' },
  light: { primary: '#371f69', background: '#F2F4F8' },
  named: {
    red: '#DA3633',
    green: '#3FB950',
    blue: '#3B82F6',
    white: '#FFFFFF',
    gray: '#8B949E',
    black: '#000000',
    gold: '#D4AF37',
  },
} as const;

export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;
/** Below this width the app uses its mobile layout. */
export const MOBILE_BREAKPOINT = BREAKPOINTS.lg;

/** ROM play statuses (SPEC §4), in display order, with their emoji. */
export const PLAY_STATUSES = [
  'backlogged',
  'now_playing',
  'incomplete',
  'finished',
  'completed_100',
  'retired',
  'never_playing',
  'hidden',
] as const;
export type PlayStatus = (typeof PLAY_STATUSES)[number];

export const PLAY_STATUS_EMOJI: Record<PlayStatus, string> = {
  backlogged: '🔜',
  now_playing: '🕹️',
  incomplete: '🚧',
  finished: '🏁',
  completed_100: '💯',
  retired: '🏴',
  never_playing: '🚫',
  hidden: '👻',
};

/** Metadata option values (SPEC §9). */
export const METADATA_SOURCES = ['igdb', 'hasheous', 'ss', 'moby', 'ra', 'lb', 'sgdb'] as const;
export type MetadataSource = (typeof METADATA_SOURCES)[number];
