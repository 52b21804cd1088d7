import {
  CollectionFormSchema,
  CollectionIdParamsSchema,
  CollectionListQuerySchema,
  CollectionListSchema,
  CollectionRomsBodySchema,
  CollectionSchema,
  CollectionUpdateFormSchema,
  CollectionVisibilityBodySchema,
  CreateCollectionQuerySchema,
  ErrorBodySchema,
  IdentifiersSchema,
  MessageSchema,
  UpdateCollectionQuerySchema,
} from '@romshelf/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { callerId } from '../../http/caller.js';
import { requireScopes } from '../../http/access.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { CollectionAccess } from './collection-access.js';
import type { CollectionMembersService } from './collection-members.service.js';
import { readCollectionForm } from './collections.form.js';
import type { CollectionsService } from './collections.service.js';

interface CollectionsRoutesOptions {
  collections: CollectionsService;
  members: CollectionMembersService;
  access: CollectionAccess;
}

const WRITE_ERRORS = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  413: ErrorBodySchema,
  422: ErrorBodySchema,
} as const;

/**
 * RomM's manual collections (`/api/collections`): the caller's and everyone's public ones.
 * Only the owner changes a collection; others' private ones answer 404.
 */
export const collectionsRoutes: FastifyPluginAsyncZod<CollectionsRoutesOptions> = async (
  app,
  options,
) => {
  listRoutes(app, options);
  itemRoutes(app, options);
  visibilityRoute(app, options);
  memberRoutes(app, options);
  await Promise.resolve();
};

/**
 * Decides access from the path before the body is read: a private collection of someone else
 * is a 404 and a public one a 403 whatever the body holds.
 */
function writableFirst(access: CollectionAccess) {
  return async (request: FastifyRequest) => {
    const params = CollectionIdParamsSchema.safeParse(request.params);
    if (params.success) await access.writable(callerId(request), params.data.id);
  };
}

function listRoutes(app: ZodApp, { collections }: CollectionsRoutesOptions): void {
  app.get(
    '/api/collections',
    {
      config: requireScopes('collections.read'),
      schema: {
        tags: ['collections'],
        summary: "The caller's collections and everyone's public ones (favourites first)",
        querystring: CollectionListQuerySchema,
        response: { 200: CollectionListSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    (request) => collections.list(callerId(request), request.query.updated_after ?? null),
  );

  app.get(
    '/api/collections/identifiers',
    {
      config: requireScopes('collections.read'),
      schema: {
        tags: ['collections'],
        summary: 'Ids of the collections the caller can see',
        response: { 200: IdentifiersSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    (request) => collections.identifiers(callerId(request)),
  );

  app.post(
    '/api/collections',
    {
      config: requireScopes('collections.write'),
      schema: {
        tags: ['collections'],
        summary: 'Create a collection: multipart `name`, `description`, `url_cover` or `artwork`',
        description:
          'The flags come in the query (RomM). A name the caller already uses is a 409; an ' +
          'uploaded or fetched cover is re-encoded. JSON bodies are accepted too.',
        querystring: CreateCollectionQuerySchema,
        response: { 200: CollectionSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const form = await readCollectionForm(request, CollectionFormSchema);
      return collections.create(callerId(request), form.fields, form.artwork, request.query);
    },
  );
}

function itemRoutes(app: ZodApp, { collections, access }: CollectionsRoutesOptions): void {
  app.get(
    '/api/collections/:id',
    {
      config: requireScopes('collections.read'),
      schema: {
        tags: ['collections'],
        summary: 'One collection (404 for a private one of someone else)',
        params: CollectionIdParamsSchema,
        response: {
          200: CollectionSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    (request) => collections.get(callerId(request), request.params.id),
  );

  app.put(
    '/api/collections/:id',
    {
      config: requireScopes('collections.write'),
      onRequest: writableFirst(access),
      schema: {
        tags: ['collections'],
        summary: 'Edit a collection (owner only): multipart fields, `artwork`, `rom_ids`',
        description:
          'Only given fields change; `rom_ids` (JSON array string) replaces the members, as ' +
          "RomM's clients send it. `remove_cover` goes back to the collage of member covers. " +
          'The favourites collection cannot be renamed.',
        params: CollectionIdParamsSchema,
        querystring: UpdateCollectionQuerySchema,
        response: { 200: CollectionSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const form = await readCollectionForm(request, CollectionUpdateFormSchema);
      const { id } = request.params;
      return collections.update(callerId(request), id, form.fields, form.artwork, request.query);
    },
  );

  app.delete(
    '/api/collections/:id',
    {
      config: requireScopes('collections.write'),
      schema: {
        tags: ['collections'],
        summary: 'Delete a collection (owner only; its ROMs stay; not the favourites one)',
        params: CollectionIdParamsSchema,
        response: {
          200: MessageSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      await collections.delete(callerId(request), request.params.id);
      return { msg: `Collection ${request.params.id} deleted` };
    },
  );
}

function visibilityRoute(app: ZodApp, { collections, access }: CollectionsRoutesOptions): void {
  app.put(
    '/api/collections/:id/visibility',
    {
      config: requireScopes('collections.write'),
      onRequest: writableFirst(access),
      schema: {
        tags: ['collections'],
        summary: 'Share or unshare a collection (owner only), leaving its games and cover',
        params: CollectionIdParamsSchema,
        body: CollectionVisibilityBodySchema,
        response: { 200: CollectionSchema, ...WRITE_ERRORS },
      },
    },
    (request) =>
      collections.setVisibility(callerId(request), request.params.id, request.body.is_public),
  );
}

function memberRoutes(app: ZodApp, { members, access }: CollectionsRoutesOptions): void {
  for (const method of ['POST', 'DELETE'] as const) {
    const adding = method === 'POST';
    app.route({
      method,
      url: '/api/collections/:id/roms',
      config: requireScopes('collections.write'),
      onRequest: writableFirst(access),
      schema: {
        tags: ['collections'],
        summary: adding
          ? 'Add ROMs to a collection, all or none (404 when one is not a ROM)'
          : 'Remove ROMs from a collection (ids that are not members are ignored)',
        params: CollectionIdParamsSchema,
        body: CollectionRomsBodySchema,
        response: { 200: CollectionSchema, ...WRITE_ERRORS },
      },
      handler: (request) => {
        const { id } = request.params;
        const { rom_ids } = request.body;
        return adding
          ? members.add(callerId(request), id, rom_ids)
          : members.remove(callerId(request), id, rom_ids);
      },
    });
  }
}
