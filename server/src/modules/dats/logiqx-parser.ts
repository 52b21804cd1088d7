import { SaxesParser } from 'saxes';
import type { SaxesTagPlain } from 'saxes';

import type { DatGameEntry, DatHeader, DatParser, DatSink } from './dat-entries.js';
import { DatFormatError, romEntryOf } from './dat-entries.js';

const HEADER_FIELDS = ['name', 'description', 'version', 'author', 'homepage'] as const;
type HeaderField = (typeof HEADER_FIELDS)[number];
const GAME_ELEMENTS = new Set(['game', 'machine', 'software', 'set']);

function isHeaderField(name: string): name is HeaderField {
  return (HEADER_FIELDS as readonly string[]).includes(name);
}

function attribute(tag: SaxesTagPlain, name: string): string | undefined {
  return tag.attributes[name];
}

function gameOf(tag: SaxesTagPlain): DatGameEntry {
  return {
    name: attribute(tag, 'name') ?? '',
    description: null,
    cloneOf: attribute(tag, 'cloneof') ?? null,
    romOf: attribute(tag, 'romof') ?? null,
    isBios: attribute(tag, 'isbios') === 'yes',
    category: null,
    roms: [],
  };
}

/**
 * A streaming reader of Logiqx XML DATs (No-Intro, Redump, TOSEC, MAME's `machine`): one game
 * is held at a time, so memory stays flat whatever the file's size. Disks (CHDs) have no size
 * and are left out.
 */
class LogiqxReader implements DatParser {
  private readonly parser = new SaxesParser();
  private readonly path: string[] = [];
  private readonly header: DatHeader = {
    name: '',
    description: null,
    version: null,
    author: null,
    homepage: null,
  };
  private headerSent = false;
  private game: DatGameEntry | null = null;
  private text = '';
  private rootSeen = false;

  constructor(private readonly sink: DatSink) {
    this.parser.on('opentag', (tag) => this.opened(tag));
    this.parser.on('text', (chunk) => {
      this.text += chunk;
    });
    this.parser.on('cdata', (chunk) => {
      this.text += chunk;
    });
    this.parser.on('closetag', (tag) => this.closed(tag.name));
    this.parser.on('error', (error) => {
      throw new DatFormatError(`Not a readable Logiqx DAT: ${error.message}`);
    });
  }

  write(chunk: string): void {
    this.parser.write(chunk);
  }

  close(): void {
    this.parser.close();
    if (!this.rootSeen) throw new DatFormatError('Not a Logiqx DAT: no <datafile>');
    this.sendHeader();
  }

  private sendHeader(): void {
    if (this.headerSent) return;
    this.headerSent = true;
    this.sink.header(this.header);
  }

  private opened(tag: SaxesTagPlain): void {
    const parent = this.path.at(-1);
    this.path.push(tag.name);
    this.text = '';
    if (this.path.length === 1) {
      if (tag.name !== 'datafile') throw new DatFormatError('Not a Logiqx DAT: no <datafile>');
      this.rootSeen = true;
    } else if (parent === 'datafile' && GAME_ELEMENTS.has(tag.name)) {
      this.sendHeader();
      this.game = gameOf(tag);
    } else if (this.game !== null && tag.name === 'rom' && this.path.length === 3) {
      const rom = romEntryOf((key) => attribute(tag, key));
      if (rom !== null) this.game.roms.push(rom);
    }
  }

  private closed(name: string): void {
    this.path.pop();
    const value = this.text.trim();
    this.text = '';
    const parent = this.path.at(-1);
    const game = this.game;
    if (parent === 'header' && isHeaderField(name)) {
      if (value !== '') this.header[name] = value;
    } else if (game !== null && this.path.length === 2 && value !== '') {
      if (name === 'description') game.description = value;
      if (name === 'category') game.category = value;
    } else if (game !== null && this.path.length === 1 && GAME_ELEMENTS.has(name)) {
      if (game.name !== '') this.sink.game(game);
      this.game = null;
    }
  }
}

export function logiqxParser(sink: DatSink): DatParser {
  return new LogiqxReader(sink);
}
