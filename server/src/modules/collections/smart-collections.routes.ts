import {
  CollectionIdParamsSchema,
  CollectionVisibilityBodySchema,
  ErrorBodySchema,
  IdentifiersSchema,
  MessageSchema,
  SmartCollectionFormSchema,
  SmartCollectionListQuerySchema,
  SmartCollectionListSchema,
  SmartCollectionQuerySchema,
  SmartCollectionSchema,
  SmartCollectionUpdateFormSchema,
  SmartCollectionUpdateQuerySchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { callerId } from '../../http/caller.js';
import { requireScopes } from '../../http/access.js';
import { jsonSerializer } from '../../http/json-serializer.js';
import { readSmartCollectionForm } from './smart-collection.form.js';
import type { SmartCollectionsService } from './smart-collections.service.js';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

const READ_ERRORS = { 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const WRITE_ERRORS = { ...READ_ERRORS, 400: ErrorBodySchema, 409: ErrorBodySchema };
const FORM_DESCRIPTION =
  'Multipart or url-encoded form (RomM) or JSON: `name`, `description`, `filter_criteria` ' +
  '(JSON object of `GET /api/roms` filter names and values; malformed JSON answers 400, ' +
  'unknown names or invalid values 422). Members are the live result of the filter for the owner.';

/** RomM's smart collection routes: saved ROM filters, own or public. */
export function smartCollectionsRoutes(app: ZodApp, smart: SmartCollectionsService): void {
  app.get(
    '/api/collections/smart',
    {
      config: requireScopes('collections.read'),
      schema: {
        tags: ['collections'],
        summary: "The caller's smart collections and everyone's public ones",
        querystring: SmartCollectionListQuerySchema,
        response: { 200: SmartCollectionListSchema, ...READ_ERRORS, 422: ErrorBodySchema },
      },
      serializerCompiler: jsonSerializer,
    },
    (request) => smart.list(callerId(request), request.query.updated_after ?? null),
  );

  app.post(
    '/api/collections/smart',
    {
      config: requireScopes('collections.write'),
      schema: {
        tags: ['collections'],
        summary: 'Save a ROM filter as a smart collection',
        description: FORM_DESCRIPTION,
        querystring: SmartCollectionQuerySchema,
        response: {
          200: SmartCollectionSchema,
          ...WRITE_ERRORS,
          413: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const form = await readSmartCollectionForm(request, SmartCollectionFormSchema);
      return smart.create(callerId(request), form, request.query.is_public);
    },
  );

  app.get(
    '/api/collections/smart/identifiers',
    {
      config: requireScopes('collections.read'),
      schema: {
        tags: ['collections'],
        summary: 'The ids of the smart collections the caller can see',
        response: { 200: IdentifiersSchema, ...READ_ERRORS },
      },
    },
    (request) => smart.identifiers(callerId(request)),
  );

  app.get(
    '/api/collections/smart/:id',
    {
      config: requireScopes('collections.read'),
      schema: {
        tags: ['collections'],
        summary: 'One smart collection with its current members',
        params: CollectionIdParamsSchema,
        response: { 200: SmartCollectionSchema, ...READ_ERRORS, 422: ErrorBodySchema },
      },
    },
    (request) => smart.get(request.params.id, callerId(request)),
  );

  smartCollectionWriteRoutes(app, smart);
}

function smartCollectionWriteRoutes(app: ZodApp, smart: SmartCollectionsService): void {
  app.put(
    '/api/collections/smart/:id',
    {
      config: requireScopes('collections.write'),
      // Decided before the body is read: others learn nothing from sending one. The id is still
      // the raw path text here; a non-number matches nothing.
      onRequest: async (request) => {
        await smart.ownedBy(Number(String(request.params.id)), callerId(request));
      },
      schema: {
        tags: ['collections'],
        summary: 'Change a smart collection (owner only); the fields given replace the stored ones',
        description: FORM_DESCRIPTION,
        params: CollectionIdParamsSchema,
        querystring: SmartCollectionUpdateQuerySchema,
        response: {
          200: SmartCollectionSchema,
          ...WRITE_ERRORS,
          413: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const row = await smart.ownedBy(request.params.id, callerId(request));
      const form = await readSmartCollectionForm(request, SmartCollectionUpdateFormSchema);
      return smart.update(row, form, request.query.is_public);
    },
  );

  app.put(
    '/api/collections/smart/:id/visibility',
    {
      config: requireScopes('collections.write'),
      onRequest: async (request) => {
        await smart.ownedBy(Number(String(request.params.id)), callerId(request));
      },
      schema: {
        tags: ['collections'],
        summary: 'Share or unshare a smart collection (owner only), leaving its filter',
        params: CollectionIdParamsSchema,
        body: CollectionVisibilityBodySchema,
        response: { 200: SmartCollectionSchema, ...READ_ERRORS, 422: ErrorBodySchema },
      },
    },
    async (request) => {
      const row = await smart.ownedBy(request.params.id, callerId(request));
      return smart.update(row, {}, request.body.is_public);
    },
  );

  app.delete(
    '/api/collections/smart/:id',
    {
      config: requireScopes('collections.write'),
      schema: {
        tags: ['collections'],
        summary: 'Delete a smart collection (owner only); its ROMs stay',
        params: CollectionIdParamsSchema,
        response: { 200: MessageSchema, ...READ_ERRORS, 422: ErrorBodySchema },
      },
    },
    async (request) => {
      await smart.delete(request.params.id, callerId(request));
      return { msg: 'Smart collection deleted' };
    },
  );
}
