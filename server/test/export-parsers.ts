import { SaxesParser } from 'saxes';

/** An XML element as parsed: its name, attributes, child elements and own text. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** Parses a whole XML document with a conforming parser (saxes): throws when not well-formed. */
export function parseXml(xml: string): { declaration: string | null; root: XmlElement } {
  const parser = new SaxesParser();
  const stack: XmlElement[] = [];
  const found: { root: XmlElement | null; declaration: string | null } = {
    root: null,
    declaration: null,
  };
  parser.on('xmldecl', (decl) => {
    found.declaration = `${decl.version ?? ''} ${decl.encoding ?? ''}`;
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      name: tag.name,
      attributes: Object.fromEntries(
        Object.entries(tag.attributes).map(([key, value]) => [key, value]),
      ),
      children: [],
      text: '',
    };
    const parent = stack[stack.length - 1];
    if (parent === undefined) found.root = element;
    else parent.children.push(element);
    stack.push(element);
  });
  parser.on('text', (text) => {
    const current = stack[stack.length - 1];
    if (current !== undefined) current.text += text;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(xml).close();
  if (found.root === null) throw new Error('no root element');
  return { declaration: found.declaration, root: found.root };
}

/** ES-DE's gamelist.xml game elements (and RomM's `scrap`). */
export const ES_DE_GAME_ELEMENTS = new Set([
  'path',
  'name',
  'sortname',
  'desc',
  'rating',
  'releasedate',
  'developer',
  'publisher',
  'genre',
  'players',
  'lang',
  'region',
  'image',
  'thumbnail',
  'video',
  'manual',
  'marquee',
  'scrap',
]);

/** A gamelist's games as `element name → text`, checking every element is ES-DE's. */
export function parseGamelist(xml: string): Record<string, string>[] {
  const { declaration, root } = parseXml(xml);
  if (declaration !== '1.0 UTF-8') throw new Error(`declaration ${String(declaration)}`);
  if (root.name !== 'gameList') throw new Error(`root ${root.name}`);
  return root.children.map((game) => {
    if (game.name !== 'game') throw new Error(`child ${game.name}`);
    const fields: Record<string, string> = {};
    for (const child of game.children) {
      if (!ES_DE_GAME_ELEMENTS.has(child.name)) throw new Error(`element ${child.name}`);
      fields[child.name] = child.name === 'scrap' ? (child.attributes.name ?? '') : child.text;
    }
    return fields;
  });
}

/** A Pegasus block: each key's value lines (one line per list item or description line). */
export type PegasusBlock = Record<string, string[]>;

/**
 * Parses a metadata.pegasus.txt by Pegasus's grammar: `key: value` lines with lower-case keys
 * (letters, digits, `.`, `_`, `-`), continuation lines starting with whitespace (a lone `.` is an
 * empty line), `#` comments, blank lines between blocks; `collection:` and `game:` open blocks.
 * Throws on any line outside the grammar.
 */
export function parsePegasus(text: string): { collection: PegasusBlock; games: PegasusBlock[] } {
  if (!text.endsWith('\n')) throw new Error('no final newline');
  const blocks: PegasusBlock[] = [];
  let current: PegasusBlock | null = null;
  let lastKey: string | null = null;
  for (const line of text.slice(0, -1).split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) {
      lastKey = null;
      continue;
    }
    if (/^\s/.test(line)) {
      if (current === null || lastKey === null) throw new Error(`stray line ${line}`);
      const value = line.trim();
      current[lastKey]?.push(value === '.' ? '' : value);
      continue;
    }
    const match = /^([a-z0-9._-]+): ?(.*)$/.exec(line);
    if (match === null) throw new Error(`not a key line: ${line}`);
    const [, key = '', value = ''] = match;
    if (key === 'collection' || key === 'game') {
      current = {};
      blocks.push(current);
    }
    if (current === null) throw new Error(`key before any block: ${line}`);
    if (current[key] !== undefined) throw new Error(`repeated key ${key}`);
    current[key] = value === '' ? [] : [value];
    lastKey = key;
  }
  const [collection, ...games] = blocks;
  if (collection?.collection === undefined) throw new Error('no collection block');
  if (games.some((game) => game.game === undefined)) throw new Error('a block is not a game');
  return { collection, games };
}
