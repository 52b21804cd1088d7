import { z } from 'zod';

/**
 * Console feeds (RomM `backend/endpoints/feeds.py`): game lists that homebrew shops on consoles
 * and web players read, with download links back into the library.
 */

/** Platforms webRcade plays (RomM's list), and webRcade's type where it differs from the slug. */
export const WEBRCADE_PLATFORM_TYPES: Readonly<Record<string, string>> = {
  '3do': '3do',
  arcade: 'arcade',
  atari2600: '2600',
  atari5200: '5200',
  atari7800: '7800',
  c64: 'commodore-c64',
  colecovision: 'colecovision',
  dos: 'dos',
  gamegear: 'gg',
  gb: 'gb',
  gba: 'gba',
  gbc: 'gbc',
  genesis: 'genesis',
  lynx: 'lnx',
  n64: 'n64',
  'neo-geo-cd': 'neogeocd',
  'neo-geo-pocket': 'ngp',
  'neo-geo-pocket-color': 'ngc',
  neogeoaes: 'neogeo',
  neogeomvs: 'neogeo',
  nes: 'nes',
  'pc-fx': 'pcfx',
  psx: 'psx',
  segacd: 'segacd',
  sg1000: 'sg1000',
  sms: 'sms',
  snes: 'snes',
  supergrafx: 'sgx',
  'turbografx-cd': 'pce',
  tg16: 'pce',
  virtualboy: 'vb',
  wonderswan: 'wonderswan',
  'wonderswan-color': 'wonderswan-color',
};

/** The PKGi platforms and the content types (file categories) each accepts. */
export const PKGI_PLATFORMS = ['ps3', 'psvita', 'psp'] as const;
export type PkgiPlatform = (typeof PKGI_PLATFORMS)[number];
/** PKGi's numeric content type per file category (PS3 and PSP list only these). */
export const PKGI_CONTENT_TYPES: Readonly<Record<string, number>> = {
  game: 1,
  dlc: 2,
  demo: 5,
  update: 6,
  patch: 6,
};
/** Platforms FPKGi (PS4/PS5 shop) reads; Kekatsu reads handheld ones (RomM allows any). */
export const FPKGI_PLATFORMS = ['ps4', 'ps5'] as const;
export const KEKATSU_PLATFORMS = ['nds', 'gba', 'gb', 'gbc'] as const;
/** The pkgj lists (PS Vita shop): platform and list, as RomM's fixed paths. */
export const PKGJ_LISTS = [
  { platform: 'psp', list: 'games' },
  { platform: 'psp', list: 'dlc' },
  { platform: 'psvita', list: 'games' },
  { platform: 'psvita', list: 'dlc' },
  { platform: 'psx', list: 'games' },
] as const;
export type PkgjList = (typeof PKGJ_LISTS)[number];

/**
 * A client token for apps that cannot send an Authorization header (pkgj, Kekatsu, webRcade):
 * kept in the feed's download links so they work too. Never logged.
 */
export const FeedTokenQuerySchema = z.object({
  token: z.string().min(1).max(200).optional(),
});

export const TinfoilQuerySchema = FeedTokenQuerySchema.extend({
  slug: z.string().min(1).max(100).default('switch'),
});

export const FeedPlatformParamsSchema = z.object({
  platform_slug: z.string().min(1).max(100),
});

export const PkgiParamsSchema = FeedPlatformParamsSchema.extend({
  content_type: z.string().min(1).max(100),
});

export const FpkgiQuerySchema = FeedTokenQuerySchema.extend({
  content_type: z.string().min(1).max(100).optional(),
});

/** One Switch title in Tinfoil's `titledb` (its custom index format). */
export const TinfoilTitleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  region: z.string(),
  publisher: z.string(),
  releaseDate: z.number().int(),
  size: z.number().int(),
  version: z.number().int(),
  rating: z.number().int(),
  rank: z.number().int(),
});
export type TinfoilTitle = z.infer<typeof TinfoilTitleSchema>;

