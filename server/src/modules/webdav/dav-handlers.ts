import type { IncomingMessage } from 'node:http';

import type { FastifyReply, FastifyRequest } from 'fastify';

import { headerText } from '../../http/header-text.js';
import { HttpError } from '../../http/http-error.js';
import { davCaller, type DavAuthDeps } from './dav-auth.js';
import { namesEtag, type DavConditions } from './dav-conditions.js';
import { FINITE_DEPTH_ERROR, multistatus } from './dav-multistatus.js';
import type { DavEntry, DavStore } from './dav-store.js';
import { davTargetOf, destinationOf } from './dav-urls.js';

/** The methods served (WebDAV class 1, the ones RetroArch's cloud sync and litmus use). */
export const DAV_METHODS = [
  'OPTIONS',
  'GET',
  'HEAD',
  'PUT',
  'DELETE',
  'PROPFIND',
  'MKCOL',
  'MOVE',
  'COPY',
] as const;
export const ALLOW = DAV_METHODS.join(', ');

/** Largest PROPFIND body read (a request for properties is a few hundred bytes). */
const MAX_PROPFIND_BODY = 64 * 1024;

function conditionsOf(request: FastifyRequest): DavConditions {
  return {
    ifMatch: headerText(request, 'if-match'),
    ifNoneMatch: headerText(request, 'if-none-match'),
  };
}

function fileHeaders(reply: FastifyReply, entry: DavEntry): FastifyReply {
  if (entry.etag !== null) reply.header('etag', entry.etag);
  return reply.header('last-modified', entry.modified.toUTCString());
}

