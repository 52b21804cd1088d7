import { getPlatformBySlug, getRegionalTwin } from '@romshelf/contract';

import { regionProviderCode } from '../roms/names/rom-filename.js';
import type { RomRecord } from '../roms/writes/rom-metadata-writes.js';
import { planRaHash, raHashFrom } from '../hashing/ra-hash.js';
import type { ProviderResults } from './metadata.merge.js';
import type { IdColumn } from './metadata.repository.js';
import type {
  MetadataSource,
  ProviderGame,
  ProviderPlatform,
  RomLookup,
} from './providers/provider.js';

/** How a source's id was found; `name:<score>` for fuzzy name matches. */
export type MatchMethod = string;

/** Scan types that identify stored ROMs, and what they select. */
export type IdentifyMode = 'new' | 'unidentified' | 'update' | 'complete' | 'manual';

export const NAME_SOURCES = ['igdb', 'ss', 'moby', 'launchbox'] as const;
export type NameSource = (typeof NAME_SOURCES)[number];

/** The ROM column holding each source's id. */
export const ID_COLUMN: Readonly<Record<string, IdColumn | 'sgdb_id' | 'tgdb_id'>> = {
  igdb: 'igdb_id',
  ss: 'ss_id',
  moby: 'moby_id',
  ra: 'ra_id',
  launchbox: 'launchbox_id',
  hasheous: 'hasheous_id',
  sgdb: 'sgdb_id',
  tgdb: 'tgdb_id',
};

export const ALL_ID_COLUMNS = [
  'igdb_id',
  'ss_id',
  'moby_id',
  'ra_id',
  'launchbox_id',
  'hasheous_id',
  'sgdb_id',
  'tgdb_id',
] as const;

export function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return (JSON.parse(text) as T | null) ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * The stored provider results whose id is still on the ROM (an edit or `unmatch_metadata`
 * may have cleared ids without touching the stored results).
 */
export function liveResults(row: RomRecord): ProviderResults {
  const stored = parseJson<ProviderResults>(row.metadata_results, {});
  const live: ProviderResults = {};
  for (const [source, game] of Object.entries(stored) as [MetadataSource, ProviderGame][]) {
    const column = ID_COLUMN[source];
    if (column === undefined || row[column] === game.id) live[source] = game;
  }
  return live;
}

export function isFuzzy(method: MatchMethod | undefined): boolean {
  return method?.startsWith('name') ?? false;
}

export function fuzzyScore(method: MatchMethod | undefined): number {
  return method?.startsWith('name:') ? Number(method.slice(5)) || 0 : 0;
}

/** Whether an identifying source's id is on the ROM. */
export function isIdentified(row: RomRecord): boolean {
  return [row.igdb_id, row.ss_id, row.moby_id, row.ra_id, row.launchbox_id, row.hasheous_id].some(
    (id) => id !== null,
  );
}

/** A platform as providers see it: its catalogue ids, with its regional twin's IGDB id. */
export function providerPlatform(slug: string, platformId: number): ProviderPlatform {
  const entry = getPlatformBySlug(slug);
  const twinSlug = getRegionalTwin(slug);
  const twin = twinSlug === undefined ? undefined : getPlatformBySlug(twinSlug);
  const igdbIds = [entry?.igdb_id, twin?.igdb_id].filter(
    (id): id is number => id !== null && id !== undefined,
  );
  return {
    id: platformId,
    slug,
    igdbIds: [...new Set(igdbIds)],
    ssId: entry?.ss_id ?? null,
    mobyId: entry?.moby_id ?? null,
    raId: entry?.ra_id ?? null,
    launchboxName: entry?.launchbox_name ?? null,
  };
}

/** What providers may use to identify the ROM of a row. */
export function lookupOf(row: RomRecord): RomLookup {
  const regions = parseJson<string[]>(row.regions, [])
    .map((region) => regionProviderCode(region))
    .filter((code): code is string => code !== undefined);
  const platform = providerPlatform(row.platform_slug, row.platform_id);
  return {
    romId: row.id,
    fsName: row.fs_name,
    fsNameNoTags: row.fs_name_no_tags,
    fsSizeBytes: row.fs_size_bytes,
    crc: row.crc_hash,
    md5: row.md5_hash,
    sha1: row.sha1_hash,
    // Rows hashed before RA hashes existed: a plain file's RA hash is still known when it is
    // its MD5 (whole-file consoles) or comes from its name (arcade).
    raHash:
      row.ra_hash ??
      (row.kind === 'file'
        ? raHashFrom(planRaHash(platform.raId, row.fs_name, row.fs_size_bytes), row.md5_hash, null)
        : null),
    regions,
    platform,
  };
}
