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

const DEFAULT_REGIONS = ['us', 'wor', 'ss', 'eu', 'jp', 'cus'];

function decodeHtml(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

function byRegion(entries: unknown[], regions: readonly string[]): unknown {
  for (const region of [...regions, ...DEFAULT_REGIONS]) {
    const hit = entries.find((entry) => asString(field(entry, 'region')) === region);
    if (hit !== undefined) return hit;
  }
  return entries[0];
}

function languageNames(entry: unknown, languages: readonly string[]): string | null {
  const names = asArray(field(entry, 'noms'));
  for (const language of [...languages, 'en', 'fr']) {
    const hit = names.find((name) => asString(field(name, 'langue')) === language);
    if (hit !== undefined) return asString(field(hit, 'text'));
  }
  return null;
}

const CREDENTIAL_PARAMS = ['ssid', 'sspassword', 'devid', 'devpassword'];

/**
 * A media URL without the account and developer credentials ScreenScraper puts in it: what is
 * stored and shown. Downloads add them back (`ScreenScraperClient.mediaUrl`).
 */
export function stripSsCredentials(url: string | null): string | null {
  if (url === null) return null;
  try {
    const parsed = new URL(url);
    for (const name of CREDENTIAL_PARAMS) parsed.searchParams.delete(name);
    return parsed.toString();
  } catch {
    return null;
  }
}

/** Whether a `jeu` is flagged "not a game". */
export function isNotGame(jeu: unknown): boolean {
  if (asString(field(jeu, 'notgame')) === 'true') return true;
  return asArray(field(jeu, 'noms')).some((name) =>
    (asString(field(name, 'text')) ?? '').startsWith('ZZZ(NOTGAME)'),
  );
}

/** Maps a ScreenScraper `jeu` (every scalar a string) to a ProviderGame. */
export function mapSsGame(
  jeu: unknown,
  regions: readonly string[] = [],
  languages: readonly string[] = ['en'],
): ProviderGame | null {
  const id = asInt(field(jeu, 'id'));
  const noms = asArray(field(jeu, 'noms'));
  const first = asString(field(byRegion(noms, regions), 'text'));
  if (id === null || first === null || isNotGame(jeu)) return null;
  const name = decodeHtml(first).replace(/ : /g, ': ');
  const game = emptyGame('ss', id, name);
  game.alternativeNames = uniqueStrings(
    noms
      .map((entry) => asString(field(entry, 'text')))
      .map((text) => (text === null ? null : decodeHtml(text))),
  ).filter((alt) => alt !== name);
  const synopsis = asArray(field(jeu, 'synopsis'));
  const summary =
    [...languages, 'en']
      .map((lang) => synopsis.find((s) => asString(field(s, 'langue')) === lang))
      .find(Boolean) ?? synopsis[0];
  game.summary = asString(field(summary, 'text'));
  const medias = asArray(field(jeu, 'medias')).filter(
    (media) => (asString(field(media, 'parent')) ?? 'jeu') === 'jeu',
  );
  const mediaOf = (type: string) => {
    const ofType = medias.filter((media) => asString(field(media, 'type')) === type);
    for (const region of [...regions, ...DEFAULT_REGIONS]) {
      const hit = ofType.find((media) => asString(field(media, 'region')) === region);
      if (hit !== undefined) return stripSsCredentials(asString(field(hit, 'url')));
    }
    const regionless = ofType.find((media) => asString(field(media, 'region')) === null);
    return stripSsCredentials(asString(field(regionless ?? ofType[0], 'url')));
  };
  game.urlCover = mediaOf('box-2D');
  const shot = mediaOf('ss');
  game.urlScreenshots = shot === null ? [] : [shot];
  game.urlManual = mediaOf('manuel');
  game.genres = uniqueStrings(
    asArray(field(jeu, 'genres')).map((genre) => languageNames(genre, ['en'])),
  );
  game.franchises = uniqueStrings(
    asArray(field(jeu, 'familles')).map((family) => languageNames(family, languages)),
  );
  game.gameModes = uniqueStrings(
    asArray(field(jeu, 'modes')).map((mode) => languageNames(mode, languages)),
  );
  game.companies = uniqueStrings([
    asString(field(field(jeu, 'editeur'), 'text')),
    asString(field(field(jeu, 'developpeur'), 'text')),
  ]);
  game.ageRatings = uniqueStrings(
    asArray(field(jeu, 'classifications')).map((entry) => asString(field(entry, 'text'))),
  );
  const dates = asArray(field(jeu, 'dates'));
  const dated = byRegion(dates, regions);
  game.firstReleaseDate = dateToMs(asString(field(dated, 'text')));
  const note = asNumber(field(field(jeu, 'note'), 'text'));
  const score = note === null ? null : note / 2;
  game.rating = score === null ? null : score * 10;
  game.playerCount = asString(field(field(jeu, 'joueurs'), 'text'));
  const systemId = asInt(field(field(jeu, 'systeme'), 'id'));
  game.platformIds = systemId === null ? null : [systemId];
  game.raw = {
    ss_score: score === null ? '' : String(score),
    first_release_date: game.firstReleaseDate === null ? null : game.firstReleaseDate / 1000,
    alternative_names: game.alternativeNames,
    companies: game.companies,
    franchises: game.franchises,
    game_modes: game.gameModes,
    genres: game.genres,
    player_count: game.playerCount ?? '1',
    age_ratings: asArray(field(jeu, 'classifications')).map((entry) => ({
      rating: asString(field(entry, 'text')),
      category: asString(field(entry, 'type')),
    })),
  };
  return game;
}
