import { z } from 'zod';

/** GET /api/heartbeat: what the web app and RomM clients learn about the server before login. */
export const HeartbeatSchema = z.object({
  SYSTEM: z.object({
    VERSION: z.string(),
    SHOW_SETUP_WIZARD: z.boolean(),
  }),
  METADATA_SOURCES: z.object({
    ANY_SOURCE_ENABLED: z.boolean(),
    IGDB_API_ENABLED: z.boolean(),
    SS_API_ENABLED: z.boolean(),
    MOBY_API_ENABLED: z.boolean(),
    RA_API_ENABLED: z.boolean(),
    STEAMGRIDDB_API_ENABLED: z.boolean(),
    LAUNCHBOX_API_ENABLED: z.boolean(),
    PLAYMATCH_API_ENABLED: z.boolean(),
    HASHEOUS_API_ENABLED: z.boolean(),
    TGDB_API_ENABLED: z.boolean(),
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
  }),
  OIDC: z.object({
    ENABLED: z.boolean(),
    PROVIDER: z.string(),
    RP_INITIATED_LOGOUT: z.boolean(),
  }),
});
export type Heartbeat = z.infer<typeof HeartbeatSchema>;
