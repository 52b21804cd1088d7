import type { DatRomEntry, MissingGameRow } from './completeness.repository.js';

/** A missing game with its files, as the exports write it. */
export interface MissingGameWithRoms extends MissingGameRow {
  roms: DatRomEntry[];
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function xml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/** The opening of a fixdat: a Logiqx datafile whose header names the set it lacks games of. */
export function fixdatHeader(set: { name: string; version: string | null }, date: string): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE datafile PUBLIC "-//Logiqx//DTD ROM Management Datafile//EN" "http://www.logiqx.com/Dats/datafile.dtd">',
    '<datafile>',
    '\t<header>',
    `\t\t<name>${xml(`Fix_${set.name}`)}</name>`,
    `\t\t<description>${xml(`${set.name} (missing games)`)}</description>`,
    `\t\t<version>${xml(set.version ?? date)}</version>`,
    `\t\t<date>${xml(date)}</date>`,
    '\t\t<author>RomShelf</author>',
    '\t</header>',
  ];
  return `${lines.join('\n')}\n`;
}

/** One game of a fixdat, with each of its files' size and hashes. */
export function fixdatGame(game: MissingGameWithRoms): string {
  const cloneOf = game.clone_of === null ? '' : ` cloneof="${xml(game.clone_of)}"`;
  const roms = game.roms.map((rom) => {
    const hashes = [
      rom.crc32 === null ? '' : ` crc="${rom.crc32}"`,
      rom.md5 === null ? '' : ` md5="${rom.md5}"`,
      rom.sha1 === null ? '' : ` sha1="${rom.sha1}"`,
    ].join('');
    return `\t\t<rom name="${xml(rom.name)}" size="${String(rom.size)}"${hashes}/>\n`;
  });
  return (
    `\t<game name="${xml(game.name)}"${cloneOf}>\n` +
    `\t\t<description>${xml(game.name)}</description>\n` +
    roms.join('') +
    '\t</game>\n'
  );
}

export const FIXDAT_FOOTER = '</datafile>\n';

/** A CSV field: quoted when it must be, and never read as a formula by a spreadsheet. */
function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const MISSING_CSV_HEADER = 'Name,Region,Languages,Size (bytes),Files,Status\n';

/** One row of the missing games CSV. */
export function missingCsvRow(game: MissingGameRow): string {
  return `${[
    game.name,
    game.region ?? '',
    game.languages ?? '',
    game.size,
    game.file_count,
    game.incomplete === 1 ? 'incomplete' : 'missing',
  ]
    .map(csvField)
    .join(',')}\n`;
}
