import type { ExportEntry } from './export-entry.js';

/**
 * Pegasus Frontend `metadata.pegasus.txt`: `key: value` lines; a value goes on over lines that
 * start with whitespace (a lone `.` is an empty line); a `collection:` block, then one block per
 * `game:`. List fields (genres) take one item per line. RomM's `x-` keys are kept.
 */

/** Control characters no frontend shows (tabs and line breaks are handled as whitespace). */
const CONTROL = /[^\t\n\r\u0020-\u007E\u00A0-\u{10FFFF}]/gu;

/** A one-line value: line breaks and runs of whitespace become one space. */
function oneLine(text: string): string {
  return text.replace(CONTROL, '').replace(/\s+/g, ' ').trim();
}

/** A value spread over continuation lines (blank lines written as `.`). */
function multiline(lines: readonly string[]): string {
  const [first = '', ...rest] = lines;
  return [first, ...rest.map((line) => (line === '' ? '  .' : `  ${line}`))].join('\n');
}

function description(text: string): string {
  const lines = text
    .replace(CONTROL, '')
    .trim()
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/[\t\f\v ]+/g, ' ').trim());
  return multiline(lines);
}

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Pegasus asset keys of the media RomShelf exports. */
const ASSET_KEYS = { cover: 'box_front', screenshot: 'screenshot', video: 'video' } as const;

export function pegasusHeader(collection: string, shortName: string): string {
  return `collection: ${oneLine(collection)}\nshortname: ${oneLine(shortName)}\n`;
}

/** One game block, preceded by the blank line that separates blocks. */
export function pegasusGame(entry: ExportEntry): string {
  const lines = [`game: ${oneLine(entry.name)}`, `file: ${oneLine(entry.path)}`];
  const add = (key: string, value: string | null) => {
    if (value !== null && oneLine(value) !== '') lines.push(`${key}: ${oneLine(value)}`);
  };
  add('sort-by', entry.sortName);
  add('developer', entry.developer);
  add('publisher', entry.publisher);
  const genres = entry.genres.map(oneLine).filter((genre) => genre !== '');
  if (genres.length > 0) lines.push(`genres: ${multiline(genres)}`);
  const tags = entry.tags.map(oneLine).filter((tag) => tag !== '');
  if (tags.length > 0) lines.push(`tags: ${multiline(tags)}`);
  add('players', entry.players);
  if (entry.description !== null) lines.push(`description: ${description(entry.description)}`);
  add('release', entry.releaseDate === null ? null : day(entry.releaseDate));
  if (entry.rating !== null) {
    lines.push(`rating: ${String(Math.round(Math.min(100, Math.max(0, entry.rating))))}%`);
  }
  for (const [kind, key] of Object.entries(ASSET_KEYS) as [keyof typeof ASSET_KEYS, string][]) {
    add(`assets.${key}`, entry.media[kind] ?? null);
  }
  add('x-region', entry.regions.length === 0 ? null : entry.regions.join(', '));
  add('x-language', entry.languages.length === 0 ? null : entry.languages.join(', '));
  lines.push(`x-romm-id: ${String(entry.id)}`);
  return `\n${lines.join('\n')}\n`;
}
