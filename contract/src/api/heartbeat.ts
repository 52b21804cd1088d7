import { z } from 'zod';

/** GET /api/heartbeat: what the web app and RomM clients learn about the server before login. */
export const HeartbeatSchema = z.object({
  SYSTEM: z.object({
    /** The RomM API version implemented (`ROMM_API_VERSION`), which RomM's apps check. */
    VERSION: z.string(),
    /** RomShelf's own version. */
    ROMSHELF_VERSION: z.string(),
    SHOW_SETUP_WIZARD: z.boolean(),
  }),
  METADATA_SOURCES: z.object({
    ANY_SOURCE_ENABLED: z.boolean(),
    IGDB_API_ENABLED: z.boolean(),
    SS_API_ENABLED: z.boolean(),
    SS_DEV_CREDENTIALS_SET: z.boolean(),
    MOBY_API_ENABLED: z.boolean(),
    RA_API_ENABLED: z.boolean(),
    STEAMGRIDDB_API_ENABLED: z.boolean(),
    LAUNCHBOX_API_ENABLED: z.boolean(),
    PLAYMATCH_API_ENABLED: z.boolean(),
    HASHEOUS_API_ENABLED: z.boolean(),
    TGDB_API_ENABLED: z.boolean(),
    FLASHPOINT_API_ENABLED: z.boolean(),
    HLTB_API_ENABLED: z.boolean(),
    LIBRETRO_API_ENABLED: z.boolean(),
  }),
  FILESYSTEM: z.object({
    FS_PLATFORMS: z.array(z.string()),
  }),
  EMULATION: z.object({
    DISABLE_EMULATOR_JS: z.boolean(),
    DISABLE_RUFFLE_RS: z.boolean(),
  }),
  FRONTEND: z.object({
    UPLOAD_TIMEOUT: z.number(),
    DISABLE_USERPASS_LOGIN: z.boolean(),
    YOUTUBE_BASE_URL: z.string(),
    DISABLE_LOGS_VIEWER: z.boolean(),
    /** KIOSK_MODE: anonymous visitors browse the library read-only (RomShelf's own field). */
    KIOSK_MODE: z.boolean(),
    /** KIOSK_ALLOW_PLAY: kiosk visitors may also play (RomShelf's own field). */
    KIOSK_ALLOW_PLAY: z.boolean(),
  }),
  OIDC: z.object({
    ENABLED: z.boolean(),
    PROVIDER: z.string(),
    AUTOLOGIN: z.boolean(),
    RP_INITIATED_LOGOUT: z.boolean(),
  }),
  /** Scheduled tasks, as RomM's (tasks RomShelf does not have are reported disabled). */
  TASKS: z.object({
    ENABLE_SCHEDULED_RESCAN: z.boolean(),
    SCHEDULED_RESCAN_CRON: z.string(),
    ENABLE_SCHEDULED_UPDATE_SWITCH_TITLEDB: z.boolean(),
    SCHEDULED_UPDATE_SWITCH_TITLEDB_CRON: z.string(),
    ENABLE_SCHEDULED_UPDATE_LAUNCHBOX_METADATA: z.boolean(),
    SCHEDULED_UPDATE_LAUNCHBOX_METADATA_CRON: z.string(),
    ENABLE_SCHEDULED_CONVERT_IMAGES_TO_WEBP: z.boolean(),
    SCHEDULED_CONVERT_IMAGES_TO_WEBP_CRON: z.string(),
  }),
});
export type Heartbeat = z.infer<typeof HeartbeatSchema>;

/**
 * GET /api/streaming/config: RomM's cloud-streaming settings. RomShelf has no streaming
 * containers, so it is always disabled.
 */
export const StreamingConfigSchema = z.object({
  enabled: z.boolean(),
  /** Always empty here. */
  containers: z.array(z.object({ platform: z.string(), host: z.string(), label: z.string() })),
  emulator_labels: z.record(z.string(), z.string()),
});
export type StreamingConfig = z.infer<typeof StreamingConfigSchema>;
