import {
  AddPlatformBodySchema,
  ErrorBodySchema,
  IdentifiersSchema,
  MessageSchema,
  PlatformIdParamsSchema,
  PlatformListSchema,
  PlatformSchema,
  UpdatePlatformBodySchema,
} from '@romshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { requireScopes } from '../../http/access.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { ScanService } from '../scan/scan.service.js';
import type { FilesystemPlatforms } from './filesystem-platforms.js';
import type { PlatformsService } from './platforms.service.js';

interface PlatformsRoutesOptions {
  platforms: PlatformsService;
  filesystemPlatforms: FilesystemPlatforms;
  scan: ScanService;
}

export const platformsRoutes: FastifyPluginAsyncZod<PlatformsRoutesOptions> = async (
  app,
  options,
) => {
  collectionRoutes(app, options);
  catalogRoutes(app, options);
  itemRoutes(app, options);
  await Promise.resolve();
};

/** The platforms of the library, and adding one. */
function collectionRoutes(app: ZodApp, { platforms, scan }: PlatformsRoutesOptions): void {
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

  app.post(
    '/api/platforms',
    {
      config: requireScopes('platforms.write'),
      schema: {
        tags: ['platforms'],
        summary: 'Add a platform: create its folder in the library layout (RomM)',
        body: AddPlatformBodySchema,
        response: {
          200: PlatformSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => platforms.get((await scan.addPlatformFolder(request.body.fs_slug)).id),
  );
}

/** What platforms exist: the catalog, the ids, folders without a platform. */
function catalogRoutes(
  app: ZodApp,
  { platforms, filesystemPlatforms }: PlatformsRoutesOptions,
): void {
  app.get(
    '/api/platforms/supported',
    {
      config: requireScopes('platforms.read'),
      schema: {
        tags: ['platforms'],
        summary:
          "Every platform RomShelf knows, by name: the library's own, else the catalog's fields with id -1",
        response: { 200: PlatformListSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    () => platforms.supported(),
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
}

function itemRoutes(app: ZodApp, { platforms }: PlatformsRoutesOptions): void {
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

  app.put(
    '/api/platforms/:id',
    {
      config: requireScopes('platforms.write'),
      schema: {
        tags: ['platforms'],
        summary: 'Rename a platform (custom display name) or change its description',
        params: PlatformIdParamsSchema,
        body: UpdatePlatformBodySchema,
        response: {
          200: PlatformSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    (request) => platforms.update(request.params.id, request.body),
  );

  app.delete(
    '/api/platforms/:id',
    {
      config: requireScopes('platforms.write'),
      schema: {
        tags: ['platforms'],
        summary: 'Remove a platform and its ROMs from the database (files stay on disk)',
        params: PlatformIdParamsSchema,
        response: {
          200: MessageSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    (request) => platforms.delete(request.params.id),
  );
}
