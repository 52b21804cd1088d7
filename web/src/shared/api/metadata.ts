import type {
  DetailedRom,
  LaunchboxTaskResult,
  MatchSource,
  SearchCoverResult,
  SearchRom,
  SimpleRom,
} from '@romshelf/contract';

import { api } from '@/lib/api-client';

export type SearchBy = 'name' | 'id';

/** The query keys of metadata look-ups: source health, match and cover searches. */
export const metadataKeys = {
  all: ['metadata'] as const,
  health: (source: string) => [...metadataKeys.all, 'health', source] as const,
  matchSearch: (romId: number, term: string, by: SearchBy) =>
    [...metadataKeys.all, 'match-search', romId, term, by] as const,
  coverSearch: (term: string) => [...metadataKeys.all, 'cover-search', term] as const,
};

/** GET /api/search/roms: match candidates from every enabled source, on the ROM's platform. */
export function searchMatchCandidates(
  romId: number,
  searchTerm: string,
  searchBy: SearchBy,
  signal?: AbortSignal,
): Promise<SearchRom[]> {
  return api.get<SearchRom[]>('/search/roms', {
    query: { rom_id: romId, search_term: searchTerm.trim() || undefined, search_by: searchBy },
    signal,
  });
}

/** GET /api/search/cover: SteamGridDB games with their cover grids. */
export function searchSteamGridCovers(
  searchTerm: string,
  signal?: AbortSignal,
): Promise<SearchCoverResult[]> {
  return api.get<SearchCoverResult[]>('/search/cover', {
    query: { search_term: searchTerm.trim() },
    signal,
  });
}

/** POST /api/roms/{id}/match: apply one provider's game to a ROM. */
export function matchRom(romId: number, source: MatchSource, id: number): Promise<DetailedRom> {
  return api.post<DetailedRom>(`/roms/${String(romId)}/match`, { json: { source, id } });
}

/** DELETE /api/roms/{id}/match: forget one source's match, or every match without `source`. */
export function unmatchRom(romId: number, source?: MatchSource): Promise<DetailedRom> {
  return api.delete<DetailedRom>(`/roms/${String(romId)}/match`, { query: { source } });
}

/** The sources a search candidate carries, each with its id and cover (SearchRom fields). */
export interface CandidateSource {
  source: MatchSource;
  id: number;
  cover: string | null;
}

/** Candidate sources in the order their ids are applied (and their covers preferred). */
const CANDIDATE_SOURCES = [
  { source: 'igdb', id: 'igdb_id', cover: 'igdb_url_cover' },
  { source: 'ss', id: 'ss_id', cover: 'ss_url_cover' },
  { source: 'moby', id: 'moby_id', cover: 'moby_url_cover' },
  { source: 'launchbox', id: 'launchbox_id', cover: 'launchbox_url_cover' },
  { source: 'sgdb', id: 'sgdb_id', cover: 'sgdb_url_cover' },
] as const satisfies readonly {
  source: MatchSource;
  id: keyof SearchRom;
  cover: keyof SearchRom;
}[];

export function candidateSources(candidate: SearchRom): CandidateSource[] {
  return CANDIDATE_SOURCES.flatMap(({ source, id, cover }) => {
    const value = candidate[id];
    return value === null ? [] : [{ source, id: value, cover: candidate[cover] }];
  });
}

/** The first cover a candidate offers, in source order. */
export function candidateCover(candidate: SearchRom): string | null {
  return candidateSources(candidate).find((entry) => entry.cover !== null)?.cover ?? null;
}

/** The sources a ROM is matched with, and their ids, for unmatching one at a time. */
const ROM_SOURCES = [
  { source: 'igdb', id: 'igdb_id' },
  { source: 'ss', id: 'ss_id' },
  { source: 'moby', id: 'moby_id' },
  { source: 'ra', id: 'ra_id' },
  { source: 'launchbox', id: 'launchbox_id' },
  { source: 'hasheous', id: 'hasheous_id' },
  { source: 'sgdb', id: 'sgdb_id' },
] as const satisfies readonly { source: MatchSource; id: keyof SimpleRom }[];

