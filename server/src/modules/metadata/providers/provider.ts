/**
 * The port every metadata provider implements, and the normalised game record they return.
 * Clients speak each provider's wire format; mappers turn replies into `ProviderGame`.
 */

/** Sources that can identify a ROM (their ids are stored on the ROM). */
export const IDENTIFYING_SOURCES = ['igdb', 'ss', 'moby', 'ra', 'launchbox', 'hasheous'] as const;

/** Every metadata source key (RomM's `apis` values; `playmatch` is a hash service). */
export const METADATA_SOURCES = [
  'igdb',
  'ss',
  'moby',
  'ra',
  'launchbox',
  'hasheous',
  'sgdb',
  'playmatch',
  'tgdb',
] as const;
export type MetadataSource = (typeof METADATA_SOURCES)[number];

/** A platform as providers see it: catalogue ids per provider (null = not supported). */
export interface ProviderPlatform {
  id: number;
  slug: string;
  igdbIds: number[];
  ssId: number | null;
  mobyId: number | null;
  raId: number | null;
  launchboxName: string | null;
}

/** What a provider may use to identify a ROM. */
export interface RomLookup {
  romId: number;
  fsName: string;
  fsNameNoTags: string;
  fsSizeBytes: number;
  crc: string | null;
  md5: string | null;
  sha1: string | null;
  /** RetroAchievements hash (console-specific, see hashing/ra-hash.ts), or null. */
  raHash: string | null;
  /** Provider region codes of the ROM's own regions, e.g. `us`, `eu`. */
  regions: string[];
  platform: ProviderPlatform;
}

/** One game from one provider, normalised. Dates are ms since the epoch; ratings 0–100. */
export interface ProviderGame {
  source: MetadataSource;
  id: number;
  name: string;
  /** Every other name the provider knows (alternative and localised names). */
  alternativeNames: string[];
  slug: string | null;
  summary: string | null;
  urlCover: string | null;
  urlScreenshots: string[];
  /** The game's manual (a PDF), when the provider has one. */
  urlManual?: string | null;
  youtubeVideoId: string | null;
  genres: string[];
  franchises: string[];
  companies: string[];
  collections: string[];
  gameModes: string[];
  ageRatings: string[];
  firstReleaseDate: number | null;
  rating: number | null;
  playerCount: string | null;
  /** Provider platform ids the game is on, when the provider says (cross-platform guard). */
  platformIds: number[] | null;
  /** The provider's own metadata blob (`igdb_metadata`, `ss_metadata`, …). */
  raw: Record<string, unknown>;
}

/** A provider that looks games up by id and searches them by name on one platform. */
export interface NameProvider {
  readonly source: MetadataSource;
  readonly threshold: number;
  /** Whether the provider supports this platform at all. */
  supports(platform: ProviderPlatform): boolean;
  byId(id: number, platform: ProviderPlatform): Promise<ProviderGame | null>;
  /** Candidates for a term on the platform; `wide` relaxes filters (second pass). */
  search(term: string, platform: ProviderPlatform, wide: boolean): Promise<ProviderGame[]>;
  /** The term the provider is searched with for a tag-stripped file name. */
  termFor(nameNoTags: string): string;
  /** Whether the provider answers with the configured credentials. */
  heartbeat(): Promise<boolean>;
}

/** Provider ids a hash service found for a ROM. */
export interface HashIds {
  igdb?: number;
  ss?: number;
  moby?: number;
  ra?: number;
  launchbox?: number;
  sgdb?: number;
  tgdb?: number;
  hasheous?: number;
}

export function emptyGame(source: MetadataSource, id: number, name: string): ProviderGame {
  return {
    source,
    id,
    name,
    alternativeNames: [],
    slug: null,
    summary: null,
    urlCover: null,
    urlScreenshots: [],
    youtubeVideoId: null,
    genres: [],
    franchises: [],
    companies: [],
    collections: [],
    gameModes: [],
    ageRatings: [],
    firstReleaseDate: null,
    rating: null,
    playerCount: null,
    platformIds: null,
    raw: {},
  };
}

/** Reads a field of an unknown JSON value. */
export function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asString(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number') return String(value);
  return null;
}

export function asInt(value: unknown): number | null {
  const parsed =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : null;
}

export function asNumber(value: unknown): number | null {
  const parsed =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value !== ''
        ? Number(value)
        : NaN;
  return Number.isFinite(parsed) ? parsed : null;
}

/** Unique non-empty strings, in order. */
export function uniqueStrings(values: readonly (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const value of values) {
    const text = value?.trim();
    if (text !== undefined && text !== '') seen.add(text);
  }
  return [...seen];
}

/** `YYYY`, `YYYY-MM-DD` or an ISO date → ms at UTC midnight (or the instant), or null. */
export function dateToMs(text: string | null): number | null {
  if (text === null) return null;
  const trimmed = text.trim();
  if (/^\d{4}$/.test(trimmed)) return Date.UTC(Number(trimmed), 0, 1);
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return Date.parse(`${trimmed}T00:00:00Z`);
  const parsed = Date.parse(trimmed);
  return Number.isNaN(parsed) ? null : parsed;
}

/** The YouTube id of a watch URL (or a bare id). */
export function youtubeId(url: string | null): string | null {
  if (url === null) return null;
  const match = /(?:v=|youtu\.be\/|embed\/)([\w-]{6,})/.exec(url);
  if (match?.[1] !== undefined) return match[1];
  return /^[\w-]{6,}$/.test(url) ? url : null;
}
