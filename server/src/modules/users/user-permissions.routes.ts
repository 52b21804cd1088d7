import {
  ErrorBodySchema,
  UpdateUserPermissionsBodySchema,
  UserPermissionsSchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireScopes } from '../../http/access.js';
import { adminOnly } from '../../http/admin-only.js';
import type { PermissionsService } from '../permissions/permissions.service.js';
import type { UsersService } from './users.service.js';

const UserIdParamsSchema = z.object({
  user_id: z.coerce.number().int().min(1).max(2_147_483_647),
});
const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** A user's permission group and own grants and denials (RomM 5.2, administrators). */
export const userPermissionsRoutes: FastifyPluginAsyncZod<{
  users: UsersService;
  permissions: PermissionsService;
}> = async (app, { users, permissions }) => {
  app.get(
    '/api/permissions/users/:user_id',
    {
      config: requireScopes('users.read'),
      onRequest: adminOnly,
      schema: {
        tags: ['users'],
        summary: "A user's permission group and their own grants and denials",
        params: UserIdParamsSchema,
        response: { 200: UserPermissionsSchema, ...errors },
      },
    },
    (request) => permissions.userPermissions(request.params.user_id),
  );

  app.put(
    '/api/permissions/users/:user_id',
    {
      config: requireScopes('users.write'),
      onRequest: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Move a user to a group (`set_group`) and/or replace their grants and denials',
        params: UserIdParamsSchema,
        body: UpdateUserPermissionsBodySchema,
        response: { 200: UserPermissionsSchema, 400: ErrorBodySchema, ...errors },
      },
    },
    (request) => {
      const caller = { user: request.user, scopes: request.scopes };
      return permissions.updateUserPermissions(request.params.user_id, request.body, (id, group) =>
        users.setGroup(caller, id, group),
      );
    },
  );

  await Promise.resolve();
};
