import {
  ErrorBodySchema,
  VirtualCollectionIdParamsSchema,
  VirtualCollectionIdentifiersSchema,
  VirtualCollectionListQuerySchema,
  VirtualCollectionListSchema,
  VirtualCollectionSchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { requireScopes } from '../../http/access.js';
import { jsonSerializer } from '../../http/json-serializer.js';
import type { VirtualCollectionsService } from './virtual-collections.service.js';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

const ERRORS = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/** RomM's virtual collection routes: collections generated from the merged metadata. */
export function virtualCollectionsRoutes(app: ZodApp, virtual: VirtualCollectionsService): void {
  app.get(
    '/api/collections/virtual',
    {
      config: requireScopes('collections.read'),
      schema: {
        tags: ['collections'],
        summary: 'Collections generated from the merged metadata (genre, franchise, …)',
        description:
          'One per value of a genre, franchise, collection, game mode or company list that more ' +
          'than two ROMs share, sorted by type then name; `limit` keeps the first ones.',
        querystring: VirtualCollectionListQuerySchema,
        response: { 200: VirtualCollectionListSchema, ...ERRORS, 422: ErrorBodySchema },
      },
    },
    // The service keeps the answer (JSON text and its encodings) between changes.
    async (request, reply) => {
      const answer = await virtual.listAnswer(request.query.type, request.query.limit);
      return answer.send(request, reply);
    },
  );

  app.get(
    '/api/collections/virtual/identifiers',
    {
      config: requireScopes('collections.read'),
      schema: {
        tags: ['collections'],
        summary: 'The id of every virtual collection',
        response: { 200: VirtualCollectionIdentifiersSchema, ...ERRORS },
      },
    },
    () => virtual.identifiers(),
  );

  app.get(
    '/api/collections/virtual/:id',
    {
      config: requireScopes('collections.read'),
      schema: {
        tags: ['collections'],
        summary: 'One virtual collection',
        description: 'The id is URL-safe base64 of the JSON `{"name": …, "type": …}` (as RomM).',
        params: VirtualCollectionIdParamsSchema,
        response: {
          200: VirtualCollectionSchema,
          ...ERRORS,
          404: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
      serializerCompiler: jsonSerializer,
    },
    (request) => virtual.get(request.params.id),
  );
}
