/** What a generated platform badge shows: a short label, a hue and a category glyph. */
export interface PlatformBadge {
  label: string;
  hue: number;
  kind: PlatformKind;
}

export type PlatformKind = 'console' | 'portable' | 'computer' | 'arcade' | 'other';

/** The minimum a badge needs from a platform (API platform or scan event). */
export interface BadgeSource {
  slug: string;
  name: string;
  category?: string | null;
  family_name?: string | null;
}

/** Well-known short names, where initials would read badly. */
const SHORT_LABELS: Readonly<Record<string, string>> = {
  '3do': '3DO',
  '3ds': '3DS',
  '64dd': '64DD',
  acpc: 'CPC',
  amiga: 'AMI',
  'amiga-cd32': 'CD32',
  arcade: 'ARC',
  atari2600: '2600',
  atari5200: '5200',
  atari7800: '7800',
  atari800: '800',
  'atari-st': 'ST',
  browser: 'WEB',
  c64: 'C64',
  colecovision: 'CV',
  dc: 'DC',
  dos: 'DOS',
  famicom: 'FC',
  fds: 'FDS',
  gamegear: 'GG',
  gb: 'GB',
  gba: 'GBA',
  gbc: 'GBC',
  genesis: 'MD',
  intellivision: 'INTV',
  jaguar: 'JAG',
  lynx: 'LYNX',
  mame: 'MAME',
  msx: 'MSX',
  msx2: 'MSX2',
  n64: 'N64',
  nds: 'NDS',
  'neo-geo-cd': 'NGCD',
  'neo-geo-pocket': 'NGP',
  'neo-geo-pocket-color': 'NGPC',
  neogeoaes: 'NEO',
  neogeomvs: 'MVS',
  nes: 'NES',
  ngc: 'GC',
  'nintendo-dsi': 'DSi',
  'pc-fx': 'PCFX',
  pico: 'P8',
  ps2: 'PS2',
  ps3: 'PS3',
  ps4: 'PS4',
  ps5: 'PS5',
  psp: 'PSP',
  psvita: 'VITA',
  psx: 'PS1',
  saturn: 'SAT',
  scummvm: 'SCVM',
  segacd: 'MCD',
  sega32: '32X',
  sfam: 'SFC',
  sg1000: 'SG1K',
  sms: 'SMS',
  snes: 'SNES',
  switch: 'NSW',
  'switch-2': 'NS2',
  tg16: 'PCE',
  'turbografx-cd': 'PCCD',
  vectrex: 'VEC',
  virtualboy: 'VB',
  wii: 'Wii',
  wiiu: 'WiiU',
  win: 'WIN',
  wonderswan: 'WS',
  'wonderswan-color': 'WSC',
  xbox: 'XB',
  xbox360: '360',
  xboxone: 'XB1',
  zxs: 'ZX',
};

/** Brand hues, so a family's platforms share a colour. */
const FAMILY_HUES: Readonly<Record<string, number>> = {
  nintendo: 355,
  sony: 215,
  sega: 200,
  microsoft: 120,
  atari: 25,
  nec: 280,
  snk: 45,
  commodore: 235,
  apple: 0,
  sinclair: 15,
  bandai: 330,
  amstrad: 180,
  panasonic: 195,
  mattel: 5,
  magnavox: 260,
};

