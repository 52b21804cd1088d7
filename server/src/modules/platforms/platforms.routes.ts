import {
  ErrorBodySchema,
  IdentifiersSchema,
  PlatformIdParamsSchema,
  PlatformListSchema,
  PlatformSchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { requireScopes } from '../../http/access.js';
import type { FilesystemPlatforms } from './filesystem-platforms.js';
import type { PlatformsService } from './platforms.service.js';

export const platformsRoutes: FastifyPluginAsyncZod<{
  platforms: PlatformsService;
  filesystemPlatforms: FilesystemPlatforms;
}> = async (app, { platforms, filesystemPlatforms }) => {
  app.get(
    '/api/platforms',
    {
      config: requireScopes('platforms.read'),
      schema: {
        tags: ['platforms'],
        summary: 'Every platform, with ROM counts and sizes',
        response: { 200: PlatformListSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    () => platforms.list(),
  );

  app.get(
    '/api/platforms/identifiers',
    {
      config: requireScopes('platforms.read'),
      schema: {
        tags: ['platforms'],
        summary: 'The id of every platform',
        response: { 200: IdentifiersSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async () => (await platforms.list()).map((platform) => platform.id),
  );

  app.get(
    '/api/platforms/filesystem',
    {
      config: requireScopes('platforms.read'),
      schema: {
        tags: ['platforms'],
        summary: 'Platform folders in the library that have no platform yet (id -1)',
        response: { 200: PlatformListSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    () => filesystemPlatforms.list(),
  );

  app.get(
    '/api/platforms/:id',
    {
      config: requireScopes('platforms.read'),
      schema: {
        tags: ['platforms'],
        summary: 'One platform',
        params: PlatformIdParamsSchema,
        response: { 200: PlatformSchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    (request) => platforms.get(request.params.id),
  );

  await Promise.resolve();
};
