import {
  CompletenessDatParamsSchema,
  CompletenessListSchema,
  CompletenessQuerySchema,
  ErrorBodySchema,
  MissingGamesFilterSchema,
  MissingGamesPageSchema,
  MissingGamesQuerySchema,
} from '@romshelf/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';

import { requireScopes } from '../../http/access.js';
import type { ZodApp } from '../../http/zod-app.js';
import { contentDisposition } from '../roms/files/rom-download.js';
import type { CompletenessService, MissingExport } from './completeness.service.js';

interface CompletenessRoutesOptions {
  completeness: CompletenessService;
}

const denied = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/** Sends an export as an attachment while it is produced. */
function sendExport(reply: FastifyReply, download: MissingExport): FastifyReply {
  return reply
    .header('content-type', download.contentType)
    .header('content-disposition', contentDisposition(download.fileName))
    .header('cache-control', 'no-store')
    .send(Readable.from(download.body));
}

export const completenessRoutes: FastifyPluginAsyncZod<CompletenessRoutesOptions> = async (
  app,
  options,
) => {
  setRoutes(app, options);
  exportRoutes(app, options);
  await Promise.resolve();
};

function setRoutes(app: ZodApp, { completeness }: CompletenessRoutesOptions): void {
  app.get(
    '/api/completeness',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['completeness'],
        summary: 'How many games of each bound DAT the library has, for a region or language',
        querystring: CompletenessQuerySchema,
        response: { 200: CompletenessListSchema, 422: ErrorBodySchema, ...denied },
      },
    },
    (request) => {
      const { platform_id: platformId, ...filter } = request.query;
      return completeness.sets(platformId, filter);
    },
  );

  app.get(
    '/api/completeness/:dat_id/missing',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['completeness'],
        summary: "A page of a DAT's games the library lacks, by name",
        params: CompletenessDatParamsSchema,
        querystring: MissingGamesQuerySchema,
        response: {
          200: MissingGamesPageSchema,
          404: ErrorBodySchema,
          422: ErrorBodySchema,
          ...denied,
        },
      },
    },
    (request) => {
      const { limit, offset, ...filter } = request.query;
      return completeness.missing(request.params.dat_id, filter, { limit, offset });
    },
  );
}

function exportRoutes(app: ZodApp, { completeness }: CompletenessRoutesOptions): void {
  app.get(
    '/api/completeness/:dat_id/missing.csv',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['completeness'],
        summary: "A DAT's games the library lacks, as CSV (streamed)",
        params: CompletenessDatParamsSchema,
        querystring: MissingGamesFilterSchema,
        response: { 404: ErrorBodySchema, 422: ErrorBodySchema, ...denied },
      },
    },
    async (request, reply) =>
      sendExport(reply, await completeness.missingCsv(request.params.dat_id, request.query)),
  );

  app.get(
    '/api/completeness/:dat_id/fixdat',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['completeness'],
        summary: 'A fixdat: a Logiqx DAT of the games the library lacks (streamed)',
        params: CompletenessDatParamsSchema,
        querystring: MissingGamesFilterSchema,
        response: { 404: ErrorBodySchema, 422: ErrorBodySchema, ...denied },
      },
    },
    async (request, reply) =>
      sendExport(reply, await completeness.fixdat(request.params.dat_id, request.query)),
  );
}