/** Reads a small request body as text; 413 past `limit`. */
async function smallBody(raw: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new HttpError(413, 'Request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  );
}

/**
 * Whether a GET may answer 304: If-None-Match names the current ETag, or (without it)
 * If-Modified-Since is not older than the file (HTTP dates have whole seconds).
 */
function notModified(request: FastifyRequest, entry: DavEntry): boolean {
  const ifNoneMatch = headerText(request, 'if-none-match');
  if (ifNoneMatch !== undefined) return namesEtag(ifNoneMatch, entry.etag);
  const since = Date.parse(headerText(request, 'if-modified-since') ?? '');
  return !Number.isNaN(since) && Math.floor(entry.modified.getTime() / 1000) * 1000 <= since;
}

/** One handler per WebDAV method, each answering for the signed-in user's own tree only. */
export class DavHandlers {
  constructor(
    private readonly store: DavStore,
    private readonly auth: DavAuthDeps,
  ) {}

  /** Runs the method's handler (HEAD is GET without a body). */
  handle(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    switch (request.method) {
      case 'OPTIONS':
        return this.options(request, reply);
      case 'GET':
      case 'HEAD':
        return this.get(request, reply);
      case 'PUT':
        return this.put(request, reply);
      case 'DELETE':
        return this.delete(request, reply);
      case 'MKCOL':
        return this.mkcol(request, reply);
      case 'PROPFIND':
        return this.propfind(request, reply);
      case 'MOVE':
      case 'COPY':
        return this.relocate(request, reply);
      default:
        throw new HttpError(405, 'Method not allowed');
    }
  }

  /** The caller's tree and the path inside it; 403 for another user's tree. */
  private async target(request: FastifyRequest) {
    const user = await davCaller(request, this.auth);
    const { username, relPath } = davTargetOf(request.url);
    if (username.toLowerCase() !== user.username.toLowerCase()) {
      throw new HttpError(403, 'This folder belongs to another user');
    }
    return { userId: user.id, username, relPath };
  }

  /** RetroArch's first request of every sync: it checks the credentials. */
  private async options(request: FastifyRequest, reply: FastifyReply) {
    await this.target(request);
    return reply
      .code(200)
      .header('dav', '1')
      .header('allow', ALLOW)
      .header('ms-author-via', 'DAV')
      .send();
  }

  private async get(request: FastifyRequest, reply: FastifyReply) {
    const { userId, relPath } = await this.target(request);
    const found = await this.store.stat(userId, relPath);
    // RetroArch stores the body of a 404 as the file it asked for: send none.
    if (found === null) return reply.code(404).header('content-length', '0').send();
    if (found.collection) throw new HttpError(405, 'A folder has no content');
    if (notModified(request, found)) return fileHeaders(reply.code(304), found).send();
    const headers = (entry: DavEntry) =>
      fileHeaders(reply, entry)
        .type('application/octet-stream')
        .header('content-length', String(entry.size));
    if (request.method === 'HEAD') return headers(found).send();
    const { entry, stream } = await this.store.read(userId, relPath);
    return headers(entry).send(stream);
  }

  /** Streams the body to disk (never buffered); 413 past the size limit. */
  private async put(request: FastifyRequest, reply: FastifyReply) {
    const { userId, relPath } = await this.target(request);
    if (request.headers['content-range'] !== undefined) {
      throw new HttpError(400, 'Partial PUT (Content-Range) is not supported');
    }
    const { maxFileBytes } = this.store;
    if (Number(request.headers['content-length'] ?? '0') > maxFileBytes) {
      throw new HttpError(413, `Files may be at most ${String(maxFileBytes)} bytes`);
    }
    const written = await this.store.write(userId, relPath, request.raw, conditionsOf(request));
    return fileHeaders(reply.code(written.created ? 201 : 204), written.entry).send();
  }

  private async delete(request: FastifyRequest, reply: FastifyReply) {
    const { userId, relPath } = await this.target(request);
    await this.store.remove(userId, relPath, conditionsOf(request));
    return reply.code(204).send();
  }

  private async mkcol(request: FastifyRequest, reply: FastifyReply) {
    const { userId, relPath } = await this.target(request);
    if (hasBody(request)) throw new HttpError(415, 'MKCOL takes no body');
    await this.store.mkcol(userId, relPath);
    return reply.code(201).send();
  }

  /** Depth 0 or 1 (Depth: infinity is refused, as RFC 4918 allows); every live property. */
  private async propfind(request: FastifyRequest, reply: FastifyReply) {
    const { userId, username, relPath } = await this.target(request);
    const depth = headerText(request, 'depth')?.trim().toLowerCase() ?? 'infinity';
    if (depth !== '0' && depth !== '1') {
      return reply.code(403).type('application/xml; charset=utf-8').send(FINITE_DEPTH_ERROR);
    }
    const body = (await smallBody(request.raw, MAX_PROPFIND_BODY)).trim();
    if (body !== '' && !/<([A-Za-z_][\w.-]*:)?propfind[\s/>]/.test(body)) {
      throw new HttpError(400, 'Malformed PROPFIND body');
    }
    const entry = await this.store.stat(userId, relPath);
    if (entry === null) throw new HttpError(404, 'Not found');
    const children =
      entry.collection && depth === '1' ? await this.store.list(userId, relPath) : [];
    return reply
      .code(207)
      .type('application/xml; charset=utf-8')
      .send(multistatus(username, [entry, ...children]));
  }

  /** MOVE and COPY within the caller's tree (`Overwrite: F` refuses to replace). */
  private async relocate(request: FastifyRequest, reply: FastifyReply) {
    const { userId, username, relPath } = await this.target(request);
    const destination = destinationOf(headerText(request, 'destination'));
    if (destination.username.toLowerCase() !== username.toLowerCase()) {
      throw new HttpError(403, 'The destination belongs to another user');
    }
    const overwrite = headerText(request, 'overwrite')?.trim().toUpperCase() !== 'F';
    const options = { ...conditionsOf(request), overwrite };
    const { created } =
      request.method === 'MOVE'
        ? await this.store.move(userId, relPath, destination.relPath, options)
        : await this.store.copy(userId, relPath, destination.relPath, {
            ...options,
            shallow: headerText(request, 'depth')?.trim() === '0',
          });
    return reply.code(created ? 201 : 204).send();
  }
}
