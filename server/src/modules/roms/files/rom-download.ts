import { createReadStream } from 'node:fs';

import type { FastifyReply, FastifyRequest } from 'fastify';
import yazl from 'yazl';

import type { RomDownload } from './rom-files.service.js';

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 8187). */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Parsed single `Range: bytes=…` header: a range, `unsatisfiable`, or null (serve it all). */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (header === undefined) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges or another unit: ignored, the whole file is sent (RFC 9110 §14.2).
  if (match === null) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || (last !== '' && Number(last) < start)) return 'unsatisfiable';
  return { start, end };
}

function entityTag(size: number, mtimeMs: number): string {
  return `"${size.toString(16)}-${Math.trunc(mtimeMs).toString(16)}"`;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** Central directory bytes of an entry at most: fixed part, timestamp and ZIP64 extra fields. */
const CENTRAL_RECORD_MAX_BYTES = 46 + 9 + 28;

/**
 * Whether yazl (3.3.1) counts the ZIP64 end records in the length it announces: once the
 * entries are many, their central directory passes 64 KiB, or their data 4 GiB. It writes them
 * only past 65,535 entries or 4 GiB, so a zip of ~700 games announced 76 bytes more than it
 * sent and browsers failed the download; forcing the records whenever they are counted keeps
 * the announced length exact. Overestimates only force them needlessly, which readers accept.
 */
function countsZip64End(entries: readonly { name: string; size: number }[]): boolean {
  let centralDirectory = 0;
  let data = 0;
  for (const entry of entries) {
    centralDirectory += CENTRAL_RECORD_MAX_BYTES + Buffer.byteLength(entry.name);
    data += 30 + Buffer.byteLength(entry.name) + entry.size;
  }
  return entries.length >= 0xffff - 1 || centralDirectory >= 0xffff || data >= 0xffffffff;
}

/**
 * Sends a ROM download: one file with ETag, conditional requests and single byte ranges, or a
 * stored (uncompressed) zip streamed as it is built, with its exact length announced.
 */
export function sendRomDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  download: RomDownload,
): FastifyReply {
  reply.header('content-disposition', contentDisposition(download.downloadName));
  reply.header('x-content-type-options', 'nosniff');
  if (download.type === 'zip') {
    const zip = new yazl.ZipFile();
    for (const entry of download.entries) {
      zip.addReadStreamLazy(
        entry.name,
        { compress: false, size: entry.size, mtime: entry.mtime },
        (callback) => callback(null, createReadStream(entry.absPath)),
      );
    }
    if (download.m3u !== null) {
      zip.addBuffer(Buffer.from(download.m3u.content, 'utf8'), download.m3u.name, {
        compress: false,
      });
    }
    let total = -1;
    const forceZip64Format = countsZip64End(download.entries);
    zip.end({ forceZip64Format, comment: '' }, ((calculated: number) => {
      total = calculated;
    }) as () => void);
    if (total >= 0) reply.header('content-length', total);
    return reply.type('application/zip').send(zip.outputStream);
  }

  const { size, mtimeMs, absPath } = download;
  const etag = entityTag(size, mtimeMs);
  const lastModified = new Date(mtimeMs).toUTCString();
  reply.header('accept-ranges', 'bytes');
  reply.header('etag', etag);
  reply.header('last-modified', lastModified);
  reply.header('cache-control', 'private, no-cache');
  reply.type('application/octet-stream');
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();

  const ifRange = request.headers['if-range'];
  const rangeAllowed = ifRange === undefined || ifRange === etag || ifRange === lastModified;
  const range = rangeAllowed ? parseRange(request.headers.range, size) : null;
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    return reply.code(416).type('application/json').send({ detail: 'Range not satisfiable' });
  }
  if (range === null) {
    reply.header('content-length', size);
    return reply.send(createReadStream(absPath));
  }
  reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  reply.header('content-length', range.end - range.start + 1);
  return reply.code(206).send(createReadStream(absPath, { start: range.start, end: range.end }));
}

/** User-supplied media is rendered in a sandbox with nothing else allowed. */
const MEDIA_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:";

/** Sends a stored resource (a cover, a manual) under a sandboxing CSP. */
export function sendMedia(
  reply: FastifyReply,
  file: { absPath: string; size: number; mtimeMs: number },
  type: string,
  disposition: string | null,
  cache: string,
): FastifyReply {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', MEDIA_CSP);
  reply.header('cache-control', cache);
  reply.header('last-modified', new Date(file.mtimeMs).toUTCString());
  reply.header('content-length', file.size);
  if (disposition !== null) reply.header('content-disposition', disposition);
  return reply.type(type).send(createReadStream(file.absPath));
}
