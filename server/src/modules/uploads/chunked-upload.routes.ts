import {
  DetailedRomSchema,
  ErrorBodySchema,
  UPLOAD_CHUNK_INDEX_HEADER,
  UPLOAD_FILENAME_HEADER,
  UPLOAD_PLATFORM_HEADER,
  UPLOAD_TOTAL_CHUNKS_HEADER,
  UPLOAD_TOTAL_SIZE_HEADER,
  UploadChunkResponseSchema,
  UploadIdParamsSchema,
  UploadStartResponseSchema,
  UploadStatusSchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';

import { callerId } from '../../http/caller.js';
import { requireScopes } from '../../http/access.js';
import { headerText } from '../../http/header-text.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { ChunkedUploadService } from './chunked-upload.service.js';

import type { RomsService } from '../roms/roms.service.js';

export interface ChunkedUploadRoutesOptions {
  chunked: ChunkedUploadService;
  roms: RomsService;
}

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};
const NO_CONTENT = z.null().describe('No content');

/**
 * RomM 5's chunked upload routes (`/api/roms/upload/*`, scope roms.write), plus RomShelf's
 * `GET /api/roms/upload/{upload_id}` telling which chunks the server holds. Registered in their
 * own scope: a chunk is a raw body of any content type, handed over unread so the session and
 * its owner are checked before a byte is taken.
 */
export const chunkedUploadRoutes: FastifyPluginAsyncZod<ChunkedUploadRoutesOptions> = async (
  app,
  { chunked, roms },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => {
    done(null, payload);
  });
  startRoute(app, chunked);
  statusRoute(app, chunked);
  chunkRoute(app, chunked);
  completeRoute(app, chunked, roms);
  cancelRoute(app, chunked);
  await Promise.resolve();
};

function startRoute(app: ZodApp, chunked: ChunkedUploadService): void {
  app.post(
    '/api/roms/upload/start',
    {
      config: requireScopes('roms.write'),
      schema: {
        tags: ['roms'],
        summary: 'Start a chunked ROM upload',
        description:
          `Headers \`${UPLOAD_PLATFORM_HEADER}\` (platform id), \`${UPLOAD_FILENAME_HEADER}\` ` +
          `(may be percent-encoded), \`${UPLOAD_TOTAL_SIZE_HEADER}\` (bytes) and ` +
          `\`${UPLOAD_TOTAL_CHUNKS_HEADER}\`. 409 when the file already exists, 413 above the ` +
          'upload size limit. The upload expires after 24 hours without a request.',
        response: {
          201: UploadStartResponseSchema,
          ...errors,
          409: ErrorBodySchema,
          413: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const uploadId = await chunked.start(callerId(request), {
        platform: headerText(request, UPLOAD_PLATFORM_HEADER),
        filename: headerText(request, UPLOAD_FILENAME_HEADER),
        totalSize: headerText(request, UPLOAD_TOTAL_SIZE_HEADER),
        totalChunks: headerText(request, UPLOAD_TOTAL_CHUNKS_HEADER),
      });
      reply.code(201);
      return { upload_id: uploadId };
    },
  );
}

function statusRoute(app: ZodApp, chunked: ChunkedUploadService): void {
  app.get(
    '/api/roms/upload/:upload_id',
    {
      config: requireScopes('roms.write'),
      schema: {
        tags: ['roms'],
        summary: 'RomShelf: the chunks an upload holds (to resume it); RomM has no such route',
        params: UploadIdParamsSchema,
        response: { 200: UploadStatusSchema, ...errors },
      },
    },
    (request) => chunked.status(callerId(request), request.params.upload_id),
  );
}

function chunkRoute(app: ZodApp, chunked: ChunkedUploadService): void {
  app.put(
    '/api/roms/upload/:upload_id',
    {
      config: requireScopes('roms.write'),
      schema: {
        tags: ['roms'],
        summary: 'Send one chunk of a chunked upload (raw body)',
        description:
          `Header \`${UPLOAD_CHUNK_INDEX_HEADER}\` (0-based). A chunk already received, an empty ` +
          'one or one taking the upload past its declared size: 400. At most 64 MiB (413).',
        params: UploadIdParamsSchema,
        response: { 200: UploadChunkResponseSchema, ...errors, 413: ErrorBodySchema },
      },
    },
    (request) =>
      chunked.putChunk(
        callerId(request),
        request.params.upload_id,
        headerText(request, UPLOAD_CHUNK_INDEX_HEADER),
        Number(headerText(request, 'content-length') ?? '0'),
        () => request.body as Readable,
      ),
  );
}

function completeRoute(app: ZodApp, chunked: ChunkedUploadService, roms: RomsService): void {
  app.post(
    '/api/roms/upload/:upload_id/complete',
    {
      config: requireScopes('roms.write'),
      schema: {
        tags: ['roms'],
        summary: 'Assemble a chunked upload into the library and store the ROM',
        description:
          'Missing chunks: 400 (send them, then complete again). Chunks adding up to another ' +
          'size than declared: 400, the upload is discarded. RomM answers 201 without a body; ' +
          'RomShelf sends the stored ROM.',
        params: UploadIdParamsSchema,
        response: { 201: DetailedRomSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const id = await chunked.complete(callerId(request), request.params.upload_id);
      reply.code(201);
      return roms.get(id, callerId(request));
    },
  );
}

function cancelRoute(app: ZodApp, chunked: ChunkedUploadService): void {
  app.post(
    '/api/roms/upload/:upload_id/cancel',
    {
      config: requireScopes('roms.write'),
      schema: {
        tags: ['roms'],
        summary: 'Cancel a chunked upload and remove its chunks',
        params: UploadIdParamsSchema,
        response: { 204: NO_CONTENT, ...errors },
      },
    },
    async (request, reply) => {
      await chunked.cancel(callerId(request), request.params.upload_id);
      return reply.code(204).send(null);
    },
  );
}
