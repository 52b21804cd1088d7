import type { ProviderGame } from '../provider.js';
import {
  asArray,
  asInt,
  asNumber,
  asString,
  emptyGame,
  field,
  uniqueStrings,
} from '../provider.js';

const AGE_RATINGS: readonly string[] = [
  '',
  'RP',
  'EC',
  'E',
  'E10+',
  'T',
  'M',
  'AO',
  'PEGI 3',
  'PEGI 7',
  'PEGI 12',
  'PEGI 16',
  'PEGI 18',
  'CERO A',
  'CERO B',
  'CERO C',
  'CERO D',
  'CERO Z',
  'USK 0',
  'USK 6',
  'USK 12',
  'USK 16',
  'USK 18',
  'GRAC ALL',
  'GRAC 12+',
  'GRAC 15+',
  'GRAC 19+',
  'GRAC TESTING',
  'CLASS_IND L',
  'CLASS_IND 10',
  'CLASS_IND 12',
  'CLASS_IND 14',
  'CLASS_IND 16',
  'CLASS_IND 18',
  'ACB G',
  'ACB PG',
  'ACB M',
  'ACB MA 15+',
  'ACB R 18+',
  'ACB RC',
];

/** IGDB image URL (protocol-relative `t_thumb`) at another size, absolute. */
export function igdbImage(url: unknown, size: string): string | null {
  const text = asString(url);
  if (text === null) return null;
  const absolute = text.startsWith('//') ? `https:${text}` : text;
  return absolute.replace('/t_thumb/', `/t_${size}/`);
}

const names = (value: unknown, key = 'name') =>
  uniqueStrings(asArray(value).map((item) => asString(field(item, key))));

/** Region identifiers of `game_localizations` for a preferred region code. */
const LOCALIZATION_REGIONS: Readonly<Record<string, string>> = {
  eu: 'EU',
  jp: 'ja-JP',
  kr: 'ko-KR',
  cn: 'zh-CN',
  tw: 'zh-TW',
};

/** Maps one `/games` item to a ProviderGame (empty fields are omitted by IGDB). */
export function mapIgdbGame(
  item: unknown,
  preferredRegions: readonly string[] = [],
): ProviderGame | null {
  const id = asInt(field(item, 'id'));
  const name = asString(field(item, 'name'));
  if (id === null || name === null) return null;
  const game = emptyGame('igdb', id, name);
  const localizations = asArray(field(item, 'game_localizations'));
  let cover = igdbImage(field(field(item, 'cover'), 'url'), '1080p');
  for (const region of preferredRegions) {
    const identifier = LOCALIZATION_REGIONS[region];
    if (identifier === undefined) continue;
    const local = localizations.find(
      (entry) => asString(field(field(entry, 'region'), 'identifier')) === identifier,
    );
    if (local === undefined) continue;
    game.name = asString(field(local, 'name')) ?? name;
    cover = igdbImage(field(field(local, 'cover'), 'url'), '1080p') ?? cover;
    break;
  }
  game.alternativeNames = uniqueStrings([
    ...names(field(item, 'alternative_names')),
    ...localizations.map((entry) => asString(field(entry, 'name'))),
    ...(game.name !== name ? [name] : []),
  ]).filter((alt) => alt !== game.name);
  game.slug = asString(field(item, 'slug'));
  game.summary = asString(field(item, 'summary'));
  game.urlCover = cover;
  game.urlScreenshots = asArray(field(item, 'screenshots'))
    .map((shot) => igdbImage(field(shot, 'url'), '720p'))
    .filter((url): url is string => url !== null);
  game.youtubeVideoId = asString(field(asArray(field(item, 'videos'))[0], 'video_id'));
  game.genres = names(field(item, 'genres'));
  game.franchises = uniqueStrings([
    asString(field(field(item, 'franchise'), 'name')),
    ...names(field(item, 'franchises')),
  ]);
  game.collections = names(field(item, 'collections'));
  game.gameModes = names(field(item, 'game_modes'));
  game.companies = uniqueStrings(
    asArray(field(item, 'involved_companies')).map((entry) =>
      asString(field(field(entry, 'company'), 'name')),
    ),
  );
  game.ageRatings = uniqueStrings(
    asArray(field(item, 'age_ratings')).map(
      (entry) => AGE_RATINGS[asInt(field(entry, 'rating_category')) ?? 0] ?? null,
    ),
  );
  const released = asNumber(field(item, 'first_release_date'));
  game.firstReleaseDate = released === null ? null : released * 1000;
  game.rating = asNumber(field(item, 'total_rating'));
  const platforms = asArray(field(item, 'platforms'));
  game.platformIds =
    platforms.length === 0 ? null : platforms.map((p) => asInt(field(p, 'id')) ?? 0);
  const aggregated = asNumber(field(item, 'aggregated_rating'));
  game.raw = {
    total_rating: game.rating === null ? null : game.rating.toFixed(2),
    aggregated_rating: aggregated === null ? null : aggregated.toFixed(2),
    first_release_date: released,
    youtube_video_id: game.youtubeVideoId,
    genres: game.genres,
    franchises: game.franchises,
    alternative_names: game.alternativeNames,
    collections: game.collections,
    companies: game.companies,
    game_modes: game.gameModes,
    age_ratings: game.ageRatings.map((rating) => ({ rating })),
    platforms: platforms.map((p) => ({
      igdb_id: asInt(field(p, 'id')),
      name: asString(field(p, 'name')),
    })),
  };
  return game;
}
