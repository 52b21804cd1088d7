import type { DatGameEntry, DatHeader, DatParser, DatSink } from './dat-entries.js';
import { DatFormatError, romEntryOf } from './dat-entries.js';

/** A `name ( key value … )` block with its nested blocks (a game's `rom ( … )`). */
interface Block {
  name: string;
  fields: Map<string, string>;
  children: Block[];
}

const GAME_BLOCKS = new Set(['game', 'machine', 'resource', 'set']);
// A token: a parenthesis, a quoted string (backslash escapes) or a bare word.
const TOKEN_RE = /\s*(?:([()])|"((?:[^"\\]|\\.)*)"|([^\s()"]+))/y;
const MAX_CARRY = 1 << 20;

function headerOf(block: Block): DatHeader {
  const field = (key: string) => block.fields.get(key) ?? null;
  return {
    name: field('name') ?? '',
    description: field('description'),
    version: field('version'),
    author: field('author'),
    homepage: field('homepage') ?? field('url'),
  };
}

const EMPTY_HEADER: Block = { name: '', fields: new Map(), children: [] };

function gameOf(block: Block): DatGameEntry | null {
  const name = block.fields.get('name') ?? '';
  if (name === '') return null;
  return {
    name,
    description: block.fields.get('description') ?? null,
    cloneOf: block.fields.get('cloneof') ?? null,
    romOf: block.fields.get('romof') ?? null,
    isBios: block.name === 'resource' || block.fields.get('isbios') === 'yes',
    category: block.fields.get('category') ?? null,
    roms: block.children
      .filter((child) => child.name === 'rom')
      .map((child) => romEntryOf((key) => child.fields.get(key)))
      .filter((rom) => rom !== null),
  };
}

/**
 * A streaming parser of ClrMamePro text DATs: `clrmamepro ( … )` for the header, then
 * `game ( name … rom ( name … size … crc … ) )` blocks, emitted as each one closes.
 */
class ClrMameProReader implements DatParser {
  private readonly stack: Block[] = [];
  private pendingKey: string | null = null;
  private carry = '';
  private headerSent = false;
  private sawBlock = false;

  constructor(private readonly sink: DatSink) {}

  write(chunk: string): void {
    this.consume(this.carry + chunk, false);
  }

  close(): void {
    this.consume(this.carry, true);
    if (this.stack.length > 0) throw new DatFormatError('Not a ClrMamePro DAT: unclosed block');
    if (!this.sawBlock) throw new DatFormatError('Not a ClrMamePro DAT: no block');
    this.sendHeader(EMPTY_HEADER);
  }

  private sendHeader(block: Block): void {
    if (this.headerSent) return;
    this.headerSent = true;
    this.sink.header(headerOf(block));
  }

  private closed(block: Block): void {
    const parent = this.stack.at(-1);
    if (parent !== undefined) {
      parent.children.push(block);
      return;
    }
    this.sawBlock = true;
    if (block.name === 'clrmamepro' || block.name === 'header') {
      this.sendHeader(block);
      return;
    }
    if (!GAME_BLOCKS.has(block.name)) return;
    this.sendHeader(EMPTY_HEADER);
    const game = gameOf(block);
    if (game !== null) this.sink.game(game);
  }

  private token(paren: string | undefined, quoted: string | undefined, word: string | undefined) {
    if (paren === '(') {
      if (this.pendingKey === null) {
        throw new DatFormatError('Not a ClrMamePro DAT: "(" without a name');
      }
      this.stack.push({ name: this.pendingKey.toLowerCase(), fields: new Map(), children: [] });
      this.pendingKey = null;
    } else if (paren === ')') {
      const block = this.stack.pop();
      if (block === undefined) throw new DatFormatError('Not a ClrMamePro DAT: unbalanced ")"');
      this.pendingKey = null;
      this.closed(block);
    } else {
      const value = quoted === undefined ? (word ?? '') : quoted.replace(/\\(.)/g, '$1');
      if (this.pendingKey === null) {
        this.pendingKey = value;
        return;
      }
      this.stack.at(-1)?.fields.set(this.pendingKey.toLowerCase(), value);
      this.pendingKey = null;
    }
  }

  private consume(text: string, final: boolean): void {
    let position = 0;
    while (position < text.length) {
      TOKEN_RE.lastIndex = position;
      const match = TOKEN_RE.exec(text);
      // An unclosed quote, or a word that may go on in the next chunk, waits for it.
      const partial =
        match !== null && match[1] === undefined && TOKEN_RE.lastIndex === text.length;
      if (match === null || (!final && partial)) {
        if (final && text.slice(position).trim() !== '') {
          throw new DatFormatError('Not a ClrMamePro DAT: unterminated string');
        }
        break;
      }
      position = TOKEN_RE.lastIndex;
      this.token(match[1], match[2], match[3]);
    }
    this.carry = text.slice(position);
    if (this.carry.length > MAX_CARRY) {
      throw new DatFormatError('Not a ClrMamePro DAT: token too long');
    }
  }
}

export function clrMameProParser(sink: DatSink): DatParser {
  return new ClrMameProReader(sink);
}