export function matchedSources(
  rom: Pick<SimpleRom, (typeof ROM_SOURCES)[number]['id']>,
): { source: MatchSource; id: number }[] {
  return ROM_SOURCES.flatMap(({ source, id }) => {
    const value = rom[id];
    return value === null ? [] : [{ source, id: value }];
  });
}

/** Display names of the sources (brand names: the same in every language). */
export const SOURCE_NAMES: Readonly<Record<MatchSource, string>> = {
  igdb: 'IGDB',
  ss: 'ScreenScraper',
  moby: 'MobyGames',
  ra: 'RetroAchievements',
  launchbox: 'LaunchBox',
  hasheous: 'Hasheous',
  sgdb: 'SteamGridDB',
};

/**
 * Applies the chosen sources of a candidate one after another. Stops at the first failure and
 * reports it with the ROM as it was after the last success (null when none succeeded).
 */
export async function applyCandidate(
  romId: number,
  sources: readonly CandidateSource[],
): Promise<{ rom: DetailedRom | null; error: unknown }> {
  let rom: DetailedRom | null = null;
  for (const entry of sources) {
    try {
      rom = await matchRom(romId, entry.source, entry.id);
    } catch (error) {
      return { rom, error };
    }
  }
  return { rom, error: null };
}

/** The distinct covers a candidate offers, in source order. */
export function candidateCovers(candidate: SearchRom): { source: MatchSource; url: string }[] {
  const seen = new Set<string>();
  return candidateSources(candidate).flatMap(({ source, cover }) =>
    cover === null || seen.has(cover) ? [] : (seen.add(cover), [{ source, url: cover }]),
  );
}

/**
 * The file name a ROM gets when renamed to a source's title: the title in place of the name
 * part, with the tags and extension kept (`Xylo (World).z64` → `Star Courier (World).z64`).
 * Characters that some filesystems refuse are dropped (`:` becomes ` -`).
 */
export function titleFileName(
  rom: Pick<SimpleRom, 'fs_name' | 'fs_name_no_tags' | 'fs_extension'>,
  title: string,
): string {
  const safeTitle = title
    .replace(/\s*:\s*/g, ' - ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\\/*?"<>|\u0000-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|[.\s]+$/g, '');
  if (safeTitle === '') return rom.fs_name;
  const rest = rom.fs_name.startsWith(rom.fs_name_no_tags)
    ? rom.fs_name.slice(rom.fs_name_no_tags.length)
    : rom.fs_extension === ''
      ? ''
      : `.${rom.fs_extension}`;
  return `${safeTitle}${rest}`;
}

/** PUT /api/roms/{id} with only a new file name and/or cover URL (multipart, as the edit dialog). */
export function updateRomFileAndCover(
  romId: number,
  change: { fs_name?: string; url_cover?: string },
): Promise<DetailedRom> {
  const form = new FormData();
  if (change.fs_name !== undefined) form.append('fs_name', change.fs_name);
  if (change.url_cover !== undefined) form.append('url_cover', change.url_cover);
  return api.put<DetailedRom>(`/roms/${String(romId)}`, { body: form });
}

/** GET /api/heartbeat/metadata/{source}: whether an enabled source answers (cached a minute). */
export function fetchSourceHealth(source: string, signal?: AbortSignal): Promise<boolean> {
  return api.get<boolean>(`/heartbeat/metadata/${encodeURIComponent(source)}`, { signal });
}

/** POST /api/tasks/run/update_launchbox_metadata: download and index the LaunchBox dump. */
export function runLaunchboxUpdate(): Promise<LaunchboxTaskResult> {
  return api.post<LaunchboxTaskResult>('/tasks/run/update_launchbox_metadata', {
    timeoutMs: 30 * 60_000,
  });
}
