import {
  ErrorBodySchema,
  MyPermissionsSchema,
  PermissionGroupSchema,
  RoleSchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireScopes } from '../../http/access.js';
import { callerOf } from '../../http/caller.js';
import type { UsersService } from '../users/users.service.js';
import { builtInGroups, permissionsOfRole } from '../users/role-permissions.js';

/**
 * RomM 5's permissions, read-only: RomShelf's roles stand for RomM's permission groups, so
 * `me` and `groups` are projected from the roles (no custom groups, overrides or hiding).
 */
export const permissionsRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  app.get(
    '/api/permissions/me',
    {
      config: requireScopes('me.read'),
      schema: {
        tags: ['users'],
        summary: 'What you may do, as action keys (RomM clients show or hide actions by it)',
        response: { 200: MyPermissionsSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    (request) => permissionsOfRole(RoleSchema.catch('viewer').parse(callerOf(request).role)),
  );

  app.get(
    '/api/permissions/groups',
    {
      config: requireScopes('users.read'),
      schema: {
        tags: ['users'],
        summary: 'The built-in permission groups: one per non-admin role, with its grants',
        response: {
          200: z.array(PermissionGroupSchema),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async () => {
      const everyone = await users.list();
      return builtInGroups((role) => everyone.filter((user) => user.role === role).length);
    },
  );

  await Promise.resolve();
};