/** Tinfoil's custom index (https://blawar.github.io/tinfoil/custom_index/). */
export const TinfoilFeedSchema = z.object({
  files: z.array(z.object({ url: z.string(), size: z.number().int() })),
  directories: z.array(z.string()),
  titledb: z.record(z.string(), TinfoilTitleSchema).optional(),
  success: z.string().optional(),
  error: z.string().optional(),
});
export type TinfoilFeed = z.infer<typeof TinfoilFeedSchema>;

export const WebrcadeItemSchema = z.object({
  title: z.string(),
  description: z.string(),
  type: z.string(),
  thumbnail: z.string().optional(),
  background: z.string().optional(),
  props: z.object({ rom: z.string() }),
});
export type WebrcadeItem = z.infer<typeof WebrcadeItemSchema>;

/** webRcade's feed (https://docs.webrcade.com/feeds/format/). */
export const WebrcadeFeedSchema = z.object({
  title: z.string(),
  longTitle: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  background: z.string(),
  categories: z.array(
    z.object({
      title: z.string(),
      longTitle: z.string(),
      items: z.array(WebrcadeItemSchema),
    }),
  ),
});
export type WebrcadeFeed = z.infer<typeof WebrcadeFeedSchema>;

export const FpkgiItemSchema = z.object({
  name: z.string(),
  size: z.number().int(),
  title_id: z.string(),
  region: z.string().nullable(),
  version: z.string().nullable(),
  release: z.string().nullable(),
  min_fw: z.string().nullable(),
  cover_url: z.string().nullable(),
});
export type FpkgiItem = z.infer<typeof FpkgiItemSchema>;

/** FPKGi's JSON: items keyed by their download link. */
export const FpkgiFeedSchema = z.object({ DATA: z.record(z.string(), FpkgiItemSchema) });
export type FpkgiFeed = z.infer<typeof FpkgiFeedSchema>;

/** A feed a console app can read, as the web app lists it for copying. */
export interface FeedLink {
  /** The app that reads it, e.g. `Tinfoil`, `pkgj`. */
  app: string;
  /** The platform's display name; null for a feed of several platforms (webRcade). */
  platform: string | null;
  /** What it lists where a platform has several feeds. */
  content: 'games' | 'dlc' | 'updates' | null;
  /** Path from the server's origin. */
  path: string;
}

const PKGI_CONTENT = [
  ['game', 'games'],
  ['dlc', 'dlc'],
  ['update', 'updates'],
] as const;

/**
 * Every feed worth offering for a library's platforms (by `fs_slug`, as feeds look them up):
 * webRcade when any platform plays there, Tinfoil for Switch, PKGi, pkgj, FPKGi and Kekatsu for
 * the platforms they serve.
 */
export function feedLinksFor(
  platforms: readonly { slug: string; fs_slug: string; display_name: string }[],
): FeedLink[] {
  const links: FeedLink[] = [];
  const nameOf = new Map(platforms.map((platform) => [platform.fs_slug, platform.display_name]));
  const add = (app: string, slug: string, content: FeedLink['content'], path: string) => {
    const platform = nameOf.get(slug);
    if (platform !== undefined) links.push({ app, platform, content, path });
  };
  if (platforms.some((platform) => platform.slug in WEBRCADE_PLATFORM_TYPES)) {
    links.push({ app: 'webRcade', platform: null, content: null, path: '/api/feeds/webrcade' });
  }
  add('Tinfoil', 'switch', null, '/api/feeds/tinfoil');
  for (const slug of PKGI_PLATFORMS) {
    for (const [type, content] of PKGI_CONTENT) {
      add('PKGi', slug, content, `/api/feeds/pkgi/${slug}/${type}`);
    }
  }
  for (const { platform, list } of PKGJ_LISTS) {
    add('pkgj', platform, list, `/api/feeds/pkgj/${platform}/${list}`);
  }
  for (const slug of FPKGI_PLATFORMS) add('FPKGi', slug, null, `/api/feeds/fpkgi/${slug}`);
  for (const slug of KEKATSU_PLATFORMS) add('Kekatsu', slug, null, `/api/feeds/kekatsu/${slug}`);
  return links;
}
