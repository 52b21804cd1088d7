import { CreateUserBodySchema, ErrorBodySchema, UserSchema } from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { publicRoute, requireScopes } from '../../http/access.js';
import { notAuthenticated } from '../../http/http-error.js';
import { toUserDto } from './users.mapper.js';
import type { UsersService } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  // Public on purpose: anonymous callers may create the first admin during setup; the service
  // enforces everything else (401 anonymous after setup, 403 without users.write).
  app.post(
    '/api/users',
    {
      config: publicRoute,
      schema: {
        tags: ['users'],
        summary: 'Create a user (anonymous only for the first admin)',
        body: CreateUserBodySchema,
        response: {
          201: UserSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          409: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const created = await users.create(
        { user: request.user, scopes: request.scopes },
        request.body,
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/users/me',
    {
      config: requireScopes('me.read'),
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        response: { 200: UserSchema, 401: ErrorBodySchema },
      },
    },
    (request) => {
      if (request.user === null) throw notAuthenticated();
      return toUserDto(request.user, request.scopes);
    },
  );

  await Promise.resolve();
};
