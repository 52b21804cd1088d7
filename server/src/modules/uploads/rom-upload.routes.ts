import {
  DetailedRomSchema,
  ErrorBodySchema,
  UPLOAD_FILENAME_HEADER,
  UPLOAD_PLATFORM_HEADER,
} from '@romshelf/contract';
import type { FastifyRequest } from 'fastify';

import { requireScopes } from '../../http/access.js';
import { callerId } from '../../http/caller.js';
import { headerText } from '../../http/header-text.js';
import { HttpError } from '../../http/http-error.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { RomsService } from '../roms/roms.service.js';
import type { IncomingRomUpload, RomUploadService } from './rom-upload.service.js';

/** The upload as the service reads it: headers, and the multipart file part opened on demand. */
function incomingUpload(request: FastifyRequest): IncomingRomUpload {
  return {
    platform: headerText(request, UPLOAD_PLATFORM_HEADER),
    fileName: headerText(request, UPLOAD_FILENAME_HEADER),
    isMultipart: request.isMultipart(),
    declaredBytes: Number(headerText(request, 'content-length') ?? 'NaN'),
    readFile: async (maxBytes) => {
      const limits = { fileSize: maxBytes, files: 1, fields: 16, fieldSize: 4096 };
      try {
        return (await request.file({ limits, throwFileSizeLimit: false }))?.file;
      } catch {
        throw new HttpError(400, 'Malformed multipart body');
      }
    },
  };
}

export function uploadRomRoute(app: ZodApp, roms: RomsService, uploads: RomUploadService): void {
  app.post(
    '/api/roms',
    {
      config: requireScopes('roms.write'),
      schema: {
        tags: ['roms'],
        summary: 'Upload one ROM file (multipart; headers x-upload-platform, x-upload-filename)',
        description:
          'One file per request, streamed to a temporary file in the library and moved into ' +
          "the platform's ROM folder once complete (never over an existing file), then hashed " +
          'and stored. `x-upload-filename` may be percent-encoded (encodeURIComponent).',
        response: {
          201: DetailedRomSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          413: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const id = await uploads.receive(incomingUpload(request));
      reply.code(201);
      return roms.get(id, callerId(request));
    },
  );
}
