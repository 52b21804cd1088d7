import type { MatchSource, SearchRom, SimpleRom } from '@romshelf/contract';

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

/**
 * What to change after applying a candidate: the file renamed to its title when asked (and
 * different), and the cover picked among several when it is not already the game's.
 */
export function fileAndCoverChange(
  rom: Pick<SimpleRom, 'fs_name' | 'fs_name_no_tags' | 'fs_extension' | 'url_cover'>,
  candidate: SearchRom,
  wanted: { rename: boolean; cover: string | null },
): { fs_name?: string; url_cover?: string } {
  const change: { fs_name?: string; url_cover?: string } = {};
  const newName = titleFileName(rom, candidate.name);
  if (wanted.rename && newName !== rom.fs_name) change.fs_name = newName;
  if (
    candidateCovers(candidate).length > 1 &&
    wanted.cover !== null &&
    wanted.cover !== rom.url_cover
  ) {
    change.url_cover = wanted.cover;
  }
  return change;
}
