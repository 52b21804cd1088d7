import { z } from 'zod';

/** Metadata sources a scan priority list may name (RomM's `VALID_SCAN_PRIORITY_SOURCES`). */
export const SCAN_PRIORITY_SOURCES = [
  'igdb',
  'moby',
  'ss',
  'sgdb',
  'ra',
  'launchbox',
  'hasheous',
  'tgdb',
  'flashpoint',
  'hltb',
  'libretro',
  'gamelist',
] as const;

/** Media kinds a scan may fetch (RomM's `MetadataMediaType`). */
export const SCAN_MEDIA_TYPES = [
  'box2d',
  'box3d',
  'physical',
  'miximage',
  'screenshot',
  'title_screen',
  'marquee',
  'logo',
  'fanart',
  'bezel',
  'manual',
  'video',
] as const;

/** Media a gamelist.xml `<thumbnail>` may point at. */
export const GAMELIST_THUMBNAIL_TYPES = ['box2d', 'box3d', 'physical', 'miximage'] as const;
/** Media a gamelist.xml `<image>` may point at. */
export const GAMELIST_IMAGE_TYPES = ['screenshot', 'title_screen', 'miximage', 'fanart'] as const;

/** A priority list of sources: unknown ones refused, repeats dropped (order kept). */
const sourceList = z
  .array(z.enum(SCAN_PRIORITY_SOURCES))
  .max(SCAN_PRIORITY_SOURCES.length * 4)
  .transform((sources) => [...new Set(sources)]);

/** Region or language codes: open sets, trimmed, lower-cased, blanks and repeats dropped. */
const codeList = z
  .array(z.string().max(16))
  .max(64)
  .transform((codes) => [
    ...new Set(codes.map((code) => code.trim().toLowerCase()).filter((code) => code !== '')),
  ])
  .refine((codes) => codes.every((code) => /^[a-z0-9_-]+$/.test(code)), {
    message: 'codes are letters, digits, - and _',
  });

/**
 * `PUT /api/config/scan` (RomM 5): replaces the `scan` section of config.yml. A null or absent
 * cover/screenshot/manual list removes that override, so it follows `artwork_priority`.
 */
export const ScanSettingsBodySchema = z.object({
  metadata_priority: sourceList,
  artwork_priority: sourceList,
  cover_priority: sourceList.nullish(),
  screenshot_priority: sourceList.nullish(),
  manual_priority: sourceList.nullish(),
  region_priority: codeList,
  language_priority: codeList,
  media: z
    .array(z.enum(SCAN_MEDIA_TYPES))
    .max(SCAN_MEDIA_TYPES.length * 4)
    .transform((media) => [...new Set(media)]),
  gamelist_export: z.boolean(),
  gamelist_thumbnail: z.enum(GAMELIST_THUMBNAIL_TYPES),
  gamelist_image: z.enum(GAMELIST_IMAGE_TYPES),
  pegasus_export: z.boolean(),
});
export type ScanSettingsBody = z.infer<typeof ScanSettingsBodySchema>;
export type ScanSettingsInput = z.input<typeof ScanSettingsBodySchema>;
