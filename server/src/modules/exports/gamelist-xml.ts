import type { ExportEntry, ExportMediaKind } from './export-entry.js';

/**
 * ES-DE / Batocera `gamelist.xml`: `<gameList>` of `<game>` elements. Element names are ES-DE's
 * (path, name, sortname, desc, rating 0–1, releasedate `YYYYMMDDTHHMMSS`, developer, publisher,
 * genre, players, lang, region, image, thumbnail, video, manual); RomM adds `<scrap>`.
 */

/** Which media `<thumbnail>` and `<image>` show (config.yml `scan.gamelist.media`). */
export interface GamelistMediaChoice {
  thumbnail: string;
  image: string;
}

/** RomM's media names of `scan.gamelist.media` that RomShelf stores. */
const MEDIA_BY_SETTING: Record<string, ExportMediaKind> = {
  box2d: 'cover',
  screenshot: 'screenshot',
};

/** Anything outside XML 1.0's `Char`: control characters, lone surrogates, U+FFFE/U+FFFF. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function two(value: number): string {
  return String(value).padStart(2, '0');
}

/** `YYYYMMDDTHHMMSS` in UTC. */
export function gamelistDate(ms: number): string {
  const date = new Date(ms);
  return (
    `${String(date.getUTCFullYear()).padStart(4, '0')}${two(date.getUTCMonth() + 1)}` +
    `${two(date.getUTCDate())}T${two(date.getUTCHours())}${two(date.getUTCMinutes())}` +
    two(date.getUTCSeconds())
  );
}

export const GAMELIST_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n<gameList>\n';
export const GAMELIST_FOOTER = '</gameList>\n';

function element(name: string, value: string | null | undefined): string {
  return value === null || value === undefined
    ? ''
    : `    <${name}>${escapeXml(value)}</${name}>\n`;
}

/** One `<game>` element, indented, ending with a newline. */
export function gamelistGame(
  entry: ExportEntry,
  choice: GamelistMediaChoice,
  scrapDate: string,
): string {
  const thumbnail = MEDIA_BY_SETTING[choice.thumbnail];
  const image = MEDIA_BY_SETTING[choice.image];
  const rating =
    entry.rating === null ? null : (Math.min(100, Math.max(0, entry.rating)) / 100).toFixed(2);
  return (
    '  <game>\n' +
    element('path', entry.path) +
    element('name', entry.name) +
    element('sortname', entry.sortName) +
    element('desc', entry.description) +
    element('rating', rating) +
    element('releasedate', entry.releaseDate === null ? null : gamelistDate(entry.releaseDate)) +
    element('developer', entry.developer) +
    element('publisher', entry.publisher) +
    element('genre', entry.genres.length === 0 ? null : entry.genres.join(', ')) +
    element('players', entry.players) +
    element('lang', entry.languages[0]) +
    element('region', entry.regions[0]) +
    element('image', image === undefined ? null : entry.media[image]) +
    element('thumbnail', thumbnail === undefined ? null : entry.media[thumbnail]) +
    element('video', entry.media.video) +
    element('manual', entry.media.manual) +
    `    <scrap name="RomShelf" date="${scrapDate}" />\n` +
    '  </game>\n'
  );
}
