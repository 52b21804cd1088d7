import {
  CreatePermissionGroupBodySchema,
  ErrorBodySchema,
  MyPermissionsSchema,
  PermissionCatalogSchema,
  PermissionGroupSchema,
  UpdatePermissionGroupBodySchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireScopes } from '../../http/access.js';
import { adminOnly } from '../../http/admin-only.js';
import { callerOf } from '../../http/caller.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { PermissionsService } from './permissions.service.js';

const GroupIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/** RomM 5.2's permissions: the caller's own, the catalogue, and groups (administrators). */
export const permissionsRoutes: FastifyPluginAsyncZod<{ permissions: PermissionsService }> = async (
  app,
  { permissions },
) => {
  readRoutes(app, permissions);
  groupWriteRoutes(app, permissions);
  await Promise.resolve();
};

/** What the caller may do, the catalogue and the groups. */
function readRoutes(app: ZodApp, permissions: PermissionsService): void {
  app.get(
    '/api/permissions/me',
    {
      config: requireScopes('me.read'),
      schema: {
        tags: ['users'],
        summary: 'What you may do, as action keys (RomM clients show or hide actions by it)',
        response: { 200: MyPermissionsSchema, ...errors },
      },
    },
    (request) => permissions.myPermissions(callerOf(request)),
  );

  app.get(
    '/api/permissions/catalog',
    {
      config: requireScopes('users.read'),
      onRequest: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'The entities and actions a group or an override may grant (administrators)',
        response: { 200: PermissionCatalogSchema, ...errors },
      },
    },
    () => permissions.catalog(),
  );

  app.get(
    '/api/permissions/groups',
    {
      config: requireScopes('users.read'),
      onRequest: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Every permission group with its grants and member count (administrators)',
        response: { 200: z.array(PermissionGroupSchema), ...errors },
      },
    },
    () => permissions.groups(),
  );
}

/** Creating, editing and deleting groups. */
function groupWriteRoutes(app: ZodApp, permissions: PermissionsService): void {
  app.post(
    '/api/permissions/groups',
    {
      config: requireScopes('users.write'),
      onRequest: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Create a permission group (administrators)',
        body: CreatePermissionGroupBodySchema,
        response: { 201: PermissionGroupSchema, 400: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await permissions.createGroup(request.body)),
  );

  app.put(
    '/api/permissions/groups/:id',
    {
      config: requireScopes('users.write'),
      onRequest: adminOnly,
      schema: {
        tags: ['users'],
        summary:
          "Edit a group's name, description, colour, default flag or grants (administrators)",
        params: GroupIdParamsSchema,
        body: UpdatePermissionGroupBodySchema,
        response: {
          200: PermissionGroupSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          ...errors,
        },
      },
    },
    (request) => permissions.updateGroup(request.params.id, request.body),
  );

  app.delete(
    '/api/permissions/groups/:id',
    {
      config: requireScopes('users.write'),
      onRequest: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Delete a group; its members join the default group (not the built-in three)',
        params: GroupIdParamsSchema,
        response: { 200: z.null(), 400: ErrorBodySchema, 404: ErrorBodySchema, ...errors },
      },
    },
    // RomM answers 200 with a null body.
    async (request) => {
      await permissions.deleteGroup(request.params.id);
      return null;
    },
  );
}
