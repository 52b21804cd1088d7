import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/** One flat XML record: its tag and its text-only children (trimmed). */
export interface XmlRecord {
  tag: string;
  fields: Record<string, string>;
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X')) {
      return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    }
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return ENTITIES[entity] ?? whole;
  });
}

const CHILD = /<([A-Za-z_][\w.-]*)\s*(?:\/>|>([\s\S]*?)<\/\1\s*>)/g;

function parseChildren(inner: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of inner.matchAll(CHILD)) {
    const name = match[1] ?? '';
    fields[name] = decodeXmlText(match[2] ?? '').trim();
  }
  return fields;
}

/**
 * Streams the flat records of a LaunchBox XML file (`<Game>…</Game>`, `<GameImage>…`) without
 * loading the file: only the current record and one chunk are held in memory. Records must be
 * text-only (true of LaunchBox's dump); other tags are skipped.
 */
export async function* streamXmlRecords(
  input: Readable,
  tags: readonly string[],
): AsyncGenerator<XmlRecord> {
  const decoder = new StringDecoder('utf8');
  const open = new RegExp(`<(${tags.join('|')})>`, 'g');
  let buffer = '';
  const drain = function* (final: boolean): Generator<XmlRecord> {
    let consumed = 0;
    for (;;) {
      open.lastIndex = consumed;
      const start = open.exec(buffer);
      if (start === null) {
        // Keep a tail long enough to hold a split opening tag.
        consumed = Math.max(consumed, buffer.length - 64);
        break;
      }
      const tag = start[1] ?? '';
      const close = `</${tag}>`;
      const end = buffer.indexOf(close, start.index);
      if (end === -1) {
        consumed = start.index;
        break;
      }
      const inner = buffer.slice(start.index + start[0].length, end);
      yield { tag, fields: parseChildren(inner) };
      consumed = end + close.length;
    }
    buffer = final ? '' : buffer.slice(consumed);
  };
  for await (const chunk of input as AsyncIterable<Buffer>) {
    buffer += decoder.write(chunk);
    yield* drain(false);
  }
  buffer += decoder.end();
  yield* drain(true);
}
