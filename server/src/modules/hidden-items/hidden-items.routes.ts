import {
  ErrorBodySchema,
  HiddenEntityChangeSchema,
  HiddenEntitySchema,
  HiddenItemSchema,
} from '@romshelf/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireScopes } from '../../http/access.js';
import { callerOf } from '../../http/caller.js';
import { forbidden } from '../../http/http-error.js';
import type { HiddenItemsService } from './hidden-items.service.js';

/** RomM checks the scope, then that the caller is an admin: editors hold users.write too. */
function assertAdmin(request: FastifyRequest): void {
  if (callerOf(request).role !== 'admin') throw forbidden();
}

const ERRORS = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

/** RomM 5's hidden entities: platforms and ROMs hidden from a user or a permission group. */
export const hiddenItemsRoutes: FastifyPluginAsyncZod<{ hiddenItems: HiddenItemsService }> = async (
  app,
  { hiddenItems },
) => {
  app.get(
    '/api/permissions/hidden',
    {
      config: requireScopes('users.read'),
      schema: {
        tags: ['users'],
        summary: 'Every hidden platform and ROM, with whom it is hidden from (admins)',
        response: { 200: z.array(HiddenItemSchema), 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    (request) => {
      assertAdmin(request);
      return hiddenItems.list();
    },
  );

  app.post(
    '/api/permissions/hidden',
    {
      config: requireScopes('users.write'),
      schema: {
        tags: ['users'],
        summary: 'Hide a platform or a ROM from a user or a permission group (admins)',
        description:
          'Give exactly one of `user_id` and `group_id`. Hidden items are absent from every ' +
          'list, count and search of the users concerned, and their URLs answer 404.',
        body: HiddenEntityChangeSchema,
        response: { 200: HiddenEntitySchema, ...ERRORS },
      },
    },
    async (request) => {
      assertAdmin(request);
      await hiddenItems.hide(request.body);
      return { entity: request.body.entity, entity_id: request.body.entity_id };
    },
  );

  app.delete(
    '/api/permissions/hidden',
    {
      config: requireScopes('users.write'),
      schema: {
        tags: ['users'],
        summary: 'Show a hidden platform or ROM again to a user or a permission group (admins)',
        body: HiddenEntityChangeSchema,
        response: { 204: z.null(), ...ERRORS },
      },
    },
    async (request, reply) => {
      assertAdmin(request);
      await hiddenItems.unhide(request.body);
      return reply.code(204).send(null);
    },
  );

  await Promise.resolve();
};
