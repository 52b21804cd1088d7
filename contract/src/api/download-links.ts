import { z } from 'zod';

/** How long a new download link works, in seconds: the choices the game page offers. */
export const DOWNLOAD_LINK_LIFETIMES = [900, 3600, 86_400, 604_800] as const;
export const DOWNLOAD_LINK_DEFAULT_LIFETIME = 3600;

/** `POST /api/download-links`: a link to download one ROM without signing in, for a while. */
export const CreateDownloadLinkBodySchema = z.object({
  rom_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  /** Seconds until the link stops working: 5 minutes to 7 days. */
  expires_in: z
    .number()
    .int()
    .min(300)
    .max(DOWNLOAD_LINK_LIFETIMES[DOWNLOAD_LINK_LIFETIMES.length - 1] ?? 604_800)
    .default(DOWNLOAD_LINK_DEFAULT_LIFETIME),
});
export type CreateDownloadLinkBody = z.input<typeof CreateDownloadLinkBodySchema>;

/** A download link as listed: the token itself is shown only when it is created. */
export const DownloadLinkSchema = z.object({
  id: z.number(),
  rom_id: z.number(),
  /** The ROM's name (its file name when it has none). */
  rom_name: z.string(),
  /** The name the download is saved under. */
  file_name: z.string(),
  expires_at: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** How many downloads the link started. */
  downloads: z.number(),
});
export type DownloadLink = z.infer<typeof DownloadLinkSchema>;

export const DownloadLinkListSchema = z.array(DownloadLinkSchema);

/** A new link with its path (`/api/dl/{token}/{file_name}`), to put after the server's origin. */
export const CreatedDownloadLinkSchema = DownloadLinkSchema.extend({ path: z.string() });
export type CreatedDownloadLink = z.infer<typeof CreatedDownloadLinkSchema>;

export const DownloadLinkListQuerySchema = z.object({
  rom_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

export const DownloadLinkIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const DownloadLinkContentParamsSchema = z.object({
  token: z.string().min(1).max(128),
  file_name: z.string().min(1).max(1024),
});