/** Family and kind of well-known slugs, for callers that only know the slug (ROMs, scan events). */
const KNOWN_SLUGS: Readonly<Record<string, readonly [family: string, kind: PlatformKind]>> = {
  ...Object.fromEntries(
    [
      'nes',
      'famicom',
      'fds',
      'snes',
      'sfam',
      'n64',
      '64dd',
      'ngc',
      'wii',
      'wiiu',
      'switch',
      'switch-2',
    ].map((slug) => [slug, ['nintendo', 'console'] as const]),
  ),
  ...Object.fromEntries(
    ['gb', 'gbc', 'gba', 'nds', 'nintendo-dsi', '3ds', 'virtualboy', 'pokemon-mini'].map((slug) => [
      slug,
      ['nintendo', 'portable'] as const,
    ]),
  ),
  ...Object.fromEntries(
    ['psx', 'ps2', 'ps3', 'ps4', 'ps5'].map((slug) => [slug, ['sony', 'console'] as const]),
  ),
  psp: ['sony', 'portable'],
  psvita: ['sony', 'portable'],
  ...Object.fromEntries(
    ['sg1000', 'sms', 'genesis', 'segacd', 'sega32', 'saturn', 'dc'].map((slug) => [
      slug,
      ['sega', 'console'] as const,
    ]),
  ),
  gamegear: ['sega', 'portable'],
  ...Object.fromEntries(
    ['xbox', 'xbox360', 'xboxone', 'series-x-s'].map((slug) => [
      slug,
      ['microsoft', 'console'] as const,
    ]),
  ),
  ...Object.fromEntries(
    ['atari2600', 'atari5200', 'atari7800', 'jaguar'].map((slug) => [
      slug,
      ['atari', 'console'] as const,
    ]),
  ),
  lynx: ['atari', 'portable'],
  atari800: ['atari', 'computer'],
  'atari-st': ['atari', 'computer'],
  tg16: ['nec', 'console'],
  'turbografx-cd': ['nec', 'console'],
  'pc-fx': ['nec', 'console'],
  neogeoaes: ['snk', 'console'],
  neogeomvs: ['snk', 'arcade'],
  'neo-geo-cd': ['snk', 'console'],
  'neo-geo-pocket': ['snk', 'portable'],
  'neo-geo-pocket-color': ['snk', 'portable'],
  wonderswan: ['bandai', 'portable'],
  'wonderswan-color': ['bandai', 'portable'],
  c64: ['commodore', 'computer'],
  amiga: ['commodore', 'computer'],
  'amiga-cd32': ['commodore', 'console'],
  zxs: ['sinclair', 'computer'],
  acpc: ['amstrad', 'computer'],
  intellivision: ['mattel', 'console'],
  dos: ['', 'computer'],
  win: ['microsoft', 'computer'],
  msx: ['', 'computer'],
  msx2: ['', 'computer'],
  arcade: ['', 'arcade'],
  mame: ['', 'arcade'],
  cps1: ['', 'arcade'],
  cps2: ['', 'arcade'],
  cps3: ['', 'arcade'],
};

/** FNV-1a, enough to spread slugs over the colour wheel deterministically. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < value.length; index += 1) {
    hash ^= value.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function platformKind(category: string | null | undefined): PlatformKind {
  const value = (category ?? '').toLowerCase();
  if (value.includes('portable') || value.includes('handheld')) return 'portable';
  if (value.includes('console')) return 'console';
  if (value.includes('computer') || value.includes('operating system')) return 'computer';
  if (value.includes('arcade')) return 'arcade';
  return 'other';
}

/** Up to four characters naming the platform: a known short name, a short slug, or initials. */
export function platformLabel(slug: string, name: string): string {
  const known = SHORT_LABELS[slug.toLowerCase()];
  if (known) return known;
  const compact = slug.replace(/[^a-z0-9]/gi, '');
  if (compact.length > 0 && compact.length <= 4) return compact.toUpperCase();
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const initials = words
    .map((word) => (/^\d+$/.test(word) ? word : (word[0] ?? '')))
    .join('')
    .toUpperCase();
  if (initials.length >= 2) return initials.slice(0, 4);
  return (compact || name).slice(0, 3).toUpperCase() || '?';
}

export function platformBadge(source: BadgeSource): PlatformBadge {
  const known = KNOWN_SLUGS[source.slug.toLowerCase()];
  const family = (source.family_name ?? known?.[0] ?? '').toLowerCase();
  const hue = FAMILY_HUES[family] ?? hashString(source.slug || source.name) % 360;
  const kind = platformKind(source.category);
  return {
    label: platformLabel(source.slug, source.name),
    hue,
    kind: kind === 'other' && known ? known[1] : kind,
  };
}
