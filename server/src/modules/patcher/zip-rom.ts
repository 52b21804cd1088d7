import { Readable } from 'node:stream';

import yauzl from 'yauzl';
import yazl from 'yazl';

import { HttpError } from '../../http/http-error.js';

/** One entry of a zipped ROM, read into memory (folders have no bytes). */
export interface ZipRomEntry {
  name: string;
  folder: boolean;
  bytes: Buffer;
  mtime: Date;
}

const unreadable = () => new HttpError(400, 'The ROM archive could not be read');

async function collect(stream: Readable, budget: { left: number }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    // Counted as the bytes come out: the sizes in the archive are whatever its maker wrote.
    budget.left -= chunk.length;
    if (budget.left < 0) throw new HttpError(400, 'The uncompressed ROM archive is too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Every entry of a zip, decompressed, at most `maxBytes` in all; 400 when unreadable. */
export function readZipRom(bytes: Buffer, maxBytes: number): Promise<ZipRomEntry[]> {
  const budget = { left: maxBytes };
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (openError, zip) => {
      if (openError !== null) {
        reject(unreadable());
        return;
      }
      const entries: ZipRomEntry[] = [];
      zip.on('error', () => reject(unreadable()));
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        const folder = entry.fileName.endsWith('/');
        const base = { name: entry.fileName, folder, mtime: entry.getLastModDate() };
        if (entry.isEncrypted()) {
          reject(new HttpError(400, 'Encrypted ROM archives are not supported'));
          return;
        }
        if (folder) {
          entries.push({ ...base, bytes: Buffer.alloc(0) });
          zip.readEntry();
          return;
        }
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError !== null) {
            reject(unreadable());
            return;
          }
          collect(stream, budget).then((content) => {
            entries.push({ ...base, bytes: content });
            zip.readEntry();
          }, reject);
        });
      });
      zip.readEntry();
    });
  });
}

/** The member to patch: the named one, or the only file in the archive (as RomM). */
export function memberToPatch(entries: readonly ZipRomEntry[], name?: string): ZipRomEntry {
  const files = entries.filter((entry) => !entry.folder);
  if (files.length === 0) throw new HttpError(400, 'The ROM archive contains no files');
  if (name === undefined) {
    const [only] = files;
    if (only === undefined || files.length !== 1) {
      throw new HttpError(400, 'Select which file inside the ROM archive to patch');
    }
    return only;
  }
  const matches = files.filter((entry) => entry.name === name);
  const [match] = matches;
  if (match === undefined || matches.length !== 1) {
    throw new HttpError(400, 'The selected file was not found uniquely in the ROM archive');
  }
  return match;
}

/** A zip of the entries, in their order, compressed. */
export function writeZipRom(entries: readonly ZipRomEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    if (entry.folder) zip.addEmptyDirectory(entry.name, { mtime: entry.mtime });
    else zip.addBuffer(entry.bytes, entry.name, { mtime: entry.mtime });
  }
  zip.end();
  return collect(Readable.from(zip.outputStream), { left: Number.MAX_SAFE_INTEGER });
}
