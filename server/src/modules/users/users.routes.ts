import {
  CreateUserBodySchema,
  ErrorBodySchema,
  IdentifiersSchema,
  InviteLinkSchema,
  MessageSchema,
  RegisterBodySchema,
  RoleInputSchema,
  UserSchema,
} from '@romshelf/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { publicRoute, requireScopes } from '../../http/access.js';
import { callerOf } from '../../http/caller.js';
import type { ZodApp } from '../../http/zod-app.js';
import { readUserForm } from './users.form.js';
import { toUserDto } from './users.mapper.js';
import type { Caller, UsersService } from './users.service.js';

const UserIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const InviteQuerySchema = z.object({
  role: RoleInputSchema.default('viewer'),
  expiration: z.coerce.number().int().min(60).max(31_536_000).optional(),
});
const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  422: ErrorBodySchema,
};

function accountCaller(request: FastifyRequest): Caller {
  return {
    user: request.user,
    scopes: request.scopes,
    sessionId: request.session?.id,
    ip: request.ip,
  };
}

/** The public origin of a request, for links when ROMSHELF_BASE_URL is unset. */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  collectionRoutes(app, users);
  invitationRoutes(app, users);
  userRoutes(app, users);
  avatarRoutes(app, users);
  retroAchievementsRoutes(app, users);
  await Promise.resolve();
};

/** Creating and listing users, and the signed-in user. */
function collectionRoutes(app: ZodApp, users: UsersService): void {
  // Public on purpose: anonymous callers may create the first admin during setup; the service
  // enforces everything else (401 anonymous after setup, 403 without users.write).
  app.post(
    '/api/users',
    {
      config: publicRoute,
      // Access is decided before the body is read, so refused callers learn nothing about it.
      onRequest: (request) => users.assertMayCreate(accountCaller(request)),
      schema: {
        tags: ['users'],
        summary: 'Create a user (anonymous only for the first admin)',
        body: CreateUserBodySchema,
        response: { 201: UserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await users.create(accountCaller(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/users',
    {
      config: requireScopes('users.read'),
      schema: {
        tags: ['users'],
        summary: 'All users',
        response: { 200: z.array(UserSchema), 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    () => users.list(),
  );

  app.get(
    '/api/users/identifiers',
    {
      config: requireScopes('users.read'),
      schema: {
        tags: ['users'],
        summary: 'The id of every user',
        response: { 200: IdentifiersSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async () => (await users.list()).map((user) => user.id),
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
    (request) => toUserDto(callerOf(request), request.scopes),
  );
}

/** Single-use registration links. */
function invitationRoutes(app: ZodApp, users: UsersService): void {
  app.post(
    '/api/users/invite-link',
    {
      config: requireScopes('users.write'),
      schema: {
        tags: ['users'],
        summary: 'A single-use registration link for a role (admin invites by admins only)',
        querystring: InviteQuerySchema,
        response: { 201: InviteLinkSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { role, expiration } = request.query;
      const link = await users.createInvite(
        accountCaller(request),
        role,
        expiration,
        originOf(request),
      );
      return reply.code(201).send(link);
    },
  );

  app.post(
    '/api/users/register',
    {
      config: publicRoute,
      schema: {
        tags: ['users'],
        summary: 'Create an account with an invite token',
        body: RegisterBodySchema,
        response: { 201: UserSchema, 429: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await users.register(request.body, request.ip)),
  );
}

/** One user: read, edit, delete. */
function userRoutes(app: ZodApp, users: UsersService): void {
  app.get(
    '/api/users/:id',
    {
      config: requireScopes('me.read'),
      schema: {
        tags: ['users'],
        summary: 'One user (yourself, or anyone with users.read)',
        params: UserIdParamsSchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    (request) => users.get(accountCaller(request), request.params.id),
  );

  app.put(
    '/api/users/:id',
    {
      config: requireScopes('me.write'),
      // Someone else's account needs users.write: decided before the body is read. The id is
      // still the raw path text here; a non-number matches nobody.
      onRequest: async (request) => {
        users.assertMayEdit(accountCaller(request), Number(String(request.params.id)));
        await Promise.resolve();
      },
      schema: {
        tags: ['users'],
        summary:
          'Edit a user: multipart form (fields + optional `avatar` file), url-encoded form or JSON',
        description:
          'Fields: username, password, current_password (own password change), email, enabled, ' +
          'role, ra_username, share_activity (whether others see your play time), ui_settings ' +
          '(JSON text), avatar (PNG/JPEG/WebP/GIF, at most 5 MiB).',
        params: UserIdParamsSchema,
        response: { 200: UserSchema, 413: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      const form = await readUserForm(request);
      return users.update(accountCaller(request), request.params.id, form.fields, form.avatar);
    },
  );

  app.delete(
    '/api/users/:id',
    {
      config: requireScopes('users.write'),
      schema: {
        tags: ['users'],
        summary: 'Delete a user (never yourself, never the last admin)',
        params: UserIdParamsSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await users.delete(accountCaller(request), request.params.id);
      return { msg: 'User deleted' };
    },
  );
}

function avatarRoutes(app: ZodApp, users: UsersService): void {
  app.get(
    '/api/users/:id/avatar',
    {
      config: requireScopes('assets.read'),
      schema: {
        tags: ['users'],
        summary: "A user's avatar (WebP)",
        params: UserIdParamsSchema,
        response: {
          200: z.unknown().describe('The image (image/webp)'),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const bytes = await users.avatar(request.params.id);
      return reply
        .headers({
          'content-type': 'image/webp',
          'x-content-type-options': 'nosniff',
          'content-disposition': 'inline; filename="avatar.webp"',
          'cache-control': 'private, max-age=86400',
        })
        .send(bytes);
    },
  );
}

function retroAchievementsRoutes(app: ZodApp, users: UsersService): void {
  app.post(
    '/api/users/:id/ra/refresh',
    {
      config: requireScopes('me.write'),
      schema: {
        tags: ['users'],
        summary: "Refresh a user's RetroAchievements progression",
        params: UserIdParamsSchema,
        response: { 200: UserSchema, 502: ErrorBodySchema, ...errors },
      },
    },
    (request) => users.refreshRetroAchievements(accountCaller(request), request.params.id),
  );
}
