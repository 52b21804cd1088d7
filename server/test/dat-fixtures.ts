import yazl from 'yazl';

/** A ROM entry of a test DAT. */
export interface TestDatRom {
  name: string;
  size: number;
  crc?: string;
  md5?: string;
  sha1?: string;
  status?: string;
}

/** A game of a test DAT. */
export interface TestDatGame {
  name: string;
  cloneOf?: string;
  roms: TestDatRom[];
}

export interface TestDatHeader {
  name: string;
  description?: string;
  version?: string;
}

const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function romAttributes(rom: TestDatRom): string {
  const parts = [`name="${escaped(rom.name)}"`, `size="${String(rom.size)}"`];
  for (const key of ['crc', 'md5', 'sha1', 'status'] as const) {
    const value = rom[key];
    if (value !== undefined) parts.push(`${key}="${value}"`);
  }
  return parts.join(' ');
}

/** A Logiqx XML DAT as No-Intro writes them. */
export function logiqxDat(header: TestDatHeader, games: readonly TestDatGame[]): string {
  const lines = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE datafile PUBLIC "-//Logiqx//DTD ROM Management Datafile//EN" "http://www.logiqx.com/Dats/datafile.dtd">',
    '<datafile>',
    '\t<header>',
    `\t\t<name>${escaped(header.name)}</name>`,
    `\t\t<description>${escaped(header.description ?? header.name)}</description>`,
    ...(header.version === undefined ? [] : [`\t\t<version>${header.version}</version>`]),
    '\t\t<author>Tester</author>',
    '\t\t<homepage>No-Intro</homepage>',
    '\t</header>',
  ];
  for (const game of games) {
    const clone = game.cloneOf === undefined ? '' : ` cloneof="${escaped(game.cloneOf)}"`;
    lines.push(`\t<game name="${escaped(game.name)}"${clone}>`);
    lines.push(`\t\t<description>${escaped(game.name)}</description>`);
    for (const rom of game.roms) lines.push(`\t\t<rom ${romAttributes(rom)}/>`);
    lines.push('\t</game>');
  }
  lines.push('</datafile>', '');
  return lines.join('\n');
}

const quoted = (text: string) => `"${text.replace(/"/g, '\\"')}"`;

/** The same DAT in ClrMamePro's text format. */
export function clrMameProDat(header: TestDatHeader, games: readonly TestDatGame[]): string {
  const lines = [
    'clrmamepro (',
    `\tname ${quoted(header.name)}`,
    `\tdescription ${quoted(header.description ?? header.name)}`,
    ...(header.version === undefined ? [] : [`\tversion ${header.version}`]),
    '\tauthor "Tester"',
    ')',
    '',
  ];
  for (const game of games) {
    lines.push('game (', `\tname ${quoted(game.name)}`, `\tdescription ${quoted(game.name)}`);
    if (game.cloneOf !== undefined) lines.push(`\tcloneof ${quoted(game.cloneOf)}`);
    for (const rom of game.roms) {
      const fields = [`name ${quoted(rom.name)}`, `size ${String(rom.size)}`];
      for (const key of ['crc', 'md5', 'sha1', 'status'] as const) {
        const value = rom[key];
        if (value !== undefined) fields.push(`${key} ${value}`);
      }
      lines.push(`\trom ( ${fields.join(' ')} )`);
    }
    lines.push(')', '');
  }
  return lines.join('\n');
}

/** A zip holding the given files. */
export function zipOf(entries: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const archive = new yazl.ZipFile();
    for (const [name, content] of Object.entries(entries)) {
      archive.addBuffer(Buffer.from(content), name);
    }
    archive.end();
    const chunks: Buffer[] = [];
    archive.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    archive.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    archive.outputStream.on('error', reject);
  });
}
