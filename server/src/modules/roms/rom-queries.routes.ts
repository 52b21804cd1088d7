import {
  DetailedRomSchema,
  ErrorBodySchema,
  IdentifiersSchema,
  RomByHashQuerySchema,
  RomByProviderQuerySchema,
  RomFileSchema,
  RomFiltersSchema,
  RomIdParamsSchema,
  RomListPageSchema,
  RomListQuerySchema,
  RomRandomQuerySchema,
  RandomRomSchema,
  SimpleRomSchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { callerId } from '../../http/caller.js';
import { requireScopes } from '../../http/access.js';
import { jsonSerializer } from '../../http/json-serializer.js';
import { rejectInvalidRequest } from '../../http/error-handler.js';
import { KeptAnswers } from '../../http/kept-answers.js';
import type { RomListService } from './list/rom-list.service.js';
import type { RomsService } from './roms.service.js';

type RomsApp = Parameters<FastifyPluginAsyncZod>[0];

export function listRomsRoute(app: RomsApp, lists: RomListService): void {
  // About 14 KB per page in brotli: some 600 recently listed pages.
  const keptPages = new KeptAnswers(8 * 1024 * 1024);
  app.get(
    '/api/roms',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: 'A page of ROMs, filtered, sorted, with the A–Z index and filter values',
        description:
          'Multi-value filters repeat their key and combine by `<name>_logic` (any, all, ' +
          'none). Values the library does not have answer 400; malformed parameters 422.',
        querystring: RomListQuerySchema,
        response: {
          200: RomListPageSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
    },
    // Written as JSON by the service (its listed ROMs are kept serialised, rom-list-json.ts);
    // a page asked for again while its data is unchanged is sent as it was compressed.
    async (request, reply) =>
      keptPages.send(request, reply, await lists.listPage(request.query, callerId(request))),
  );
}

export function randomRomRoute(app: RomsApp, lists: RomListService): void {
  app.get(
    '/api/roms/random',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: 'One ROM of the filtered scope at random, or null when none matches',
        querystring: RomRandomQuerySchema,
        response: {
          200: RandomRomSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
    },
    (request) => lists.random(request.query, callerId(request)),
  );
}

export function romIdentifiersRoute(app: RomsApp, roms: RomsService): void {
  app.get(
    '/api/roms/identifiers',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: 'The id of every ROM',
        response: { 200: IdentifiersSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
      serializerCompiler: jsonSerializer,
    },
    () => roms.identifiers(),
  );
}

export function romFiltersRoute(app: RomsApp, lists: RomListService): void {
  app.get(
    '/api/roms/filters',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: 'The values the whole library can be filtered on',
        response: { 200: RomFiltersSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    () => lists.libraryFilterValues(),
  );
}

export function romByHashRoute(app: RomsApp, roms: RomsService): void {
  app.get(
    '/api/roms/by-hash',
    {
      config: requireScopes('roms.read'),
      attachValidation: true,
      schema: {
        tags: ['roms'],
        summary: "The ROM whose own hash or one of whose files' hashes matches",
        description:
          'Give at least one hash (hex, any case). When several ROMs match, the strongest ' +
          'given hash wins (sha1, md5, ra, crc), a ROM-level hash before a file-level one, ' +
          'then the lowest ROM id. Bad or missing hashes answer 400.',
        querystring: RomByHashQuerySchema,
        response: {
          200: DetailedRomSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    (request) => {
      rejectInvalidRequest(request);
      return roms.getByHash(request.query, callerId(request));
    },
  );
}

export function romByProviderRoute(app: RomsApp, roms: RomsService): void {
  app.get(
    '/api/roms/by-metadata-provider',
    {
      config: requireScopes('roms.read'),
      attachValidation: true,
      schema: {
        tags: ['roms'],
        summary: 'The ROM carrying a metadata provider id',
        description:
          'Give exactly one provider id (400 for none, several or a malformed one); the ' +
          'lowest ROM id wins when several ROMs carry it.',
        querystring: RomByProviderQuerySchema,
        response: {
          200: DetailedRomSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    (request) => {
      rejectInvalidRequest(request);
      return roms.getByProviderId(request.query, callerId(request));
    },
  );
}

export function romRoute(app: RomsApp, roms: RomsService): void {
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
    (request) => roms.get(request.params.id, callerId(request)),
  );
}

export function simpleRomRoute(app: RomsApp, roms: RomsService): void {
  app.get(
    '/api/roms/:id/simple',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: 'One ROM in the list shape',
        params: RomIdParamsSchema,
        response: { 200: SimpleRomSchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    (request) => roms.getSimple(request.params.id, callerId(request)),
  );
}

export function romFileRoute(app: RomsApp, roms: RomsService): void {
  app.get(
    '/api/roms/:id/files',
    {
      config: requireScopes('roms.read'),
      schema: {
        tags: ['roms'],
        summary: "One file of a ROM, by the file's id (as RomM: the id is a file id)",
        params: RomIdParamsSchema,
        response: { 200: RomFileSchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    (request) => roms.getFile(request.params.id),
  );
}
