import type { RomMetadatum } from './metadata.types.js';
import type { MetadataSource, ProviderGame } from './providers/provider.js';

export type ProviderResults = Partial<Record<MetadataSource, ProviderGame>>;

/** What merging the provider results gives a ROM. */
export interface MergedMetadata {
  name: string | null;
  slug: string | null;
  summary: string | null;
  alternativeNames: string[];
  youtubeVideoId: string | null;
  urlCover: string | null;
  urlScreenshots: string[];
  urlManual: string | null;
  metadatum: Omit<RomMetadatum, 'rom_id'>;
}

/** Sources ordered by a priority list; unlisted sources keep their order after the listed. */
export function byPriority(results: ProviderResults, priority: readonly string[]): ProviderGame[] {
  const games: ProviderGame[] = Object.values(results);
  const rank = (source: string) => {
    const index = priority.indexOf(source);
    return index === -1 ? priority.length : index;
  };
  return games.sort((a, b) => rank(a.source) - rank(b.source));
}

function firstList(
  results: ProviderResults,
  order: readonly MetadataSource[],
  pick: (game: ProviderGame) => string[],
): string[] {
  for (const source of order) {
    const game = results[source];
    if (game === undefined) continue;
    const values = pick(game);
    if (values.length > 0) return [...values].sort((a, b) => a.localeCompare(b));
  }
  return [];
}

function firstValue<T>(
  games: readonly ProviderGame[],
  pick: (game: ProviderGame) => T | null,
): T | null {
  for (const game of games) {
    const value = pick(game);
    if (value !== null && value !== '') return value;
  }
  return null;
}

/**
 * Merges provider results (metadata-providers.md §0.5): text fields by the metadata priority,
 * cover and screenshots by the artwork priority, facets from a fixed source order per field,
 * the average rating as the mean of every source that has one (0–100).
 */
export function mergeResults(
  results: ProviderResults,
  metadataPriority: readonly string[],
  artworkPriority: readonly string[],
): MergedMetadata {
  const byMetadata = byPriority(results, metadataPriority).filter((game) => game.source !== 'sgdb');
  const byArtwork = byPriority(results, artworkPriority);
  const ratings = byMetadata
    .map((game) => game.rating)
    .filter((rating): rating is number => rating !== null);
  const playerCount =
    (['ss', 'igdb', 'launchbox'] as const)
      .map((source) => results[source]?.playerCount ?? null)
      .find((count) => count !== null && count !== '1') ?? '1';
  return {
    name: firstValue(byMetadata, (game) => game.name),
    slug: results.igdb?.slug ?? firstValue(byMetadata, (game) => game.slug),
    summary: firstValue(byMetadata, (game) => game.summary),
    alternativeNames: firstList(
      results,
      ['igdb', 'moby', 'ss', 'launchbox'],
      (g) => g.alternativeNames,
    ),
    youtubeVideoId: results.igdb?.youtubeVideoId ?? results.launchbox?.youtubeVideoId ?? null,
    urlCover: firstValue(byArtwork, (game) => game.urlCover),
    urlScreenshots: byArtwork.find((game) => game.urlScreenshots.length > 0)?.urlScreenshots ?? [],
    urlManual: firstValue(byArtwork, (game) => game.urlManual ?? null),
    metadatum: {
      genres: firstList(results, ['igdb', 'moby', 'ss', 'launchbox', 'ra'], (g) => g.genres),
      franchises: firstList(results, ['igdb', 'ss'], (g) => g.franchises),
      collections: firstList(results, ['igdb'], (g) => g.collections),
      companies: firstList(results, ['igdb', 'ss', 'ra', 'launchbox'], (g) => g.companies),
      game_modes: firstList(results, ['igdb', 'ss'], (g) => g.gameModes),
      age_ratings: firstList(results, ['igdb', 'ss', 'launchbox'], (g) => g.ageRatings),
      player_count: playerCount,
      first_release_date:
        (['igdb', 'ss', 'ra', 'launchbox', 'moby'] as const)
          .map((source) => results[source]?.firstReleaseDate ?? null)
          .find((date) => date !== null) ?? null,
      average_rating:
        ratings.length === 0
          ? null
          : Math.round((ratings.reduce((sum, value) => sum + value, 0) / ratings.length) * 100) /
            100,
    },
  };
}
