import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';

import yauzl from 'yauzl';

import type { DatFormat } from '../../db/schema-dats.js';
import { clrMameProParser } from './clrmamepro-parser.js';
import type { DatParser, DatSink } from './dat-entries.js';
import { DatFormatError } from './dat-entries.js';
import { logiqxParser } from './logiqx-parser.js';

const ZIP_MAGIC = Buffer.from('PK\u0003\u0004', 'latin1');
const DAT_MEMBER_RE = /\.(dat|xml)$/i;

async function isZip(filePath: string): Promise<boolean> {
  const handle = await open(filePath, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.equals(ZIP_MAGIC);
  } finally {
    await handle.close();
  }
}

/** The DAT inside a zip: its first `.dat`/`.xml` member, streamed as it inflates. */
function zipMemberStream(filePath: string): Promise<Readable> {
  return new Promise((resolve, reject) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: true }, (openError, zip) => {
      if (openError !== null) {
        reject(new DatFormatError(`Not a readable zip: ${openError.message}`));
        return;
      }
      zip.on('error', reject);
      zip.on('end', () => reject(new DatFormatError('The zip holds no .dat or .xml file')));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!DAT_MEMBER_RE.test(entry.fileName)) {
          zip.readEntry();
          return;
        }
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError !== null) reject(streamError);
          else resolve(stream);
        });
      });
      zip.readEntry();
    });
  });
}

/** The text of a DAT file, plain or zipped, as UTF-8 chunks. */
export async function datText(filePath: string): Promise<AsyncIterable<string>> {
  const stream = (await isZip(filePath))
    ? await zipMemberStream(filePath)
    : createReadStream(filePath, { highWaterMark: 256 * 1024 });
  stream.setEncoding('utf8');
  return stream as AsyncIterable<string>;
}

/** The format a DAT's first characters show: XML starts with `<`. */
export function formatOf(firstChunk: string): DatFormat {
  const start = firstChunk.replace(/^\uFEFF/, '').trimStart();
  return start.startsWith('<') ? 'logiqx' : 'clrmamepro';
}

export function parserFor(format: DatFormat, sink: DatSink): DatParser {
  return format === 'logiqx' ? logiqxParser(sink) : clrMameProParser(sink);
}
