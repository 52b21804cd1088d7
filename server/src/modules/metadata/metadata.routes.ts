import {
  DetailedRomSchema,
  ErrorBodySchema,
  MatchRomBodySchema,
  RomIdParamsSchema,
  SearchCoverQuerySchema,
  SearchCoverResultSchema,
  SearchRomSchema,
  SearchRomsQuerySchema,
  UnmatchRomQuerySchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { callerId } from '../../http/caller.js';
import { requireScopes } from '../../http/access.js';
import type { RomsService } from '../roms/roms.service.js';
import type { MetadataService } from './metadata.service.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** Match candidates and SteamGridDB covers for the match dialog. */
function searchRoutes(app: App, metadata: MetadataService): void {
  app.get(
    '/api/search/roms',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['search'],
        summary: 'Match candidates for a ROM from every enabled metadata source',
        querystring: SearchRomsQuerySchema,
        response: {
          200: z.array(SearchRomSchema),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    (request) =>
      metadata.searchCandidates(
        request.query.rom_id,
        request.query.search_term,
        request.query.search_by,
      ),
  );

  app.get(
    '/api/search/cover',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['search'],
        summary: 'SteamGridDB covers for a search term',
        querystring: SearchCoverQuerySchema,
        response: {
          200: z.array(SearchCoverResultSchema),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          502: ErrorBodySchema,
        },
      },
    },
    (request) => metadata.searchCovers(request.query.search_term),
  );
}

/** A ROM matched to a provider's game by hand, or unmatched. */
function matchRoutes(app: App, metadata: MetadataService, roms: RomsService): void {
  app.post(
    '/api/roms/:id/match',
    {
      config: requireScopes('roms.write'),
      schema: {
        tags: ['roms'],
        summary: "Match a ROM to one provider's game by hand",
        params: RomIdParamsSchema,
        body: MatchRomBodySchema,
        response: {
          200: DetailedRomSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
          502: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      await metadata.matchManually(request.params.id, request.body.source, request.body.id);
      return roms.get(request.params.id, callerId(request));
    },
  );

  app.post(
    '/api/roms/:id/manuals/redownload',
    {
      config: requireScopes('roms.write'),
      schema: {
        tags: ['roms'],
        summary: "Download a ROM's manual from its metadata provider again",
        params: RomIdParamsSchema,
        response: {
          200: DetailedRomSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          502: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      await metadata.redownloadManual(request.params.id);
      return roms.get(request.params.id, callerId(request));
    },
  );

  app.delete(
    '/api/roms/:id/match',
    {
      config: requireScopes('roms.write'),
      schema: {
        tags: ['roms'],
        summary: 'Unmatch a ROM from one metadata source, or from all',
        params: RomIdParamsSchema,
        querystring: UnmatchRomQuerySchema,
        response: { 200: DetailedRomSchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const source = request.query.source;
      await metadata.clearSources(request.params.id, source === undefined ? null : [source]);
      return roms.get(request.params.id, callerId(request));
    },
  );
}

/** Whether a metadata source answers (public, as in RomM). */
function heartbeatRoutes(app: App, metadata: MetadataService): void {
  app.get(
    '/api/heartbeat/metadata/:source',
    {
      config: {
        access: {
          public: true,
          reason:
            'Anonymous as in RomM (apps check a source before signing in); answers only a ' +
            'boolean from a cached check of configured sources',
        },
      },
      schema: {
        tags: ['system'],
        summary: 'Whether a metadata source is enabled and answering',
        description:
          'The check is kept for a minute. `fresh=true` (the metadata sources page\'s "Test ' +
          'connection") checks again now, for callers holding `platforms.write` only.',
        params: z.object({ source: z.string().max(32) }),
        querystring: z.object({ fresh: z.enum(['true', 'false']).optional() }),
        response: { 200: z.boolean() },
      },
    },
    (request) =>
      metadata.sourceHealthy(
        request.params.source,
        request.query.fresh === 'true' && request.scopes.includes('platforms.write'),
      ),
  );
}

export const metadataRoutes: FastifyPluginAsyncZod<{
  metadata: MetadataService;
  roms: RomsService;
}> = async (app, { metadata, roms }) => {
  searchRoutes(app, metadata);
  matchRoutes(app, metadata, roms);
  heartbeatRoutes(app, metadata);
  await Promise.resolve();
};
