import { DetailedRomSchema, ErrorBodySchema, RomIdParamsSchema } from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { callerId } from '../../../http/caller.js';
import { requireScopes } from '../../../http/access.js';
import { HttpError } from '../../../http/http-error.js';
import { contentDisposition, sendMedia } from '../files/rom-download.js';
import type { RomManualsService } from './rom-manuals.service.js';
import { MANUAL_MAX_BYTES } from '../resources/rom-resources.js';
import type { RomsService } from '../roms.service.js';

type RomsApp = Parameters<FastifyPluginAsyncZod>[0];

const ManualQuerySchema = z.object({
  /** `1`/`true`: `Content-Disposition: attachment` instead of inline. */
  download: z.enum(['true', 'false', '1', '0']).optional(),
});

export function uploadManualRoute(
  app: RomsApp,
  roms: RomsService,
  manuals: RomManualsService,
): void {
  app.post(
    '/api/roms/:id/manuals',
    {
      config: requireScopes('roms.write'),
      schema: {
        tags: ['roms'],
        summary: 'Upload the PDF manual of a ROM (multipart, one file; checked by content)',
        params: RomIdParamsSchema,
        response: {
          201: DetailedRomSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          413: ErrorBodySchema,
          415: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const userId = callerId(request);
      await roms.findOr404(request.params.id);
      if (!request.isMultipart()) {
        throw new HttpError(400, 'Expected a multipart/form-data body holding the manual');
      }
      let part;
      try {
        part = await request.file({
          limits: { fileSize: MANUAL_MAX_BYTES, files: 1, fields: 16, fieldSize: 4096 },
          throwFileSizeLimit: false,
        });
      } catch {
        throw new HttpError(400, 'Malformed multipart body');
      }
      if (part === undefined) throw new HttpError(400, 'The multipart body holds no file');
      const rom = await manuals.saveManual(request.params.id, userId, part.file);
      reply.code(201);
      return rom;
    },
  );
}

export function deleteManualRoute(app: RomsApp, manuals: RomManualsService): void {
  app.delete(
    '/api/roms/:id/manuals',
    {
      config: requireScopes('roms.write'),
      schema: {
        tags: ['roms'],
        summary: 'Remove the manual of a ROM',
        params: RomIdParamsSchema,
        response: {
          200: DetailedRomSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    (request) => manuals.deleteManual(request.params.id, callerId(request)),
  );
}

export function manualRoute(app: RomsApp, manuals: RomManualsService): void {
  app.get(
    '/api/roms/:id/manual',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: 'The PDF manual of a ROM (inline; ?download=1 for an attachment)',
        params: RomIdParamsSchema,
        querystring: ManualQuerySchema,
        response: { 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const manual = await manuals.openManual(request.params.id);
      const download = request.query.download === '1' || request.query.download === 'true';
      const disposition = contentDisposition(manual.fileName).replace(
        /^attachment/,
        download ? 'attachment' : 'inline',
      );
      return sendMedia(reply, manual, 'application/pdf', disposition, 'private, no-cache');
    },
  );
}
