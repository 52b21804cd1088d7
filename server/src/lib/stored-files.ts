import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

import type { FastifyReply } from 'fastify';

import { HttpError } from '../http/http-error.js';

/** Longest file name accepted for uploads (bytes of UTF-8). */
export const MAX_FILE_NAME_BYTES = 255;

/**
 * Refuses names that could leave their folder or hide: path separators, `.`/`..`, a leading dot,
 * control characters, or more than 255 bytes. Returns the name when it is safe.
 */
export function assertSafeFileName(name: string): string {
  const bad =
    name.length === 0 ||
    Buffer.byteLength(name, 'utf8') > MAX_FILE_NAME_BYTES ||
    name.startsWith('.') ||
    name.includes('/') ||
    name.includes('\\') ||
    // eslint-disable-next-line no-control-regex
    /[\x00-\x1f\x7f]/.test(name) ||
    name.trim() !== name;
  if (bad) throw new HttpError(400, `Invalid file name: ${JSON.stringify(name.slice(0, 300))}`);
  return name;
}

/** `{no_tags, no_ext, extension}` of a file name, as RomM derives them. */
export function fileNameParts(name: string): {
  noExt: string;
  noTags: string;
  extension: string;
} {
  const dot = name.lastIndexOf('.');
  const noExt = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot + 1) : '';
  const noTags = noExt.replace(/\s*[[(][^\])]*[\])]/g, '').trim() || noExt;
  return { noExt, noTags, extension };
}

/** Real path of `absolute` when it is a file inside `root` (symlinks resolved), else null. */
export async function confinedFile(
  root: string,
  absolute: string,
): Promise<{ real: string; size: number; mtimeMs: number } | null> {
  try {
    const realRoot = await realpath(root);
    const real = await realpath(absolute);
    if (!real.startsWith(realRoot + path.sep)) return null;
    const stats = await stat(real);
    if (!stats.isFile()) return null;
    return { real, size: stats.size, mtimeMs: stats.mtimeMs };
  } catch {
    return null;
  }
}

/** Turns multipart limit errors into their own status and anything else into a 400. */
export function multipartError(error: unknown): Error {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (status === 413) return new HttpError(413, 'File too large');
  if (typeof status === 'number' && status >= 400 && status < 500) return error as Error;
  return new HttpError(400, 'Malformed multipart body');
}

/** Sends a stored file as an attachment download, private to the caller. */
export function sendStoredFile(
  reply: FastifyReply,
  file: { real: string; size: number; mtimeMs: number },
  downloadName: string,
  contentType = 'application/octet-stream',
): FastifyReply {
  const fallback = downloadName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  reply.header(
    'content-disposition',
    `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(downloadName)}`,
  );
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cache-control', 'private, no-cache');
  reply.header('last-modified', new Date(file.mtimeMs).toUTCString());
  reply.header('content-length', file.size);
  return reply.type(contentType).send(createReadStream(file.real));
}
