import {
  DetailedRomSchema,
  ErrorBodySchema,
  RomContentParamsSchema,
  RomContentQuerySchema,
  RomIdParamsSchema,
  RomListPageSchema,
  RomListQuerySchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { requireScopes } from '../../http/access.js';
import { sendRomDownload } from './rom-download.js';
import type { RomsService } from './roms.service.js';

export const romsRoutes: FastifyPluginAsyncZod<{ roms: RomsService }> = async (app, { roms }) => {
  app.get(
    '/api/roms',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: 'A page of ROMs, filtered, sorted, with the A–Z index',
        querystring: RomListQuerySchema,
        response: { 200: RomListPageSchema, 401: ErrorBodySchema, 422: ErrorBodySchema },
      },
      // The page is typed at compile time; validating 72 large items again at run time
      // costs ~4 ms per request, so the schema only documents the shape here.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    (request) => roms.list(request.query, request.user?.id ?? -1),
  );

  app.get(
    '/api/roms/:id',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: 'One ROM with its files and hashes',
        params: RomIdParamsSchema,
        response: { 200: DetailedRomSchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    (request) => roms.get(request.params.id, request.user?.id ?? -1),
  );

  app.get(
    '/api/roms/:id/content/:fs_name',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: 'Download a ROM: the file (ranges, ETag) or a zip of its files',
        params: RomContentParamsSchema,
        querystring: RomContentQuerySchema,
        response: { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { id, fs_name } = request.params;
      return sendRomDownload(
        request,
        reply,
        await roms.openContent(id, fs_name, request.query.file_ids),
      );
    },
  );

  await Promise.resolve();
};
