import type { ProviderGame } from '../provider.js';
import {
  asArray,
  asInt,
  asNumber,
  asString,
  dateToMs,
  emptyGame,
  field,
  uniqueStrings,
} from '../provider.js';

/** Maps a MobyGames `normal` game object. */
export function mapMobyGame(item: unknown): ProviderGame | null {
  const id = asInt(field(item, 'game_id'));
  const name = asString(field(item, 'title'));
  if (id === null || name === null) return null;
  const game = emptyGame('moby', id, name);
  game.alternativeNames = uniqueStrings(
    asArray(field(item, 'alternate_titles')).map((alt) => asString(field(alt, 'title'))),
  );
  game.summary = asString(field(item, 'description'));
  game.urlCover = asString(field(field(item, 'sample_cover'), 'image'));
  game.urlScreenshots = uniqueStrings(
    asArray(field(item, 'sample_screenshots')).map((shot) => asString(field(shot, 'image'))),
  );
  game.genres = uniqueStrings(
    asArray(field(item, 'genres')).map((genre) => asString(field(genre, 'genre_name'))),
  );
  const score = asNumber(field(item, 'moby_score'));
  game.rating = score === null ? null : score * 10;
  const platforms = asArray(field(item, 'platforms'));
  game.platformIds =
    platforms.length === 0 ? null : platforms.map((p) => asInt(field(p, 'platform_id')) ?? 0);
  const dates = platforms
    .map((p) => dateToMs(asString(field(p, 'first_release_date'))))
    .filter((ms): ms is number => ms !== null);
  game.firstReleaseDate = dates.length === 0 ? null : Math.min(...dates);
  game.raw = {
    moby_score: score === null ? '' : String(score),
    genres: game.genres,
    alternate_titles: game.alternativeNames,
    platforms: platforms.map((p) => ({
      moby_id: asInt(field(p, 'platform_id')),
      name: asString(field(p, 'platform_name')),
    })),
  };
  return game;
}
